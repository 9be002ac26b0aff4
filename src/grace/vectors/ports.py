"""The vector index port (shared by learnings and matching), beside the embedding port."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from grace.embedding.ports import Matrix


class Hit(NamedTuple):
    """One top-k result: ``key`` (a row position or an id) and its cosine ``score``."""

    key: int
    score: float


class VectorIndex(Protocol):
    """Exact inner-product top-k over L2-normalised rows (cosine similarity).

    ``search(query, k, allowed=...)`` takes a ``(d,)`` or ``(1, d)`` float32 query and returns
    at most ``k`` :class:`Hit` ``(row, similarity)``, best first, equal scores by ascending row
    (:func:`grace.vectors.topk.top_k`); with ``allowed``, only those rows compete (the filter is
    applied before scoring, not after). Adapters: :class:`grace.vectors.numpy_flat.NumpyFlatIndex`
    and :class:`grace.vectors.faiss_index.FaissIndex`.
    """

    @property
    def size(self) -> int: ...

    def search(
        self, query: Matrix, k: int, *, allowed: Sequence[int] | None = None
    ) -> list[Hit]: ...
