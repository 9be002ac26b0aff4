"""``FaissIndex``: exact inner-product search (FAISS ``IndexFlatIP``) over unit rows."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import faiss
import numpy as np

from grace.embedding.ports import Matrix
from grace.errors import LearningsIndexError
from grace.vectors.ports import Hit
from grace.vectors.topk import top_k


class FaissIndex:
    """A :class:`~grace.vectors.ports.VectorIndex` backed by ``faiss.IndexFlatIP``.

    Flat is exact (decision 0007): at 100 000 × 384 a query scans 150 MB in a few ms. Rows are
    ``float32``, L2-normalised, so the inner product is the cosine. Filters use an
    ``IDSelectorBatch``: excluded rows are never scored. FAISS selects the k; the kernel's
    :func:`~grace.vectors.topk.top_k` orders them (equal scores by ascending row), so results
    read like :class:`~grace.vectors.numpy_flat.NumpyFlatIndex`'s (among rows tied at the k-th
    place, which one is returned is FAISS's choice).
    """

    def __init__(self, index: faiss.Index) -> None:
        # One query at a time: FAISS's OpenMP team costs ≈ 20 ms per search on 2 cores for
        # 0.3 ms of work at 10 000 rows (measured, docs/benchmarks.md). Process-wide setting.
        faiss.omp_set_num_threads(1)
        self._index = index

    @classmethod
    def build(cls, vectors: Matrix) -> FaissIndex:
        """Index ``(n, d) float32`` rows (copied into FAISS)."""
        index = faiss.IndexFlatIP(int(vectors.shape[1]))
        if len(vectors):
            index.add(np.ascontiguousarray(vectors, dtype=np.float32))
        return cls(index)

    @classmethod
    def read(cls, path: Path) -> FaissIndex:
        """Load an index written by :meth:`write`.

        Raises:
            LearningsIndexError: unreadable or not a FAISS index.
        """
        try:
            return cls(faiss.read_index(str(path)))
        except RuntimeError as exc:
            raise LearningsIndexError(f"{path}: not a readable FAISS index") from exc

    def write(self, path: Path) -> None:
        """Write the index to ``path`` (the caller makes it atomic)."""
        faiss.write_index(self._index, str(path))

    @property
    def size(self) -> int:
        return int(self._index.ntotal)

    @property
    def dimensions(self) -> int:
        return int(self._index.d)

    def search(
        self, query: Matrix, k: int, *, allowed: Sequence[int] | None = None
    ) -> list[Hit]:
        """Top ``k`` ``(row, cosine)``, best first; only ``allowed`` rows when given."""
        q = np.ascontiguousarray(np.asarray(query, dtype=np.float32).reshape(1, -1))
        limit = self.size if allowed is None else len(allowed)
        k = min(k, limit)
        if k <= 0:
            return []
        params = None
        if allowed is not None and len(allowed) < self.size:
            ids = np.asarray(allowed, dtype=np.int64)
            selector = faiss.IDSelectorBatch(ids)
            params = faiss.SearchParameters()
            params.sel = selector  # the selector must outlive the search call
        scores, rows = self._index.search(q, k, params=params)
        found = rows[0] >= 0
        return top_k(scores[0][found], k, keys=rows[0][found])
