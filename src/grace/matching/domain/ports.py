"""Ports of the matching context (implemented by adapters, injected into use cases)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from grace.matching.domain.filters import HardFilter, Zone
from grace.matching.domain.history import Feedback, SearchRecord, SimilarRequest
from grace.matching.domain.model import Availability, Member


@dataclass(frozen=True, slots=True)
class Ranked:
    """A stage 2 result: member id and cosine similarity (``None``: the member has no vector)."""

    member_id: int
    similarity: float | None


@dataclass(frozen=True, slots=True)
class EmbeddingStatus:
    """Freshness of member embeddings for one model.

    Attributes:
        members: members in the store.
        embedded: members with a vector of the current model and no pending change.
        stale: members queued in the outbox or embedded with another model or never embedded.
    """

    members: int
    embedded: int
    stale: int


@dataclass(frozen=True, slots=True)
class PendingEmbedding:
    """An outbox entry: a member whose embedded text must be (re)computed."""

    member_id: int
    text: str
    text_hash: str


class MemberRepository(Protocol):
    """Member store port (SQLite, PostgreSQL + pgvector). Contract tests in
    ``tests/integration/test_matching_store_contract.py``.

    Ids are store-assigned integers; codes are unique. Upserting a member whose embedded text
    changed (or a new member) queues it in the outbox.
    """

    def migrate(self) -> None:
        """Create or upgrade the schema (idempotent)."""

    def upsert_members(self, members: Sequence[Member]) -> int:
        """Insert or replace members by code; returns how many were queued for embedding."""

    def set_availability(self, rows: Sequence[Availability]) -> None:
        """Insert or replace availability rows. Raises MemberValidationError on unknown codes."""

    def write_batch(self, members: Sequence[Member], availability: Sequence[Availability]) -> int:
        """Upsert ``members`` then ``availability`` in ONE transaction: a reader, or a run killed
        midway, sees the whole batch or none of it (never members without their availability).

        Returns how many members were queued for embedding. Raises MemberValidationError, and
        writes nothing, when an availability row names a code neither in ``members`` nor stored.
        """

    def get(self, code: str) -> Member | None: ...

    def ids_for(self, codes: Sequence[str]) -> dict[str, int]: ...

    def count(self) -> int: ...

    def stage1(self, criteria: HardFilter) -> list[int]:
        """Ids of the members that pass :class:`HardFilter` (SQL + exact haversine), ascending."""

    def rank(self, query: npt.NDArray[np.float32], ids: Sequence[int], *, k: int,
             model_key: str) -> list[Ranked]:
        """Exact cosine top ``k`` of ``ids`` against ``query`` ``(d,) float32`` (L2-normalised),
        best first, ties by id; always ``min(k, len(ids))`` rows (unembedded members last)."""

    def pending(self, limit: int) -> list[PendingEmbedding]:
        """Up to ``limit`` outbox entries, oldest first."""

    def store_embeddings(self, items: Sequence[PendingEmbedding],
                         vectors: npt.NDArray[np.float32], *, model_key: str) -> None:
        """Write vectors ``(n, d) float32`` and remove those outbox entries (unless the text
        changed meanwhile)."""

    def requeue_other_models(self, model_key: str) -> int:
        """Queue members embedded with another model (or never); returns how many."""

    def status(self, model_key: str) -> EmbeddingStatus: ...

    def summaries(self, ids: Sequence[int]) -> dict[int, Member]: ...

    def availability(self, ids: Sequence[int], days: Sequence[date]) -> dict[int, dict[date, bool]]:
        """Known availability of ``ids`` on ``days`` (``True`` free, ``False`` booked); a
        (member, day) with no row is absent (unknown)."""

    def positions(self, ids: Sequence[int]) -> dict[int, tuple[float, float]]:
        """(lat, lon) degrees of the located members among ``ids``."""

    def revisions(self, ids: Sequence[int]) -> dict[int, int]:
        """For each known member of ``ids``, the store revision of its last write (decision
        0018's counter): unchanged revision, unchanged member. Caches of per-member derived
        data (the lexical channel's analysed texts) are keyed by it."""

    def close(self) -> None: ...


class ZoneResolver(Protocol):
    """Turns what organisers say (``Rennes``, ``35000``, ``2A``, ``Bretagne``, ``48.1,-1.7``)
    into a :class:`Zone`. Raises ZoneError when unknown or ambiguous."""

    def resolve(self, text: str, *, radius_km: float | None) -> Zone: ...


@dataclass(frozen=True, slots=True)
class Proposal:
    """An LLM's raw answer to the ranking prompt, before validation.

    Attributes:
        text: the answer's text (JSON expected, not yet trusted).
        stop_reason: the API's stop reason (``end_turn`` for a normal stop, ``max_tokens`` when
            truncated…).
        input_tokens / output_tokens: tokens billed for this call.
    """

    text: str
    stop_reason: str
    input_tokens: int
    output_tokens: int


class RankingProposer(Protocol):
    """An LLM that answers seed 003's stage 3 prompt (the Claude adapter).

    Implementations do not retry and do not validate: the use case does both
    (:func:`grace.matching.domain.ranking.parse_ranking`, one retry, then the fallback).
    """

    @property
    def name(self) -> str:
        """``claude:<model>``: recorded with each search."""

    def propose(self, *, system: str, prompt: str, schema: dict[str, Any],
                timeout_s: float) -> Proposal:
        """Ask once, with ``schema`` (JSON schema) as the structured output format.

        Raises:
            LlmUnavailableError: no answer within ``timeout_s`` seconds (``kind='timeout'``), an
                HTTP error (``http_<status>``), a connection error (``connection``) or a body
                that is not an API message (``invalid_response``).
        """


class SearchLog(Protocol):
    """Past searches and feedback (SQLite or PostgreSQL, beside the members). Tested on both in
    ``tests/integration/test_search_log_contract.py``."""

    def record(self, rec: SearchRecord) -> None: ...

    def get(self, search_id: str) -> SearchRecord | None: ...

    def add_feedback(self, fb: Feedback) -> None:
        """Raises UnknownSearchError: unknown search, or a code it did not suggest."""

    def feedback(self, search_id: str | None = None) -> list[Feedback]: ...

    def records(self, *, limit: int | None = None) -> list[SearchRecord]: ...

    def similar(self, filter_key: str, query: npt.NDArray[np.float32], *, model_key: str, k: int,
                min_similarity: float, exclude: str | None = None) -> list[SimilarRequest]:
        """Past pipeline searches with the same hard filters, cosine ≥ ``min_similarity``,
        best first, each with the latest verdict on each member it suggested
        (``SimilarRequest.verdicts``: the feedback prior, decision 0022)."""

    def close(self) -> None: ...
