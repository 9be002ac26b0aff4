"""check_explanation: the facts an LLM's French sentence cites, read back and compared with the
member's record (issue 16, item 5); ground_ranking: replacement and top-up."""

from __future__ import annotations

from datetime import date

import pytest

from grace.matching.domain.grounding import check_explanation, ground_ranking
from grace.matching.domain.model import (
    BudgetRange,
    Capacities,
    EventRequest,
    KnowledgeEntry,
    Member,
    Room,
)
from grace.matching.domain.ranking import Finalist, Pick, Ranking, RankingBrief, Rejection

DAY = date(2027, 6, 12)
MEMBER = Member(code="#1", name="Le Jardin", description="Festival de jazz en plein air",
                postal_code="35000", commune="Rennes", latitude=48.1, longitude=-1.6,
                tags=("Jazz", "Musique du monde"),
                capacity=Capacities(seated=120, standing=300),
                budget=BudgetRange(1000, 3000), rooms=(Room("Grange", "", 80),),
                knowledge=(KnowledgeEntry("parking de 200 places"),))
REQUEST = EventRequest("festival de jazz en plein air", format="seated", headcount=100,
                       budget=BudgetRange(None, 4000), zone="Rennes", radius_km=30,
                       dates=(DAY,))


def check(text: str, *, distance_km: float | None = 12.3,
          days: dict[date, bool] | None = None, member: Member = MEMBER) -> list[str]:
    return check_explanation(text, member, REQUEST, distance_km=distance_km,
                             days={DAY: True} if days is None else days)


@pytest.mark.parametrize("text", [
    "Recommandé : thème « Jazz » ; 120 places en repas assis pour 100 invités ; budget "
    "1\u202f000–3\u202f000 € compatible ; à 12,3 km du centre de Rennes ; disponible le "
    "12/06/2027.",
    "Salle de 300 personnes debout, à moins de 15 km, libre le 12 juin.",
    "Pour vos 100 invités, dans un rayon de 30 km.",
    "À une dizaine de kilomètres, environ 12 km, ce lieu « Musique du monde » convient.",
    "Recommandé : #102.",
    "Tarif à partir de 1 000 € et jusqu'à 2,5 k€.",
    "Dans votre budget de 4 000 €, le 2027-06-12.",
    "Accueille 100 personnes assises.",  # true: 120 seats
    "Idéal pour un « festival de jazz en plein air ».",  # the request quoted
])
def test_true_sentences_pass(text: str) -> None:
    assert check(text) == []


@pytest.mark.parametrize(("text", "problem"), [
    ("À 2 km du centre.", "cites 2 km, the member is 12.3 km away"),
    ("À 800 m du centre.", "cites 0.8 km"),
    ("À moins de 5 km.", "cites 5 km"),
    ("Dans un rayon de 50 km.", "radius of 50 km"),
    ("500 places assises.", "cites 500 persons (seated), the member holds at most 120"),
    ("Accueille 1 200 personnes.", "cites 1200 persons, the member holds at most 300"),
    ("Budget dès 800 €.", "cites 800 €, the member's budget is 1000–3000 €"),
    ("Formule 1 000–5 000 euros.", "cites 5000 €"),
    ("Tarif de 12 k€.", "cites 12000 €"),
    ("Disponible le 13/06/2027.", "not one of the requested dates"),
    ("Réservé le 12 juin 2027.", "says booked on 2027-06-12, the calendar says free"),
    ("Thème « Techno ».", "cites « techno », not one of the member's tags"),
    ("Thème “Rock”.", "cites « rock »"),
])
def test_false_sentences_are_named(text: str, problem: str) -> None:
    problems = check(text)
    assert any(problem in p for p in problems), problems


def test_availability_is_read_from_the_calendar() -> None:
    assert check("Disponible à votre date.", days={DAY: False}) == [
        "says available on 2027-06-12, the calendar says booked"]
    assert check("Disponible à votre date.", days={}) == [
        "says available on 2027-06-12, the calendar says unknown"]
    assert check("Pas disponible le 12/06/2027.", days={DAY: False}) == []


def test_facts_the_record_lacks_cannot_be_cited() -> None:
    bare = Member(code="#2", name="Lieu", description="salle", postal_code="35000",
                  commune="Rennes")
    assert check("À 3 km, 150 places et 2 000 €.", distance_km=None, member=bare) == [
        "cites 3 km, the member's distance is unknown",
        "cites 150 persons, the member's capacity is unknown",
        "cites 2000 €, the member's budget is unknown"]


def _finalists(n: int) -> tuple[Finalist, ...]:
    return tuple(Finalist(Member(code=f"#{10 + i}", name=f"Salle {i}", description="jazz",
                                 postal_code="35000", commune="Rennes", tags=("Jazz",),
                                 capacity=Capacities(seated=150)), 0.9 - i / 100, 2.0 + i)
                 for i in range(n))


def test_ground_ranking_replaces_and_tops_up() -> None:
    brief = RankingBrief(REQUEST, "Rennes", _finalists(12))
    lie = Pick("#10", "À 40 km, 900 places assises.")
    true = Pick("#11", "À 3 km du centre de Rennes.")
    grounded = ground_ranking(Ranking((lie, true), (), (Rejection("#12", "trop petit."),)),
                              brief)
    assert grounded.checked == 2
    assert set(grounded.replaced) == {"#10"} and len(grounded.replaced["#10"]) == 2
    rec, comp = grounded.ranking.recommended, grounded.ranking.compatible
    assert [p.code for p in rec[:2]] == ["#10", "#11"]
    assert rec[0].explanation.startswith("Recommandé : ") and rec[1] == true
    assert len(rec) == 4 and len(comp) == 4
    assert "#12" not in {p.code for p in rec + comp}  # rejected ones come last, if at all
    assert grounded.topped_up == tuple(p.code for p in rec[2:] + comp)
    assert all(p.explanation.startswith("Compatible : ") for p in comp)
    assert grounded.ranking.rejected == (Rejection("#12", "trop petit."),)


def test_top_up_takes_rejected_finalists_only_when_the_others_run_out() -> None:
    brief = RankingBrief(REQUEST, "Rennes", _finalists(6))
    rejected = tuple(Rejection(f"#{10 + i}", "non.") for i in range(6))
    grounded = ground_ranking(Ranking((), (), rejected), brief)
    assert len(grounded.ranking.recommended) == 4 and len(grounded.ranking.compatible) == 2
    assert len(grounded.topped_up) == 6


def test_a_full_true_answer_is_left_alone() -> None:
    brief = RankingBrief(REQUEST, "Rennes", _finalists(10))
    answer = Ranking(tuple(Pick(f"#{10 + i}", "Bon choix.") for i in range(4)),
                     tuple(Pick(f"#{14 + i}", "Possible.") for i in range(4)))
    grounded = ground_ranking(answer, brief)
    assert grounded.ranking == answer and not grounded.replaced and not grounded.topped_up
