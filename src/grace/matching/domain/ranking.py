"""Stage 3 of seed 003: pick 4 recommended + 4 compatible finalists, each with one sentence.

Pure domain: the finalists brief, the ranking value, the JSON schema and prompt sent to an LLM,
the validation of its answer (:func:`parse_ranking`) and the deterministic ranker
(:func:`deterministic_ranking`) that needs no LLM and explains from matched facts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from grace.errors import InvalidRankingError
from grace.matching.domain.feedback_prior import (
    MemberFeedback,
    reorder,
    verdict_fact,
    verdict_line,
)
from grace.matching.domain.model import FORMAT_LABELS_FR, EventRequest, Member
from grace.matching.domain.places_fr import de
from grace.matching.domain.themes import Fit
from grace.text import words

RECOMMENDED = 4
"""Seed 003: « les 4 fortement recommandés »."""
COMPATIBLE = 4
"""Seed 003: « et les 4 compatibles »."""
MAX_EXPLANATION = 400
"""Longest explanation or rejection reason kept (characters); longer answers are invalid."""
KNOWLEDGE_EXCERPT = 300
"""Characters of a member's knowledge entries shown to the LLM (seed: « extraits KB »)."""


@dataclass(frozen=True, slots=True)
class Evidence:
    """What stage 2 found in a member for one request (issue 16 item 2).

    Attributes:
        themes: the member's tags that the request names (stemmed words, French Snowball),
            most specific first.
        words: other words of the request found in the member's record (as the organiser
            wrote them), the rarest among the candidates first.
        fit: how the member's tags fit what the request asks for
            (:func:`~grace.matching.domain.themes.member_fit`): ``theme``, ``related`` (a genre
            that goes with it), ``discipline`` (its discipline, genre not stated), ``other``
            (its discipline, another genre), ``none``; ``None`` when the request names no tag
            (no theme to fit).
        fit_tags: the member's tags behind ``fit`` (the wanted ones; the discipline; for
            ``other``, the discipline then its genres), as the member spells them.
        asked: the wanted tag the request names best, as the store spells it most often
            (« Musique classique »), for the sentence; ``None`` without a theme.
    """

    themes: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    fit: Fit | None = None
    fit_tags: tuple[str, ...] = ()
    asked: str | None = None

    @property
    def on_theme(self) -> bool:
        """Fits the theme the request names: a wanted tag, a specific request word in its
        record, or its discipline with no other genre stated; ``True`` when the request names
        no theme (nothing to be off)."""
        return self.fit is None or self.fit in ("theme", "discipline") or bool(self.words)


@dataclass(frozen=True, slots=True)
class Finalist:
    """A stage 2 finalist with the facts stage 3 explains from.

    Attributes:
        member: the member's record.
        similarity: cosine with the request (``None``: no current embedding).
        distance_km: from the zone's centre (``None`` without a zone or coordinates).
        days: availability on the requested dates (``True`` free, ``False`` booked); a missing
            date is unknown.
        evidence: the themes and words stage 2 matched (``None``: not computed; the
            explanation then matches tags on words, :func:`matched_tags`).
        feedback: the organiser's verdicts on this member for past similar requests
            (``None``: none; decision 0022).
    """

    member: Member
    similarity: float | None
    distance_km: float | None
    days: Mapping[date, bool] = field(default_factory=dict)
    evidence: Evidence | None = None
    feedback: MemberFeedback | None = None

    @property
    def code(self) -> str:
        return self.member.code


@dataclass(frozen=True, slots=True)
class PastRequest:
    """A past request with the same hard filters, shown to the LLM (seed 003 step 4)."""

    search_id: str
    description: str
    similarity: float
    kept: tuple[str, ...]
    """Codes the organiser kept (feedback), else the codes suggested then."""


@dataclass(frozen=True, slots=True)
class RankingBrief:
    """What stage 3 ranks: the request, its zone label and the finalists (stage 2 order)."""

    request: EventRequest
    zone_label: str | None
    finalists: tuple[Finalist, ...]
    past: tuple[PastRequest, ...] = ()

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(f.code for f in self.finalists)


@dataclass(frozen=True, slots=True)
class Pick:
    """A suggested member and the one sentence saying why it fits this request."""

    code: str
    explanation: str


@dataclass(frozen=True, slots=True)
class Rejection:
    """A finalist set aside despite its vector score, and why."""

    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class Ranking:
    """Seed 003's answer: ``recommended`` (≤ 4), ``compatible`` (≤ 4), ``rejected``."""

    recommended: tuple[Pick, ...]
    compatible: tuple[Pick, ...]
    rejected: tuple[Rejection, ...] = ()


