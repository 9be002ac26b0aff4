"""One BLAS thread for a single query's matrix-vector product.

A query scores ``n`` rows with one ``(n, d) @ (d,)`` product: memory-bound, and too small to
gain from OpenBLAS's thread team, whose start-up and spinning cost more than the work on a
busy 2-core machine. Measured here (docs/benchmarks.md, "Learnings"; load ≈ 8 on 2 cores) at
10 000 × 384: p50 0.6 ms with one thread against 20 ms with numpy's default two; at
100 000 × 384: 28 ms against 40 ms. FAISS does the same for its own OpenMP team
(:class:`~grace.vectors.faiss_index.FaissIndex`). The limit is set around the call only
(≈ 7 µs) and restored after, so batch work keeps every thread.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from functools import cache
from typing import Any


@cache
def _blas() -> Any:
    """threadpoolctl's controller of the BLAS libraries loaded in this process (found once),
    or ``None`` when threadpoolctl cannot be imported."""
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    return ThreadpoolController().select(user_api="blas")


def one_blas_thread() -> AbstractContextManager[object]:
    """A context in which BLAS calls of this process use one thread (process-wide while it
    lasts: a concurrent BLAS call elsewhere runs on one thread too, never wrongly). Contexts
    interleaved across threads (a server's request threads) can restore each other's value and
    leave one thread set: batch BLAS work is then slower, never wrong."""
    blas = _blas()
    if blas is None or not blas.lib_controllers:
        return nullcontext()
    limiter: AbstractContextManager[object] = blas.limit(limits=1)
    return limiter
