"""Stage 3 (seed 003): answer validation, deterministic ranker, retry/fallback policy, metrics."""

from __future__ import annotations

import json
import threading
from datetime import UTC, date, datetime, timedelta

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grace.errors import InvalidRankingError, LlmUnavailableError
from grace.matching.application.match import LlmPricing, RankFinalists
from grace.matching.domain.filters import HardFilter, Zone
from grace.matching.domain.geo import Circle
from grace.matching.domain.history import (
    Feedback,
    SearchRecord,
    explicit_codes,
    filter_key,
    summarise,
)
from grace.matching.domain.model import BudgetRange, Capacities, EventRequest, Member
from grace.matching.domain.ports import Proposal
from grace.matching.domain.ranking import (
    COMPATIBLE,
    RECOMMENDED,
    Finalist,
    RankingBrief,
    deterministic_ranking,
    explain,
    explain_explicit,
    matched_tags,
    one_sentence,
    parse_ranking,
    ranking_prompt,
    ranking_schema,
)

DAY = date(2027, 6, 12)
REQ = EventRequest("Festival de jazz en plein air avec food trucks", format="standing",
                   headcount=300, budget=BudgetRange(None, 8000), zone="Rennes",
                   dates=(DAY,))


def _member(i: int, **kw: object) -> Member:
    base: dict[str, object] = dict(
        code=f"#{100 + i}", name=f"Lieu {i}", description=f"lieu {i}", postal_code="35000",
        commune="Rennes", latitude=48.1, longitude=-1.68, tags=("Jazz", "Plein air"),
        capacity=Capacities(standing=500), budget=BudgetRange(1000, 9000))
    base.update(kw)
    return Member(**base)  # type: ignore[arg-type]


def _brief(n: int = 12, **kw: object) -> RankingBrief:
    fins = tuple(Finalist(_member(i, **kw), 0.9 - i / 100, 2.0 + i, {DAY: True})
                 for i in range(n))
    return RankingBrief(REQ, "Rennes (35)", fins)


def _answer(rec: list[str], comp: list[str], rej: tuple[str, ...] | list[str] = ()) -> str:
    return json.dumps({
        "recommended": [{"memberCode": c, "explanation": f"Parce que {c}."} for c in rec],
        "compatible": [{"memberCode": c, "explanation": f"Aussi {c}."} for c in comp],
        "rejected": [{"memberCode": c, "reason": "hors sujet"} for c in rej]})


CODES = [f"#{100 + i}" for i in range(12)]


# --- validation of an LLM answer --------------------------------------------------------------


def test_a_valid_answer_parses_in_order():
    r = parse_ranking(_answer(CODES[:4], CODES[4:8], CODES[8:9]), CODES)
    assert [p.code for p in r.recommended] == CODES[:4]
    assert [p.code for p in r.compatible] == CODES[4:8]
    assert r.rejected[0].code == CODES[8] and r.rejected[0].reason == "hors sujet"


@pytest.mark.parametrize(("text", "stop", "match"), [
    ("{not json", "end_turn", "not JSON"),
    ("[]", "end_turn", "not a JSON object"),
    (json.dumps({"recommended": [], "compatible": [], "rejected": [], "x": 1}), "end_turn",
     "unexpected key"),
    (_answer(["#999"], []), "end_turn", "unknown member code '#999'"),
    (_answer([CODES[0], CODES[0]], []), "end_turn", "appears twice"),
    (_answer([CODES[0]], [CODES[0]]), "end_turn", "appears twice"),
    (_answer([CODES[0]], [], [CODES[0]]), "end_turn", "appears twice"),
    (_answer(CODES[:5], []), "end_turn", "at most 4"),
    (_answer([], CODES[:5]), "end_turn", "at most 4"),
    (_answer(CODES[:4], CODES[4:8]), "max_tokens", "did not end normally"),
    (json.dumps({"recommended": [{"memberCode": CODES[0], "explanation": "  "}]}), "end_turn",
     "non-empty"),
    (json.dumps({"recommended": [{"memberCode": CODES[0], "explanation": "x" * 401}]}),
     "end_turn", "at most 400"),
    (json.dumps({"recommended": "nope"}), "end_turn", "not a list"),
    (json.dumps({"recommended": ["#100"]}), "end_turn", "not an object"),
])
def test_invalid_answers_are_refused_with_the_reason(text, stop, match):
    with pytest.raises(InvalidRankingError, match=match):
        parse_ranking(text, CODES, stop_reason=stop)


