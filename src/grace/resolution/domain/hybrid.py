"""Hybrid relevance selection: dense, lexical, trigger and file evidence, a calibrated
out-of-domain gate, a bounded cut.

The seed 000 selector (:mod:`.relevance`) scores a talent by its centred cosine plus a bonus per
shared 5-character stem. On real imported catalogs that breaks (issue 11): prefixes match
unrelated words, one shared stem outweighs most cosine differences, a fixed FLOOR does not
transfer between catalogs, and the margin cut balloons when the top score is weak. Every choice
below was measured on two labelled sets (docs/decisions/0010-resolution-on-real-catalogs.md).

Channels per candidate:

* ``dense``: centred cosine of the task with the talent's header (name, summary, triggers),
  raised towards its best body chunk's, minus its *hubness*:
  ``header + chunk_weight · max(0, chunk − header) − hub_weight · hub``, where ``hub`` is the
  talent's mean dense score over out-of-domain probe requests. Talents close to every request
  ("hubs", Radovanović, Nanopoulos & Ivanović, JMLR 2010) otherwise top unrelated tasks; the
  correction is the idea of CSLS (Conneau et al., ICLR 2018) with probes as the reference set;
* ``lexical``: normalised BM25 in [0, 1] (Snowball stems, stop words out) over the whole talent,
  and ``lexical_head`` over its header only;
* ``triggers``: ``activation.triggers`` found in the task as whole words or phrases (seed 001's
  matching, never 5-character prefixes), and the talent's *name terms* found in the task or
  its files (words of its name or id that few talents of the catalog use anywhere, such as
  ``express``, ``livewire``, ``django``: the caller decides which), ``min(count, 3) / 3``;
* ``path``: normalised BM25 over the whole talent of the words of the files in play's paths
  (:func:`~grace.resolution.domain.activation.path_words`: ``accounts/migrations/…`` names a
  Django migration even when the task does not);
* ``where``: 1 when one of the talent's name terms is found only in the files in play (their
  path words, or a framework whose conventions they follow: ``*.component.ts`` → angular),
  else 0 — the file says which stack the task is about even when the task does not
  ("Corrige le bug de pagination" on ``contract-list.component.ts``); like a glob match, it
  opens the gate;
* ``glob``: the specificity (:func:`~grace.resolution.domain.activation.glob_strength`) of the
  talent's globs when a file in play matched one, else 0.

* ``role``: the talent's ``agents`` rank for the request's role (:data:`ROLE_PRIOR`: required
  1, recommended 0.5, optional 0) — the curator's own statement of what a role needs.

Fusion ``sum`` (default), a calibrated sum (each channel has an absolute meaning):
``dense + w_lex · lexical + w_head · lexical_head + w_path · path + w_trigger · triggers
+ w_where · where + w_glob · glob + w_role · role + w_stack · stack``.
``rrf``: reciprocal rank fusion, ``Σ 1 / (k + rank)`` over the channels where the candidate has
a positive signal (Cormack, Clarke & Büttcher, SIGIR 2009, k = 60), scaled by k.

Gate (out of domain): nothing is kept when no glob matched, no name term was found in the files
in play (``where``) and the best ``dense`` is below the
floor. The floor is calibrated per catalog by the caller: the 90th percentile of the best dense
scores out-of-domain probe requests reach on the same catalog (a percentile, not the maximum: on
broad catalogs one probe lands on some everyday-topic rule), minus ``probe_margin``, never below
``floor``; it is
``trigger_slack`` lower when some talent has one of its triggers in the task, or when the task
names code (an identifier, a call, a route, a file name) or files are in play. Lexical scores
never open the gate (measured: they separate in-domain from out-of-domain tasks no better than
chance).

Second gate criterion, *domain*: the task's raw cosine with its nearest talent header minus its
raw cosine with its nearest probe request. A software task is nearer to some talent than to
any generic everyday request; "Quelle assurance habitation choisir ?" is not. The level is
calibrated on the probes themselves, leave-one-out (each probe's nearest talent minus its
nearest *other* probe), at :attr:`HybridParams.domain_percentile`: a task below what a
typical probe scores is out of domain, unless a glob matched or a name term of some talent is
in the task or its files (a named stack is evidence enough). Nearest-centroid / nearest-
neighbour novelty detection against a reference set of known negatives; AUC between in-domain
and out-of-domain tasks 0.93 (example) and 0.96 (polyglot) against 0.75 and 0.92 for the best
hub-corrected dense score (decision 0010).

Cut: the top candidate, then every candidate with ``score ≥ ratio · top`` and
``score ≥ top − margin``, at most ``max_kept``, charged against ``budget`` tokens at the depth
that will be served. The next ``also_k`` candidates above ``also_ratio · top`` are offered as
"also relevant" pointers.
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
ROLE_PRIOR: Final[dict[str, float]] = {"required": 1.0, "recommended": 0.5, "optional": 0.0}
"""The curator's ``agents`` rank for the role as evidence (seed 001 orders by it); an imported
catalog ranks every talent ``optional`` for every role, so there it weighs nothing."""


@dataclass(frozen=True, slots=True)
class HybridParams:
    """Parameters of :class:`HybridSelector`; defaults measured in decision 0010.

    Attributes:
        floor: absolute lower bound of the gate's floor (centred cosine).
        probe_percentile: which percentile of the probes' best dense scores calibrates the floor.
        domain_percentile: which percentile of the probes' leave-one-out domain scores is the
            domain criterion's level (:meth:`HybridSelector.domain_level`).
        probe_margin: the calibrated floor is that percentile minus this.
        trigger_slack: how much lower the floor is when a talent has a trigger in the task.
        margin: keep scores within this distance of the top (1.0: the ratio alone decides).
        ratio: keep scores of at least this fraction of the top.
        budget: token cap of the kept set (tokens, at the depth served).
        w_stack: weight of a name term found among the project's dependencies only (decision
            0023: under a file in play's ``w_where``; never gate evidence).
    """

    chunk_weight: float = 0.5
    hub_weight: float = 1.0
    w_lex: float = 3.0
    w_head: float = 1.0
    w_path: float = 1.0
    w_where: float = 0.8
    w_trigger: float = 0.4
    w_glob: float = 0.8
    w_role: float = 0.5
    w_stack: float = 0.3
    floor: float = 0.05
    probe_percentile: float = 90.0
    probe_margin: float = 0.005
    domain_percentile: float = 75.0
    trigger_slack: float = 0.12
    margin: float = 1.0
    ratio: float = 0.7
    max_kept: int = 8
    budget: int = 3000
    also_k: int = 5
    also_ratio: float = 0.4
    fusion: Fusion = "sum"


@dataclass(frozen=True, slots=True)
class HybridCandidate:
    """One candidate's channels.

    Attributes:
        dense: centred cosine of the header with the task, in [-1, 1].
        cosine: raw cosine, for reference.
        lexical: normalised BM25 in [0, 1] over the whole talent.
        tokens: cost against ``budget`` at the depth to be served (tokens).
        chunk: best centred cosine of a body chunk with the task (``-1`` without chunks).
        lexical_head: normalised BM25 in [0, 1] over its header.
        glob_strength: how specific the matched globs are (1.0: one kind of file).
        hub: the talent's mean dense score over the out-of-domain probes.
        triggers: its ``activation.triggers`` found in the task.
        glob / file: the matched pattern and file in play, or ``None``.
        role_rank: its ``agents`` rank for the request's role (``required``,
            ``recommended``, ``optional``), or ``None`` when unknown.
        lexical_path: normalised BM25 in [0, 1] of the files' path words over the whole
            talent (0 without files in play).
        names: its name terms found in the task or its files (they count as triggers).
        where: those of ``names`` found in the files in play only (the ``where`` channel).
        stack: its name terms found among the project's dependencies only (the ``stack``
            channel; never gate evidence: a dependency says what the project is built with,
            not what the task is about).
    """

    id: str
    dense: float
    cosine: float
    lexical: float
    tokens: int
    chunk: float = -1.0
    lexical_head: float = 0.0
    glob_strength: float = 1.0
    hub: float = 0.0
    triggers: tuple[str, ...] = ()
    glob: str | None = None
    file: str | None = None
    role_rank: str | None = None
    lexical_path: float = 0.0
    names: tuple[str, ...] = ()
    where: tuple[str, ...] = ()
    stack: tuple[str, ...] = ()

    @property
    def evidence(self) -> tuple[str, ...]:
        """Triggers and name terms found in the task, without repeats."""
        return tuple(dict.fromkeys((*self.triggers, *self.names)))


@dataclass(frozen=True, slots=True)
class HybridSelection:
    """:class:`~grace.resolution.domain.relevance.Selection` plus the "also relevant" ids."""

    selection: Selection
    also: tuple[str, ...]
    floor: float


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

    def dense_of(
        self,
        header: npt.NDArray[np.float64],
        chunk: npt.NDArray[np.float64],
        hub: npt.NDArray[np.float64],
    ) -> npt.NDArray[np.float64]:
        """Dense channel from ``(n,)`` header cosines, best-chunk cosines and hubness:
        ``header + chunk_weight · max(0, chunk − header) − hub_weight · hub``."""
        p = self.params
        return header + p.chunk_weight * np.maximum(0.0, chunk - header) - p.hub_weight * hub

    def dense(self, cands: Sequence[HybridCandidate]) -> npt.NDArray[np.float64]:
        """``(n,) float64`` dense channel of ``cands`` (:meth:`dense_of`)."""
        return self.dense_of(
            np.array([c.dense for c in cands], dtype=np.float64),
            np.array([c.chunk for c in cands], dtype=np.float64),
            np.array([c.hub for c in cands], dtype=np.float64),
        )

    def fuse(
        self, cands: Sequence[HybridCandidate], dense: npt.NDArray[np.float64] | None = None
    ) -> npt.NDArray[np.float64]:
        """``(n,) float64`` fused scores, rounded to 6 decimals (stable across BLAS orders).

        Args:
            dense: :meth:`dense` of ``cands`` when the caller already has it.
        """
        p = self.params
        dense = self.dense(cands) if dense is None else dense
        lex = np.array([c.lexical for c in cands], dtype=np.float64)
        head = np.array([c.lexical_head for c in cands], dtype=np.float64)
        path = np.array([c.lexical_path for c in cands], dtype=np.float64)
        where = np.array([1.0 if c.where else 0.0 for c in cands], dtype=np.float64)
        stack = np.array([1.0 if c.stack else 0.0 for c in cands], dtype=np.float64)
        trig = np.array([min(len(c.evidence), 3) / 3 for c in cands], dtype=np.float64)
        glob = np.array(
            [c.glob_strength if c.glob is not None else 0.0 for c in cands], dtype=np.float64
        )
        if p.fusion == "rrf":
            ids = [c.id for c in cands]
            score = np.zeros(len(cands))
            for channel in (dense, lex, head, path, trig, where, glob, stack):
                score += 1.0 / (RRF_K + _ranks(channel, ids))
            return np.round(score * RRF_K, 6)  # 1.0 = first in one channel
        role = np.array([ROLE_PRIOR.get(c.role_rank or "", 0.0) for c in cands], np.float64)
        fused = (
            dense + p.w_lex * lex + p.w_head * head + p.w_path * path + p.w_trigger * trig
            + p.w_where * where + p.w_glob * glob + p.w_role * role + p.w_stack * stack
        )
        return np.round(fused, 6)

    def probe_level(self, probe_best: Sequence[float]) -> float | None:
        """The calibration level of the gate: :attr:`HybridParams.probe_percentile` of the best
        dense score of each probe (``None`` without probes)."""
        if not len(probe_best):
            return None
        scores = np.asarray(probe_best, np.float64)
        return float(np.percentile(scores, self.params.probe_percentile))

    def domain_level(self, probe_domain: Sequence[float]) -> float | None:
        """The domain criterion's level: :attr:`HybridParams.domain_percentile` of the probes'
        leave-one-out domain scores (nearest talent − nearest other probe, raw cosines);
        ``None`` without probes."""
        if not len(probe_domain):
            return None
        return float(np.percentile(np.asarray(probe_domain, np.float64),
                                   self.params.domain_percentile))

    def gate_floor(
        self, cands: Sequence[HybridCandidate], probe_level: float | None, *, code: bool = False
    ) -> float:
        """The gate's floor for these candidates (see the module docstring): ``trigger_slack``
        lower when some talent has a trigger or name term in the task, or when ``code`` (the
        task names code, or files are in play: it is a software task)."""
        p = self.params
        floor = p.floor if probe_level is None else max(p.floor, probe_level - p.probe_margin)
        if code or any(c.evidence for c in cands):
            floor -= p.trigger_slack
        return floor

    def select(
        self,
        cands: Sequence[HybridCandidate],
        *,
        probe_level: float | None = None,
        domain: tuple[float, float] | None = None,
        code: bool = False,
    ) -> HybridSelection:
        """Score, gate and cut ``cands``.

        Args:
            probe_level: :meth:`probe_level` of this catalog's probes (the gate's
                calibration); ``None``: the ``floor`` parameter alone.
            domain: ``(the task's domain score, its level from`` :meth:`domain_level` ``)``;
                ``None``: no domain criterion.
            code: the task names code (:func:`~grace.resolution.domain.text.code_terms`) or
                files are in play: the floor is ``trigger_slack`` lower (the domain criterion
                still applies).

        Returns:
            The selection (kept ids by decreasing score, explanations for all), the "also
            relevant" ids and the floor used. No candidates give an empty selection.
        """
        p = self.params
        if not cands:
            return HybridSelection(Selection((), {}, ()), (), p.floor)
        dense = self.dense(cands)
        score = self.fuse(cands, dense)
        order = sorted(range(len(cands)), key=lambda i: (-score[i], cands[i].id))
        top = float(score[order[0]])
        best_dense = float(dense.max())
        floor = self.gate_floor(cands, probe_level, code=code)
        located = any(c.glob is not None or c.where for c in cands)
        named = any(c.names for c in cands)
        far = domain is not None and domain[0] < domain[1] and not named
        gate = (best_dense < floor or far) and not located
        decisions: dict[int, tuple[Decision, str]] = {}
        also: list[str] = []
        if gate:
            why = (
                f"out of domain: best dense {best_dense:.3f} < FLOOR {floor:.3f} (what "
                "out-of-domain probes reach on this catalog)" if best_dense < floor else
                f"out of domain: nearest talent − nearest generic request {domain[0]:.3f} < "
                f"{domain[1]:.3f} (what the probe requests score on this catalog)"
                if domain is not None else "out of domain"
            )
            for i in order:
                decisions[i] = ("cut_gate", why + ", no glob matched, no name term in the files")
        else:
            spent, kept_n = 0, 0
            bar = max(top - p.margin, p.ratio * top) if top > 0 else top - p.margin
            for rank, i in enumerate(order):
                s, cost = float(score[i]), cands[i].tokens
                if rank > 0 and s < bar:
                    decisions[i] = ("cut_margin", f"score {s:.3f} below the bar {bar:.3f} "
                                    f"(RATIO {p.ratio} × top {top:.3f})")
                elif rank > 0 and kept_n >= p.max_kept:
                    decisions[i] = ("cut_margin", f"{p.max_kept} talents already kept (MAX_KEPT)")
                elif rank > 0 and spent + cost > p.budget:
                    decisions[i] = ("cut_budget", f"{cost} tokens over the BUDGET of "
                                    f"{p.budget} ({spent} already kept)")
                else:
                    spent, kept_n = spent + cost, kept_n + 1
                    decisions[i] = ("kept", "top score" if rank == 0 else
                                    f"score {s:.3f} ≥ bar {bar:.3f}")
            low = p.also_ratio * top
            also = [
                cands[i].id for i in order
                if decisions[i][0] != "kept" and float(score[i]) >= low and float(score[i]) > 0
            ][: p.also_k]
        kept = tuple(cands[i].id for i in order if decisions[i][0] == "kept")
        explanations = tuple(
            Explanation(
                id=cands[i].id,
                emb=round(float(dense[i]), 6),
                cosine=round(cands[i].cosine, 6),
                shared_stems=cands[i].evidence,
                score=float(score[i]),
                decision=decisions[i][0],
                detail=decisions[i][1] + _channels(cands[i], float(dense[i])),
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
            floor,
        )


def _channels(c: HybridCandidate, dense: float) -> str:
    parts = [f"dense {dense:.3f}", f"lexical {c.lexical:.3f}", f"header {c.lexical_head:.3f}"]
    if c.lexical_path > 0:
        parts.append(f"path words {c.lexical_path:.3f}")
    if c.triggers:
        parts.append("triggers " + ", ".join(c.triggers))
    if c.names:
        parts.append("name terms " + ", ".join(c.names))
    if c.where:
        parts.append("the files in play are " + ", ".join(c.where))
    if c.stack:
        parts.append("the project depends on " + ", ".join(c.stack))
    if c.glob is not None:
        parts.append(f"glob `{c.glob}` matched {c.file}")
    if c.role_rank in ("required", "recommended"):
        parts.append(f"{c.role_rank} for the role")
    return " [" + "; ".join(parts) + "]"
