"""``NumpyFlatIndex``: the exact top-k in numpy behind the :class:`VectorIndex` port."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import Matrix
from grace.vectors.blas import one_blas_thread
from grace.vectors.ports import Hit
from grace.vectors.topk import exact_top_k, top_k


class NumpyFlatIndex:
    """A :class:`~grace.vectors.ports.VectorIndex` over ``(n, d) float32`` L2-normalised rows
    in memory or memory-mapped (rows may be strided: one BLAS matrix-vector product reads them
    in place): every allowed row is scored (exact), ties by ascending row. The learnings
    index's search (decision 0020: as fast as FAISS ``IndexFlatIP`` or faster, measured) and
    the reference FAISS is compared with."""

    GATHER_SHARE = 0.25
    """Below this share of allowed rows they are copied out and scored alone; above, every
    row is scored in place and the allowed ones selected (no copy of the matrix)."""

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
        if len(rows) < self.GATHER_SHARE * len(self.vectors):
            return exact_top_k(query, self.vectors[rows], k, keys=rows)
        with one_blas_thread():
            scores = self.vectors @ np.asarray(query, dtype=np.float32).reshape(-1)
        return top_k(scores[rows], k, keys=rows)
