"""Search without the LLM stage: zone → stage 1 (hard filters) → stage 2 (hybrid ranking).

Stage 2 (decision 0021) ranks the survivors by three channels, each divided by its best
candidate's and added with equal weights: the e5 cosine of the request's *topic* (its words
without the zone's mentions nor the facts stage 1 enforces,
:func:`~grace.matching.domain.texts.topic_text`), rescaled to [0, 1] over the candidates;
BM25 of the same words over the members' texts; and the members' tags matched as facts
(:mod:`grace.matching.application.lexicon`). Candidates: every survivor, or, beyond
:data:`POOL` of them (no zone), the :data:`POOL` closest by cosine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import TextEmbedder
from grace.errors import ZoneError
from grace.matching.application.defaults import BROAD_LIMIT as BROAD_LIMIT
from grace.matching.application.defaults import TOP_K as TOP_K
from grace.matching.application.lexicon import MemberLexicon
from grace.matching.domain.filters import HardFilter, UnknownRule, Zone
from grace.matching.domain.model import EventRequest, Member
from grace.matching.domain.places_fr import de
from grace.matching.domain.ports import MemberRepository, Ranked, ZoneResolver
from grace.matching.domain.ranking import Evidence
from grace.matching.domain.texts import request_text, topic_text
from grace.matching.domain.zone_words import NEAR_RADIUS_KM, place_mentions

POOL = 500
"""Stage 2 candidates scored by every channel: the survivors, or the 500 best by cosine when
there are more (a request without a zone); the broad zone rule already caps zoned requests."""
LEXICAL_WEIGHT = 1.0
"""Weight of the BM25 channel beside the rescaled cosine (1.0): equal weights, set before the
evaluation (decision 0021)."""
THEME_WEIGHT = 1.0
"""Weight of the theme channel (tags matched as facts) beside the rescaled cosine."""
FIT_WEIGHT = 1.0
"""Weight of the fit channel (the member's tags against the theme the request names, with the
store's tag hierarchy: :mod:`grace.matching.domain.themes`) beside the rescaled cosine."""


ZoneSource = Literal["request", "description"]
"""Where the zone of a search comes from: the request's zone field, or a place named in its
description when the field is empty (:meth:`SearchMembers.understand`)."""


@dataclass(frozen=True, slots=True)
class ZoneReading:
    """How a request's zone was understood.

    Attributes:
        source: ``request`` (the zone field) or ``description`` (a place named in the text).
        words: the mention read (« près de Lyon »); for ``request``, the zone as given.
        zone: the name resolved (« Lyon »). radius_km: the circle applied (``None``: the
            place itself).
        understood: ``False`` for a place named in the description that is no zone the table
            knows (« en Provence », an ambiguous commune): the search then runs without a
            zone, and says so.
    """

    source: ZoneSource
    words: str
    zone: str
    radius_km: float | None
    understood: bool = True


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
        score: the stage 2 score the candidates are ordered by (rescaled cosine + BM25 +
            themes, decision 0021).
    """

    rank: int
    code: str
    name: str
    commune: str
    postal_code: str
    similarity: float | None
    distance_km: float | None
    generated: tuple[str, ...]
    score: float | None = None


@dataclass(frozen=True, slots=True)
class SearchResult:
    """Funnel (total, stage 1, [narrowing,] request embedding, stage 2) and the candidates.

    Attributes:
        narrowed: why stage 1's survivors were cut to the closest ones (broad zone), or ``None``.
        zone_source: where ``zone`` comes from — ``request`` (the zone field) or
            ``description`` (a place the description names, the field being empty); ``None``
            without a zone. zone_words: the words read (« près de Lyon »).
        warnings: what the organiser should know (a zone read from the description, a place
            named there that is no known zone), in French.
    """

    zone: str | None
    funnel: tuple[FunnelStage, ...]
    candidates: tuple[Candidate, ...]
    narrowed: str | None = None
    zone_source: ZoneSource | None = None
    zone_words: str | None = None
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Stages:
    """Everything stages 1–2 computed, for stage 3 and the search log.

    Attributes:
        query: the request vector ``(d,) float32`` (the whole request text, zone included: the
            search log compares requests with it). ranked: stage 2 order (similarity: cosine
            of the topic). members: the ranked members by id. distances: km from the zone's
            centre by id. evidence: the themes and words each ranked member matched. scores:
            the stage 2 score of each ranked member by id (the order of ``ranked``).
        ms: wall time per step (``stage1``, ``narrowing``, ``embedding``, ``stage2``).
        request: the request as understood (its zone read from the description when the zone
            field was empty). reading: how the zone was understood (``None``: no zone).
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
    evidence: dict[int, Evidence] = field(default_factory=dict)
    scores: dict[int, float] = field(default_factory=dict)
    request: EventRequest | None = None
    reading: ZoneReading | None = None

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
                 broad_limit: int = BROAD_LIMIT, lexicon: MemberLexicon | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self._repo, self._embedder, self._zones = repo, embedder, zones
        self._unknown, self._k, self._clock = unknown, top_k, clock
        self._broad = broad_limit
        self._lexicon = lexicon if lexicon is not None else MemberLexicon()

    @property
    def model_key(self) -> str:
        return self._embedder.identity.key

    def understand(self, request: EventRequest) -> tuple[EventRequest, ZoneReading | None]:
        """``request`` with its zone: the zone field when given; else the first place its
        description (then extra information) names that the zone table knows
        (:func:`~grace.matching.domain.zone_words.place_mentions`: « près de Lyon » → Lyon
        within :data:`~grace.matching.domain.zone_words.NEAR_RADIUS_KM` km, « dans le Nord »
        → the Nord, « à Paris 11e » → that arrondissement). A request with member codes is
        left as it is (served directly). The reading says which (``None``: no zone at all; a
        reading with ``understood=False``: a place was named but is no known zone)."""
        if request.zone:
            return request, ZoneReading("request", request.zone, request.zone, request.radius_km)
        if request.codes:
            return request, None
        missed: ZoneReading | None = None
        for text in (request.description, request.extra):
            for m in place_mentions(text):
                for name in m.names:
                    try:
                        zone = self._zones.resolve(name, radius_km=None)
                    except ZoneError:
                        continue
                    if not (m.capitalised or m.near or zone.kind in ("departement", "region")):
                        continue  # « en plein air », « en juillet »: no place
                    radius = None
                    if zone.kind in ("commune", "postal_code") and m.near:
                        radius = m.radius_km or NEAR_RADIUS_KM
                    return (replace(request, zone=name, radius_km=radius),
                            ZoneReading("description", m.words, name, radius))
                if missed is None and (m.capitalised or m.near):
                    missed = ZoneReading("description", m.words, m.names[0], None, False)
        return request, missed

    def criteria(self, request: EventRequest) -> HardFilter:
        """The stage 1 filter of a request (resolves the zone, read from the description when
        the zone field is empty: :meth:`understand`). Raises ZoneError."""
        request, _ = self.understand(request)
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
        """The request's query vector ``(d,) float32`` (zone named as resolved): the search
        log's vector, which past requests are compared with."""
        return self._vectors(request, criteria)[0]

    def _vectors(self, request: EventRequest, criteria: HardFilter
                 ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], str]:
        """The whole request's vector, its topic's vector and the topic text (one call)."""
        label = criteria.zone.label if criteria.zone is not None else None
        whole, topic = request_text(request, zone_label=label), topic_text(request,
                                                                           zone_label=label)
        vecs = self._embedder.embed([whole, topic], kind="query")
        return (np.asarray(vecs[0], dtype=np.float32), np.asarray(vecs[1], dtype=np.float32),
                topic)

    def rank(self, ids: list[int], topic_vector: npt.NDArray[np.float32], topic: str
             ) -> tuple[list[Ranked], dict[int, Evidence], dict[int, float]]:
        """Stage 2: the top ``top_k`` of ``ids`` by the three channels (module docstring), ties
        by cosine then id; members without a current vector rank by the other channels.

        Returns:
            The ranked members, the evidence each matched, and each one's fused score.
        """
        dense = self._repo.rank(topic_vector, ids, k=min(len(ids), POOL),
                                model_key=self.model_key)
        if not dense:
            return [], {}, {}
        pool = [r.member_id for r in dense]
        cos = np.array([np.nan if r.similarity is None else r.similarity for r in dense])
        known = ~np.isnan(cos)
        scaled = np.zeros(len(pool))
        if known.any():
            lo, hi = float(np.nanmin(cos)), float(np.nanmax(cos))
            scaled[known] = (cos[known] - lo) / (hi - lo) if hi > lo else 1.0
        ch = self._lexicon.channels(self._repo, pool, topic)
        fused = scaled + LEXICAL_WEIGHT * ch.lexical + THEME_WEIGHT * ch.themes
        if ch.fit is not None:
            fused = fused + FIT_WEIGHT * ch.fit
        order = sorted(range(len(pool)), key=lambda j: (-fused[j], -np.nan_to_num(cos[j], nan=-2),
                                                        pool[j]))[: self._k]
        ranked = [dense[j] for j in order]
        scores = {pool[j]: round(float(fused[j]), 6) for j in order}
        return ranked, {r.member_id: ch.evidence[r.member_id] for r in ranked
                        if r.member_id in ch.evidence}, scores

    def stages(self, request: EventRequest) -> Stages:
        """Run stages 1 and 2 (with the broad zone rule) on the request as understood
        (:meth:`understand`). Raises ZoneError, MemberStoreError."""
        request, reading = self.understand(request)
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
        query, topic_vector, topic = self._vectors(request, f)
        t3 = self._clock()
        ranked, evidence, scores = self.rank(ids, topic_vector, topic)
        t4 = self._clock()
        members = self._repo.summaries([r.member_id for r in ranked])
        distances: dict[int, float] = {}
        for mid, m in members.items():
            if f.zone is not None and m.latitude is not None and m.longitude is not None:
                distances[mid] = f.zone.distance_km(m.latitude, m.longitude)
        ms = {"stage1": (t1 - t0) * 1000, "narrowing": (t2 - t1) * 1000,
              "embedding": (t3 - t2) * 1000, "stage2": (t4 - t3) * 1000}
        return Stages(f, total, stage1, ids, narrowed, query, ranked,
                      members, distances, ms, evidence, scores, request, reading)

    def __call__(self, request: EventRequest) -> SearchResult:
        """Run stages 1 and 2. Raises ZoneError, MemberStoreError."""
        st = self.stages(request)
        out = []
        for i, r in enumerate(st.ranked, 1):
            m = st.members[r.member_id]
            out.append(Candidate(i, m.code, m.name, m.commune, m.postal_code, r.similarity,
                                 st.distances.get(r.member_id), m.generated,
                                 st.scores.get(r.member_id)))
        label = st.criteria.zone.label if st.criteria.zone is not None else None
        source, words = reading_fields(st.reading)
        return SearchResult(label, tuple(st.funnel()), tuple(out), st.narrowed, source, words,
                            tuple(zone_warnings(st.reading, label)))


def reading_fields(reading: ZoneReading | None) -> tuple[ZoneSource | None, str | None]:
    """``zone_source`` and ``zone_words`` of a result: where its zone comes from and the words
    read (``None, None`` without a zone; a place not understood has no source)."""
    if reading is None or not reading.understood:
        return None, None
    return reading.source, reading.words


def zone_warnings(reading: ZoneReading | None, label: str | None) -> list[str]:
    """What the organiser should know about the zone, in French: a zone read from the
    description (and how to change it), or a place named there that is no known zone."""
    if reading is None or reading.source != "description":
        return []
    if not reading.understood:
        return [f"« {reading.words} » : lieu non reconnu comme zone (inconnu ou ambigu) ; "
                "recherche dans toute la France — préciser la zone (commune, code postal, "
                "département ou région)"]
    radius = (f" dans un rayon de {reading.radius_km:g} km" if reading.radius_km is not None
              else "")
    return [f"zone lue dans la description : « {reading.words} » → {label}{radius} ; "
            "indiquer une zone pour la changer"]
