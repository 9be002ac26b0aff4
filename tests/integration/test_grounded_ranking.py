"""Issue 16 items 5–6 through the whole service: LLM explanations checked against the members'
records (real anthropic SDK against the loopback stand-in), short LLM answers topped up, and
the reason of a correction recorded on both stores, old search logs migrated."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest

from grace.bootstrap import MatchingApp
from grace.errors import MemberValidationError
from grace.matching.adapters.search_log import open_search_log
from grace.matching.domain.grounding import check_explanation
from grace.matching.domain.history import Feedback
from grace.matching.domain.model import BudgetRange, EventRequest
from tests.matching_support.apps import seeded_app
from tests.matching_support.data import DAY0, WORDS
from tests.matching_support.fake_anthropic import FakeAnthropic, computed, serve_fake_anthropic
from tests.matching_support.pg import fresh_database

REQUEST_KW: dict[str, Any] = {"format": "standing", "headcount": 50, "zone": "47.0,2.0",
                              "radius_km": 300, "dates": (DAY0,)}


def _request() -> EventRequest:
    return EventRequest("concert de jazz dans un château", **REQUEST_KW)


def _candidates(body: Any) -> list[dict[str, Any]]:
    """The finalists' facts as the prompt sends them (one JSON object per line)."""
    prompt = body["messages"][0]["content"]
    return [json.loads(line) for line in prompt.splitlines() if line.startswith('{"memberCode"')]


def _fr(x: float) -> str:
    return f"{x:.1f}".replace(".", ",")


def _true_sentence(c: dict[str, Any]) -> str:
    return (f"Situé à {_fr(c['distance_km'])} km du centre, il convient à ce concert."
            if "distance_km" in c else "Il convient à ce concert.")


@pytest.fixture
def api():
    with serve_fake_anthropic() as fake:
        yield fake
        assert not fake.errors, fake.errors


def _llm_app(tmp_path, api: FakeAnthropic) -> MatchingApp:
    return seeded_app(f"sqlite:///{tmp_path / 'llm.sqlite'}", tmp_path, ranker="claude",
                anthropic_api_key="sk-test-key", anthropic_base_url=api.base_url,
                llm_timeout_s=5.0, llm_model="claude-sonnet-4-6")


def test_a_lying_explanation_is_replaced_and_counted(tmp_path, api):
    lies: dict[str, str] = {}

    def answer(body: Any) -> dict[str, Any]:
        cands = _candidates(body)
        located = [c for c in cands if "distance_km" in c]
        liar, tagger = located[0], located[1]
        lies[liar["memberCode"]] = ("Recommandé : à 0,5 km du centre, il accueille 9 999 "
                                    "personnes debout.")
        lies[tagger["memberCode"]] = "Recommandé : son thème « Techno hardcore » colle au concert."
        picks = [liar, tagger, *[c for c in cands if c not in (liar, tagger)][:6]]
        def item(c: dict[str, Any]) -> dict[str, str]:
            return {"memberCode": c["memberCode"],
                    "explanation": lies.get(c["memberCode"], _true_sentence(c))}
        return {"recommended": [item(c) for c in picks[:4]],
                "compatible": [item(c) for c in picks[4:8]], "rejected": []}

    app = _llm_app(tmp_path, api)
    api.script(computed(answer))
    res = app.match(_request())
    assert res.ranker == "claude:claude-sonnet-4-6" and res.fallback is None
    picks = res.recommended + res.compatible
    assert len(res.recommended) == 4 and len(res.compatible) == 4
    sources = {s.code: s.source for s in picks}
    assert {c for c, s in sources.items() if s == "replaced"} == set(lies)
    assert sum(1 for s in sources.values() if s == "llm") == 6
    for s in picks:
        if s.code in lies:
            assert s.explanation != lies[s.code]
            assert s.explanation.startswith("Recommandé : ")  # the deterministic sentence
            assert "9 999" not in s.explanation and "Techno" not in s.explanation
        else:
            assert s.explanation == _true_sentence({"distance_km": s.distance_km}
                                                   if s.distance_km is not None else {})
    [notice] = [n for n in res.notices if n.type == "explanations-replaced"]
    assert set(notice.codes) == set(lies) and notice.count == 2
    assert any("contredite" in w and "9999 persons" in w for w in res.warnings), res.warnings
    rec = app.match.search_record(res.search_id)
    assert rec is not None
    assert sorted(s.source for s in rec.suggestions) == ["llm"] * 6 + ["replaced"] * 2
    stats = app.match.stats()
    assert (stats.llm_explanations, stats.llm_explanations_replaced) == (8, 2)
    assert (stats.topped_up_searches, stats.topped_up_suggestions) == (0, 0)
    app.close()


