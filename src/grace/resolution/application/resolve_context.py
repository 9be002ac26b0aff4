"""Use case ``resolve_context`` (seed 001, steps 1-8; seed 000 closure)."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Final, Protocol

from grace.errors import (
    BudgetError,
    InputTooLargeError,
    InvalidIdError,
    InvalidPathError,
    InvalidTextError,
    UnknownRoleError,
)
from grace.resolution.domain.activation import (
    MAX_FILES,
    Activation,
    PathMatcher,
    implied_languages,
    language_activation,
    language_allows,
    normalise_files,
    task_languages,
)
from grace.resolution.domain.compiler import ContextCompiler, ContextHeader, TalentCosts
from grace.resolution.domain.deferred import Deferred
from grace.resolution.domain.explanation import Explanation
from grace.resolution.domain.graph import MissingPrerequisite
from grace.resolution.domain.languages import (
    imported_words,
    languages_in_text,
    stack_groups,
    stack_whole,
    stack_words,
)
from grace.resolution.domain.ports import (
    CatalogReader,
    FileImports,
    PackageStack,
    TokenCounter,
    WorkTree,
)
from grace.resolution.domain.prepared import PreparedCatalog
from grace.resolution.domain.results import (
    AlsoRelevant,
    DepthMode,
    Dropped,
    DroppedRecords,
    GraphReport,
    ResolvedContext,
)
from grace.resolution.domain.selection import make_candidates, resolve_conflicts
from grace.resolution.domain.talent import Project, Talent
from grace.text import fold

MAX_TASK_CHARS: Final = 50_000
"""Longest task accepted (characters); a longer one is refused, not truncated silently."""
MAX_TOKEN_BUDGET: Final = 1_000_000


def _reads_as_text(path: str) -> bool:
    """A file name of several space-separated words with no folder and no extension: a
    sentence (``"Comment faire une pâte à crêpes ?"``), not the file an agent is about to
    create (``My Notes.md``, ``docs/Design notes/plan`` have one)."""
    return "/" not in path and " " in path.strip() and "." not in path.rsplit(" ", 1)[-1] \
        and len(path.split()) >= 3


@dataclass(frozen=True, slots=True)
class RelevanceRequest:
    """What the relevance step sees.

    Attributes:
        candidates: talents left after the role and language filters, sorted by id.
        task: the task text (may be empty).
        active: every active talent of the project (for centring and corpus statistics).
        activation: id -> what activated it (a glob matched by a file in play, always-on).
        depth: the depth mode of the request (``BUDGET`` is charged at the depth served).
        role: the agent's role (each candidate's ``agents`` rank for it is evidence).
        files: the files in play, normalised, relative to the repository root (their paths'
            words are evidence too: ``accounts/migrations/0004.py``).
        stack: the words of the project's dependencies (``Project.stack``, with the words
            rules use: :func:`~grace.resolution.domain.languages.stack_words`).
        package_stack: the words of the dependencies the files' own packages declare, in a
            monorepo (:meth:`~grace.resolution.domain.ports.WorkTree.package_stack`).
        imported: the words of the packages the files in play import (:meth:`~grace.
            resolution.domain.ports.WorkTree.imports`) and of the dependencies those are
            modules of (:func:`~grace.resolution.domain.languages.imported_words`:
            ``rest_framework`` -> Django); ``None`` when no file in play could be read for
            them (none given, none there yet, or of a language whose import lines are not
            read).
        stack_groups: the words of each of those dependencies whose name has several
            (:func:`~grace.resolution.domain.languages.stack_groups`:
            ``@tanstack/react-query``): a rule whose subject one of them names in part is
            lifted by the stack only when one names it whole.
        stack_whole: the words of those dependencies whose name is one word
            (:func:`~grace.resolution.domain.languages.stack_whole`: ``expo``): a word of a
            rule's subject among them is the project's, whatever ``stack_groups`` hold.
        vocabulary: the repository's own words (``Project.vocabulary``): never a name term,
            a trigger or a path word.
        languages: the languages the task is in (the language filter's: its files', else
            those its text names, else the project's), for the back end's own language rules
            (:func:`~grace.resolution.domain.languages.unframed_languages`).
    """

    candidates: Sequence[Talent]
    task: str
    active: Sequence[Talent]
    activation: Mapping[str, Activation] = field(default_factory=dict)
    depth: DepthMode = "auto"
    role: str = ""
    files: Sequence[str] = ()
    stack: Sequence[str] = ()
    package_stack: Sequence[str] = ()
    imported: frozenset[str] | None = None
    stack_groups: Sequence[frozenset[str]] = ()
    stack_whole: frozenset[str] = frozenset()
    vocabulary: Sequence[str] = ()
    languages: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class RelevanceOutcome:
    """What the relevance step decided.

    Attributes:
        kept: ids to serve before closure, by decreasing score.
        scores: id -> score for every candidate (it then leads the order).
        note: a line for the context ("no talent specific to this task"), or "".
        explanations: one per candidate, by decreasing score (a tuple, or a
            :class:`~grace.resolution.domain.deferred.Deferred` one: built when read).
        also_relevant: the next candidates after the cut, offered as pointers.
    """

    kept: Sequence[str]
    scores: Mapping[str, float]
    note: str = ""
    explanations: Sequence[Explanation] = ()
    also_relevant: tuple[AlsoRelevant, ...] = ()


class RelevanceStep(Protocol):
    """Optional relevance step between the language filter and the closure (seed 000)."""

    @property
    def name(self) -> str:
        """The algorithm, for the result (``seed``, ``hybrid``)."""
        ...

    def select(self, request: RelevanceRequest) -> RelevanceOutcome: ...


def check_role(role: str, catalog: Sequence[Talent]) -> str:
    """Return ``role`` if some talent of ``catalog`` declares it.

    Raises:
        InvalidIdError: the role is not a short lower-case word.
        UnknownRoleError: no talent declares it (the message lists the roles that exist).
    """
    if not role or len(role) > 64 or not role.replace("-", "").replace("_", "").isalnum():
        raise InvalidIdError(f"invalid role {role!r}: use a word such as 'backend'")
    if any(role in t.agents for t in catalog):
        return role
    known = sorted({r for t in catalog for r in t.agents})
    if role not in known:
        close = difflib.get_close_matches(role.lower(), known, n=1)
        hint = f"; did you mean {close[0]!r}? The" if close else ": the"
        raise UnknownRoleError(
            f"unknown role {role!r}{hint} catalog's roles are {', '.join(known) or '(none)'}"
        )
    return role


def own_package_words(dependencies: Sequence[str], project: Sequence[str]) -> tuple[str, ...]:
    """The :func:`~grace.resolution.domain.languages.stack_words` of what the files' own
    packages declare (``dependencies``), or ``()`` when they hold every word of the project's
    ``stack:`` (``project``, its words; none: nothing to compare): the files are then in the
    project's one package — a repository with one manifest at its root — and their package
    says nothing more."""
    words = stack_words(dependencies)
    return () if project and set(project) <= set(words) else tuple(words)


def check_request(
    talents: Sequence[Talent],
    *,
    role: str,
    task: str,
    token_budget: int,
    files: Sequence[str] = (),
    root: str | None = None,
) -> tuple[str, ...]:
    """Refuse a bad request before any work: what :class:`ResolveContext` checks first, for a
    caller that has slow work to do before resolving (embedding the catalog: a bad role must
    fail at once, not after the warm-up).

    Returns:
        The files in play, normalised (:func:`~grace.resolution.domain.activation.normalise_files`).

    Raises:
        InvalidPathError, InputTooLargeError: a bad file in play, or too many of them.
        InvalidIdError, UnknownRoleError: bad role (none of ``talents`` declares it).
        InputTooLargeError: task over :data:`MAX_TASK_CHARS` characters.
        InvalidTextError: the task or a file in play is not valid Unicode (lone surrogate).
        BudgetError: budget outside 1 to :data:`MAX_TOKEN_BUDGET` tokens.
    """
    in_play = normalise_files(files, root=root)
    check_role(role, talents)
    if len(task) > MAX_TASK_CHARS:
        raise InputTooLargeError(
            f"task is {len(task)} characters long; the maximum is {MAX_TASK_CHARS}"
        )
    for what, text in (("task", task), *(("file in play", f) for f in in_play)):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            code = ord(text[exc.start])
            byte = (f"byte 0x{code - 0xDC00:02X}" if 0xDC80 <= code <= 0xDCFF
                    else f"lone surrogate {text[exc.start]!a}")  # surrogateescape: a raw byte
            if what == "task":
                raise InvalidTextError(
                    f"task is not valid UTF-8 text ({byte} at character {exc.start}): write "
                    "it in UTF-8") from None
            shown = text.encode("utf-8", "surrogateescape" if byte.startswith("byte")
                                else "backslashreplace").decode("ascii", "backslashreplace")
            raise InvalidTextError(
                f"the path of a file in play, {shown}, is not valid UTF-8 ({byte} at character "
                f"{exc.start}): rename the file, or leave it out of --files"
            ) from None
    if not 1 <= token_budget <= MAX_TOKEN_BUDGET:
        raise BudgetError(f"token budget must be between 1 and {MAX_TOKEN_BUDGET} tokens")
    return in_play


MAX_FOLDER_FILES: Final = 20
"""A folder given as a file in play stands for at most this many of its files (sorted, a
folder's own before its sub-folders'): enough for a ``k8s/`` or ``migrations/`` folder, never a
whole repository's worth of globs to match."""


def _unreadable(problems: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Talent id -> why its manifest could not be read, from the catalog's ``problems``
    (``(path, message)``; a talent's folder is named after its id)."""
    out: dict[str, str] = {}
    for path, message in problems:
        parts = path.replace("\\", "/").split("/")
        folder = parts[-2] if len(parts) > 1 and parts[-1] == "talent.yaml" else parts[-1]
        out.setdefault(folder, " ".join(message.split())[:200])
    return out


def _mark_closure(
    explanations: Sequence[Explanation],
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


def _mark_always(
    explanations: Sequence[Explanation], forced: set[str]
) -> tuple[Explanation, ...]:
    """Re-label the talents the project serves always although relevance cut them (and
    explain those the step did not)."""
    detail = "always served by the project (grace.yaml)"
    out = [replace(e, decision="always", detail=detail) if e.id in forced else e
           for e in explanations]
    seen = {e.id for e in explanations}
    out += [Explanation(t, 0.0, 0.0, (), 0.0, "always", detail)
            for t in sorted(forced - seen)]
    return tuple(out)


_GraphFacts = tuple[
    list[MissingPrerequisite], tuple[tuple[str, str, str], ...], tuple[tuple[str, ...], ...]
]
MAX_ROSTERS: Final = 64
"""Rosters kept per catalog state (one per enabled list and role met); more start afresh."""


@dataclass(frozen=True, slots=True)
class _Roster:
    """Steps 1 to 3 of a resolve for one catalog state, enabled list and role: the same for
    every request that has those three, so computed once (issue 13: 1 000 talents).

    Attributes:
        active: enabled, in the catalog, not draft.
        active_talents: their talents, sorted by id (the relevance step's ``active``; one
            tuple for every request, so the step recognises its pool by identity).
        facts: missing prerequisites, unknown references and cycles of :attr:`active`.
        for_role: the active ids with an ``agents`` entry for the role, sorted.
        dropped: unknown, draft, not enabled and role drops.
        unreadable: the enabled ids whose manifest the catalog could not read (among the
            unknown ones).
        by_languages: the task's languages -> (:attr:`for_role` in them, the others), filled
            as requests meet them (at most :data:`MAX_ROSTERS` combinations, then afresh).
    """

    active: frozenset[str]
    active_talents: tuple[Talent, ...]
    facts: _GraphFacts
    for_role: list[str]
    dropped: Mapping[str, Dropped]
    unreadable: tuple[str, ...] = ()
    by_languages: dict[tuple[str, ...], tuple[list[str], list[str]]] = field(
        default_factory=dict)

    def languages(
        self, catalog: Mapping[str, Talent], languages: tuple[str, ...]
    ) -> tuple[list[str], list[str]]:
        """(the role's talents the language filter keeps, those it drops, sorted)."""
        if languages not in self.by_languages:
            if len(self.by_languages) >= MAX_ROSTERS:
                self.by_languages.clear()
            keep = [t for t in self.for_role
                    if language_allows(catalog[t].languages, languages)]
            kept = set(keep)
            self.by_languages[languages] = (keep, [t for t in self.for_role if t not in kept])
        return self.by_languages[languages]


class ResolveContext:
    """Compile the context a coding agent gets for a role and a task.

    Args:
        catalog: the project's catalog.
        counter: the token counter budgets are expressed in.
        relevance: the optional relevance step (``GRACE_RELEVANCE=embeddings``); ``None`` keeps
            seed 001's behaviour exactly.
        matcher: glob matching of files in play against ``activation.paths``; ``None`` matches
            nothing.
        tree: where the files in play are on disk, checked when a call gives its ``root``: a
            file that does not exist is kept with a warning, a symbolic link out of the
            repository is refused, and the manifests of the files' own packages give the
            relevance step their dependencies (a monorepo); ``None`` checks nothing (a platform
            project has no folder).
    """

    def __init__(
        self,
        catalog: CatalogReader,
        counter: TokenCounter,
        *,
        relevance: RelevanceStep | None = None,
        matcher: PathMatcher | None = None,
        tree: WorkTree | None = None,
    ) -> None:
        self._catalog = catalog
        self._tree = tree
        self._counter = counter
        self._relevance = relevance
        self._matcher = matcher
        self._costs = TalentCosts()  # blocks and token counts, reused across requests
        self._prepared: PreparedCatalog | None = None
        self._facts: tuple[PreparedCatalog, frozenset[str], _GraphFacts] | None = None
        self._rosters: tuple[PreparedCatalog, dict[tuple[tuple[str, ...], str], _Roster]] | None
        self._rosters = None

    def _prepare(self, talents: Sequence[Talent]) -> PreparedCatalog:
        """The derived facts of the catalog's current state, built once per state."""
        if self._prepared is None or not self._prepared.holds(talents):
            self._prepared = PreparedCatalog.of(talents)
        return self._prepared

    def _graph_facts(self, prepared: PreparedCatalog, active: frozenset[str]) -> _GraphFacts:
        """Missing prerequisites, unknown references and cycles of ``active``: computed once per
        catalog state and active set (the key holds the prepared catalog itself, so an object id
        is never reused while its entry lives)."""
        if self._facts is not None:
            held, held_active, facts = self._facts
            if held is prepared and held_active == active:
                return facts
        graph = prepared.graph
        facts = (
            list(graph.missing_prerequisites(active)),
            tuple((u.talent, u.field, u.unknown) for u in graph.unknown_references(active)),
            tuple(tuple(c) for c in graph.cycles(active)),
        )
        self._facts = (prepared, active, facts)
        return facts

    def _roster(self, prepared: PreparedCatalog, enabled_ids: tuple[str, ...],
                role: str) -> _Roster:
        """Steps 1 to 3 for this catalog state, enabled list and role (see :class:`_Roster`),
        from the cache when a request had the same."""
        if self._rosters is None or self._rosters[0] is not prepared:
            self._rosters = (prepared, {})
        rosters = self._rosters[1]
        key = (enabled_ids, role)
        roster = rosters.get(key)
        if roster is not None:
            return roster
        catalog = prepared.by_id
        dropped: dict[str, Dropped] = {}

        # 1. Active talents: enabled and not draft.
        enabled = set(enabled_ids)
        unread = _unreadable(self._catalog.problems()) if enabled - catalog.keys() else {}
        for tid in sorted(enabled - catalog.keys()):
            dropped[tid] = Dropped(tid, "unknown", (
                f"its manifest could not be read ({unread[tid]}): `grace doctor` lists it"
                if tid in unread else "enabled in the project but not in the catalog"))
        active = frozenset(
            t for t in enabled if t in catalog and catalog[t].status != "draft"
        )
        for tid in sorted(enabled & catalog.keys() - active):
            dropped[tid] = Dropped(tid, "draft", "status: draft talents are never served")

        # 2. Graph: missing prerequisites, unknown references, cycles, conflicts (reported).
        facts = self._graph_facts(prepared, active)
        missing_by: dict[str, list[str]] = {}
        for m in facts[0]:
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
        roster = _Roster(
            active=active,
            active_talents=tuple(catalog[t] for t in sorted(active)),
            facts=facts,
            for_role=for_role,
            dropped=dropped,
            unreadable=tuple(t for t in sorted(enabled - catalog.keys()) if t in unread),
        )
        if len(rosters) >= MAX_ROSTERS:
            rosters.clear()
        rosters[key] = roster
        return roster

    def __call__(
        self,
        project: Project,
        *,
        role: str,
        task: str,
        depth: DepthMode = "auto",
        token_budget: int,
        files: Sequence[str] = (),
        root: str | None = None,
    ) -> ResolvedContext:
        """Resolve the context.

        Args:
            task: free text, at most 50 000 characters (may be empty: then only rank and
                priority order the talents).
            files: the files in play, relative to the repository root (at most 1 000): their
                languages become the task's, and they are matched against
                ``activation.paths``.
            root: the repository's absolute path: absolute ``files`` under it are accepted,
                and every file is located under it (see ``tree``).
            depth: ``compact|standard|full`` for a fixed depth, ``auto`` for the deepest that fits.
            token_budget: the maximum size of the Markdown output, in tokens (1 to 1 000 000).

        Raises:
            InvalidIdError, UnknownRoleError: bad role.
            InputTooLargeError: task too long.
            BudgetError: budget out of range or too small for the header.
            InvalidPathError: a file in play is absolute or outside the repository, or
                resolves outside it through a symbolic link.
        """
        talents = self._catalog.talents()
        in_play = check_request(talents, role=role, task=task, token_budget=token_budget,
                                files=files, root=root)
        in_play, warnings = self._locate(in_play, root)
        prepared = self._prepare(talents)
        catalog, graph = prepared.by_id, prepared.graph
        # 1-3. Active talents (enabled, not draft), graph facts, role filter: once per catalog
        # state, enabled list and role.
        roster = self._roster(prepared, project.enabled, role)
        active = roster.active
        missing, unknown, cycles = roster.facts
        dropped = dict(roster.dropped)
        unread = roster.unreadable
        if unread:  # a typo'd manifest is not a talent the project forgot to import
            warnings += (f"{len(unread)} enabled talent(s) not served, their manifest could not "
                         f"be read: {', '.join(unread[:5])}{' …' if len(unread) > 5 else ''} "
                         "(`grace doctor` says why)",)

        # 3b. Language filter: the files' languages, else those the task names, else the
        # project's (DESIGN.md §2.2).
        languages, language_source = task_languages(project.languages, in_play, task)
        in_language, out_of_language = roster.languages(catalog, languages)
        source = (
            f"named in the task: {', '.join(languages_in_text(task)[1])}"
            if language_source == "task" else f"from the {language_source}"
        )
        for tid in out_of_language:
            dropped[tid] = Dropped(
                tid, "language",
                f"its languages ({', '.join(catalog[tid].languages)}) are not the task's "
                f"({', '.join(languages)}, {source})",
            )

        # 3c. Activation: globs matched by the files in play, always-on talents of the project.
        always = set(project.always)
        activation: dict[str, Activation] = {}
        # only a talent with specific globs (files in play) or always-on can be activated
        globbed = prepared.paths if self._matcher is not None and in_play else {}
        for tid in in_language if always or globbed else ():
            if tid not in globbed and tid not in always:
                continue
            paths = prepared.paths.get(tid, ())
            hit = (
                self._matcher.first_match(paths, in_play)
                if self._matcher is not None and paths and in_play
                else None
            )
            if hit is not None or tid in always:
                activation[tid] = Activation(
                    glob=hit[0] if hit else None, file=hit[1] if hit else None,
                    always=tid in always, strength=prepared.strength[tid],
                )

        # 4. Optional relevance selection, then closure on requires/includes (seed 000).
        found = prepared.triggers.found(fold(task))  # id -> its triggers in the task
        note: str = ""
        explanations: Sequence[Explanation] = ()
        cut: set[str] = set()  # dropped by relevance: their Dropped records are deferred
        scores: Mapping[str, float] | None = None
        also: tuple[AlsoRelevant, ...] = ()
        kept: list[str] = list(in_language)  # the roster's list stays as it is
        if self._relevance is not None:
            packages = (self._tree.package_stack(root, in_play)
                        if self._tree is not None and root is not None and in_play
                        else PackageStack())
            imports = (self._tree.imports(root, in_play)
                       if self._tree is not None and root is not None and in_play
                       else FileImports())
            warnings += tuple(f"package manifest {line} (its dependencies are not used)"
                              for line in packages.skipped)
            # a talent without specific globs is activated by its language (relevance only:
            # with relevance off, seed 001's order knows globs and always-on alone)
            spoken = language_activation(prepared.languages, in_language, in_play,
                                         globbed=globbed) if in_play else {}
            activation = {**spoken, **activation}  # a language match orders nothing (`matched`)
            outcome = self._relevance.select(
                RelevanceRequest(
                    candidates=[catalog[t] for t in in_language],
                    task=task,
                    active=roster.active_talents,
                    activation=activation,
                    depth=depth,
                    role=role,
                    files=in_play,
                    stack=(project_words := stack_words(project.stack)),
                    package_stack=own_package_words(packages.dependencies, project_words),
                    imported=(imported_words(imports.packages,
                                             (*project.stack, *packages.dependencies))
                              if imports.read else None),
                    stack_groups=stack_groups((*project.stack, *packages.dependencies)),
                    stack_whole=stack_whole((*project.stack, *packages.dependencies)),
                    vocabulary=project.vocabulary,
                    languages=languages,
                )
            )
            scores, note, explanations = outcome.scores, outcome.note, outcome.explanations
            if not task.strip() and note:  # said where a script looks, not only in Markdown
                warnings += (note.strip("_").rstrip(".").replace("`", "")
                             .replace("Empty task", "empty task", 1),)
            kept = list(outcome.kept)
            forced = [t for t in in_language if t in always and t not in kept]
            if forced:
                kept += forced
                explanations = Deferred(partial(_mark_always, explanations, set(forced)))
            also = outcome.also_relevant
            # Their records, with the relevance step's detail, are built when read: at 1 000
            # talents that is most of the request (issue 13). None of them is in ``dropped``.
            cut = set(in_language).difference(kept)
        served_ids = graph.closure(kept, within=active)
        closure_of = graph.dependents_map(served_ids)
        cut_details = explanations  # before the closure's relabelling, as always
        if self._relevance is not None:
            explanations = Deferred(
                partial(_mark_closure, explanations, set(kept), closure_of), len(explanations)
            )
        for tid in served_ids:
            dropped.pop(tid, None)
        cut.difference_update(served_ids)

        # 5. Order, then conflicts (the higher-ranked side wins).
        ordered = make_candidates(
            [catalog[t] for t in served_ids],
            role=role,
            task=task,
            closure_of=closure_of,
            relevance=scores,
            activation=activation,
            found=found,
        )
        ordered, conflict_drops, pairs = resolve_conflicts(
            ordered, graph, catalog, against=prepared.conflicts
        )
        for d in conflict_drops:
            dropped[d.id] = d

        # 6-8. Depth under the budget, pointers, recommendations.
        compiler = ContextCompiler(self._counter, graph, catalog, active, self._costs)
        served_set = set(served_ids)
        header = ContextHeader(
            project.name, role, task, project.languages, note,
            also_relevant=tuple(a for a in also if a.id not in served_set),
            files=in_play, task_languages=tuple(languages), language_source=language_source,
            implied_languages=implied_languages(languages, in_play, task),
        )
        compiled = compiler.compile(ordered, header, depth_mode=depth, token_budget=token_budget)
        for d in compiled.dropped:
            dropped[d.id] = d

        report = GraphReport(
            missing_prerequisites=tuple((m.talent, m.missing) for m in missing),
            unknown_references=unknown,
            cycles=cycles,
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
            dropped=DroppedRecords(dropped, cut, cut_details),
            pointers=compiled.pointers,
            recommended=compiled.recommended,
            graph=report,
            relevance="off" if self._relevance is None else "embeddings",
            relevance_algo="" if self._relevance is None else self._relevance.name,
            explanations=explanations,
            files=in_play,
            languages=languages,
            language_source=language_source,
            also_relevant=header.also_relevant,
            warnings=warnings,
        )

    def _locate(self, in_play: tuple[str, ...], root: str | None
                ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The files in play with each folder among them replaced by the files in it (at most
        :data:`MAX_FOLDER_FILES` per folder: ``--files k8s/`` is the manifests in ``k8s/``),
        and warnings for the folders and for the files that do not exist (kept: an agent names
        the file it is about to create, and the name alone selects by glob and language).

        Raises:
            InvalidPathError: a file resolves outside ``root`` through a symbolic link (refused
                like ``../x``: nothing outside the repository is ever taken as in play); or a
                missing one reads as a sentence, not a path (words separated by spaces, no
                folder, no extension: ``--files "Comment faire … ?"``, the task given where a
                file was expected), which would select talents by its words.
        """
        if self._tree is None or root is None:
            return in_play, ()
        warnings = []
        located: list[str] = []
        for path in in_play:
            state = self._tree.locate(root, path)
            if state == "outside":
                raise InvalidPathError(
                    f"file in play {path!r} is outside the repository {root}: it is, or is under,"
                    " a symbolic link that resolves outside it"
                )
            if state == "missing" and _reads_as_text(path):
                raise InvalidPathError(
                    f"file in play {path!r} does not exist and reads as a sentence, not a path:"
                    " give the task as the last argument, after the files")
            if state == "missing":
                near = self._tree.near(root, path)
                warnings.append(f"file in play {path} does not exist (kept: its name still "
                                "selects talents by glob and language)"
                                + (f"; did you mean {', '.join(near)}?" if near else ""))
            elif state == "folder":
                inside = self._tree.files_in(root, path, MAX_FOLDER_FILES + 1)
                if inside:
                    shown = ", ".join(inside[:3]) + (" …" if len(inside) > 3 else "")
                    more = len(inside) > MAX_FOLDER_FILES
                    warnings.append(
                        f"file in play {path} is a folder: "
                        + (f"its first {MAX_FOLDER_FILES} files are" if more
                           else f"its {len(inside)} files are" if len(inside) > 1
                           else "its one file is")
                        + f" in play instead ({shown})")
                    located.extend(inside[:MAX_FOLDER_FILES])
                    continue
                warnings.append(f"file in play {path} is a folder with no file to read: give "
                                "the files in it (kept: its name is matched like a file's)")
            located.append(path)
        return tuple(dict.fromkeys(located))[:MAX_FILES], tuple(warnings)
