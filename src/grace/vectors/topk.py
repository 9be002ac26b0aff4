"""One exact top-k for every context (stage 2 of matching, the search log, learnings).

Ties are broken by ascending key (the id, else the row position), so the same scores always give
the same order on every machine, whatever numpy's partition picked.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from grace.vectors.blas import one_blas_thread
from grace.vectors.ports import Hit


def top_k(
    scores: npt.ArrayLike,
    k: int,
    *,
    keys: npt.ArrayLike | None = None,
    min_score: float | None = None,
) -> list[Hit]:
    """The ``k`` best of ``scores``, best first.

    Args:
        scores: ``(n,)`` float scores (cosines, any float dtype); NaN is never returned.
        k: how many to keep; ``k <= 0`` gives ``[]``.
        keys: ``(n,)`` int64 ids reported instead of row positions (and used for ties); default
            ``arange(n)``.
        min_score: keep only scores ``>= min_score``.

    Returns:
        At most ``k`` :class:`Hit` ``(key, score)``: score descending, equal scores by ascending
        key. O(n) selection (``argpartition``) plus a sort of the kept ones and of any scores
        tied with the k-th.

    Raises:
        ValueError: ``scores`` is not 1-D, or ``keys`` has another length.
    """
    s = np.asarray(scores, dtype=np.float64)
    if s.ndim != 1:
        raise ValueError(f"scores must be 1-D, got shape {s.shape}")
    ids = np.arange(len(s), dtype=np.int64) if keys is None else np.asarray(keys, dtype=np.int64)
    if ids.shape != s.shape:
        raise ValueError(f"keys shape {ids.shape} != scores shape {s.shape}")
    rows = np.flatnonzero(~np.isnan(s) if min_score is None else s >= min_score)
    if k <= 0 or len(rows) == 0:
        return []
    if k < len(rows):
        part = rows[np.argpartition(-s[rows], k - 1)[:k]]
        rows = rows[s[rows] >= s[part].min()]  # the k best and every score tied with the k-th
    order = rows[np.lexsort((ids[rows], -s[rows]))][:k]
    return [Hit(int(ids[i]), float(s[i])) for i in order]


def exact_top_k(
    query: npt.NDArray[np.float32],
    matrix: npt.NDArray[np.float32],
    k: int,
    *,
    keys: npt.ArrayLike | None = None,
    min_score: float | None = None,
) -> list[Hit]:
    """Exact cosine top-k of ``query`` against the rows of ``matrix``.

    Args:
        query: ``(d,)`` or ``(1, d)`` float32, L2-normalised.
        matrix: ``(n, d)`` float32, rows L2-normalised (so the inner product is the cosine).
        k, keys, min_score: as in :func:`top_k`.

    Returns:
        At most ``k`` :class:`Hit` ``(key, cosine)``, best first, ties by ascending key.

    Raises:
        ValueError: ``query`` and ``matrix`` do not have the same ``d``.
    """
    q = np.asarray(query, dtype=np.float32).reshape(-1)
    m = np.asarray(matrix, dtype=np.float32)
    if len(m) == 0:
        return []
    if m.ndim != 2 or m.shape[1] != q.shape[0]:
        raise ValueError(f"query of {q.shape[0]} dimensions against a matrix of shape {m.shape}")
    with one_blas_thread():  # one query: one thread is faster (grace.vectors.blas)
        scores = m @ q
    return top_k(scores, k, keys=keys, min_score=min_score)