def test_a_partial_answer_is_topped_up_from_the_deterministic_ranking(tmp_path, api):
    def answer(body: Any) -> dict[str, Any]:
        first = _candidates(body)[0]
        return {"recommended": [{"memberCode": first["memberCode"],
                                 "explanation": _true_sentence(first)}],
                "compatible": [], "rejected": []}

    app = _llm_app(tmp_path, api)
    api.script(computed(answer))
    res = app.match(_request())
    assert res.ranker.startswith("claude:") and res.fallback is None
    assert len(res.recommended) == 4 and len(res.compatible) == 4
    assert res.recommended[0].source == "llm"
    added = [s for s in res.recommended + res.compatible if s.source == "top-up"]
    assert len(added) == 7
    assert all(s.explanation.startswith("Recommandé : ") for s in res.recommended[1:])
    assert all(s.explanation.startswith("Compatible : ") for s in res.compatible)
    [notice] = [n for n in res.notices if n.type == "topped-up"]
    assert notice.count == 7 and notice.codes == tuple(s.code for s in added)
    assert any("incomplète" in w for w in res.warnings)
    stats = app.match.stats()
    assert (stats.topped_up_searches, stats.topped_up_suggestions) == (1, 7)
    assert (stats.llm_explanations, stats.llm_explanations_replaced) == (1, 0)
    app.close()


def test_an_answer_that_rejects_everything_still_gets_a_shortlist(tmp_path, api):
    def answer(body: Any) -> dict[str, Any]:
        return {"recommended": [], "compatible": [], "rejected": [
            {"memberCode": c["memberCode"], "reason": "aucun ne convient."}
            for c in _candidates(body)]}

    app = _llm_app(tmp_path, api)
    api.script(computed(answer))
    res = app.match(_request())
    assert len(res.recommended) == 4 and len(res.compatible) == 4
    assert all(s.source == "top-up" for s in res.recommended + res.compatible)
    assert len(res.rejected) == 30  # the LLM's doubts stay visible
    assert [n.type for n in res.notices] == ["topped-up"]
    app.close()


def test_deterministic_explanations_pass_their_own_check(tmp_path):
    """The replacement sentence must itself be true: every deterministic explanation of a
    search passes :func:`check_explanation` against its member."""
    app = seeded_app(f"sqlite:///{tmp_path / 'd.sqlite'}", tmp_path, ranker="deterministic")
    for words in (WORDS[:3], WORDS[3:6], WORDS[6:9]):
        req = EventRequest(" ".join(words), format="seated", headcount=40,
                           budget=BudgetRange(500, 6000), zone="47.0,2.0", radius_km=250,
                           dates=(DAY0,))
        res = app.match(req)
        ids = app.repo.ids_for([s.code for s in res.recommended + res.compatible])
        days = app.repo.availability(list(ids.values()), req.dates)
        for s in res.recommended + res.compatible:
            m = app.repo.get(s.code)
            assert m is not None
            problems = check_explanation(s.explanation, m, req, distance_km=s.distance_km,
                                         days=days.get(ids[s.code], {}))
            assert problems == [], (s.explanation, problems)
    app.close()


# --- the reason of a correction -----------------------------------------------------------


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def app(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'm.sqlite'}"
    else:
        url = fresh_database(request.getfixturevalue("pg_server"))
    a = seeded_app(url, tmp_path, ranker="deterministic")
    yield a
    a.close()


