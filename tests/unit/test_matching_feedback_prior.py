"""Learning from feedback (issue 16 item 4, decision 0022): the organiser's verdicts on past
near-identical requests move members in the deterministic ranking, reach the LLM's prompt, may
be cited by an explanation, and acceptance is counted per ranker."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime, timedelta

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grace.matching.domain.feedback_prior import (
    HALF_LIFE_DAYS,
    MAX_DOWN,
    MAX_UP,
    MemberFeedback,
    PastVerdict,
    member_feedback,
    reorder,
    verdict_weight,
)
from grace.matching.domain.grounding import check_explanation, ground_ranking
from grace.matching.domain.history import (
    Feedback,
    SearchRecord,
    SimilarRequest,
    Suggestion,
    latest_verdicts,
    summarise,
)
from grace.matching.domain.model import BudgetRange, Capacities, EventRequest, Member
from grace.matching.domain.ranking import (
    Finalist,
    Pick,
    Ranking,
    RankingBrief,
    deterministic_ranking,
    ranking_prompt,
)

NOW = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
PAST = NOW - timedelta(days=10)
DAY = date(2027, 6, 12)
REQ = EventRequest("Festival de jazz en plein air", format="standing", headcount=300,
                   budget=BudgetRange(None, 8000), zone="Rennes", dates=(DAY,))


def _member(i: int) -> Member:
    return Member(code=f"#{100 + i}", name=f"Lieu {i}", description=f"lieu {i}",
                  postal_code="35000", commune="Rennes", latitude=48.1, longitude=-1.68,
                  tags=("Jazz",), capacity=Capacities(standing=500),
                  budget=BudgetRange(1000, 9000))


def _similar(verdicts: dict[str, str], *, similarity: float = 0.99, at: datetime = PAST,
             search_id: str = "a" * 32) -> SimilarRequest:
    fbs = tuple(Feedback(search_id, code, v, at + timedelta(minutes=5),  # type: ignore[arg-type]
                         reason="wrong_theme" if v == "corrected" else None)
                for code, v in verdicts.items())
    return SimilarRequest(search_id, at, "Festival de jazz en extérieur", similarity, (),
                          tuple(c for c, v in verdicts.items() if v == "kept"), "",
                          tuple(c for c, v in verdicts.items() if v == "corrected"), fbs)


def _brief(feedback: dict[str, MemberFeedback], n: int = 30) -> RankingBrief:
    fins = tuple(Finalist(_member(i), 0.9 - i / 1000, 2.0 + i, {DAY: True}, None,
                          feedback.get(f"#{100 + i}"))
                 for i in range(n))
    return RankingBrief(REQ, "Rennes (35)", fins)


def _shortlist(brief: RankingBrief) -> list[str]:
    r = deterministic_ranking(brief)
    return [p.code for p in (*r.recommended, *r.compatible)]


# --- weights and shifts ------------------------------------------------------------------------


def test_a_verdict_weighs_half_after_the_half_life_and_one_when_fresh_or_future():
    assert verdict_weight(NOW, NOW) == 1.0
    assert verdict_weight(NOW - timedelta(days=HALF_LIFE_DAYS), NOW) == pytest.approx(0.5)
    assert verdict_weight(NOW - timedelta(days=2 * HALF_LIFE_DAYS), NOW) == pytest.approx(0.25)
    assert verdict_weight(NOW + timedelta(days=3), NOW) == 1.0


def test_only_near_identical_requests_count_and_verdicts_are_grouped_newest_first():
    old = _similar({"#101": "kept"}, at=NOW - timedelta(days=100), search_id="b" * 32)
    new = _similar({"#101": "corrected", "#102": "kept"})
    far = _similar({"#103": "kept"}, similarity=0.975, search_id="c" * 32)
    fb = member_feedback([old, new, far], NOW)
    assert set(fb) == {"#101", "#102"}  # 0.975 < 0.98: another request
    assert [v.verdict for v in fb["#101"].verdicts] == ["corrected", "kept"]
    assert fb["#101"].latest.reason == "wrong_theme"
    assert fb["#102"].latest.reason is None


def _fb(*verdicts: tuple[str, float]) -> MemberFeedback:
    return MemberFeedback(tuple(PastVerdict(f"{i:032x}", v, PAST, "x", 0.99, w)  # type: ignore[arg-type]
                                for i, (v, w) in enumerate(verdicts)))


def test_shifts_are_capped_decayed_and_cancel():
    assert _fb(("kept", 1.0)).shift == MAX_UP == 4
    assert _fb(("corrected", 1.0)).shift == -MAX_DOWN == -8
    assert _fb(("kept", 1.0), ("kept", 0.9)).shift == 4  # capped
    assert _fb(("kept", 0.5)).shift == 2  # 180 days old
    assert _fb(("corrected", 0.25)).shift == -2  # a year old
    assert _fb(("kept", 0.5), ("corrected", 0.5)).shift == 0


# --- reorder: an oracle and invariants ---------------------------------------------------------


def test_a_lone_mover_moves_exactly_its_shift_clamped_at_the_ends():
    items = list("abcdefghij")
    assert reorder(items, [0] * 10) == items
    assert reorder(items, [0, 0, 0, 0, 0, 0, 4, 0, 0, 0]) == list("abgcdefhij")
    assert reorder(items, [0, 0, -8, 0, 0, 0, 0, 0, 0, 0]) == list("abdefghijc")
    assert reorder(items, [0, 0, 0, 0, 0, 0, 0, 0, 0, -8]) == items  # already last
    assert reorder(items, [0, 4, 0, 0, 0, 0, 0, 0, 0, 0]) == list("bacdefghij")
    with pytest.raises(ValueError, match="2 shifts for 10 items"):
        reorder(items, [0, 0])


@given(st.lists(st.integers(-MAX_DOWN, MAX_UP), min_size=0, max_size=30))
def test_reorder_is_a_permutation_that_keeps_unmoved_order_and_bounds_each_pass(shifts):
    items = list(range(len(shifts)))
    out = reorder(items, shifts)
    assert sorted(out) == items
    unmoved = [i for i in items if shifts[i] == 0]
    assert [i for i in out if shifts[i] == 0] == unmoved
    pos = {x: p for p, x in enumerate(out)}
    for i in items:
        if shifts[i] > 0:  # passes at most shift unmoved items that were ahead of it
            passed = [j for j in unmoved if j < i and pos[j] > pos[i]]
            assert len(passed) <= shifts[i]
        if shifts[i] < 0:
            passed = [j for j in unmoved if j > i and pos[j] < pos[i]]
            assert len(passed) <= -shifts[i]
        if shifts[i] == 0:  # nobody moves against its own shift's direction past it
            assert not [j for j in items if j > i and shifts[j] <= 0 and pos[j] < pos[i]]


# --- the deterministic ranker ------------------------------------------------------------------


def test_a_kept_member_rises_and_a_corrected_one_falls_on_the_next_similar_request():
    before = _shortlist(_brief({}))
    assert before == [f"#{100 + i}" for i in range(8)]
    kept, corrected = "#109", "#100"  # 10th (outside the 4 + 4) and 1st last time
    fb = member_feedback([_similar({kept: "kept", corrected: "corrected"})], NOW)
    brief = _brief(fb)
    after = _shortlist(brief)
    # 10th → 5th: up 4 places, and one more as the corrected first leaves the front.
    assert after.index(kept) == 9 - MAX_UP - 1
    assert after[4:] == [kept, "#105", "#106", "#107"]  # compatible now
    assert corrected not in after  # 1st → 9th: out of the shortlist
    ranking = deterministic_ranking(brief)
    why = {p.code: p.explanation for p in (*ranking.recommended, *ranking.compatible)}
    assert "retenu pour une demande semblable le 22/11/2026" in why[kept]
    # A member no verdict names is not annotated.
    assert all("demande semblable" not in e for c, e in why.items() if c != kept)


def test_a_corrected_member_with_a_reason_says_it_when_still_shown():
    fb = member_feedback([_similar({"#101": "corrected"}, at=NOW - timedelta(days=400))], NOW)
    assert fb["#101"].shift == -round(MAX_DOWN * 0.5 ** (400 / 180))  # -2
    ranking = deterministic_ranking(_brief(fb, n=10))
    why = {p.code: p.explanation for p in (*ranking.recommended, *ranking.compatible)}
    assert "écarté pour une demande semblable le" in why["#101"]
    assert "(mauvais thème)" in why["#101"]
    assert list(why).index("#101") == 3  # 2nd → 4th


def test_without_feedback_the_ranking_is_what_it_was():
    brief = _brief({})
    same = dataclasses.replace(brief, finalists=tuple(
        dataclasses.replace(f, feedback=None) for f in brief.finalists))
    assert deterministic_ranking(brief) == deterministic_ranking(same)
    assert "Avis de l'organisateur" not in ranking_prompt(brief)


# --- the LLM side -----------------------------------------------------------------------------


def test_the_prompt_lists_the_judged_finalists_with_their_verdict():
    fb = member_feedback([_similar({"#103": "kept", "#105": "corrected", "#999": "kept"})],
                         NOW)
    prompt = ranking_prompt(_brief(fb))
    section = prompt.split("Avis de l'organisateur")[1].split("Tâche")[0]
    lines = [x for x in section.splitlines() if x.startswith("- ")]
    assert lines == [
        "- #103 (Lieu 3) : retenu le 22/11/2026 pour « Festival de jazz en extérieur » "
        "(similarité 0.99)",
        "- #105 (Lieu 5) : écarté (mauvais thème) le 22/11/2026 pour « Festival de jazz en "
        "extérieur » (similarité 0.99)"]  # #999 is no finalist
    assert "4. Tiens compte des avis de l'organisateur" in prompt


def test_an_llm_explanation_may_cite_the_verdict_date_and_request_but_not_invent_one():
    fb = member_feedback([_similar({"#103": "kept"})], NOW)["#103"]
    said = ("Retenu pour « Festival de jazz en extérieur » le 22/11/2026, à 5 km du centre de "
            "Rennes.")
    def check(text: str, feedback: MemberFeedback | None) -> list[str]:
        return check_explanation(text, _member(3), REQ, distance_km=5.0, days={DAY: True},
                                 feedback=feedback)

    assert check(said, fb) == []
    assert check(said, None) == [
        "cites the date 22/11/2026, not one of the requested dates",
        "cites « festival de jazz en exterieur », not one of the member's tags"]
    other = said.replace("22/11/2026", "21/11/2026")
    assert check(other, fb) == [
        "cites the date 21/11/2026, not one of the requested dates"]
    brief = _brief({"#103": fb}, n=8)
    grounded = ground_ranking(Ranking((Pick("#103", said),), ()), brief)
    assert grounded.replaced == {}


# --- stats -------------------------------------------------------------------------------------


def _record(sid: str, ranker: str) -> SearchRecord:
    return SearchRecord(sid, PAST, "pipeline", {}, "k", np.zeros(3, np.float32), "m", {}, {},
                        ranker, None, 0, 0, 0.0,
                        (Suggestion("#1", "recommended", "x"), Suggestion("#2", "compatible",
                                                                           "y")))


def test_acceptance_is_broken_down_by_ranker_on_the_latest_verdicts():
    recs = [_record("a" * 32, "deterministic"), _record("b" * 32, "claude:sonnet")]
    t = PAST + timedelta(hours=1)
    fbs = [Feedback("a" * 32, "#1", "kept", t), Feedback("a" * 32, "#2", "kept", t),
           Feedback("a" * 32, "#2", "corrected", t + timedelta(minutes=1)),  # latest wins
           Feedback("b" * 32, "#1", "kept", t), Feedback("c" * 32, "#1", "corrected", t)]
    s = summarise(recs, fbs)
    assert (s.kept, s.corrected, s.acceptance_rate) == (2, 2, 0.5)
    by = {k: (a.kept, a.corrected, a.rate) for k, a in s.acceptance_by_ranker.items()}
    assert by == {"claude:sonnet": (1, 0, 1.0), "deterministic": (1, 1, 0.5),
                  "unknown": (0, 1, 0.0)}
    assert [f.verdict for f in latest_verdicts(fbs) if f.search_id == "a" * 32] == [
        "kept", "corrected"]
    assert summarise(recs, []).acceptance_by_ranker == {}