# --- LLM side: schema, prompt, validation -------------------------------------------------------


def ranking_schema(codes: Sequence[str]) -> dict[str, Any]:
    """JSON schema of the answer, the finalists' codes as an enum (structured output).

    Uses only what structured-output decoders accept (no ``maxItems`` / ``maxLength``): the
    bounds are checked again by :func:`parse_ranking`.
    """
    code = {"type": "string", "enum": list(codes)}

    def items(text_field: str) -> dict[str, Any]:
        return {"type": "array", "items": {
            "type": "object", "additionalProperties": False,
            "required": ["memberCode", text_field],
            "properties": {"memberCode": code, text_field: {"type": "string"}},
        }}

    return {
        "type": "object", "additionalProperties": False,
        "required": ["recommended", "compatible", "rejected"],
        "properties": {"recommended": items("explanation"), "compatible": items("explanation"),
                       "rejected": items("reason")},
    }


SYSTEM_PROMPT = (
    "Tu aides un organisateur d'événements à choisir des lieux et prestataires parmi des "
    "membres déjà filtrés (zone, capacité, budget, disponibilités) et classés par similarité. "
    "Réponds uniquement par le JSON demandé, en français. Chaque explication tient en une "
    "phrase et dit pourquoi CE membre convient à CETTE demande, à partir des faits donnés ; "
    "n'invente aucun fait."
)


def _money(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo}–{hi} €"
    if hi is not None:
        return f"jusqu'à {hi} €"
    if lo is not None:
        return f"à partir de {lo} €"
    return "non renseigné"


def request_summary(request: EventRequest, zone_label: str | None) -> str:
    """The structured summary of a request (seed 003 prompt: « Demande : [résumé structuré] »)."""
    lines = [f"Description : {request.description.strip()}"]
    if request.extra.strip():
        lines.append(f"Informations complémentaires : {request.extra.strip()}")
    if request.format is not None:
        lines.append(f"Format : {FORMAT_LABELS_FR[request.format]}")
    if request.headcount is not None:
        lines.append(f"Personnes : {request.headcount}")
    if request.budget.known:
        lines.append(f"Budget : {_money(request.budget.min_eur, request.budget.max_eur)}")
    if zone_label:
        radius = f" (rayon {request.radius_km:g} km)" if request.radius_km else ""
        lines.append(f"Zone : {zone_label}{radius}")
    if request.dates:
        lines.append("Dates : " + ", ".join(d.isoformat() for d in request.dates))
    return "\n".join(lines)


def _facts(f: Finalist, request: EventRequest) -> dict[str, Any]:
    m = f.member
    out: dict[str, Any] = {"memberCode": m.code, "nom": m.name,
                           "commune": f"{m.commune} ({m.postal_code})"}
    if f.distance_km is not None:
        out["distance_km"] = round(f.distance_km, 1)
    if f.similarity is not None:
        out["similarite"] = round(f.similarity, 3)
    out["description"] = m.description[:600]
    ev = f.evidence
    if ev is not None and ev.fit is not None:
        out["theme_demande"] = ({"theme": "correspond", "related": "genre voisin",
                                 "discipline": "même discipline, genre "
                                 "non précisé", "other": "même discipline, autre genre",
                                 "none": "hors thème"}[ev.fit]
                                + (f" ({', '.join(ev.fit_tags)})" if ev.fit_tags else ""))
    if m.tags:
        out["tags"] = list(m.tags)
    caps = {k: v for k, v in (("assis", m.capacity.seated), ("debout", m.capacity.standing),
                              ("theatre", m.capacity.theatre), ("reunion", m.capacity.meeting))
            if v is not None}
    if caps:
        out["capacites"] = caps
    out["budget"] = _money(m.budget.min_eur, m.budget.max_eur)
    if request.dates:
        out["disponibilites"] = {d.isoformat(): ("libre" if f.days.get(d) else "inconnue"
                                                 if d not in f.days else "réservé")
                                 for d in request.dates}
    if m.rooms:
        out["salles"] = [r.name + (f" ({r.capacity} p.)" if r.capacity is not None else "")
                         for r in m.rooms[:5]]
    kb = " ".join(k.text for k in m.knowledge)
    if kb:
        out["extraits_kb"] = kb[:KNOWLEDGE_EXCERPT]
    if m.generated:
        out["champs_generes"] = list(m.generated)
    return out


