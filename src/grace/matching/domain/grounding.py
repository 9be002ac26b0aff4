"""Is an LLM's explanation true of the member it explains? (issue 16, item 5).

Structured output guarantees the *shape* of stage 3's answer, not its truth: an LLM may write
« à 2 km du centre, 500 places assises » for a venue 40 km away with 120 seats. Every fact an
explanation *cites* is read back from the French sentence and compared with the member's
record and the request (:func:`check_explanation`):

- distances (``12 km``, ``12,5 kilomètres``, ``800 m``) against the member's distance from the
  zone's centre, or the request's radius (« dans un rayon de 30 km »);
- headcounts (``120 places``, ``1 200 personnes``, ``300 invités``…) against the member's
  capacities (per format when the sentence names one: assis, debout, théâtre, réunion) and its
  rooms', or the request's headcount restated;
- amounts (``3 000 €``, ``2,5 k€``, ``1 000–3 000 euros``) against the member's budget range,
  or the request's budget restated;
- dates (``12/06/2027``, ``2027-06-12``, ``12 juin 2027``, ``1er juin``) against the requested
  dates, and « disponible / libre » or « réservé / complet » against the member's calendar;
- quoted words (« Jazz », "jazz") against the member's tags and text, or the request's text:
  a quote is a citation, and a cited tag must be one of the member's.

A sentence that cites nothing checkable passes (« Recommandé : #102. »): the check refutes, it
does not demand facts. Tolerances, chosen so that rounding passes and invention does not:
distance ±max(1 km, 15 %) (« moins de X km »: up to X + 10 %); a headcount up to the known
capacity + 5 % (« accueille 100 personnes » is true of a 120-seat room); an amount inside the
budget range widened by 5 %; dates exact.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from grace.matching.domain.feedback_prior import MemberFeedback
from grace.matching.domain.model import EventFormat, EventRequest, Member
from grace.matching.domain.ranking import (
    COMPATIBLE,
    RECOMMENDED,
    Finalist,
    Pick,
    Ranking,
    RankingBrief,
    deterministic_ranking,
    explain,
)
from grace.text import fold

DISTANCE_ABS_KM = 1.0
"""Distance tolerance floor (km): « à 2 km » for 2.8 km passes."""
DISTANCE_REL = 0.15
"""Relative distance tolerance (15 %: « à 40 km » for 46 km passes)."""
COUNT_REL = 0.05
"""A cited headcount or amount may exceed the record by 5 % (rounding up « 1 000 » for 960)."""

_MONTHS = {"janvier": 1, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6,
           "juillet": 7, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11,
           "decembre": 12}
_NUM = r"(\d{1,3}(?:[ .]\d{3})+(?![\d.,])|\d+(?:[.,]\d+)?)"
"""A French number: ``1 200`` / ``1.200`` (thousands), ``12``, ``12,5``, ``12.5``."""
_KM = re.compile(_NUM + r"\s*(km|kilometres?)\b")
_METRES = re.compile(r"\ba\s+(\d+)\s*(m|metres?)\b(?!\s*[²2])")
"""« à 800 m » (a distance; « scène de 12 m » is not one)."""
_PEOPLE = re.compile(_NUM + r"\s*(places?|personnes?|invites?|convives?|couverts?|"
                     r"participants?|spectateurs?|visiteurs?|pers\b|p\.)")
_RANGE_EUR = re.compile(_NUM + r"\s*(?:-|–|—|a)\s*" + _NUM + r"\s*(k\s*€|k\s*euros?|€|euros?)")
_EUR = re.compile(_NUM + r"\s*(k\s*€|k\s*euros?|€|euros?)")
_DMY = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DAY_MONTH = re.compile(r"\b(\d{1,2}|1er)\s+(" + "|".join(_MONTHS) + r")(?:\s+(\d{4}))?\b")
_QUOTED = re.compile(r"«\s*([^»]{1,120}?)\s*»|“([^”]{1,120})”|\"([^\"]{1,120})\"")
_FORMAT_WORDS: tuple[tuple[str, EventFormat], ...] = (
    ("assis", "seated"), ("repas", "seated"), ("banquet", "seated"), ("diner", "seated"),
    ("debout", "standing"), ("cocktail", "standing"), ("theatre", "theatre"),
    ("conference", "theatre"), ("reunion", "meeting"))
_FREE = re.compile(r"\b(disponible|libre)s?\b")
_BOOKED = re.compile(r"\b(reserve|indisponible|complet|occupe)e?s?\b")
_NEGATION = re.compile(r"\b(pas|non|ni|plus)\s+(?:\w+\s+)?$")


def _number(raw: str, *, count: bool) -> float:
    """``raw`` (one :data:`_NUM` match) as a float; ``count``: a dot before three digits is a
    thousands separator (« 1.200 places »), else a decimal point (« 1.5 km »)."""
    s = raw.replace(" ", "")
    if count and re.fullmatch(r"\d{1,3}(\.\d{3})+", s):
        s = s.replace(".", "")
    return float(s.replace(",", "."))


def _near(value: float, targets: Iterable[float | int | None], rel: float = 0.01) -> bool:
    return any(t is not None and abs(value - t) <= max(0.5, rel * abs(t)) for t in targets)


def _before(text: str, start: int, width: int = 24) -> str:
    return text[max(0, start - width):start]


def _normalise(text: str) -> str:
    """NFKC (no-break spaces become spaces), accents and case folded, ``’`` as ``'``."""
    return fold(unicodedata.normalize("NFKC", text)).replace("’", "'")


