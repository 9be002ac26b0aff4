"""``NumpyFlatIndex``: the exact top-k in numpy behind the :class:`VectorIndex` port."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import Matrix
from grace.vectors.ports import Hit
from grace.vectors.topk import exact_top_k


class NumpyFlatIndex:
    """A :class:`~grace.vectors.ports.VectorIndex` over ``(n, d) float32`` L2-normalised rows
    kept in memory: every allowed row is scored (exact), ties by ascending row. The reference
    FAISS is compared with, and the index of the tests' in-memory store."""

    def __init__(self, vectors: npt.ArrayLike) -> None:
        self.vectors: Matrix = np.asarray(vectors, dtype=np.float32)

    @property
    def size(self) -> int:
        return len(self.vectors)

    def search(
        self, query: Matrix, k: int, *, allowed: Sequence[int] | None = None
    ) -> list[Hit]:
        """Top ``k`` ``(row, cosine)``, best first; only ``allowed`` rows when given."""
        if allowed is None:
            return exact_top_k(query, self.vectors, k)
        rows = np.asarray(allowed, dtype=np.int64)
        return exact_top_k(query, self.vectors[rows], k, keys=rows)
