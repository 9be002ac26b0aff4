"""The outbox worker: (re-)embed members whose embedded text changed (seed 003: "worker async")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from grace.embedding.ports import TextEmbedder
from grace.matching.domain.ports import EmbeddingStatus, MemberRepository


@dataclass(frozen=True, slots=True)
class WorkerReport:
    """How many members were embedded, and the status after the run."""

    embedded: int
    status: EmbeddingStatus


class EmbedMembers:
    """Drain the outbox in batches; each batch is committed, so an interrupted run resumes.

    Args:
        batch_size: members per embedder call and per commit.
    """

    def __init__(self, repo: MemberRepository, embedder: TextEmbedder, *,
                 batch_size: int = 64) -> None:
        self._repo, self._embedder, self._batch = repo, embedder, batch_size

    def status(self) -> EmbeddingStatus:
        """Members, embedded and stale counts for the current model."""
        return self._repo.status(self._embedder.identity.key)

    def __call__(self, *, limit: int | None = None,
                 on_progress: Callable[[int, int], None] | None = None) -> WorkerReport:
        """Embed up to ``limit`` pending members (all when ``None``).

        ``on_progress(done, total)`` is called after each batch. Members embedded with another
        model are queued first.
        """
        key = self._embedder.identity.key
        self._repo.requeue_other_models(key)
        total = self._repo.status(key).stale
        if limit is not None:
            total = min(total, limit)
        done = 0
        while done < total:
            batch = self._repo.pending(min(self._batch, total - done))
            if not batch:
                break
            vectors = self._embedder.embed([b.text for b in batch], kind="passage")
            self._repo.store_embeddings(batch, vectors, model_key=key)
            done += len(batch)
            if on_progress is not None:
                on_progress(done, total)
        return WorkerReport(done, self._repo.status(key))