def _capacities(member: Member, fmt: EventFormat | None) -> list[int]:
    cap = member.capacity
    if fmt is not None:
        value = cap.for_format(fmt)
        return [value] if value is not None else []
    values = [v for v in (cap.seated, cap.standing, cap.theatre, cap.meeting) if v is not None]
    return values + [r.capacity for r in member.rooms if r.capacity is not None]


def _format_near(text: str, start: int, end: int) -> EventFormat | None:
    around = text[max(0, start - 30):end + 30]
    for word, fmt in _FORMAT_WORDS:
        if re.search(rf"\b{word}", around):
            return fmt
    return None


def _check_distances(text: str, distance_km: float | None, request: EventRequest,
                     problems: list[str]) -> None:
    claims = [(m.start(), _number(m.group(1), count=False)) for m in _KM.finditer(text)]
    claims += [(m.start(), float(m.group(1)) / 1000) for m in _METRES.finditer(text)]
    for start, km in claims:
        before = _before(text, start)
        if request.radius_km is not None and _near(km, [request.radius_km]):
            continue  # the request's radius restated
        if "rayon" in before:
            problems.append(f"cites a radius of {km:g} km, the request's is "
                            f"{request.radius_km if request.radius_km is not None else 'none'}")
            continue
        if distance_km is None:
            problems.append(f"cites {km:g} km, the member's distance is unknown")
            continue
        if re.search(r"moins d|a peine|jusqu'a|au plus|maximum", before):
            ok = distance_km <= km * 1.1 + 0.1
        elif re.search(r"plus d|au moins|au-dela", before):
            ok = distance_km >= km * 0.9 - 0.1
        else:
            ok = abs(distance_km - km) <= max(DISTANCE_ABS_KM, DISTANCE_REL * distance_km)
        if not ok:
            problems.append(f"cites {km:g} km, the member is {distance_km:.1f} km away")


def _check_people(text: str, member: Member, request: EventRequest,
                  problems: list[str]) -> None:
    for m in _PEOPLE.finditer(text):
        n = _number(m.group(1), count=True)
        if request.headcount is not None and _near(n, [request.headcount]):
            before = _before(text, m.start(), 40)
            claims_capacity = re.search(r"accueil|capacite|contient|jusqu'a|peut", before)
            caps = _capacities(member, _format_near(text, m.start(), m.end()))
            if not claims_capacity or not caps or max(caps) >= n:
                continue  # the request's headcount restated (or truly hosted)
        fmt = _format_near(text, m.start(), m.end())
        caps = _capacities(member, fmt) or ([] if fmt is None else _capacities(member, None))
        if not caps:
            problems.append(f"cites {n:g} persons, the member's capacity is unknown")
        elif n > max(caps) * (1 + COUNT_REL):
            where = f" ({fmt})" if fmt is not None else ""
            problems.append(f"cites {n:g} persons{where}, the member holds at most {max(caps)}")


def _amounts(text: str) -> list[float]:
    out: list[float] = []
    spans: list[tuple[int, int]] = []
    for m in _RANGE_EUR.finditer(text):
        k = 1000.0 if m.group(3).startswith("k") else 1.0
        out += [_number(m.group(1), count=True) * k, _number(m.group(2), count=True) * k]
        spans.append(m.span())
    for m in _EUR.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        k = 1000.0 if m.group(2).startswith("k") else 1.0
        out.append(_number(m.group(1), count=True) * k)
    return out


