"""Use case ``resolve_context`` (seed 001, steps 1-8; seed 000 closure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final, Protocol

from grace.errors import BudgetError, InputTooLargeError, InvalidIdError, UnknownRoleError
from grace.resolution.domain.compiler import ContextCompiler, ContextHeader
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.ports import CatalogReader, TokenCounter
from grace.resolution.domain.relevance import Explanation
from grace.resolution.domain.results import (
    DepthMode,
    Dropped,
    GraphReport,
    ResolvedContext,
)
from grace.resolution.domain.selection import make_candidates, resolve_conflicts
from grace.resolution.domain.talent import Project, Talent

MAX_TASK_CHARS: Final = 50_000
"""Longest task accepted (characters); a longer one is refused, not truncated silently."""
MAX_TOKEN_BUDGET: Final = 1_000_000


class RelevanceStep(Protocol):
    """Optional seed 000 step between the role filter and the closure.

    Returns the ids to keep, a score per candidate (which then leads the order), a note for the
    context ("no talent specific to this task") and per-candidate explanations.
    """

    def select(
        self, candidates: Sequence[Talent], task: str, *, active: Sequence[Talent]
    ) -> tuple[list[str], Mapping[str, float], str, tuple[Explanation, ...]]: ...


def check_role(role: str, catalog: Sequence[Talent]) -> str:
    """Return ``role`` if some talent of ``catalog`` declares it.

    Raises:
        InvalidIdError: the role is not a short lower-case word.
        UnknownRoleError: no talent declares it (the message lists the roles that exist).
    """
    if not role or len(role) > 64 or not role.replace("-", "").replace("_", "").isalnum():
        raise InvalidIdError(f"invalid role {role!r}: use a word such as 'backend'")
    known = sorted({r for t in catalog for r in t.agents})
    if role not in known:
        raise UnknownRoleError(
            f"unknown role {role!r}: the catalog's roles are {', '.join(known) or '(none)'}"
        )
    return role


def _mark_closure(
    explanations: tuple[Explanation, ...],
    kept: set[str],
    closure_of: Mapping[str, tuple[str, ...]],
) -> tuple[Explanation, ...]:
    """Re-label the candidates the closure brought back (seed 000: exempt from the cut)."""
    out = []
    for e in explanations:
        if e.id in closure_of and e.id not in kept:
            by = ", ".join(closure_of[e.id]) or "a kept talent"
            e = replace(e, decision="closure", detail=f"re-added by closure: required by {by}")
        out.append(e)
    return tuple(out)


class ResolveContext:
    """Compile the context a coding agent gets for a role and a task.

    Args:
        catalog: the project's catalog.
        counter: the token counter budgets are expressed in.
        relevance: the optional relevance step (``GRACE_RELEVANCE=embeddings``); ``None`` keeps
            seed 001's behaviour exactly.
    """

    def __init__(
        self,
        catalog: CatalogReader,
        counter: TokenCounter,
        *,
        relevance: RelevanceStep | None = None,
    ) -> None:
        self._catalog = catalog
        self._counter = counter
        self._relevance = relevance

    def __call__(
        self,
        project: Project,
        *,
        role: str,
        task: str,
        depth: DepthMode = "auto",
        token_budget: int,
    ) -> ResolvedContext:
        """Resolve the context.

        Args:
            task: free text, at most 50 000 characters (may be empty: then only rank and
                priority order the talents).
            depth: ``compact|standard|full`` for a fixed depth, ``auto`` for the deepest that fits.
            token_budget: the maximum size of the Markdown output, in tokens (1 to 1 000 000).

        Raises:
            InvalidIdError, UnknownRoleError: bad role.
            InputTooLargeError: task too long.
            BudgetError: budget out of range or too small for the header.
        """
        talents = self._catalog.talents()
        check_role(role, talents)
        if len(task) > MAX_TASK_CHARS:
            raise InputTooLargeError(
                f"task is {len(task)} characters long; the maximum is {MAX_TASK_CHARS}"
            )
        if not 1 <= token_budget <= MAX_TOKEN_BUDGET:
            raise BudgetError(f"token budget must be between 1 and {MAX_TOKEN_BUDGET} tokens")
        catalog = {t.id: t for t in talents}
        graph = DependencyGraph(catalog)
        dropped: dict[str, Dropped] = {}

        # 1. Active talents: enabled and not draft.
        enabled = set(project.enabled)
        for tid in sorted(enabled - catalog.keys()):
            dropped[tid] = Dropped(tid, "unknown", "enabled in the project but not in the catalog")
        active = frozenset(
            t for t in enabled if t in catalog and catalog[t].status != "draft"
        )
        for tid in sorted(enabled & catalog.keys() - active):
            dropped[tid] = Dropped(tid, "draft", "status: draft talents are never served")

        # 2. Graph: missing prerequisites, unknown references, cycles, conflicts (reported).
        missing = graph.missing_prerequisites(active)
        missing_by: dict[str, list[str]] = {}
        for m in missing:
            missing_by.setdefault(m.missing, []).append(m.talent)
        for tid in sorted(catalog.keys() - enabled):
            detail = (
                f"required by {', '.join(missing_by[tid])} but not enabled: enable it"
                if tid in missing_by
                else "not enabled in the project"
            )
            dropped[tid] = Dropped(tid, "not_enabled", detail)

        # 3. Role filter.
        for_role = sorted(t for t in active if catalog[t].rank_for(role) is not None)
        for tid in sorted(active - set(for_role)):
            dropped[tid] = Dropped(tid, "role", f"no `agents` entry for role {role}")

        # 4. Optional relevance selection, then closure on requires/includes (seed 000).
        note: str = ""
        explanations: tuple[Explanation, ...] = ()
        scores: Mapping[str, float] | None = None
        kept = for_role
        if self._relevance is not None:
            kept, scores, note, explanations = self._relevance.select(
                [catalog[t] for t in for_role], task, active=[catalog[t] for t in sorted(active)]
            )
            details = {e.id: e.detail for e in explanations}
            for tid in sorted(set(for_role) - set(kept)):
                dropped[tid] = Dropped(tid, "relevance", details.get(tid, "cut by relevance"))
        served_ids = graph.closure(kept, within=active)
        closure_of = graph.dependents_map(served_ids)
        if self._relevance is not None:
            explanations = _mark_closure(explanations, set(kept), closure_of)
        for tid in served_ids:
            dropped.pop(tid, None)

        # 5. Order, then conflicts (the higher-ranked side wins).
        ordered = make_candidates(
            [catalog[t] for t in served_ids],
            role=role,
            task=task,
            closure_of=closure_of,
            relevance=scores,
        )
        ordered, conflict_drops, pairs = resolve_conflicts(ordered, graph, catalog)
        for d in conflict_drops:
            dropped[d.id] = d

        # 6-8. Depth under the budget, pointers, recommendations.
        compiler = ContextCompiler(self._counter, graph, catalog, active)
        header = ContextHeader(project.name, role, task, project.languages, note)
        compiled = compiler.compile(ordered, header, depth_mode=depth, token_budget=token_budget)
        for d in compiled.dropped:
            dropped[d.id] = d

        report = GraphReport(
            missing_prerequisites=tuple((m.talent, m.missing) for m in missing),
            unknown_references=tuple(
                (u.talent, u.field, u.unknown) for u in graph.unknown_references(active)
            ),
            cycles=tuple(tuple(c) for c in graph.cycles(active)),
            conflicts=tuple(pairs),
        )
        return ResolvedContext(
            project=project.name,
            role=role,
            task=task,
            depth_mode=depth,
            token_budget=token_budget,
            token_counter=self._counter.name,
            markdown=compiled.markdown,
            tokens=compiled.tokens,
            served=compiled.served,
            dropped=tuple(dropped[k] for k in sorted(dropped)),
            pointers=compiled.pointers,
            recommended=compiled.recommended,
            graph=report,
            relevance="off" if self._relevance is None else "embeddings",
            explanations=explanations,
        )
