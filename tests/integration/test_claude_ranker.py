"""ClaudeProposer through the real anthropic SDK against a loopback stand-in of the Messages API."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from grace.errors import InvalidRankingError, LlmUnavailableError
from grace.matching.adapters.claude_ranker import ClaudeProposer
from grace.matching.domain.model import BudgetRange, Capacities, EventRequest, Member
from grace.matching.domain.ports import Proposal
from grace.matching.domain.ranking import (
    SYSTEM_PROMPT,
    Finalist,
    RankingBrief,
    parse_ranking,
    ranking_prompt,
    ranking_schema,
)
from tests.matching_support.fake_anthropic import (
    Behaviour,
    FakeAnthropic,
    from_schema,
    hang_up,
    raw,
    serve_fake_anthropic,
    slow,
    status,
    text,
    trickle,
    valid,
)

API_KEY = "sk-ant-test-0123456789-secret"
MODEL = "claude-sonnet-4-6"
"""The default model; ``claude-sonnet-4-5`` (the previous default) is deprecated in anthropic
2.14 (end of life 2026-11-30) and warns on every call, an error under pytest."""


def _brief() -> RankingBrief:
    members = [Member(code=f"#{101 + i}", name=f"Salle {i}", description=f"lieu de concert {i}",
                      postal_code="35000", commune="Rennes", latitude=48.11, longitude=-1.68,
                      tags=("jazz",), capacity=Capacities(seated=100 + 10 * i),
                      budget=BudgetRange(500, 3000)) for i in range(10)]
    request = EventRequest("Festival de jazz en plein air", format="seated", headcount=120,
                           budget=BudgetRange(None, 4000), zone="Rennes", radius_km=30)
    return RankingBrief(request, "Rennes",
                        tuple(Finalist(m, 0.9 - 0.01 * i, 1.5 * i) for i, m in enumerate(members)))


BRIEF = _brief()
CODES = BRIEF.codes
ANSWER = {
    "recommended": [{"memberCode": c, "explanation": f"{c} accueille 120 personnes assises."}
                    for c in CODES[:4]],
    "compatible": [{"memberCode": c, "explanation": f"{c} est dans le budget."}
                   for c in CODES[4:8]],
    "rejected": [{"memberCode": CODES[9], "reason": "trop loin du centre."}],
}


@pytest.fixture
def api() -> Iterator[FakeAnthropic]:
    with serve_fake_anthropic() as fake:
        yield fake
        assert not fake.errors, fake.errors


@pytest.fixture
def proposer(api: FakeAnthropic) -> Iterator[ClaudeProposer]:
    p = ClaudeProposer(api_key=API_KEY, model=MODEL, base_url=api.base_url, max_tokens=1024)
    yield p
    p.close()


def _ask(p: ClaudeProposer, timeout_s: float = 5.0) -> Proposal:
    return p.propose(system=SYSTEM_PROMPT, prompt=ranking_prompt(BRIEF),
                     schema=ranking_schema(CODES), timeout_s=timeout_s)


def _unavailable(p: ClaudeProposer, timeout_s: float = 5.0) -> LlmUnavailableError:
    with pytest.raises(LlmUnavailableError) as info:
        _ask(p, timeout_s)
    assert API_KEY not in str(info.value)
    return info.value


def test_valid_answer_becomes_a_proposal(api: FakeAnthropic, proposer: ClaudeProposer) -> None:
    api.script(valid(ANSWER, input_tokens=2345, output_tokens=321))
    proposal = _ask(proposer)
    assert json.loads(proposal.text) == ANSWER
    assert (proposal.stop_reason, proposal.input_tokens, proposal.output_tokens) == \
        ("end_turn", 2345, 321)
    ranking = parse_ranking(proposal.text, CODES, stop_reason=proposal.stop_reason)
    assert [p.code for p in ranking.recommended] == list(CODES[:4])
    assert [r.code for r in ranking.rejected] == [CODES[9]]
    assert proposer.name == f"claude:{MODEL}"


def test_the_request_carries_prompt_schema_and_key(api: FakeAnthropic,
                                                   proposer: ClaudeProposer) -> None:
    api.script(valid(ANSWER))
    _ask(proposer)
    [req] = api.requests
    assert (req.method, req.path) == ("POST", "/v1/messages")
    # anthropic 2.14 sends the key as a bearer token (0.x sent ``x-api-key``): accept either.
    assert req.headers.get("authorization") == f"Bearer {API_KEY}" \
        or req.headers.get("x-api-key") == API_KEY, req.headers
    assert req.headers["anthropic-version"]
    body = req.body
    assert body["model"] == MODEL
    assert body["max_tokens"] == 1024
    assert body["system"] == SYSTEM_PROMPT
    assert body["messages"] == [{"role": "user", "content": ranking_prompt(BRIEF)}]
    assert body["output_config"] == {"format": {"type": "json_schema",
                                                "schema": ranking_schema(CODES)}}
    item = body["output_config"]["format"]["schema"]["properties"]["recommended"]["items"]
    assert item["properties"]["memberCode"]["enum"] == list(CODES)
    assert "stream" not in body or body["stream"] is False
    assert not {"tools", "tool_choice", "thinking"} & set(body)


def test_calls_reuse_one_client(api: FakeAnthropic, proposer: ClaudeProposer) -> None:
    api.script(from_schema(), from_schema())
    first, second = _ask(proposer), _ask(proposer)
    assert first.text == second.text
    assert len(parse_ranking(first.text, CODES).recommended) == 4
    assert len(api.requests) == 2


@pytest.mark.parametrize(("answer", "error"), [
    ('{"recommended": [', "not JSON"),
    ("Voici mon classement : #101, #102", "not JSON"),
    (json.dumps({"recommended": [{"memberCode": "#999", "explanation": "x"}], "compatible": [],
                 "rejected": []}), "unknown member code '#999'"),
])
def test_invalid_answers_come_back_for_the_caller_to_reject(
        api: FakeAnthropic, proposer: ClaudeProposer, answer: str, error: str) -> None:
    api.script(text(answer))
    proposal = _ask(proposer)
    assert (proposal.text, proposal.stop_reason) == (answer, "end_turn")
    with pytest.raises(InvalidRankingError, match=error):
        parse_ranking(proposal.text, CODES, stop_reason=proposal.stop_reason)


def test_truncated_answer_keeps_its_stop_reason(api: FakeAnthropic,
                                                proposer: ClaudeProposer) -> None:
    cut = json.dumps(ANSWER)[:200]
    api.script(text(cut, stop_reason="max_tokens", output_tokens=1024))
    proposal = _ask(proposer)
    assert (proposal.text, proposal.stop_reason, proposal.output_tokens) == \
        (cut, "max_tokens", 1024)
    with pytest.raises(InvalidRankingError, match="max_tokens"):
        parse_ranking(proposal.text, CODES, stop_reason=proposal.stop_reason)


def test_missing_stop_reason_is_empty(api: FakeAnthropic, proposer: ClaudeProposer) -> None:
    api.script(text(json.dumps(ANSWER), stop_reason=None))
    proposal = _ask(proposer)
    assert proposal.stop_reason == ""
    with pytest.raises(InvalidRankingError, match="did not end normally"):
        parse_ranking(proposal.text, CODES, stop_reason=proposal.stop_reason)


def test_only_text_blocks_are_kept_and_joined(api: FakeAnthropic,
                                              proposer: ClaudeProposer) -> None:
    half = len(json.dumps(ANSWER)) // 2
    body = {"id": "msg_1", "type": "message", "role": "assistant", "model": MODEL,
            "content": [{"type": "thinking", "thinking": "hmm", "signature": "s"},
                        {"type": "text", "text": json.dumps(ANSWER)[:half]},
                        {"type": "text", "text": json.dumps(ANSWER)[half:]}],
            "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 20}}
    api.script(raw(json.dumps(body).encode()))
    assert json.loads(_ask(proposer).text) == ANSWER


def test_slow_answer_times_out_within_the_deadline(api: FakeAnthropic,
                                                   proposer: ClaudeProposer) -> None:
    api.script(slow(10.0, then=valid(ANSWER)))
    err = _unavailable(proposer, timeout_s=0.5)  # waiting the 10 s would get the answer
    assert err.kind == "timeout"
    assert "0.5 s" in str(err)
    assert len(api.requests) == 1  # no SDK retry


def test_answer_within_the_deadline_passes(api: FakeAnthropic, proposer: ClaudeProposer) -> None:
    api.script(slow(0.2, then=valid(ANSWER)))
    assert json.loads(_ask(proposer, timeout_s=3.0).text) == ANSWER


@pytest.mark.parametrize("code", [500, 503, 529, 429, 401, 400])
def test_http_errors_are_named_and_not_retried(api: FakeAnthropic, proposer: ClaudeProposer,
                                               code: int) -> None:
    api.script(status(code, "Overloaded"), valid(ANSWER))
    err = _unavailable(proposer)
    assert err.kind == f"http_{code}"
    assert f"HTTP {code}" in str(err) and "Overloaded" in str(err)
    assert "req_fake000001" in str(err)  # the request id helps support
    assert len(api.requests) == 1 and api.pending == 1


def test_the_key_never_appears_in_an_error(api: FakeAnthropic, proposer: ClaudeProposer) -> None:
    api.script(status(401, f"invalid x-api-key: {API_KEY}"))
    err = _unavailable(proposer)
    assert err.kind == "http_401"
    assert "[redacted]" in str(err) and "ANTHROPIC_API_KEY" in str(err)
    assert API_KEY not in repr(err)


def test_closed_port_is_a_connection_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    p = ClaudeProposer(api_key=API_KEY, model=MODEL,
                       base_url=f"http://proxyuser:proxypass@127.0.0.1:{port}")
    try:
        err = _unavailable(p, timeout_s=3.0)
        assert err.kind == "connection"
        assert f"http://127.0.0.1:{port}" in str(err)
        assert "proxypass" not in str(err)
    finally:
        p.close()


def test_hang_up_is_a_connection_error(api: FakeAnthropic, proposer: ClaudeProposer) -> None:
    api.script(hang_up())
    assert _unavailable(proposer).kind == "connection"


@pytest.mark.parametrize("answer", [
    raw(b"<html>502 Bad Gateway</html>", content_type="text/html"),
    raw(b"{not json", content_type="application/json"),
    raw(b'{"type": "message", "content": []}'),
    raw(b"[1, 2]"),
])
def test_a_body_that_is_not_a_message_is_an_invalid_response(
        api: FakeAnthropic, proposer: ClaudeProposer, answer: Behaviour) -> None:
    api.script(answer)
    err = _unavailable(proposer)
    assert err.kind == "invalid_response"
    assert api.base_url in str(err)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"api_key": ""}, "api_key is empty"),
    ({"api_key": "k", "model": ""}, "model is empty"),
    ({"api_key": "k", "max_tokens": 0}, "max_tokens=0"),
])
def test_constructor_checks(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ClaudeProposer(**kwargs)


def test_realistic_delay_applies_to_every_answer() -> None:
    with serve_fake_anthropic(delay_s=0.3, default=from_schema()) as api:
        p = ClaudeProposer(api_key=API_KEY, model=MODEL, base_url=api.base_url)
        try:
            _ask(p), _ask(p)
            assert api.delayed == 2  # the delay was slept before each answer
            assert len(api.requests) == 2 and not api.errors
        finally:
            p.close()


def test_default_model_is_current_and_the_sdk_does_not_warn(api: FakeAnthropic) -> None:
    """``claude-sonnet-4-5`` is deprecated in anthropic 2.14 (a DeprecationWarning, an error
    under pytest); the default is its successor, which must not warn."""
    p = ClaudeProposer(api_key=API_KEY, base_url=api.base_url)
    try:
        api.script(valid(ANSWER))
        proposal = _ask(p)
        assert p.name == "claude:claude-sonnet-4-6"
        assert api.requests[0].body["model"] == "claude-sonnet-4-6"
        assert json.loads(proposal.text) == ANSWER
    finally:
        p.close()


def test_a_trickling_body_is_cut_at_the_total_deadline(api: FakeAnthropic,
                                                       proposer: ClaudeProposer) -> None:
    """Each byte arrives well within the per-read timeout; the whole answer would take
    minutes. The call gives up at its total and closes the connection (no thread left
    reading)."""
    api.script(trickle(0.05, answer=ANSWER))
    with pytest.raises(LlmUnavailableError) as caught:
        _ask(proposer, timeout_s=0.6)
    assert caught.value.kind == "timeout"
    deadline = time.monotonic() + 5
    while api.trickle_cut == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert api.trickle_cut == 1  # the server saw its connection closed


def test_a_trickle_that_finishes_in_time_is_a_normal_answer(api: FakeAnthropic,
                                                            proposer: ClaudeProposer) -> None:
    api.script(trickle(0.0005, answer=ANSWER))
    assert json.loads(_ask(proposer, timeout_s=10).text) == ANSWER