def test_schema_lists_the_codes_as_an_enum_and_the_prompt_has_the_facts():
    brief = _brief(3)
    schema = ranking_schema(brief.codes)
    rec = schema["properties"]["recommended"]["items"]["properties"]["memberCode"]
    assert rec["enum"] == list(brief.codes)
    prompt = ranking_prompt(brief)
    assert "Festival de jazz" in prompt and "Personnes : 300" in prompt
    assert all(c in prompt for c in brief.codes) and '"disponibilites"' in prompt


# --- deterministic ranker ---------------------------------------------------------------------


def test_deterministic_picks_complete_facts_first_then_stage2_order():
    fins = list(_brief(10).finalists)
    # finalists 0 and 1 have an unknown capacity: recommended skips them
    for i in (0, 1):
        m = fins[i].member
        fins[i] = Finalist(Member(m.code, m.name, m.description, m.postal_code, m.commune,
                                  m.latitude, m.longitude, m.tags, budget=m.budget),
                           fins[i].similarity, fins[i].distance_km, fins[i].days)
    r = deterministic_ranking(RankingBrief(REQ, "Rennes (35)", tuple(fins)))
    assert [p.code for p in r.recommended] == CODES[2:6]
    assert [p.code for p in r.compatible] == [CODES[0], CODES[1], CODES[6], CODES[7]]
    assert "capacité en cocktail debout à confirmer" in r.compatible[0].explanation
    assert r.rejected == ()


def test_explanation_is_one_french_sentence_from_matched_facts():
    f = _brief(1).finalists[0]
    text = explain(f, REQ, "Rennes (35)", recommended=True)
    assert text.startswith("Recommandé : ") and text.endswith(".") and text.count(".") == 1
    for fact in ("« Jazz »", "« Plein air »", "500 places en cocktail debout pour 300 invités",
                 "budget 1000–9000 € compatible", "à 2,0 km du centre de Rennes (35)",
                 "disponible le 12/06/2027"):
        assert fact in text, (fact, text)


def test_tags_match_on_words_without_accents_or_plural():
    m = _member(0, tags=("Musiques actuelles", "Théâtre", "jazz", "Cirque"))
    r = EventRequest("Soirée théatre et musique actuelle, un peu de JAZZ")
    assert matched_tags(m, r) == ("Musiques actuelles", "Théâtre", "jazz")


def test_explicit_member_shows_known_conflicts():
    f = Finalist(_member(0, capacity=Capacities(standing=100), budget=BudgetRange(9000, 12000)),
                 None, None, {DAY: False})
    text = explain_explicit(f, REQ, None)
    assert "réservé le 12/06/2027" in text and "100 places" in text and "hors de la demande" in text
    ok = explain_explicit(_brief(1).finalists[0], REQ, "Rennes (35)")
    assert ok.startswith("Demandé explicitement") and "attention" not in ok


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 40), unknown=st.lists(st.booleans(), min_size=40, max_size=40))
def test_deterministic_ranking_is_always_a_valid_answer(n, unknown):
    fins = tuple(Finalist(_member(i, capacity=Capacities() if unknown[i] else
                                  Capacities(standing=400)), 0.5, 1.0, {DAY: True})
                 for i in range(n))
    r = deterministic_ranking(RankingBrief(REQ, "Rennes", fins))
    codes = [p.code for p in r.recommended + r.compatible]
    assert len(r.recommended) == min(RECOMMENDED, n)
    assert len(r.compatible) == min(COMPATIBLE, max(0, n - RECOMMENDED))
    assert len(set(codes)) == len(codes) and set(codes) <= {f.code for f in fins}
    # the same answer passes the LLM validation
    again = parse_ranking(json.dumps({
        "recommended": [{"memberCode": p.code, "explanation": p.explanation}
                        for p in r.recommended],
        "compatible": [{"memberCode": p.code, "explanation": p.explanation}
                       for p in r.compatible], "rejected": []}), [f.code for f in fins])
    assert again == r


# --- stage 3 policy: retry, deadline, fallback ------------------------------------------------


class ScriptedProposer:
    """Answers from a script: a Proposal, an exception, or ``("sleep", s, then)``."""

    name = "claude:test"

    def __init__(self, *steps: object) -> None:
        self.steps = list(steps)
        self.calls: list[float] = []
        self.woke = threading.Event()  # set when a ("sleep", …) step has finished sleeping

    def propose(self, *, system: str, prompt: str, schema: dict[str, object],
                timeout_s: float) -> Proposal:
        self.calls.append(timeout_s)
        step = self.steps.pop(0)
        if isinstance(step, tuple):
            threading.Event().wait(step[1])
            self.woke.set()
            step = step[2]
        if isinstance(step, Exception):
            raise step
        assert isinstance(step, Proposal)
        return step


