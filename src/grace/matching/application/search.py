"""Search without the LLM stage: zone → stage 1 (hard filters) → stage 2 (exact cosine top k)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from grace.embedding.ports import TextEmbedder
from grace.matching.domain.filters import HardFilter, UnknownRule, Zone
from grace.matching.domain.geo import haversine_km
from grace.matching.domain.model import EventRequest
from grace.matching.domain.ports import MemberRepository, ZoneResolver
from grace.matching.domain.texts import request_text

TOP_K = 50
"""Stage 2 keeps the 50 closest members by cosine (seed 003: ``LIMIT 50``)."""


@dataclass(frozen=True, slots=True)
class FunnelStage:
    """One step of the funnel: how many members it kept and its wall time (ms)."""

    stage: str
    kept: int
    ms: float


@dataclass(frozen=True, slots=True)
class Candidate:
    """A ranked member.

    Attributes:
        similarity: cosine with the request (``None``: the member has no current embedding).
        distance_km: from the zone's centre (``None`` without zone or coordinates).
        generated: fields made up by a generator (shown so nobody takes them for real).
    """

    rank: int
    code: str
    name: str
    commune: str
    postal_code: str
    similarity: float | None
    distance_km: float | None
    generated: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SearchResult:
    """Funnel (total, stage 1, request embedding, stage 2) and the ranked candidates."""

    zone: str | None
    funnel: tuple[FunnelStage, ...]
    candidates: tuple[Candidate, ...]


class SearchMembers:
    """The search use case (stages 1 and 2 of seed 003).

    Args:
        repo: the member store. embedder: the request's ``query`` embedding.
        zones: resolves the request's zone. unknown: rule for unknown facts (decision 0008).
        clock: monotonic seconds (injected for tests).
    """

    def __init__(self, repo: MemberRepository, embedder: TextEmbedder, zones: ZoneResolver, *,
                 unknown: UnknownRule = "keep", top_k: int = TOP_K,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self._repo, self._embedder, self._zones = repo, embedder, zones
        self._unknown, self._k, self._clock = unknown, top_k, clock

    def criteria(self, request: EventRequest) -> HardFilter:
        """The stage 1 filter of a request (resolves the zone). Raises ZoneError."""
        zone: Zone | None = None
        if request.zone:
            zone = self._zones.resolve(request.zone, radius_km=request.radius_km)
        return HardFilter(zone=zone, format=request.format, headcount=request.headcount,
                          budget=request.budget, dates=request.dates, unknown=self._unknown)

    def __call__(self, request: EventRequest) -> SearchResult:
        """Run stages 1 and 2. Raises ZoneError, MemberStoreError."""
        f = self.criteria(request)
        total = self._repo.count()
        t0 = self._clock()
        ids = self._repo.stage1(f)
        t1 = self._clock()
        label = f.zone.label if f.zone is not None else None
        query = self._embedder.embed([request_text(request, zone_label=label)], kind="query")[0]
        t2 = self._clock()
        ranked = self._repo.rank(query, ids, k=self._k, model_key=self._embedder.identity.key)
        t3 = self._clock()
        members = self._repo.summaries([r.member_id for r in ranked])
        out = []
        for i, r in enumerate(ranked, 1):
            m = members[r.member_id]
            dist = None
            if f.zone is not None and m.latitude is not None and m.longitude is not None:
                dist = haversine_km(f.zone.centre[0], f.zone.centre[1], m.latitude, m.longitude)
            out.append(Candidate(i, m.code, m.name, m.commune, m.postal_code, r.similarity,
                                 dist, m.generated))
        funnel = (
            FunnelStage("members", total, 0.0),
            FunnelStage("stage 1: hard filters", len(ids), (t1 - t0) * 1000),
            FunnelStage("request embedding", 1, (t2 - t1) * 1000),
            FunnelStage("stage 2: vector ranking", len(ranked), (t3 - t2) * 1000),
        )
        return SearchResult(label, funnel, tuple(out))
