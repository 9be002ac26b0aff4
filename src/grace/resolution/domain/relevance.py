"""Relevance selection of talents for a task (seed 000: "Pertinence sémantique").

Pure maths over vectors the application layer computed: centring (anti-anisotropy), cosine,
structural boost from shared stems, out-of-domain gate, margin cut, token budget, top-3 fallback.
Never NaN: a zero vector after centring has cosine 0 with everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from grace.resolution.domain.explanation import Decision as Decision
from grace.resolution.domain.explanation import Explanation as Explanation
from grace.resolution.domain.seed_params import BETA as BETA
from grace.resolution.domain.seed_params import BUDGET as BUDGET
from grace.resolution.domain.seed_params import FLOOR as FLOOR
from grace.resolution.domain.seed_params import MARGIN as MARGIN
from grace.text import words

FALLBACK_K: Final = 3
"""Seed 000: "si l'ensemble est vide, garder le top-3"."""

Vector = npt.NDArray[np.float32]

def stems(texts: Iterable[str]) -> frozenset[str]:
    """Seed 000 stems: folded (lower case, no accents), tokens of ≥ 4 characters, first 5.

    ``stems(["Repository", "dépôts SQL"]) == {"repos", "depot"}``.
    """
    out: set[str] = set()
    for text in texts:
        out.update(tok[:5] for tok in words(text) if len(tok) >= 4)
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class RelevanceParams:
    """Parameters of the selector, seed 000 defaults.

    Attributes:
        centring: ``"candidates"`` (seed: mean of the candidates' vectors) or ``"catalog"``
            (mean of every active talent of the project, independent of the role filter).
    """

    floor: float = FLOOR
    beta: float = BETA
    margin: float = MARGIN
    budget: int = BUDGET
    fallback_k: int = FALLBACK_K
    centring: Literal["candidates", "catalog"] = "candidates"


@dataclass(frozen=True, slots=True)
class Scorable:
    """A candidate as the selector sees it.

    Attributes:
        vector: ``(d,) float32`` passage embedding, L2-normalised.
        stems: stems of its tags + triggers + task_types.
        tokens: its cost against ``BUDGET`` (tokens).
    """

    id: str
    vector: Vector
    stems: frozenset[str]
    tokens: int


@dataclass(frozen=True, slots=True)
class Selection:
    """The selector's answer: kept ids by decreasing score, and every candidate's explanation
    (a tuple, or a :class:`~grace.resolution.domain.deferred.Deferred` one)."""

    kept: tuple[str, ...]
    scores: dict[str, float]
    explanations: Sequence[Explanation]
    gate_closed: bool = False
    top: float = field(default=0.0)


def normalise(m: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Rows (or a vector) of unit L2 norm, float64; a zero row stays zero (never NaN)."""
    norms = np.linalg.norm(m, axis=-1, keepdims=True)
    out: npt.NDArray[np.float64] = np.divide(m, norms, out=np.zeros_like(m), where=norms > 1e-9)
    return out


class RelevanceSelector:
    """Stateless seed 000 selector (see module docstring)."""

    def __init__(self, params: RelevanceParams | None = None) -> None:
        self.params = params or RelevanceParams()

    def select(
        self,
        task_vector: Vector,
        task_stems: frozenset[str],
        candidates: Sequence[Scorable],
        *,
        mean: Vector | None = None,
    ) -> Selection:
        """Score and cut.

        Args:
            task_vector: ``(d,) float32`` query embedding.
            task_stems: :func:`stems` of the task.
            candidates: the talents left after the role filter.
            mean: ``(d,)`` centre to subtract; default the candidates' mean (seed 000).

        Returns:
            A :class:`Selection`; 0 candidates give an empty one. Ties are broken by id.
        """
        p = self.params
        if not candidates:
            return Selection((), {}, ())
        v = np.vstack([c.vector for c in candidates]).astype(np.float64)
        q = np.asarray(task_vector, dtype=np.float64)
        mu = v.mean(axis=0) if mean is None else np.asarray(mean, dtype=np.float64)
        emb = normalise(v - mu) @ normalise(q - mu)
        raw = normalise(v) @ normalise(q)
        shared = [tuple(sorted(c.stems & task_stems)) for c in candidates]
        score = emb + p.beta * np.array([len(s) for s in shared], dtype=np.float64)
        emb, score = np.round(emb, 6), np.round(score, 6)  # stable across BLAS summation orders

        order = sorted(range(len(candidates)), key=lambda i: (-score[i], candidates[i].id))
        top = float(score[order[0]])
        decisions: dict[int, tuple[Decision, str]] = {}
        gate = float(emb.max()) < p.floor and sum(len(s) for s in shared) == 0
        if gate:
            for i in order:
                decisions[i] = ("cut_gate", f"out of domain: best emb {emb.max():.3f} < FLOOR "
                                f"{p.floor} and no shared stem")
        else:
            spent = 0
            full = False
            for i in order:
                s = float(score[i])
                if s < top - p.margin or s <= 0:
                    decisions[i] = ("cut_margin", f"score {s:.3f} below top {top:.3f} − MARGIN "
                                    f"{p.margin}" if s > 0 else f"score {s:.3f} ≤ 0")
                elif full or spent + candidates[i].tokens > p.budget:
                    full = True
                    decisions[i] = ("cut_budget", f"{candidates[i].tokens} tokens over the "
                                    f"BUDGET of {p.budget} ({spent} already kept)")
                else:
                    spent += candidates[i].tokens
                    decisions[i] = ("kept", f"score {s:.3f} within MARGIN of top {top:.3f}")
            if not any(d == "kept" for d, _ in decisions.values()):
                for i in order[: p.fallback_k]:
                    decisions[i] = ("fallback", f"nothing passed the cut: top-{p.fallback_k} "
                                    "fallback")
        kept = tuple(candidates[i].id for i in order if decisions[i][0] in ("kept", "fallback"))
        explanations = tuple(
            Explanation(
                id=candidates[i].id,
                emb=float(emb[i]),
                cosine=round(float(raw[i]), 6),
                shared_stems=shared[i],
                score=float(score[i]),
                decision=decisions[i][0],
                detail=decisions[i][1],
            )
            for i in order
        )
        return Selection(
            kept=kept,
            scores={candidates[i].id: float(score[i]) for i in order},
            explanations=explanations,
            gate_closed=gate,
            top=top,
        )
