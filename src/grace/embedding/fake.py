"""Deterministic fake embedder for tests: hashed bag of folded word stems."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from grace.embedding.ports import Kind, Matrix, ModelIdentity, normalise_rows
from grace.text import words


def _stems(text: str) -> list[str]:
    return [w[:5] for w in words(text) if len(w) >= 3]


class FakeEmbedder:
    """A real :class:`~grace.embedding.ports.TextEmbedder` with no weights.

    Each folded word stem (first 5 characters of words of ≥ 3 letters) is hashed (SHA-256) to a
    fixed random unit vector; a text is the normalised sum of its stems' vectors plus a small
    common component (so that, like e5, unrelated texts are not orthogonal). Same text, same
    vector, on every machine. Records every call in :attr:`calls`.
    """

    def __init__(self, dimensions: int = 64, *, common: float = 0.5) -> None:
        self._identity = ModelIdentity("fake-hashed-stems", "1", dimensions)
        self._common = np.full(dimensions, common / np.sqrt(dimensions), dtype=np.float32)
        self.calls: list[tuple[Kind, int]] = []

    @property
    def identity(self) -> ModelIdentity:
        return self._identity

    def _vector(self, stem: str) -> np.ndarray:
        seed = int.from_bytes(hashlib.sha256(stem.encode()).digest()[:8], "little")
        v = np.random.default_rng(seed).standard_normal(self._identity.dimensions)
        return (v / np.linalg.norm(v)).astype(np.float32)

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix:
        self.calls.append((kind, len(texts)))
        d = self._identity.dimensions
        out = np.zeros((len(texts), d), dtype=np.float32)
        for i, text in enumerate(texts):
            acc = self._common.copy()
            for stem in _stems(text):
                acc += self._vector(stem)
            out[i] = acc
        return normalise_rows(out) if len(texts) else out