def test_a_correction_records_its_reason(app):
    res = app.match(_request())
    a, b, c = (s.code for s in (res.recommended + res.compatible)[:3])
    app.match.feedback(res.search_id, a, "corrected", reason="too_small")
    app.match.feedback(res.search_id, b, "corrected", reason="other", comment="fermé l'été")
    app.match.feedback(res.search_id, c, "kept")
    got = {f.code: (f.verdict, f.reason, f.comment) for f in app.log.feedback(res.search_id)}
    assert got == {a: ("corrected", "too_small", ""), b: ("corrected", "other", "fermé l'été"),
                   c: ("kept", None, "")}
    stats = app.match.stats()
    assert stats.corrected_by_reason == {"too_small": 1, "other": 1}
    with pytest.raises(MemberValidationError, match="only"):
        app.match.feedback(res.search_id, c, "kept", reason="too_small")
    with pytest.raises(MemberValidationError, match="needs a comment"):
        app.match.feedback(res.search_id, c, "corrected", reason="other")
    with pytest.raises(MemberValidationError, match="use one of"):
        app.match.feedback(res.search_id, c, "corrected", reason="ugly")


_OLD_SCHEMA = [  # the search log as issue 7 created it (no version table, no reason)
    "CREATE TABLE search_log (search_id TEXT PRIMARY KEY, at TEXT NOT NULL, mode TEXT NOT NULL,"
    " request TEXT NOT NULL, filter_key TEXT NOT NULL, embedding {blob}, model_key TEXT NOT "
    "NULL, stage_ms TEXT NOT NULL, funnel TEXT NOT NULL, ranker TEXT NOT NULL, fallback TEXT, "
    "input_tokens INTEGER NOT NULL, output_tokens INTEGER NOT NULL, cost_eur {real} NOT NULL, "
    "suggestions TEXT NOT NULL)",
    "CREATE TABLE search_feedback (id {serial}, search_id TEXT NOT NULL REFERENCES search_log "
    "(search_id) ON DELETE CASCADE, code TEXT NOT NULL, verdict TEXT NOT NULL CHECK (verdict "
    "IN ('kept', 'corrected')), comment TEXT NOT NULL, at TEXT NOT NULL)",
    "INSERT INTO search_log VALUES ('{sid}', '2026-11-30T10:00:00+00:00', 'pipeline', '{{}}', "
    "'k', NULL, 'm', '{{}}', '{{}}', 'deterministic', NULL, 0, 0, 0, "
    "'[{{\"code\": \"#1\", \"group\": \"recommended\", \"explanation\": \"x.\"}}]')",
    "INSERT INTO search_feedback (search_id, code, verdict, comment, at) VALUES "
    "('{sid}', '#1', 'corrected', 'trop loin', '2026-11-30T10:01:00+00:00')",
]
_TYPES = {"sqlite": {"blob": "BLOB", "real": "REAL", "serial": "INTEGER PRIMARY KEY"},
          "postgres": {"blob": "BYTEA", "real": "DOUBLE PRECISION",
                       "serial": "BIGSERIAL PRIMARY KEY"}}


@pytest.mark.parametrize("dialect", ["sqlite", pytest.param("postgres",
                                                            marks=pytest.mark.postgres)])
def test_an_old_search_log_is_migrated_and_keeps_its_feedback(request, tmp_path, dialect):
    sid = "a" * 32
    stmts = [s.format(sid=sid, **_TYPES[dialect]) for s in _OLD_SCHEMA]
    if dialect == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite'}"
        with sqlite3.connect(tmp_path / "old.sqlite") as db:
            for s in stmts:
                db.execute(s)
    else:
        url = fresh_database(request.getfixturevalue("pg_server"))
        with psycopg.connect(url, autocommit=True) as pg:
            for s in stmts:
                pg.execute(s)  # the statements are the test's own constants
    log = open_search_log(url)
    try:
        [old] = log.feedback(sid)
        assert (old.verdict, old.comment, old.reason) == ("corrected", "trop loin", None)
        [rec] = log.records()
        assert rec.suggestions[0].source == ""
        log.migrate()  # idempotent
    finally:
        log.close()
    again = open_search_log(url)  # a second opening runs nothing twice
    try:
        again.add_feedback(Feedback(sid, "#1", "corrected", datetime.now(UTC), "",
                                    "wrong_place"))
        assert [f.reason for f in again.feedback(sid)] == [None, "wrong_place"]
    finally:
        again.close()