def _ok(text: str | None = None, tin: int = 1000, tout: int = 200) -> Proposal:
    return Proposal(text or _answer(CODES[:4], CODES[4:8]), "end_turn", tin, tout)


PRICE = LlmPricing(3.0, 15.0)


def test_a_valid_llm_answer_is_used_with_tokens_and_cost():
    three = RankFinalists(ScriptedProposer(_ok()), timeout_s=5, pricing=PRICE)(_brief())
    assert three.ranker == "claude:test" and three.fallback is None
    assert three.attempts == ("ok",)
    assert (three.input_tokens, three.output_tokens) == (1000, 200)
    assert three.cost_eur == pytest.approx((1000 * 3 + 200 * 15) / 1e6)


def test_one_retry_after_an_invalid_answer_and_tokens_of_both_are_counted():
    p = ScriptedProposer(_ok("{oops"), _ok())
    three = RankFinalists(p, timeout_s=5, pricing=PRICE)(_brief())
    assert three.ranker == "claude:test" and three.attempts[0].startswith("invalid: not JSON")
    assert three.input_tokens == 2000 and len(p.calls) == 2


@pytest.mark.parametrize("steps", [
    (_ok("{oops"), _ok(_answer(["#999"], []))),
    (Proposal(_answer(CODES[:4], []), "max_tokens", 10, 10),) * 2,
    (LlmUnavailableError("http_503", "x"), LlmUnavailableError("http_529", "y")),
    (LlmUnavailableError("connection", "x"), _ok("[]")),
])
def test_a_second_failure_falls_back_to_the_deterministic_ranker(steps):
    p = ScriptedProposer(*steps)
    brief = _brief()
    three = RankFinalists(p, timeout_s=5, pricing=PRICE)(brief)
    assert three.ranker == "deterministic" and three.fallback is not None
    assert three.fallback.startswith("claude:test: ") and len(three.attempts) == 2
    assert three.ranking == deterministic_ranking(brief)


def test_a_timeout_falls_back_at_once_without_retry():
    p = ScriptedProposer(LlmUnavailableError("timeout", "slow"), _ok())
    three = RankFinalists(p, timeout_s=5, pricing=PRICE)(_brief())
    assert three.fallback == "claude:test: timeout (last error: slow)" and len(p.calls) == 1


def test_the_deadline_holds_even_when_the_client_does_not_time_out():
    p = ScriptedProposer(("sleep", 3.0, _ok()))
    three = RankFinalists(p, timeout_s=0.3, pricing=PRICE)(_brief())
    assert three.ranker == "deterministic" and three.attempts == ("timeout",)
    assert not p.woke.is_set()  # answered while the LLM call was still asleep


def test_no_finalists_or_no_llm_means_deterministic_and_free():
    p = ScriptedProposer()
    empty = RankFinalists(p, timeout_s=5, pricing=PRICE)(RankingBrief(REQ, None, ()))
    assert empty.ranker == "deterministic" and empty.fallback is None and not p.calls
    none = RankFinalists(None, timeout_s=5, pricing=PRICE)(_brief())
    assert none.ranker == "deterministic" and none.cost_eur == 0.0


# --- edge cases and metrics -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "codes"), [
    ("Je veux #102 et #157", ("#102", "#157")),
    ("#102, #102 puis #G12 et #FEST_35238_7.", ("#102", "#G12", "#FEST_35238_7")),
    ("un lieu #jazz à #Rennes, C#7 pas un code", ()),
    ("pas de code ici", ()),
    # issue 14, fault 4: spellings organisers type
    ("Je veux # 102 et #157", ("#102", "#157")),
    ("Je veux \uff03102 et \uff03\uff11\uff15\uff17", ("#102", "#157")),  # full-width
    ("#102#157 puis #158", ("#102", "#157", "#158")),
    ("#g12 et #fest_35238_7", ("#g12", "#fest_35238_7")),
    ("# Séminaire annuel, #jazz2 à C#7 et abc#102", ("#jazz2",)),
])
def test_explicit_codes_in_a_request(text, codes):
    assert explicit_codes(text) == codes