def ranking_prompt(brief: RankingBrief) -> str:
    """The user message of seed 003's prompt: request, candidates with key facts, task."""
    parts = ["Demande :", request_summary(brief.request, brief.zone_label), "",
             f"Candidats ({len(brief.finalists)}, du plus au moins similaire) :"]
    parts += [json.dumps(_facts(f, brief.request), ensure_ascii=False) for f in brief.finalists]
    if brief.past:
        parts += ["", "Demandes passées similaires (mêmes filtres) :"]
        parts += [f"- « {p.description[:200]} » (similarité {p.similarity:.2f}) ; retenus : "
                  f"{', '.join(p.kept) or 'aucun'}" for p in brief.past]
    judged = [f for f in brief.finalists if f.feedback is not None]
    if judged:
        parts += ["", "Avis de l'organisateur sur ces candidats pour des demandes semblables "
                  "(mêmes filtres) :"]
        parts += [verdict_line(f.code, f.member.name, f.feedback) for f in judged
                  if f.feedback is not None]
    parts += [
        "", "Tâche :",
        f"1. Sélectionne les {RECOMMENDED} fortement recommandés et les {COMPATIBLE} compatibles.",
        "2. Justifie chaque choix en une phrase (pourquoi CETTE demande).",
        "3. Si un candidat te paraît mauvais malgré son score, mets-le dans « rejected » avec "
        "la raison.",
    ]
    if judged:
        parts.append("4. Tiens compte des avis de l'organisateur : un candidat retenu pour une "
                     "demande semblable est un bon signe, un candidat écarté un mauvais signe "
                     "(surtout pour la raison donnée).")
    parts += [
        'Réponse JSON : {"recommended": [{"memberCode", "explanation"}], "compatible": '
        '[{"memberCode", "explanation"}], "rejected": [{"memberCode", "reason"}]}',
    ]
    return "\n".join(parts)


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[«\"A-ZÀ-ÖØ-Þ])")


def one_sentence(text: str) -> str:
    """The first sentence of ``text`` (whitespace collapsed): seed 003 asks for « une phrase »,
    and a second sentence is dropped rather than refused."""
    return _SENTENCE_END.split(" ".join(text.split()), maxsplit=1)[0]


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidRankingError(f"{where}: needs a non-empty text")
    if len(value) > MAX_EXPLANATION:
        raise InvalidRankingError(f"{where}: {len(value)} characters, at most {MAX_EXPLANATION}")
    return one_sentence(value)


def parse_ranking(text: str, codes: Sequence[str], *, stop_reason: str = "end_turn") -> Ranking:
    """Validate an LLM's answer against the finalists.

    Checks: a normal stop (not ``max_tokens``), a JSON object with exactly the three lists,
    known codes only, no code twice (within or across lists), at most 4 + 4 picks, a non-empty
    explanation of at most :data:`MAX_EXPLANATION` characters (kept to its first sentence).

    Raises:
        InvalidRankingError: the first check that fails, named.
    """
    if stop_reason != "end_turn":
        raise InvalidRankingError(f"the answer did not end normally (stop_reason={stop_reason})")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise InvalidRankingError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidRankingError("the answer is not a JSON object")
    extra = sorted(set(data) - {"recommended", "compatible", "rejected"})
    if extra:
        raise InvalidRankingError(f"unexpected key(s) {', '.join(extra)}")
    known = set(codes)
    seen: set[str] = set()
    lists: dict[str, list[tuple[str, str]]] = {}
    for key, text_field, limit in (("recommended", "explanation", RECOMMENDED),
                                   ("compatible", "explanation", COMPATIBLE),
                                   ("rejected", "reason", len(known))):
        items = data.get(key, [])
        if not isinstance(items, list):
            raise InvalidRankingError(f"'{key}' is not a list")
        if len(items) > limit:
            raise InvalidRankingError(f"'{key}' has {len(items)} entries, at most {limit}")
        out: list[tuple[str, str]] = []
        for i, item in enumerate(items):
            where = f"{key}[{i}]"
            if not isinstance(item, dict):
                raise InvalidRankingError(f"{where} is not an object")
            code = item.get("memberCode")
            if not isinstance(code, str) or code not in known:
                raise InvalidRankingError(f"{where}: unknown member code {code!r}")
            if code in seen:
                raise InvalidRankingError(f"{where}: {code} appears twice")
            seen.add(code)
            out.append((code, _text(item.get(text_field), f"{where}.{text_field}")))
        lists[key] = out
    return Ranking(tuple(Pick(c, e) for c, e in lists["recommended"]),
                   tuple(Pick(c, e) for c, e in lists["compatible"]),
                   tuple(Rejection(c, r) for c, r in lists["rejected"]))


# --- The deterministic ranker -------------------------------------------------------------------


