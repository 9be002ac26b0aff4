"""Ordering and conflict resolution of the talents to serve (seed 001, steps 4-5).

Order key, from the seed: number of activation triggers found in the task (more first) → role
rank (required > recommended > optional; a talent only present through closure comes last) →
``priority.default`` (higher first) → name (case-insensitive) → id (total order).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from grace.resolution.domain.activation import Activation
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.results import Dropped
from grace.resolution.domain.talent import ROLE_RANKS, RoleRank, Talent
from grace.resolution.domain.text import triggers_in_folded
from grace.text import fold


@dataclass(frozen=True, slots=True)
class Candidate:
    """A talent on its way to be served, with the facts that order it."""

    talent: Talent
    rank: RoleRank | None
    triggers: tuple[str, ...]
    via: Literal["enabled", "closure"]
    required_by: tuple[str, ...] = ()
    relevance: float | None = None
    activation: Activation | None = None

    @property
    def id(self) -> str:
        return self.talent.id

    @property
    def activated(self) -> bool:
        """A file in play matched one of its globs, or the project serves it always."""
        return self.activation is not None and (self.activation.matched or self.activation.always)

    def sort_key(self) -> tuple[float, float, int, int, str, str]:
        """Seed 001 order; with relevance on, the relevance score replaces the trigger count.

        With relevance off, talents activated by a file in play or by the project come first
        (a catalog without ``activation.paths`` or ``always`` keeps seed 001's order exactly).
        """
        rank_i = ROLE_RANKS.index(self.rank) if self.rank is not None else len(ROLE_RANKS)
        if self.relevance is not None:
            lead = (0.0, -self.relevance)
        else:
            lead = (-float(self.activated), -float(len(self.triggers)))
        return (*lead, rank_i, -self.talent.priority, self.talent.name.casefold(), self.id)


_RANK_INDEX: dict[RoleRank | None, int] = {r: i for i, r in enumerate(ROLE_RANKS)}


def make_candidates(
    talents: Sequence[Talent],
    *,
    role: str,
    task: str,
    closure_of: Mapping[str, tuple[str, ...]],
    relevance: Mapping[str, float] | None = None,
    activation: Mapping[str, Activation] | None = None,
    found: Mapping[str, tuple[str, ...]] | None = None,
) -> list[Candidate]:
    """Build candidates in seed 001 order.

    Args:
        talents: the talents to serve (after role filter and closure).
        closure_of: id -> the served talents requiring it; an id whose talent has no entry
            for ``role`` is marked ``via="closure"``.
        relevance: optional id -> relevance score (seed 000), which then leads the order.
        activation: optional id -> what activated it (glob matched by a file in play, always).
        found: id -> its triggers found in ``task``, for every talent with one (a
            :meth:`~grace.resolution.domain.text.TriggerIndex.found` of the catalog); ``None``:
            looked for here, talent by talent.
    """
    if found is None:
        folded = fold(task)
        found = {t.id: triggers_in_folded(folded, t.triggers) for t in talents}
    activation = activation or {}
    candidates = []
    keys = []  # Candidate.sort_key of each, computed inline (ids are unique: no tie reaches i)
    for i, t in enumerate(talents):
        rank = t.rank_for(role)
        cand = Candidate(
            talent=t,
            rank=rank,
            triggers=found.get(t.id, ()),
            via="enabled" if rank is not None else "closure",
            required_by=closure_of.get(t.id, ()),
            relevance=None if relevance is None else relevance.get(t.id, float("-inf")),
            activation=activation.get(t.id),
        )
        if cand.relevance is not None:
            lead: tuple[float, float] = (0.0, -cand.relevance)
        else:
            lead = (-float(cand.activated), -float(len(cand.triggers)))
        keys.append((*lead, _RANK_INDEX.get(rank, len(ROLE_RANKS)), -t.priority,
                     t.name.casefold(), t.id, i))
        candidates.append(cand)
    return [candidates[k[-1]] for k in sorted(keys)]


def admit_in_order(
    ordered: Sequence[Candidate],
    graph: DependencyGraph,
    accept: Callable[[Candidate, list[Candidate], set[str]], Dropped | None],
) -> tuple[list[Candidate], list[Dropped]]:
    """Admit candidates in order, each together with its closure, or drop it whole.

    For each candidate not yet admitted, its group is its ``requires``/``includes`` closure
    among the candidates that are not yet admitted. If a member of the closure was dropped
    earlier, the candidate is dropped (``requires_dropped``); otherwise ``accept(candidate,
    group, admitted)`` decides: ``None`` admits the whole group, a :class:`Dropped` drops the
    candidate.
    The admitted set is therefore always closed under ``requires``/``includes``.

    Returns:
        (admitted candidates in order, dropped in drop order).
    """
    by_id = {c.talent.id: c for c in ordered}
    admitted: set[str] = set()
    dropped: dict[str, Dropped] = {}
    for cand in ordered:
        cid = cand.talent.id
        if cid in admitted or cid in dropped:
            continue
        if cand.talent.requires or cand.talent.includes:
            closure = graph.closure([cid], within=by_id)
            lost = [g for g in closure if g in dropped]
            if lost:
                dropped[cid] = Dropped(
                    cid, "requires_dropped", f"its prerequisite {lost[0]} is not served"
                )
                continue
            group = [by_id[g] for g in closure if g not in admitted]
        else:  # most talents require nothing: their group is themselves (no traversal)
            group = [cand]
        verdict = accept(cand, group, admitted)
        if verdict is None:
            admitted.update(g.talent.id for g in group)
        else:
            dropped[cid] = verdict
    return [c for c in ordered if c.talent.id in admitted], list(dropped.values())


def resolve_conflicts(
    ordered: Sequence[Candidate],
    graph: DependencyGraph,
    talents: Mapping[str, Talent],
    *,
    against: Mapping[str, Collection[str]] | None = None,
) -> tuple[list[Candidate], list[Dropped], list[tuple[str, str]]]:
    """Drop the lower-ranked side of every conflict, deterministically.

    Rule: candidates are taken in served order (with their closure); a candidate whose group
    conflicts with a talent already admitted, or with itself, is dropped. The higher-ranked
    talent of a conflicting pair therefore always wins, and the result is still closed.
    Cost: O(n + conflicts) plus the closures of the candidates with edges; without a conflict
    among the candidates, O(n).

    Args:
        against: id -> the ids it conflicts with, either side declaring (symmetric), for the
            whole catalog (:attr:`~grace.resolution.domain.prepared.PreparedCatalog.conflicts`);
            ``None``: built here from ``talents``.

    Returns:
        (kept candidates in order, dropped, (kept, dropped) pairs for the report).
    """
    pairs: list[tuple[str, str]] = []
    if against is None:
        # Symmetric conflict sets of the candidates, built once: O(n + conflicts), then each
        # check costs the size of one talent's conflicts, not of the admitted set.
        built: dict[str, set[str]] = {c.id: set(talents[c.id].conflicts) for c in ordered}
        for c in ordered:
            for other in talents[c.id].conflicts:
                if other in built:
                    built[other].add(c.id)
        against = built
    if not any(against.get(c.id) for c in ordered):
        return list(ordered), [], []  # nothing to drop: every group is admitted whole

    def conflicting(t: str, admitted: set[str], group: set[str]) -> str | None:
        """The smallest id ``t`` conflicts with among ``admitted`` and the rest of its group."""
        hits = [o for o in against.get(t, ()) if o in admitted or (o in group and o != t)]
        return min(hits) if hits else None

    def accept(cand: Candidate, group: list[Candidate], admitted: set[str]) -> Dropped | None:
        ids = {g.id for g in group}
        for g in group:
            winner = conflicting(g.id, admitted, ids)
            if winner is not None:
                pairs.append((winner, cand.id))
                via = "" if g.id == cand.id else f" (through its prerequisite {g.id})"
                return Dropped(
                    cand.id, "conflict", f"conflicts with {winner}, which ranks higher{via}"
                )
        return None

    kept, dropped = admit_in_order(ordered, graph, accept)
    return kept, dropped, pairs
