"""Context compiler: bodies at a depth fitted to a token budget, rendered as Markdown.

Seed 001 steps 6-8. Depth policy for ``auto`` (documented in docs/decisions/0003-depth-policy.md):

1. *Admission*: in served order, each talent is admitted at ``compact`` together with its
   ``requires``/``includes`` closure if the group fits in what is left of the budget; otherwise
   it is dropped with reason ``budget`` (the lowest-ranked go first, and the served set stays
   closed).
2. *Deepening*: in served order, each admitted talent is raised to the deepest depth
   (``full``, then ``standard``) whose extra tokens still fit: higher-ranked talents first.
3. *Verification*: the rendered Markdown is counted as a whole; while it exceeds the budget
   (token counts are not exactly additive), the lowest-ranked deepened talent goes one depth
   down, then the lowest-ranked talent nobody requires is dropped. The output therefore never
   exceeds the budget.

With a fixed depth, every talent is served at that depth and step 2 is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from grace.errors import BudgetError
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.ports import TokenCounter
from grace.resolution.domain.results import (
    AlsoRelevant,
    DepthMode,
    Dropped,
    Pointer,
    Recommendation,
    Served,
)
from grace.resolution.domain.selection import Candidate, admit_in_order
from grace.resolution.domain.talent import DEPTHS, Depth, Talent

MAX_TASK_CHARS_SHOWN: Final = 400
MAX_FILES_SHOWN: Final = 10
_HEADING: Final = re.compile(r"^(#{1,6})(\s)")
_FENCE: Final = re.compile(r"^\s*(```|~~~)")
NO_TALENT_LINE: Final = "_No talent of this project applies to this role._"


@dataclass(frozen=True, slots=True)
class ContextHeader:
    """What the context's first lines say: project, role, task, languages."""

    project: str
    role: str
    task: str
    languages: tuple[str, ...]
    note: str = ""
    also_relevant: tuple[AlsoRelevant, ...] = ()
    files: tuple[str, ...] = ()
    task_languages: tuple[str, ...] = ()
    """The languages the language filter used when they come from the files in play or the
    task's text (``language_source`` ``"files"`` or ``"task"``): the header shows them instead
    of the project's ``languages`` (which still filter the pointers, seed 001 step 6)."""
    language_source: str = ""
    implied_languages: tuple[str, ...] = ()
    """The languages of ``task_languages`` that neither a file in play nor the task's text
    gives: another's (TypeScript's JavaScript) or the project's SQL held in their code
    (:data:`~grace.resolution.domain.activation.SQL_HOSTS`); the header says they are
    implied."""


def demote_headings(body: str) -> str:
    """Push the Markdown headings of ``body`` down (outside fenced code) so that the shallowest
    is at level 3, under its block's ``##`` heading: one level for a body of ``##`` sections
    (the curated catalogs'), two for an imported rule that opens on its own ``# Title`` (it
    read as a second talent beside its block's heading); never past level 6."""
    lines = _headings(body)
    levels = [len(m.group(1)) for _, m in lines if m is not None]
    shift = max(1, 3 - min(levels)) if levels else 1
    return "\n".join(line if m is None else
                     "#" * min(6, len(m.group(1)) + shift) + line[len(m.group(1)):]
                     for line, m in lines)


def _headings(body: str) -> list[tuple[str, re.Match[str] | None]]:
    """Each line of ``body`` with its heading match (``None`` for any other line and inside
    fenced code)."""
    out: list[tuple[str, re.Match[str] | None]] = []
    in_fence = False
    for line in body.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        out.append((line, None if in_fence else _HEADING.match(line)))
    return out


def render_block(talent: Talent, depth: Depth) -> str:
    """One talent's block: heading, body at ``depth``, constraints and conventions."""
    parts = [f"## {talent.name} (`{talent.id}`, {depth})", demote_headings(talent.bodies[depth])]
    if depth != "compact" and talent.structure.constraints:
        parts.append("Constraints:\n" + "\n".join(f"- {c}" for c in talent.structure.constraints))
    if depth == "full" and talent.structure.diagram.strip():
        parts.append(f"```\n{talent.structure.diagram.strip()}\n```")
    conventions = [
        f"- {kind} · {key}: {value}"
        for kind, entries in sorted(talent.conventions.items())
        for key, value in entries.items()
    ]
    if conventions:
        parts.append("Conventions:\n" + "\n".join(conventions))
    return "\n\n".join(p for p in parts if p.strip())