def _check_budget(text: str, member: Member, request: EventRequest,
                  problems: list[str]) -> None:
    for eur in _amounts(text):
        if _near(eur, [request.budget.min_eur, request.budget.max_eur]):
            continue  # the request's budget restated
        if not member.budget.known:
            problems.append(f"cites {eur:g} €, the member's budget is unknown")
            continue
        lo = (member.budget.min_eur or 0) * (1 - COUNT_REL)
        hi = member.budget.max_eur
        if eur < lo - 0.5 or (hi is not None and eur > hi * (1 + COUNT_REL) + 0.5):
            shown = f"{member.budget.min_eur or 0}–{hi if hi is not None else '∞'} €"
            problems.append(f"cites {eur:g} €, the member's budget is {shown}")


def _dates(text: str, request: EventRequest,
           verdict_days: Collection[date] = ()) -> list[tuple[int, date | None, str]]:
    """Dates cited: (position, the requested date it is, or ``None``, as written); the date of
    a past verdict on the member (``verdict_days``: « retenu pour une demande semblable le
    12/03/2026 », decision 0022) is no claim about the requested dates and is left out."""
    found: list[tuple[int, int | None, int, int, str]] = []
    for m in _DMY.finditer(text):
        found.append((m.start(), int(m.group(3)), int(m.group(2)), int(m.group(1)), m.group()))
    for m in _ISO.finditer(text):
        found.append((m.start(), int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group()))
    for m in _DAY_MONTH.finditer(text):
        day = 1 if m.group(1) == "1er" else int(m.group(1))
        year = int(m.group(3)) if m.group(3) else None
        found.append((m.start(), year, _MONTHS[m.group(2)], day, m.group()))
    out: list[tuple[int, date | None, str]] = []
    for pos, year, month, day, raw in found:
        match = next((d for d in request.dates if (d.month, d.day) == (month, day)
                      and (year is None or d.year == year)), None)
        if match is None and any((d.month, d.day) == (month, day) and (year is None or
                                                                      d.year == year)
                                 for d in verdict_days):
            continue
        out.append((pos, match, raw))
    return out


def _check_dates(text: str, days: dict[date, bool], request: EventRequest,
                 problems: list[str], verdict_days: Collection[date] = ()) -> None:
    cited = _dates(text, request, verdict_days)
    for _, d, raw in cited:
        if d is None:
            problems.append(f"cites the date {raw}, not one of the requested dates")
    dated = [d for _, d, _ in cited if d is not None]
    free = [m for m in _FREE.finditer(text) if not _NEGATION.search(_before(text, m.start()))]
    booked = list(_BOOKED.finditer(text)) + [
        m for m in _FREE.finditer(text) if _NEGATION.search(_before(text, m.start()))]
    if free and request.dates:
        for d in dated or list(request.dates):
            if days.get(d) is not True:
                state = "booked" if days.get(d) is False else "unknown"
                problems.append(f"says available on {d.isoformat()}, the calendar says {state}")
    if booked:
        for d in dated:
            if days.get(d) is not False:
                state = "free" if days.get(d) else "unknown"
                problems.append(f"says booked on {d.isoformat()}, the calendar says {state}")


def _check_quotes(text: str, member: Member, request: EventRequest,
                  problems: list[str], past: Iterable[str] = ()) -> None:
    tags = {_normalise(t) for t in member.tags}
    known = " ".join(_normalise(s) for s in (
        member.name, member.description, member.commune, *member.tags,
        *(f"{r.name} {r.description}" for r in member.rooms),
        *(k.text for k in member.knowledge)))
    asked = _normalise(" ".join((request.description, request.extra, request.zone or "",
                                 *past)))
    for m in _QUOTED.finditer(text):
        quote = _normalise(next(g for g in m.groups() if g is not None)).strip(" .,;:")
        if not quote or quote in tags or quote in known or quote in asked:
            continue
        problems.append(f"cites « {quote} », not one of the member's tags")