def test_filter_key_separates_requests_that_differ_in_a_hard_filter():
    zone = Zone("commune", "Rennes (35)", frozenset({"35000"}), (48.1, -1.68))
    base = HardFilter(zone=zone, format="seated", headcount=80, budget=BudgetRange(None, 5000),
                      dates=(DAY,))
    same = HardFilter(zone=zone, format="seated", headcount=80, budget=BudgetRange(None, 5000),
                      dates=(DAY, DAY))
    assert filter_key(base) == filter_key(same)
    others = [
        HardFilter(zone=Zone("point", "p", frozenset(), (48.1, -1.68), Circle(48.1, -1.68, 10)),
                   format="seated", headcount=80, budget=BudgetRange(None, 5000), dates=(DAY,)),
        HardFilter(zone=zone, format="standing", headcount=80, budget=BudgetRange(None, 5000),
                   dates=(DAY,)),
        HardFilter(zone=zone, format="seated", headcount=81, budget=BudgetRange(None, 5000),
                   dates=(DAY,)),
        HardFilter(zone=zone, format="seated", headcount=80, budget=BudgetRange(None, 6000),
                   dates=(DAY,)),
        HardFilter(zone=zone, format="seated", headcount=80, budget=BudgetRange(None, 5000),
                   dates=(DAY + timedelta(1),)),
    ]
    assert len({filter_key(base), *map(filter_key, others)}) == 1 + len(others)


def _record(i: int, total: float, *, ranker: str = "deterministic", cost: float = 0.0,
            fallback: str | None = None) -> SearchRecord:
    return SearchRecord(
        search_id=f"{i:032x}", at=datetime(2026, 11, 30, tzinfo=UTC) + timedelta(seconds=i),
        mode="pipeline", request={}, filter_key="k", embedding=np.zeros(3, np.float32),
        model_key="m", stage_ms={"stage1": total / 2, "total": total},
        funnel={"members": 1000, "stage1": 10 + i, "stage2": 10, "stage3": 8}, ranker=ranker,
        fallback=fallback, input_tokens=100, output_tokens=50, cost_eur=cost, suggestions=())


def test_summary_percentiles_funnel_cost_and_acceptance():
    records = [_record(i, float(i)) for i in range(1, 101)]
    records[0] = _record(1, 1.0, ranker="claude:x", cost=0.02, fallback=None)
    records[1] = _record(2, 2.0, fallback="claude:x: timeout")
    t = datetime(2026, 11, 30, tzinfo=UTC)
    fb = [Feedback(records[0].search_id, "#1", "corrected", t),
          Feedback(records[0].search_id, "#1", "kept", t + timedelta(1)),  # latest wins
          Feedback(records[0].search_id, "#2", "corrected", t),
          Feedback(records[3].search_id, "#1", "kept", t)]
    s = summarise(records, fb)
    totals = np.arange(1, 101, dtype=float)
    assert s.latency_ms["total"].p50 == pytest.approx(np.percentile(totals, 50))
    assert s.latency_ms["total"].p95 == pytest.approx(np.percentile(totals, 95))
    assert s.latency_ms["total"].p99 == pytest.approx(np.percentile(totals, 99))
    assert s.funnel_mean["stage1"] == pytest.approx(np.mean(np.arange(1, 101) + 10))
    assert s.rankers == {"claude:x": 1, "deterministic": 99} and s.fallbacks == 1
    assert s.cost_eur_per_search == pytest.approx(0.02 / 100)
    assert (s.kept, s.corrected) == (2, 1) and s.acceptance_rate == pytest.approx(2 / 3)
    assert summarise([], []).acceptance_rate is None


@pytest.mark.parametrize(("text", "first"), [
    ("Idéal pour 300 invités.  Le parc est grand.", "Idéal pour 300 invités."),
    ("Salle de 1.200 m² à 2,5 km. « Très calme » selon la KB.", "Salle de 1.200 m² à 2,5 km."),
    ("Une seule phrase, sans point final", "Une seule phrase, sans point final"),
    ("Cap. 300 p., budget ok ; dispo le 12/06.", "Cap. 300 p., budget ok ; dispo le 12/06."),
])
def test_an_explanation_is_kept_to_one_sentence(text, first):
    assert one_sentence(text) == first
    answer = json.dumps({"recommended": [{"memberCode": CODES[0], "explanation": text}],
                         "compatible": [], "rejected": []})
    assert parse_ranking(answer, CODES).recommended[0].explanation == first