def matched_tags(member: Member, request: EventRequest) -> tuple[str, ...]:
    """Tags of ``member`` whose every word (≥ 3 letters, accents and case ignored, a final ``s``
    ignored) appears in the request's description or extra information."""
    said = {w.rstrip("s") for w in words(f"{request.description} {request.extra}")}
    out = []
    for tag in member.tags:
        parts = [w.rstrip("s") for w in words(tag) if len(w) >= 3]
        if parts and all(p in said for p in parts):
            out.append(tag)
    return tuple(out)


def _fr_int(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


def _fr_date(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def _fr_dec(x: float, digits: int) -> str:
    return f"{x:.{digits}f}".replace(".", ",")


_POINT_LABEL = re.compile(r"^-?\d+(\.\d+)?,-?\d")


def from_centre(label: str) -> str:
    """« du centre de Rennes (35) », « du centre de l’Ain (01) », « du centre du Nord (59) »,
    « du centre des Bouches-du-Rhône (13) », « du point 48.1,-1.68 » (articles:
    :func:`~grace.matching.domain.places_fr.de`)."""
    if _POINT_LABEL.match(label):
        return f"du point {label}"
    return f"du centre {de(label)}"


@dataclass(frozen=True, slots=True)
class _Facts:
    confirmed: list[str]
    unknown: list[str]


def _quoted(items: Sequence[str]) -> str:
    return ", ".join(f"« {t} »" for t in items[:3])


def _topic_facts(f: Finalist, request: EventRequest) -> list[str]:
    """What the member's record says of the request's topic: the tags it names (the theme,
    else its discipline with the genre not stated, else — off the theme — its own tags), the
    request's words found in it; never a bare similarity."""
    ev = f.evidence
    tags: tuple[str, ...]
    said: tuple[str, ...]
    if ev is None:
        tags, said = matched_tags(f.member, request), ()
    else:
        tags, said = ev.themes, ev.words
    out: list[str] = []
    if ev is not None and ev.fit == "theme":
        tags = tuple(dict.fromkeys((*ev.fit_tags, *tags)))
    if tags and (ev is None or ev.fit in (None, "theme")):
        out.append(f"{'thèmes' if len(tags) > 1 else 'thème'} {_quoted(tags)}")
    elif ev is not None and ev.fit == "discipline":
        out.append(f"discipline {_quoted(ev.fit_tags)}"
                   + (f", celle de « {ev.asked} »" if ev.asked else "")
                   + ", sans genre précisé dans sa fiche")
    if said:
        out.append(f"{_quoted(said)} dans sa fiche")
    if ev is not None and not ev.on_theme:
        theme = f"du thème « {ev.asked} »" if ev.asked else "du thème demandé"
        if ev.fit == "related":
            genres = ev.fit_tags[1:]
            along = f" à « {ev.asked} »" if ev.asked else ""
            out.append(f"hors {theme} mais {'genres' if len(genres) > 1 else 'genre'} "
                       f"{_quoted(genres)}, souvent associé{along} dans les fiches "
                       f"(discipline « {ev.fit_tags[0]} »)")
        elif ev.fit == "other":
            genres = ev.fit_tags[1:]
            out.append(f"hors {theme} : {'genres' if len(genres) > 1 else 'genre'} "
                       f"{_quoted(genres)} (discipline « {ev.fit_tags[0]} »)")
        else:
            own = f" : {_quoted(f.member.tags)}" if f.member.tags else ""
            out.append(f"hors {theme}{own}")
    elif not out:
        own = f" ({_quoted(f.member.tags)})" if f.member.tags else ""
        out.append(f"aucun mot de la demande dans sa fiche{own}, le plus proche par le sens"
                   if f.similarity is not None else f"aucun mot de la demande dans sa fiche{own}")
    return out


def off_theme(f: Finalist) -> bool:
    """Whether ``f`` is off the theme its request names (:attr:`Evidence.on_theme`)."""
    return f.evidence is not None and not f.evidence.on_theme


def _fact_list(f: Finalist, request: EventRequest, zone_label: str | None) -> _Facts:
    m, confirmed, unknown = f.member, [], []
    confirmed += _topic_facts(f, request)
    if f.feedback is not None:
        confirmed.append(verdict_fact(f.feedback))
    if request.format is not None and request.headcount is not None:
        cap = m.capacity.for_format(request.format)
        label = FORMAT_LABELS_FR[request.format]
        if cap is None:
            unknown.append(f"capacité en {label}")
        else:
            confirmed.append(f"{_fr_int(cap)} places en {label} pour "
                             f"{_fr_int(request.headcount)} invités")
    if request.budget.known:
        if m.budget.known:
            confirmed.append(f"budget {_money(m.budget.min_eur, m.budget.max_eur)} compatible")
        else:
            unknown.append("budget")
    if f.distance_km is not None and zone_label:
        confirmed.append(f"à {_fr_dec(f.distance_km, 1)} km {from_centre(zone_label)}")
    if request.dates:
        free = [d for d in request.dates if f.days.get(d) is True]
        if len(free) == len(request.dates):
            when = _fr_date(free[0]) if len(free) == 1 else f"les {len(free)} dates demandées"
            confirmed.append(f"disponible {'le ' if len(free) == 1 else ''}{when}")
        else:
            unknown.append("disponibilité")
    return _Facts(confirmed, unknown)


def explain(f: Finalist, request: EventRequest, zone_label: str | None, *,
            recommended: bool) -> str:
    """One French sentence from the facts ``f`` matches (tags, capacity for the format, budget,
    distance, availability) and the ones still unknown."""
    facts = _fact_list(f, request, zone_label)
    head = "Recommandé" if recommended else "Compatible"
    if off_theme(f):
        head += " faute de mieux"
    body = " ; ".join(facts.confirmed) if facts.confirmed else "passe les filtres de la demande"
    tail = f" ({', '.join(facts.unknown)} à confirmer)" if facts.unknown else ""
    return f"{head} : {body}{tail}."


def prior_order(finalists: Sequence[Finalist]) -> list[Finalist]:
    """Stage 2 order with the feedback prior applied (decision 0022): a member kept for a past
    similar request moves up, a corrected one down
    (:func:`~grace.matching.domain.feedback_prior.reorder`); unchanged without feedback."""
    return reorder(finalists, [0 if f.feedback is None else f.feedback.shift
                               for f in finalists])


def deterministic_ranking(brief: RankingBrief) -> Ranking:
    """Seed 003's answer without an LLM, from stage 2 order, the feedback prior and the hard
    facts.

    Order: stage 2's, each member moved by the organiser's verdicts on past similar requests
    (:func:`prior_order`). Recommended: the 4 finalists on the theme the request names
    (:func:`off_theme`) with the fewest unknown requested facts (capacity, budget,
    availability), then the best place in that order; an off-theme finalist is recommended
    only when fewer than 4 are on it, and its sentence says « faute de mieux ». Compatible: the next
    4 in that order. Stage 2
    already weighs the themes and words the request shares with each member (decision 0021);
    a second count of matching tags here would let a broad tag (« Musique ») outrank the
    specific one (« Musique classique »). Nothing is rejected (only an LLM judges beyond the
    facts).
    """
    req = brief.request
    facts = {f.code: _fact_list(f, req, brief.zone_label) for f in brief.finalists}
    ordered = prior_order(brief.finalists)
    order = {f.code: i for i, f in enumerate(ordered)}
    rec = sorted(ordered, key=lambda f: (off_theme(f), len(facts[f.code].unknown),
                                         order[f.code]))[:RECOMMENDED]
    chosen = {f.code for f in rec}
    comp = [f for f in ordered if f.code not in chosen][:COMPATIBLE]
    return Ranking(
        tuple(Pick(f.code, explain(f, req, brief.zone_label, recommended=True)) for f in rec),
        tuple(Pick(f.code, explain(f, req, brief.zone_label, recommended=False)) for f in comp),
    )


def explain_explicit(f: Finalist, request: EventRequest, zone_label: str | None) -> str:
    """One French sentence for a member the organiser named (served without the pipeline):
    the facts that fit, and the known conflicts (booked date, capacity below the headcount,
    budget outside the request's) so the organiser sees them before confirming."""
    m, issues = f.member, []
    booked = [d for d in request.dates if f.days.get(d) is False]
    if booked:
        issues.append("réservé le " + ", ".join(_fr_date(d) for d in booked))
    if request.format is not None and request.headcount is not None:
        cap = m.capacity.for_format(request.format)
        if cap is not None and cap < request.headcount:
            issues.append(f"{_fr_int(cap)} places en {FORMAT_LABELS_FR[request.format]} pour "
                          f"{_fr_int(request.headcount)} invités")
    if request.budget.known and m.budget.known and not m.budget.overlaps(request.budget):
        issues.append(f"budget {_money(m.budget.min_eur, m.budget.max_eur)} hors de la demande")
    body = "Demandé explicitement par l'organisateur"
    if issues:
        return f"{body} ; attention : {' ; '.join(issues)}."
    ok = _fact_list(f, request, zone_label).confirmed
    return f"{body} ; {' ; '.join(ok)}." if ok else f"{body}."
