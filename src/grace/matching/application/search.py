"""Search without the LLM stage: zone → stage 1 (hard filters) → stage 2 (exact cosine top k)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import TextEmbedder
from grace.matching.application.defaults import BROAD_LIMIT as BROAD_LIMIT
from grace.matching.application.defaults import TOP_K as TOP_K
from grace.matching.domain.filters import HardFilter, UnknownRule, Zone
from grace.matching.domain.model import EventRequest, Member
from grace.matching.domain.places_fr import de
from grace.matching.domain.ports import MemberRepository, Ranked, ZoneResolver
from grace.matching.domain.texts import request_text


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
    """Funnel (total, stage 1, [narrowing,] request embedding, stage 2) and the candidates.

    Attributes:
        narrowed: why stage 1's survivors were cut to the closest ones (broad zone), or ``None``.
    """

    zone: str | None
    funnel: tuple[FunnelStage, ...]
    candidates: tuple[Candidate, ...]
    narrowed: str | None = None


@dataclass(frozen=True, slots=True)
class Stages:
    """Everything stages 1–2 computed, for stage 3 and the search log.

    Attributes:
        query: the request vector ``(d,) float32``. ranked: stage 2 order.
        members: the ranked members by id. distances: km from the zone's centre by id.
        ms: wall time per step (``stage1``, ``narrowing``, ``embedding``, ``stage2``).
    """

    criteria: HardFilter
    total: int
    stage1: int
    ids: list[int]
    narrowed: str | None
    query: npt.NDArray[np.float32]
    ranked: list[Ranked]
    members: dict[int, Member]
    distances: dict[int, float] = field(default_factory=dict)
    ms: dict[str, float] = field(default_factory=dict)

    def funnel(self) -> list[FunnelStage]:
        """The funnel of stages 1–2: members, stage 1, [broad zone,] embedding, stage 2."""
        out = [FunnelStage("members", self.total, 0.0),
               FunnelStage("stage 1: hard filters", self.stage1, self.ms["stage1"])]
        if self.narrowed is not None:
            out.append(FunnelStage("broad zone: closest to the centre", len(self.ids),
                                   self.ms["narrowing"]))
        out += [FunnelStage("request embedding", 1, self.ms["embedding"]),
                FunnelStage("stage 2: vector ranking", len(self.ranked), self.ms["stage2"])]
        return out


class SearchMembers:
    """The search use case (stages 1 and 2 of seed 003).

    Args:
        repo: the member store. embedder: the request's ``query`` embedding.
        zones: resolves the request's zone. unknown: rule for unknown facts (decision 0008).
        clock: monotonic seconds (injected for tests).
    """

    def __init__(self, repo: MemberRepository, embedder: TextEmbedder, zones: ZoneResolver, *,
                 unknown: UnknownRule = "keep", top_k: int = TOP_K,
                 broad_limit: int = BROAD_LIMIT,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self._repo, self._embedder, self._zones = repo, embedder, zones
        self._unknown, self._k, self._clock = unknown, top_k, clock
        self._broad = broad_limit

    @property
    def model_key(self) -> str:
        return self._embedder.identity.key

    def criteria(self, request: EventRequest) -> HardFilter:
        """The stage 1 filter of a request (resolves the zone). Raises ZoneError."""
        zone: Zone | None = None
        if request.zone:
            zone = self._zones.resolve(request.zone, radius_km=request.radius_km)
        return HardFilter(zone=zone, format=request.format, headcount=request.headcount,
                          budget=request.budget, dates=request.dates, unknown=self._unknown)

    def narrow(self, ids: list[int], zone: Zone) -> tuple[list[int], str | None]:
        """Seed 003's broad zone rule: more than ``broad_limit`` survivors in a zone → the
        ``broad_limit`` closest to the zone's centre (haversine; unlocated members last, by
        id). Returns the kept ids (ascending) and why, or ``ids`` and ``None``."""
        if len(ids) <= self._broad:
            return ids, None
        pos = self._repo.positions(ids)
        order = sorted(ids, key=lambda i: (0, zone.distance_km(*pos[i]), i) if i in pos
                       else (1, 0.0, i))
        why = (f"zone très large : {len(ids)} membres, les {self._broad} plus proches du centre "
               f"{de(zone.label)} sont gardés")
        return sorted(order[: self._broad]), why

    def embed(self, request: EventRequest, criteria: HardFilter) -> npt.NDArray[np.float32]:
        """The request's query vector ``(d,) float32`` (zone named as resolved)."""
        label = criteria.zone.label if criteria.zone is not None else None
        vec = self._embedder.embed([request_text(request, zone_label=label)], kind="query")[0]
        return np.asarray(vec, dtype=np.float32)

    def stages(self, request: EventRequest) -> Stages:
        """Run stages 1 and 2 (with the broad zone rule). Raises ZoneError, MemberStoreError."""
        f = self.criteria(request)
        total = self._repo.count()
        t0 = self._clock()
        ids = self._repo.stage1(f)
        t1 = self._clock()
        stage1 = len(ids)
        narrowed = None
        if f.zone is not None:
            ids, narrowed = self.narrow(ids, f.zone)
        t2 = self._clock()
        query = self.embed(request, f)
        t3 = self._clock()
        ranked = self._repo.rank(query, ids, k=self._k, model_key=self.model_key)
        t4 = self._clock()
        members = self._repo.summaries([r.member_id for r in ranked])
        distances: dict[int, float] = {}
        for mid, m in members.items():
            if f.zone is not None and m.latitude is not None and m.longitude is not None:
                distances[mid] = f.zone.distance_km(m.latitude, m.longitude)
        ms = {"stage1": (t1 - t0) * 1000, "narrowing": (t2 - t1) * 1000,
              "embedding": (t3 - t2) * 1000, "stage2": (t4 - t3) * 1000}
        return Stages(f, total, stage1, ids, narrowed, query, ranked,
                      members, distances, ms)

    def __call__(self, request: EventRequest) -> SearchResult:
        """Run stages 1 and 2. Raises ZoneError, MemberStoreError."""
        st = self.stages(request)
        out = []
        for i, r in enumerate(st.ranked, 1):
            m = st.members[r.member_id]
            out.append(Candidate(i, m.code, m.name, m.commune, m.postal_code, r.similarity,
                                 st.distances.get(r.member_id), m.generated))
        label = st.criteria.zone.label if st.criteria.zone is not None else None
        return SearchResult(label, tuple(st.funnel()), tuple(out), st.narrowed)