def pointers_for(
    talent: Talent, depth: Depth, *, role: str, languages: Sequence[str]
) -> list[Pointer]:
    """"When to dig deeper" rows for a talent served at ``depth`` (none at ``full``).

    Sections are kept when they name no role or name ``role``, and name no language or one of
    the project's ``languages`` (a project with no languages keeps them all). Seed 001, step 6.
    """
    if depth == "full":
        return []
    rows = [
        Pointer(talent.id, s.when, section=s.name)
        for s in talent.sections
        if (not s.roles or role in s.roles)
        and (not s.languages or not languages or set(s.languages) & set(languages))
    ]
    rows.append(Pointer(talent.id, f"the whole of “{talent.name}”", depth="full"))
    return rows


def pointer_call(p: Pointer) -> str:
    """The ``grace_get`` call of a pointer, as shown in the table."""
    arg = f'section="{p.section}"' if p.section else f'depth="{p.depth}"'
    return f'`grace_get("{p.id}", {arg})`'


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


_SHOWN_SOURCES: Final = {"files": "from the files in play", "task": "told by the task"}


def _printable(text: str) -> str:
    """``text`` with its control characters escaped (``\\x1b``): the task is echoed into the
    Markdown an agent and a terminal read, where a raw escape sequence would act."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def render(
    header: ContextHeader,
    blocks: Sequence[str],
    pointers: Sequence[Pointer],
    recommended: Sequence[Recommendation],
) -> str:
    """Assemble the Markdown context."""
    task = header.task.strip()
    if len(task) > MAX_TASK_CHARS_SHOWN:
        task = task[:MAX_TASK_CHARS_SHOWN].rstrip() + " …"
    lines = [f"# GRACE context · {header.project} · role: {header.role}", ""]
    if task:
        lines.append(f"Task: {_printable(' '.join(task.split()))}")
    if header.task_languages and header.language_source in _SHOWN_SOURCES:
        implied = [x for x in header.task_languages if x in header.implied_languages]
        given = [x for x in header.task_languages if x not in implied] or implied
        lines.append(f"Languages: {', '.join(given)} "
                     f"({_SHOWN_SOURCES[header.language_source]}"
                     + (f"; implied: {', '.join(implied)})" if given != implied and implied
                        else ")"))
    elif header.languages:
        lines.append(f"Languages: {', '.join(header.languages)}")
    if header.files:
        shown = ", ".join(header.files[:MAX_FILES_SHOWN])
        more = len(header.files) - MAX_FILES_SHOWN
        lines.append(f"Files: {shown}" + (f" (+{more} more)" if more > 0 else ""))
    parts = ["\n".join(lines).rstrip()]
    if header.note:
        parts.append(header.note)
    parts.extend(blocks if blocks or header.note else [NO_TALENT_LINE])
    if pointers:
        rows = "\n".join(f"| {_cell(p.when)} | {pointer_call(p)} |" for p in pointers)
        parts.append("## When to dig deeper\n\n| when | call |\n|---|---|\n" + rows)
    if recommended:
        rows = "\n".join(
            f"- `{r.id}` — {_cell(r.summary)} (recommended by {', '.join(r.recommended_by)})"
            for r in recommended
        )
        parts.append("## Recommended, not enabled\n\n" + rows)
    if header.also_relevant:
        rows = "\n".join(f"- `{a.id}` — {_cell(a.line)}" for a in header.also_relevant)
        parts.append(
            "## Also relevant, fetch on demand\n\n"
            "Not included: fetch one if the task needs it (`grace_get(\"<id>\")` over MCP, "
            "`grace get <id>` on the command line).\n\n" + rows
        )
    return "\n\n".join(parts) + "\n"


@dataclass(frozen=True, slots=True)
class Compiled:
    """Output of :class:`ContextCompiler`."""

    markdown: str
    tokens: int
    served: tuple[Served, ...]
    dropped: tuple[Dropped, ...]
    pointers: tuple[Pointer, ...]
    recommended: tuple[Recommendation, ...]


class TalentCosts:
    """Rendered blocks and token costs per talent, kept across requests.

    A catalog holds each talent as one immutable object for its lifetime; an entry is reused
    only while the catalog still holds *that* object (``is``), so a reloaded or edited talent
    is rendered and counted again. Memory: one block per talent and depth served, and two
    counts per (talent, depth, role, languages) asked.
    """

    def __init__(self) -> None:
        self._blocks: dict[tuple[str, Depth], tuple[Talent, str, int | None]] = {}
        self._tables: dict[tuple[str, Depth, str, tuple[str, ...]], tuple[Talent, int]] = {}
        self._costs: dict[tuple[str, Depth, str, tuple[str, ...]], tuple[Talent, int]] = {}

    def cost(
        self,
        talent: Talent,
        depth: Depth,
        role: str,
        languages: Sequence[str],
        count: Callable[[str], int],
    ) -> int:
        """What serving ``talent`` at ``depth`` adds to a context (tokens, cached): its block,
        its "when to dig deeper" rows and 2 for the separators."""
        key = (talent.id, depth, role, tuple(languages))
        hit = self._costs.get(key)
        if hit is not None and hit[0] is talent:
            return hit[1]
        tokens = (
            self.block_tokens(talent, depth, count)
            + self.table_tokens(talent, depth, role, languages, count)
            + 2
        )
        self._costs[key] = (talent, tokens)
        return tokens

    def block(self, talent: Talent, depth: Depth) -> str:
        """:func:`render_block` of ``talent`` at ``depth`` (cached)."""
        hit = self._blocks.get((talent.id, depth))
        if hit is not None and hit[0] is talent:
            return hit[1]
        text = render_block(talent, depth)
        self._blocks[(talent.id, depth)] = (talent, text, None)
        return text

    def block_tokens(self, talent: Talent, depth: Depth, count: Callable[[str], int]) -> int:
        """Tokens of :meth:`block` by ``count`` (cached with the block)."""
        text = self.block(talent, depth)
        owner, _, tokens = self._blocks[(talent.id, depth)]
        if tokens is None:
            tokens = count(text)
            self._blocks[(talent.id, depth)] = (owner, text, tokens)
        return tokens

    def table_tokens(
        self,
        talent: Talent,
        depth: Depth,
        role: str,
        languages: Sequence[str],
        count: Callable[[str], int],
    ) -> int:
        """Tokens of the talent's "when to dig deeper" rows at ``depth`` (cached)."""
        key = (talent.id, depth, role, tuple(languages))
        hit = self._tables.get(key)
        if hit is not None and hit[0] is talent:
            return hit[1]
        rows = pointers_for(talent, depth, role=role, languages=languages)
        tokens = count("\n".join(f"| {_cell(p.when)} | {pointer_call(p)} |" for p in rows))
        self._tables[key] = (talent, tokens)
        return tokens


