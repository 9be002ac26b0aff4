"""Dependency graph over ``requires`` / ``includes`` / ``conflicts`` (seed 001, step 2).

Everything here is total: unknown ids, missing prerequisites, cycles and conflicts are *reported*
as findings, never raised. Traversals are iterative (no recursion limit) and sorted (same input,
same output).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from grace.resolution.domain.talent import Talent


@dataclass(frozen=True, slots=True)
class MissingPrerequisite:
    """``talent`` requires (or includes) ``missing``, which exists but is not active."""

    talent: str
    missing: str
    edge: str  # "requires" | "includes"


@dataclass(frozen=True, slots=True)
class UnknownReference:
    """``talent`` names ``unknown`` in ``field`` but no talent has that id."""

    talent: str
    unknown: str
    field: str


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two active talents that declare a conflict (either side may declare it)."""

    first: str
    second: str


class DependencyGraph:
    """The graph of a catalog's talents; queries are restricted to ids that exist.

    The ``requires`` + ``includes`` edges are read once, at construction (O(talents)): most
    talents have none, and traversals skip them.

    Args:
        talents: id -> talent (the whole catalog; ids outside it are "unknown").
    """

    def __init__(self, talents: Mapping[str, Talent]) -> None:
        self._talents = talents
        self._edges: dict[str, tuple[str, ...]] = {
            tid: t.edges for tid, t in talents.items() if t.requires or t.includes
        }

    def edges(self, talent_id: str) -> tuple[str, ...]:
        """``requires`` then ``includes`` of ``talent_id`` (``()`` for none or an unknown id)."""
        return self._edges.get(talent_id, ())

    def closure(self, roots: Iterable[str], *, within: Collection[str]) -> list[str]:
        """Ids reachable from ``roots`` over ``requires`` + ``includes``, roots included.

        Only ids in ``within`` are entered (seed 000: closure "restreinte aux talents actifs");
        roots outside ``within`` are ignored. Cycles are fine (each id is visited once).

        Returns:
            The closure sorted by id.
        """
        edges = self._edges
        seen = {r for r in roots if r in within}
        stack = [r for r in seen if r in edges]
        while stack:
            for e in edges[stack.pop()]:
                if e not in seen and e in within:
                    seen.add(e)
                    if e in edges:
                        stack.append(e)
        return sorted(seen)

    def dependents(self, talent_id: str, *, within: Collection[str]) -> list[str]:
        """Ids in ``within`` whose direct ``requires``/``includes`` name ``talent_id``, sorted."""
        return sorted(
            t for t in within if t in self._talents and talent_id in self._talents[t].edges
        )

    def dependents_map(self, within: Collection[str]) -> dict[str, tuple[str, ...]]:
        """For every id in ``within``: the ids in ``within`` that require or include it, sorted.

        One pass over the edges (O(edges)), where calling :meth:`dependents` per id is O(n²).
        """
        inside = set(within)
        rev: dict[str, list[str]] = {}
        for tid in sorted(inside & self._edges.keys()):
            for edge in dict.fromkeys(self._edges[tid]):
                if edge in inside and edge != tid:
                    rev.setdefault(edge, []).append(tid)
        return {t: tuple(rev[t]) if t in rev else () for t in inside}

    def missing_prerequisites(self, active: Collection[str]) -> list[MissingPrerequisite]:
        """Edges from an active talent to a catalog talent that is not active (sorted)."""
        found: list[MissingPrerequisite] = []
        for tid in sorted(active):
            talent = self._talents.get(tid)
            if talent is None:
                continue
            for edge, targets in (("requires", talent.requires), ("includes", talent.includes)):
                found.extend(
                    MissingPrerequisite(tid, t, edge)
                    for t in targets
                    if t in self._talents and t not in active
                )
        return found

    def unknown_references(self, ids: Iterable[str]) -> list[UnknownReference]:
        """References to ids that are not in the catalog, from the talents ``ids`` (sorted)."""
        found: list[UnknownReference] = []
        for tid in sorted(set(ids)):
            talent = self._talents.get(tid)
            if talent is None:
                continue
            for field_name in ("requires", "includes", "conflicts", "recommends"):
                found.extend(
                    UnknownReference(tid, ref, field_name)
                    for ref in getattr(talent, field_name)
                    if ref not in self._talents
                )
        return found

    def conflicts(self, active: Collection[str]) -> list[Conflict]:
        """Pairs of talents in ``active`` that conflict, each pair once, sorted."""
        pairs: set[tuple[str, str]] = set()
        for tid in active:
            talent = self._talents.get(tid)
            if talent is None:
                continue
            for other in talent.conflicts:
                if other in active and other != tid:
                    a, b = sorted((tid, other))
                    pairs.add((a, b))
        return [Conflict(a, b) for a, b in sorted(pairs)]

    def cycles(self, ids: Collection[str]) -> list[list[str]]:
        """Cycles over ``requires`` + ``includes`` among ``ids``.

        Uses Tarjan's strongly connected components (iterative); each component of more than one
        talent, or a talent requiring itself, is a cycle. Each cycle is returned sorted, and the
        list is sorted.
        """
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        on_stack: set[str] = set()
        stack: list[str] = []
        result: list[list[str]] = []
        counter = 0
        for start in sorted(ids):
            if start in index:
                continue
            work: list[tuple[str, int]] = [(start, 0)]
            while work:
                node, child_i = work.pop()
                if child_i == 0:
                    index[node] = low[node] = counter
                    counter += 1
                    stack.append(node)
                    on_stack.add(node)
                talent = self._talents.get(node)
                children = [c for c in (talent.edges if talent else ()) if c in ids]
                if child_i < len(children):
                    work.append((node, child_i + 1))
                    child = children[child_i]
                    if child not in index:
                        work.append((child, 0))
                    elif child in on_stack:
                        low[node] = min(low[node], index[child])
                    continue
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1 or node in children:
                        result.append(sorted(component))
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
        return sorted(result)
