"""Why relevance kept or cut a candidate: the record every resolve result carries, in a module
without numpy so that a resolve with relevance off never loads it (decision 0019).
:mod:`~grace.resolution.domain.relevance` uses them under the same names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Decision = Literal[
    "kept", "fallback", "cut_margin", "cut_budget", "cut_gate", "closure", "always"
]


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why one candidate was kept or cut.

    Attributes:
        emb: centred cosine with the task, in [-1, 1].
        cosine: raw (uncentred) cosine, for reference.
        shared_stems: stems found in both the task and the talent, sorted.
        score: ``emb + beta * len(shared_stems)`` (seed); the fused score (hybrid).
        lexical: the hybrid scorer's normalised BM25 score in [0, 1] (``None`` for the seed's).
        glob / file: the ``activation.paths`` pattern a file in play matched, and the file.
    """

    id: str
    emb: float
    cosine: float
    shared_stems: tuple[str, ...]
    score: float
    decision: Decision
    detail: str
    lexical: float | None = None
    glob: str | None = None
    file: str | None = None
