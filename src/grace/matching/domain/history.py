"""Past searches, feedback and the metrics read from them (seed 003 « Métriques à monitorer »).

A :class:`SearchRecord` is written for every search; :class:`Feedback` says whether the organiser
kept or corrected a suggestion; :func:`summarise` turns them into p50/p95/p99 per stage, funnel
averages, cost per search and the acceptance rate.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from grace.matching.domain.filters import HardFilter, Zone

Verdict = Literal["kept", "corrected"]
"""Feedback on one suggestion: the organiser ``kept`` it or ``corrected`` it (replaced, removed)."""
VERDICTS: tuple[Verdict, ...] = ("kept", "corrected")
CorrectionReason = Literal["wrong_place", "wrong_theme", "too_small", "too_expensive", "other"]
"""Why the organiser corrected a suggestion (issue 16): wrong place, wrong theme, too small, too
expensive, other (then the comment says what)."""
REASONS: tuple[CorrectionReason, ...] = ("wrong_place", "wrong_theme", "too_small",
                                         "too_expensive", "other")
SuggestionSource = Literal["llm", "replaced", "top-up", "deterministic", "explicit", ""]
"""Who wrote a suggestion's explanation: the LLM; the deterministic ranker in place of an LLM
explanation that stated something false (``replaced``) or for a member added to a short LLM
answer (``top-up``); the deterministic ranker alone; the explicit-codes path; ``""`` in
searches logged before issue 16."""
SearchMode = Literal["pipeline", "explicit"]
"""``pipeline``: stages 1–3; ``explicit``: the request named member codes, served directly."""

EXPLICIT_CODE = re.compile(
    r"#(?:[ \u00a0](?=[0-9]))?([0-9][A-Za-z0-9_-]*|[A-Za-z][A-Za-z0-9_-]*[0-9][A-Za-z0-9_-]*)\b"
)
"""A member code written in a request (seed 003: « #102 et #157 »): ``#`` then digits first
(``#102``, also ``# 102``), or letters of either case with at least one digit (``#G12``,
``#fest_35238_7``). Hashtags without a digit (``#jazz``, ``#Rennes``) are not codes."""
_CODE_RUN = re.compile(rf"(?<![\w#])(?:{EXPLICIT_CODE.pattern})+")
"""Codes written one after the other (``#102#157``), not glued to a word (``C#7``, ``abc#102``)."""
MAX_EXPLICIT = 50
"""At most this many explicit codes are served (more is not a shortlist)."""


def explicit_codes(text: str) -> tuple[str, ...]:
    """Member codes named in ``text``, in order, without repeats (``"#102 et #157"`` →
    ``('#102', '#157')``), as written once NFKC-normalised (the full-width ``＃１０２`` is
    ``#102``); the case is the writer's (the store lookup ignores it)."""
    out: dict[str, None] = {}
    for run in _CODE_RUN.finditer(unicodedata.normalize("NFKC", text)):
        for m in EXPLICIT_CODE.finditer(run.group()):
            out.setdefault("#" + m.group(1), None)
    return tuple(out)


def code_spellings(code: str) -> tuple[str, ...]:
    """``code`` as written, in capitals and in lower case, without repeats: the store keys to
    try for a code an organiser typed (``#fest_7`` finds ``#FEST_7``)."""
    return tuple(dict.fromkeys((code, code.upper(), code.lower())))


def _zone_canon(z: Zone) -> dict[str, Any]:
    circle = z.circle
    return {
        "kind": z.kind,
        "codes": hashlib.sha256(",".join(sorted(z.postal_codes)).encode()).hexdigest(),
        "circle": None if circle is None else [round(circle.lat, 5), round(circle.lon, 5),
                                               round(circle.radius_km, 3)],
    }


def filter_key(f: HardFilter) -> str:
    """SHA-256 (hex) of the hard filters' canonical form: zone (kind, postal codes, circle),
    format, headcount, budget, dates, unknown rule. Two requests are compared for reuse only
    when their keys are equal (opposite requests embed close together, seed 003 issue 7)."""
    zone: dict[str, Any] | None = None
    if f.zone is not None:
        zone = _zone_canon(f.zone)
        if f.zone.parts:  # several zones: each part's codes and circle (absent otherwise: the
            # keys of single zones are unchanged)
            zone["parts"] = sorted(json.dumps(_zone_canon(p), sort_keys=True)
                                   for p in f.zone.parts)
    canon = {"zone": zone, "format": f.format, "headcount": f.headcount,
             "budget": [f.budget.min_eur, f.budget.max_eur],
             "dates": sorted({d.isoformat() for d in f.dates}), "unknown": f.unknown}
    return hashlib.sha256(json.dumps(canon, sort_keys=True).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggestion as recorded: code, group (``recommended`` / ``compatible``), explanation,
    and who wrote it (:data:`SuggestionSource`)."""

    code: str
    group: Literal["recommended", "compatible"]
    explanation: str
    source: SuggestionSource = ""


@dataclass(frozen=True, slots=True)
class SearchRecord:
    """One search, as the search log keeps it.

    Attributes:
        search_id: 32 hex characters (uuid4).
        at: UTC time of the search.
        request: the request as JSON-able fields (description, format, headcount, budget…).
        filter_key: :func:`filter_key` of its hard filters (``""`` in explicit mode).
        embedding: request vector ``(d,) float32`` (``None`` in explicit mode); ``model_key``
            names the model.
        stage_ms: wall time per stage in ms (``stage1``, ``embedding``, ``stage2``, ``stage3``,
            ``total``).
        funnel: members kept per stage (``members``, ``stage1``, ``narrowed``, ``stage2``,
            ``stage3``).
        ranker: what answered stage 3 (``deterministic``, ``claude:<model>``, ``explicit``).
        fallback: why the deterministic ranker answered instead of the LLM (``None`` if not).
        input_tokens / output_tokens / cost_eur: LLM usage of this search, every attempt
            included (€).
    """

    search_id: str
    at: datetime
    mode: SearchMode
    request: dict[str, Any]
    filter_key: str
    embedding: npt.NDArray[np.float32] | None
    model_key: str
    stage_ms: dict[str, float]
    funnel: dict[str, int]
    ranker: str
    fallback: str | None
    input_tokens: int
    output_tokens: int
    cost_eur: float
    suggestions: tuple[Suggestion, ...]


@dataclass(frozen=True, slots=True)
class Feedback:
    """The organiser's verdict on one suggestion of a search; a correction says why
    (``reason``, :data:`REASONS`; ``None`` for a kept one or an old row)."""

    search_id: str
    code: str
    verdict: Verdict
    at: datetime
    comment: str = ""
    reason: CorrectionReason | None = None


@dataclass(frozen=True, slots=True)
class SimilarRequest:
    """A past search with the same hard filters, offered for reuse (``extra``: its extra
    information, compared with the new request's for negations).

    Attributes:
        kept / corrected: codes whose latest verdict in that search is ``kept`` /
            ``corrected``, in the order the verdicts were given.
        verdicts: the latest verdict on each member judged in that search, oldest first (the
            feedback prior of the next similar request, decision 0022).
    """

    search_id: str
    at: datetime
    description: str
    similarity: float
    suggestions: tuple[Suggestion, ...]
    kept: tuple[str, ...]
    extra: str = ""
    corrected: tuple[str, ...] = ()
    verdicts: tuple[Feedback, ...] = ()


def latest_verdicts(feedback: Sequence[Feedback]) -> list[Feedback]:
    """The latest verdict per (search, code) of ``feedback``, in the order they were given
    (a member kept then corrected in one search counts as corrected)."""
    latest: dict[tuple[str, str], Feedback] = {}
    for fb in sorted(feedback, key=lambda f: f.at):  # stable: equal times keep the row order
        latest.pop((fb.search_id, fb.code), None)
        latest[(fb.search_id, fb.code)] = fb
    return list(latest.values())


@dataclass(frozen=True, slots=True)
class Acceptance:
    """Feedback on the suggestions of one ranker's searches: ``kept``, ``corrected`` and the
    rate ``kept / (kept + corrected)`` (``None`` without feedback)."""

    kept: int
    corrected: int
    rate: float | None


def _acceptance(verdicts: Sequence[Feedback]) -> Acceptance:
    kept = sum(1 for v in verdicts if v.verdict == "kept")
    return Acceptance(kept, len(verdicts) - kept, kept / len(verdicts) if verdicts else None)


@dataclass(frozen=True, slots=True)
class Percentiles:
    """p50 / p95 / p99 of a stage's latency (ms) over ``count`` searches."""

    count: int
    p50: float
    p95: float
    p99: float


@dataclass(frozen=True, slots=True)
class MatchingStats:
    """What ``grace members stats`` prints.

    Attributes:
        latency_ms: per stage (``stage1``, ``embedding``, ``stage2``, ``stage3``, ``total``).
        funnel_mean: mean members kept per stage.
        rankers: searches per ranker; ``fallbacks``: searches where the LLM fell back.
        cost_eur_per_search: mean LLM cost (€) of a search; ``tokens_per_search`` likewise.
        kept / corrected / acceptance_rate: feedback on suggestions; the rate is
            ``kept / (kept + corrected)``, ``None`` without feedback.
        corrected_by_reason: latest corrections per reason (``unspecified``: none given).
        llm_explanations: LLM explanations checked against the members' records;
            ``llm_explanations_replaced``: of them, stated something false and replaced.
        topped_up_searches / topped_up_suggestions: LLM answers short of 4 + 4 completed
            from the deterministic ranking, and the members so added.
        acceptance_by_ranker: the acceptance of each ranker's searches (``claude:<model>``,
            ``deterministic``, ``explicit``; ``unknown``: feedback on a search not in
            ``records``), rankers without feedback left out.
    """

    searches: int
    latency_ms: dict[str, Percentiles]
    funnel_mean: dict[str, float]
    rankers: dict[str, int]
    fallbacks: int
    cost_eur_per_search: float
    tokens_per_search: float
    kept: int
    corrected: int
    acceptance_rate: float | None
    corrected_by_reason: dict[str, int] = field(default_factory=dict)
    llm_explanations: int = 0
    llm_explanations_replaced: int = 0
    topped_up_searches: int = 0
    topped_up_suggestions: int = 0
    acceptance_by_ranker: dict[str, Acceptance] = field(default_factory=dict)


STAGES = ("stage1", "embedding", "stage2", "stage3", "total")
FUNNEL = ("members", "stage1", "narrowed", "stage2", "stage3")


def summarise(records: Sequence[SearchRecord], feedback: Sequence[Feedback]) -> MatchingStats:
    """Seed 003's monitoring figures over ``records`` and ``feedback`` (the latest verdict per
    (search, code) counts). Percentiles are numpy's linear interpolation; latency and funnel
    cover pipeline searches only."""
    latency: dict[str, Percentiles] = {}
    # Latency and funnel describe the pipeline; explicit-code searches skip it (their count is
    # in ``rankers["explicit"]``).
    pipeline = [r for r in records if r.mode == "pipeline"]
    for stage in STAGES:
        values = [r.stage_ms[stage] for r in pipeline if stage in r.stage_ms]
        if values:
            p = np.percentile(np.asarray(values, dtype=np.float64), [50, 95, 99])
            latency[stage] = Percentiles(len(values), float(p[0]), float(p[1]), float(p[2]))
    funnel: dict[str, float] = {}
    for step in FUNNEL:
        counts = [r.funnel[step] for r in pipeline if step in r.funnel]
        if counts:
            funnel[step] = float(np.mean(counts))
    rankers: dict[str, int] = {}
    for r in records:
        rankers[r.ranker] = rankers.get(r.ranker, 0) + 1
    latest = latest_verdicts(feedback)
    total = _acceptance(latest)
    reasons: dict[str, int] = {}
    for v in latest:
        if v.verdict == "corrected":
            key = v.reason or "unspecified"
            reasons[key] = reasons.get(key, 0) + 1
    ranker_of = {r.search_id: r.ranker for r in records}
    by_ranker: dict[str, list[Feedback]] = {}
    for v in latest:
        by_ranker.setdefault(ranker_of.get(v.search_id, "unknown"), []).append(v)
    sources = [s.source for r in records for s in r.suggestions]
    n = len(records)
    return MatchingStats(
        searches=n, latency_ms=latency, funnel_mean=funnel, rankers=rankers,
        fallbacks=sum(1 for r in records if r.fallback is not None),
        cost_eur_per_search=(sum(r.cost_eur for r in records) / n) if n else 0.0,
        tokens_per_search=(sum(r.input_tokens + r.output_tokens for r in records) / n)
        if n else 0.0,
        kept=total.kept, corrected=total.corrected, acceptance_rate=total.rate,
        corrected_by_reason=reasons,
        llm_explanations=sum(1 for s in sources if s in ("llm", "replaced")),
        llm_explanations_replaced=sources.count("replaced"),
        topped_up_searches=sum(1 for r in records
                               if any(s.source == "top-up" for s in r.suggestions)),
        topped_up_suggestions=sources.count("top-up"),
        acceptance_by_ranker={k: _acceptance(v) for k, v in sorted(by_ranker.items())},
    )
