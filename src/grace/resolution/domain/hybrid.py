"""Hybrid relevance selection: dense + lexical + file evidence, fused, then a bounded cut.

The seed 000 selector (:mod:`.relevance`) scores a talent by its centred cosine plus a bonus per
shared 5-character stem. On real imported catalogs that breaks (issue 11): prefixes match
unrelated words and one shared stem outweighs most cosine differences; the margin cut balloons
when the top score is weak. This selector, measured on labelled sets in
docs/decisions/0010-resolution-on-real-catalogs.md, works on three channels per candidate:

* ``dense``: centred cosine of the task with the talent's best passage (header or body chunk);
* ``lexical``: normalised BM25 in [0, 1] (Snowball stems, stop words out);
* ``glob``: 1 when a file in play matched one of its ``activation.paths``.

Fusion, ``sum`` (default): ``score = dense + w_lex · lexical + w_glob · glob``, a calibrated sum
(both channels have absolute meaning: a centred cosine, a fraction of the query's BM25 ceiling).
``rrf``: reciprocal rank fusion, ``Σ 1 / (k + rank)`` over the channels where the candidate has
a positive signal (Cormack, Clarke & Büttcher, SIGIR 2009, k = 60).

Gate (out of domain): nothing kept when ``max dense < floor``, ``max lexical < lex_floor`` and
no glob matched. Cut: the top candidate, then every candidate with ``score ≥ top − margin`` and
``score ≥ ratio · top`` (so a weak top keeps few), at most ``max_kept``, charged against
``budget`` tokens at the depth that will be served. The next ``also_k`` candidates above
``also_ratio · top`` are offered as "also relevant" pointers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from grace.resolution.domain.relevance import Decision, Explanation, Selection

Fusion = Literal["sum", "rrf"]
RRF_K: Final = 60
"""Cormack et al. 2009: k = 60."""


@dataclass(frozen=True, slots=True)
class HybridParams:
    """Parameters of :class:`HybridSelector` (defaults: docs/decisions/0010-…)."""

    w_lex: float = 0.6
    w_glob: float = 0.15
    floor: float = 0.2
    lex_floor: float = 0.12
    margin: float = 0.15
    ratio: float = 0.7
    max_kept: int = 6
    budget: int = 2000
    also_k: int = 5
    also_ratio: float = 0.4
    fusion: Fusion = "sum"


@dataclass(frozen=True, slots=True)
class HybridCandidate:
    """One candidate's channels.

    Attributes:
        dense: centred cosine with the task, in [-1, 1].
        cosine: raw cosine, for reference.
        lexical: normalised BM25 in [0, 1].
        glob / file: the matched pattern and file in play, or ``None``.
        tokens: cost against ``budget`` at the depth to be served (tokens).
    """

    id: str
    dense: float
    cosine: float
    lexical: float
    tokens: int
    glob: str | None = None
    file: str | None = None


@dataclass(frozen=True, slots=True)
class HybridSelection:
    """:class:`~grace.resolution.domain.relevance.Selection` plus the "also relevant" ids."""

    selection: Selection
    also: tuple[str, ...]


def _ranks(values: npt.NDArray[np.float64], ids: Sequence[str]) -> npt.NDArray[np.float64]:
    """1-based ranks by decreasing value (ties by id); ``inf`` where the value is ≤ 0."""
    order = sorted(range(len(ids)), key=lambda i: (-values[i], ids[i]))
    ranks = np.full(len(ids), np.inf)
    for r, i in enumerate(order, start=1):
        if values[i] > 0:
            ranks[i] = r
    return ranks


class HybridSelector:
    """Stateless hybrid selector (see the module docstring)."""

    def __init__(self, params: HybridParams | None = None) -> None:
        self.params = params or HybridParams()

    def fuse(self, cands: Sequence[HybridCandidate]) -> npt.NDArray[np.float64]:
        """``(n,) float64`` fused scores, rounded to 6 decimals (stable across BLAS orders)."""
        p = self.params
        dense = np.array([c.dense for c in cands], dtype=np.float64)
        lex = np.array([c.lexical for c in cands], dtype=np.float64)
        glob = np.array([c.glob is not None for c in cands], dtype=np.float64)
        if p.fusion == "rrf":
            ids = [c.id for c in cands]
            score = np.zeros(len(cands))
            for channel, weight in ((dense, 1.0), (lex, 1.0), (glob, 1.0)):
                score += weight / (RRF_K + _ranks(channel, ids))
            return np.round(score * RRF_K, 6)  # 1.0 = first in one channel
        return np.round(dense + p.w_lex * lex + p.w_glob * glob, 6)

    def select(self, cands: Sequence[HybridCandidate]) -> HybridSelection:
        """Score, gate and cut ``cands``.

        Returns:
            The selection (kept ids by decreasing score, explanations for all) and the
            "also relevant" ids. No candidates give an empty selection.
        """
        p = self.params
        if not cands:
            return HybridSelection(Selection((), {}, ()), ())
        score = self.fuse(cands)
        order = sorted(range(len(cands)), key=lambda i: (-score[i], cands[i].id))
        top = float(score[order[0]])
        best_dense = max(c.dense for c in cands)
        best_lex = max(c.lexical for c in cands)
        gate = best_dense < p.floor and best_lex < p.lex_floor and all(
            c.glob is None for c in cands
        )
        decisions: dict[int, tuple[Decision, str]] = {}
        also: list[str] = []
        if gate:
            for i in order:
                decisions[i] = ("cut_gate", f"out of domain: best dense {best_dense:.3f} < "
                                f"FLOOR {p.floor}, best lexical {best_lex:.3f} < {p.lex_floor}, "
                                "no glob matched")
        else:
            spent, kept_n = 0, 0
            bar = max(top - p.margin, p.ratio * top) if top > 0 else top - p.margin
            for rank, i in enumerate(order):
                s, cost = float(score[i]), cands[i].tokens
                if rank > 0 and s < bar:
                    decisions[i] = ("cut_margin", f"score {s:.3f} below the bar {bar:.3f} "
                                    f"(top {top:.3f} − MARGIN {p.margin}, RATIO {p.ratio} × top)")
                elif rank > 0 and kept_n >= p.max_kept:
                    decisions[i] = ("cut_margin", f"{p.max_kept} talents already kept (MAX_KEPT)")
                elif rank > 0 and spent + cost > p.budget:
                    decisions[i] = ("cut_budget", f"{cost} tokens over the BUDGET of "
                                    f"{p.budget} ({spent} already kept)")
                else:
                    spent, kept_n = spent + cost, kept_n + 1
                    decisions[i] = ("kept", "top score" if rank == 0 else
                                    f"score {s:.3f} ≥ bar {bar:.3f}")
            floor = p.also_ratio * top
            also = [
                cands[i].id for i in order
                if decisions[i][0] != "kept" and float(score[i]) >= floor and float(score[i]) > 0
            ][: p.also_k]
        kept = tuple(cands[i].id for i in order if decisions[i][0] == "kept")
        explanations = tuple(
            Explanation(
                id=cands[i].id,
                emb=round(cands[i].dense, 6),
                cosine=round(cands[i].cosine, 6),
                shared_stems=(),
                score=float(score[i]),
                decision=decisions[i][0],
                detail=decisions[i][1] + _channels(cands[i]),
                lexical=round(cands[i].lexical, 6),
                glob=cands[i].glob,
                file=cands[i].file,
            )
            for i in order
        )
        return HybridSelection(
            Selection(
                kept=kept,
                scores={cands[i].id: float(score[i]) for i in order},
                explanations=explanations,
                gate_closed=gate,
                top=top,
            ),
            tuple(also),
        )


def _channels(c: HybridCandidate) -> str:
    glob = f", glob `{c.glob}` matched {c.file}" if c.glob is not None else ""
    return f" [dense {c.dense:.3f}, lexical {c.lexical:.3f}{glob}]"