class ContextCompiler:
    """Fits ordered candidates into a token budget and renders them (see module docstring).

    Args:
        counter: the token counter the budget is expressed in.
        graph: the catalog's dependency graph (for closure-preserving admission and drops).
        catalog: id -> talent of the whole catalog (to describe recommended talents).
        active: ids the project serves (enabled, not draft): a recommendation of one of them
            is not listed.
        costs: blocks and costs kept across requests (a fresh one when omitted).
    """

    def __init__(
        self,
        counter: TokenCounter,
        graph: DependencyGraph,
        catalog: Mapping[str, Talent],
        active: frozenset[str],
        costs: TalentCosts | None = None,
    ) -> None:
        self._counter = counter
        self._graph = graph
        self._catalog = catalog
        self._active = active
        self._costs = costs if costs is not None else TalentCosts()
        self._cache: dict[str, int] = {}

    def _count(self, text: str) -> int:
        if text not in self._cache:
            self._cache[text] = self._counter.count(text)
        return self._cache[text]

    def _cost(self, talent: Talent, depth: Depth, role: str, languages: Sequence[str]) -> int:
        return self._costs.cost(talent, depth, role, languages, self._counter.count)

    def _recommendations(self, served: Sequence[Candidate]) -> list[Recommendation]:
        by: dict[str, list[str]] = {}
        for cand in served:
            for rec in cand.talent.recommends:
                if rec in self._catalog and rec not in self._active:
                    by.setdefault(rec, []).append(cand.id)
        return [
            Recommendation(rid, self._catalog[rid].name, self._catalog[rid].summary, tuple(ids))
            for rid, ids in sorted(by.items())
        ]

    def compile(
        self,
        ordered: Sequence[Candidate],
        header: ContextHeader,
        *,
        depth_mode: DepthMode,
        token_budget: int,
    ) -> Compiled:
        """Choose depths, drop what does not fit, render; the result is ≤ ``token_budget``.

        Raises:
            BudgetError: the budget cannot hold even the context's header.
        """
        role, languages = header.role, header.languages
        base: Depth = "compact" if depth_mode == "auto" else depth_mode
        empty = render(header, [], [], [])
        if self._count(empty) > token_budget:
            raise BudgetError(
                f"token budget {token_budget} is below the {self._count(empty)} tokens of the "
                "context header alone; raise --token-budget"
            )
        overhead = self._count(render(header, ["x"], [Pointer("x", "x")], [])) + 4
        left = token_budget - overhead

        def accept(cand: Candidate, group: list[Candidate], _: set[str]) -> Dropped | None:
            nonlocal left
            cost = (
                self._cost(group[0].talent, base, role, languages) if len(group) == 1
                else sum(self._cost(g.talent, base, role, languages) for g in group)
            )
            if cost <= left:
                left -= cost
                return None
            extra = f" with its prerequisites ({len(group) - 1})" if len(group) > 1 else ""
            return Dropped(
                cand.id,
                "budget",
                f"needs {cost} tokens at {base}{extra}, {max(left, 0)} left of {token_budget}",
            )

        admitted, dropped = admit_in_order(ordered, self._graph, accept)
        depths: dict[str, Depth] = {c.id: base for c in admitted}
        if depth_mode == "auto":
            for cand in admitted:
                now = self._cost(cand.talent, base, role, languages)
                for deeper in ("full", "standard"):
                    delta = self._cost(cand.talent, deeper, role, languages) - now
                    if delta <= left:
                        depths[cand.id] = deeper
                        left -= delta
                        break
        return self._verify(admitted, depths, dropped, header, token_budget, base)

    def _verify(
        self,
        admitted: list[Candidate],
        depths: dict[str, Depth],
        dropped: list[Dropped],
        header: ContextHeader,
        token_budget: int,
        base: Depth,
    ) -> Compiled:
        while True:
            served = [c for c in admitted if c.id in depths]
            blocks = [self._costs.block(c.talent, depths[c.id]) for c in served]
            pointers = [
                p
                for c in served
                for p in pointers_for(
                    c.talent, depths[c.id], role=header.role, languages=header.languages
                )
            ]
            recommended = self._recommendations(served)
            markdown = render(header, blocks, pointers, recommended)
            tokens = self._counter.count(markdown)
            if tokens <= token_budget or not served:
                break
            self._shrink(served, depths, dropped, base, token_budget, tokens)
        required_by = self._graph.dependents_map([c.id for c in served])
        return Compiled(
            markdown=markdown,
            tokens=tokens,
            served=tuple(
                Served(
                    id=c.id,
                    name=c.talent.name,
                    depth=depths[c.id],
                    tokens=self._costs.block_tokens(c.talent, depths[c.id], self._count),
                    rank=c.rank,
                    priority=c.talent.priority,
                    triggers=c.triggers,
                    via=c.via,
                    required_by=required_by[c.id],
                    glob=c.activation.glob if c.activation else None,
                    file=c.activation.file if c.activation else None,
                    always=bool(c.activation and c.activation.always),
                    language=c.activation.language if c.activation else None,
                )
                for c in served
            ),
            dropped=tuple(dropped),
            pointers=tuple(pointers),
            recommended=tuple(recommended),
        )

    def _shrink(
        self,
        served: list[Candidate],
        depths: dict[str, Depth],
        dropped: list[Dropped],
        base: Depth,
        token_budget: int,
        tokens: int,
    ) -> None:
        """One step towards the budget: a depth down, else drop the lowest-ranked leaf."""
        for cand in reversed(served):
            level = DEPTHS.index(depths[cand.id])
            if level > DEPTHS.index(base):
                depths[cand.id] = DEPTHS[level - 1]
                return
        ids = {c.id for c in served}
        for cand in reversed(served):
            if not self._graph.dependents(cand.id, within=ids - {cand.id}):
                del depths[cand.id]
                dropped.append(
                    Dropped(cand.id, "budget", f"the context was {tokens} tokens > {token_budget}")
                )
                return
        # Every served talent is required by another (a cycle): drop the last one and every
        # talent whose closure holds it, so that what stays is still closed.
        last = served[-1].id
        for cand in served:
            if last in self._graph.closure([cand.id], within=ids):
                del depths[cand.id]
                dropped.append(
                    Dropped(cand.id, "budget", f"the context was {tokens} tokens > {token_budget}")
                )