def check_explanation(explanation: str, member: Member, request: EventRequest, *,
                      distance_km: float | None, days: dict[date, bool],
                      feedback: MemberFeedback | None = None) -> list[str]:
    """What ``explanation`` states that is false of ``member`` (empty: nothing refuted).

    Args:
        explanation: one French sentence from the LLM.
        member: the member it explains.
        request: the organiser's request (restating its headcount, budget, radius or words is
            not a claim about the member).
        distance_km: the member's distance from the zone's centre (km), ``None`` if unknown.
        days: the member's calendar on the requested dates (``True`` free, ``False`` booked).
        feedback: the organiser's verdicts on the member for past similar requests: their
            dates and descriptions may be cited (« retenu pour « festival de jazz » le
            12/03/2026 »).

    Returns:
        One short English note per refuted claim (« cites 2 km, the member is 38.2 km away »),
        for the logs and the technical details; the organiser sees the replacement sentence.
    """
    text = _normalise(explanation)
    problems: list[str] = []
    _check_distances(text, distance_km, request, problems)
    _check_people(text, member, request, problems)
    _check_budget(text, member, request, problems)
    verdicts = feedback.verdicts if feedback is not None else ()
    _check_dates(text, days, request, problems, [v.at.date() for v in verdicts])
    _check_quotes(explanation, member, request, problems, [v.description for v in verdicts])
    return problems


@dataclass(frozen=True, slots=True)
class GroundedRanking:
    """An LLM ranking after :func:`ground_ranking`.

    Attributes:
        ranking: the LLM's picks, false explanations replaced, short groups topped up.
        checked: LLM explanations checked.
        replaced: code → what its LLM explanation stated falsely (it now carries the
            deterministic ranker's sentence).
        topped_up: codes added from the deterministic ranking because the LLM's answer had
            fewer than 4 + 4 picks (partial, empty, or everything rejected).
    """

    ranking: Ranking
    checked: int
    replaced: Mapping[str, tuple[str, ...]]
    topped_up: tuple[str, ...]


def ground_ranking(ranking: Ranking, brief: RankingBrief) -> GroundedRanking:
    """Check every explanation of ``ranking`` (an LLM's, already :func:`parse_ranking`-valid)
    against its member's record; replace a false one by the deterministic ranker's sentence;
    top up groups shorter than 4 + 4 from the deterministic ranking of the finalists the LLM
    did not pick — the ones it did not reject first, then, if finalists run short, the ones it
    rejected (an answer that rejects everything still gets a shortlist; its reasons stay in
    ``rejected`` for the organiser to read).
    """
    by_code = {f.code: f for f in brief.finalists}
    req, label = brief.request, brief.zone_label
    replaced: dict[str, tuple[str, ...]] = {}

    def checked(pick: Pick, *, recommended: bool) -> Pick:
        f = by_code[pick.code]
        problems = check_explanation(pick.explanation, f.member, req,
                                     distance_km=f.distance_km, days=dict(f.days),
                                     feedback=f.feedback)
        if not problems:
            return pick
        replaced[pick.code] = tuple(problems)
        return Pick(pick.code, explain(f, req, label, recommended=recommended))

    rec = [checked(p, recommended=True) for p in ranking.recommended]
    comp = [checked(p, recommended=False) for p in ranking.compatible]
    want_rec = min(RECOMMENDED, len(brief.finalists))
    want_comp = min(COMPATIBLE, len(brief.finalists) - want_rec)
    topped: list[str] = []
    if len(rec) < want_rec or len(comp) < want_comp:
        used = {p.code for p in (*rec, *comp)}
        refused = {r.code for r in ranking.rejected}
        order: list[Finalist] = []
        for pool in ([f for f in brief.finalists if f.code not in used | refused],
                     [f for f in brief.finalists if f.code in refused - used]):
            while pool:  # the deterministic order of the whole pool, 8 at a time
                det = deterministic_ranking(RankingBrief(req, label, tuple(pool), brief.past))
                nxt = [by_code[p.code] for p in (*det.recommended, *det.compatible)]
                if not nxt:
                    break
                order += nxt
                taken = {f.code for f in nxt}
                pool = [f for f in pool if f.code not in taken]
        for f in order:
            if len(rec) < want_rec:
                rec.append(Pick(f.code, explain(f, req, label, recommended=True)))
            elif len(comp) < want_comp:
                comp.append(Pick(f.code, explain(f, req, label, recommended=False)))
            else:
                break
            topped.append(f.code)
    return GroundedRanking(Ranking(tuple(rec), tuple(comp), ranking.rejected),
                           len(ranking.recommended) + len(ranking.compatible), replaced,
                           tuple(topped))
