"""``grace resolve``, ``grace get``, ``grace doctor``, ``grace init``."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final, Literal, NamedTuple

import typer
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from grace.entrypoints.cli.common import (
    CatalogOpt,
    ExampleOpt,
    JsonOpt,
    ProjectOpt,
    add_plain_row,
    err_console,
    handle_errors,
    jsonable_dict,
    opened,
    out_console,
    print_json,
    progress_bar,
    settings,
)
from grace.errors import InputTooLargeError, InvalidPathError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from grace.resolution.application.init_project import InitReport
    from grace.resolution.domain.results import ResolvedContext

# The composition root and the use cases are imported inside each command, so that
# `grace --help` loads none of them (issue 12 item 4, decision 0019).

DepthChoice = Literal["compact", "standard", "full", "auto"]
RelevanceChoice = Literal["off", "embeddings"]
BodyDepth = Literal["compact", "standard", "full"]
EXPLAIN_CUT_ROWS = 15
"""--explain shows every served talent, then at most this many cut and this many dropped."""


def repo_relative(path: str, root: Path) -> str:
    """``path`` as given on the command line (relative to the current folder, or absolute)
    made relative to the repository ``root``.

    Raises:
        InvalidPathError: the path is empty or outside ``root``.
    """
    if not path.strip():  # Path("") is the current folder: never a file in play
        raise InvalidPathError("--files: an empty path (give a file's path)")
    # Lexical (os.path.abspath), symbolic links not followed: Path.resolve would follow them.
    absolute = Path(os.path.abspath(Path.cwd() / path))  # noqa: PTH100
    try:
        return absolute.relative_to(os.path.abspath(root)).as_posix()  # noqa: PTH100
    except ValueError as exc:
        raise InvalidPathError(f"--files {path}: outside the repository {root}") from exc


def _read_task(task: str) -> str:
    """The task text (``-``: stdin), refused when too long before any model is loaded.

    Raises:
        InputTooLargeError: over ``MAX_TASK_CHARS`` characters (the use case's limit).
    """
    from grace.resolution.application.resolve_context import MAX_TASK_CHARS

    if task != "-":
        if len(task) > MAX_TASK_CHARS:
            raise InputTooLargeError(
                f"task is {len(task)} characters long; the maximum is {MAX_TASK_CHARS}")
        return task
    text = sys.stdin.read(MAX_TASK_CHARS + 1)
    if len(text) > MAX_TASK_CHARS:
        raise InputTooLargeError(f"task on stdin is longer than {MAX_TASK_CHARS} characters")
    return text


@handle_errors
def resolve(
    role: Annotated[str, typer.Option("--role", "-r", help=(
        "Agent role: one of the catalog's (imported rules are for architect, backend, "
        "frontend, reviewer and tester; an unknown role is refused with the list)."))],
    task: Annotated[str, typer.Argument(
        help="The task in free text ('-' reads it from stdin). Left out, relevance serves what "
             "the files in play (--files, --changed) activate, else the role's required and "
             "recommended talents.", show_default=False)] = "",
    project: ProjectOpt = None,
    example: ExampleOpt = False,
    catalog: CatalogOpt = None,
    depth: Annotated[
        DepthChoice, typer.Option("--depth", "-d", help="Body depth; auto = deepest that fits.")
    ] = "auto",
    token_budget: Annotated[
        int | None,
        typer.Option("--token-budget", "-b", min=1, help="Max tokens of the output "
                     "(default GRACE_TOKEN_BUDGET, 8000).", show_default=False),
    ] = None,
    relevance: Annotated[
        RelevanceChoice | None,
        typer.Option("--relevance", help="Relevance selection (default GRACE_RELEVANCE, else "
                     "grace.yaml's `relevance:`, else off).",
                     show_default=False),
    ] = None,
    explain: Annotated[
        bool,
        typer.Option("--explain", help="Show why each candidate was kept or cut (on stderr)."),
    ] = False,
    files: Annotated[
        list[str] | None,
        typer.Option("--files", "--file", help="A file in play (repeat it): its language "
                     "becomes the task's, it is matched against the talents' globs, and its "
                     "own package's manifest (a monorepo's apps/web/package.json) adds its "
                     "dependencies to the stack. A folder stands for its files (at most 20)."),
    ] = None,
    changed: Annotated[
        bool,
        typer.Option("--changed", help="Add git's modified, staged and untracked files to the "
                     "files in play."),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Compile the context a coding agent gets for ROLE and TASK.

    Examples:

      grace resolve --example -r backend "Ajouter le use case UpdateProject"

      grace resolve -r backend --files app/api/items.py "Rename a variable"

      grace resolve -r backend --changed --relevance embeddings --explain "Fix the failing test"

      grace resolve -r backend --changed --relevance embeddings  # what the changed files activate

      grace resolve --example -r backend --relevance embeddings --explain "Paginer la liste"

      grace resolve -r frontend -b 1500 --json "Rendre le formulaire accessible" | jq .served_ids
    """
    from grace.bootstrap import build_resolution, changed_files

    cfg = settings()
    if relevance is not None:
        cfg = cfg.model_copy(update={"relevance": relevance})
    wired = opened(build_resolution(cfg, project=project, catalog=catalog, example=example))
    root = Path.cwd() if example else wired.project_file.path.parent
    in_play = [repo_relative(f, root) for f in files or []]
    if changed:  # GRACE's own files (grace.yaml, .grace/, the catalog) are not the agent's
        from grace.resolution.adapters.exporters import OWNERSHIP_FILE

        in_play += changed_files(root, exclude=wired.own_paths, exclude_names={OWNERSHIP_FILE})
    task_text = _read_task(task)  # a too long task fails before the talents are embedded
    budget = token_budget or cfg.token_budget
    # role, budget and files too: a bad one fails at once, not after embedding the catalog
    wired.check_request(role=role, task=task_text, token_budget=budget, files=in_play,
                        root=str(root))
    if wired.settings.relevance == "embeddings":  # the flag, the variable or grace.yaml
        with progress_bar("embedding talents (cached after the first run)",
                          "passages") as on_progress:
            wired.warm_up(on_progress)
    result = wired.resolve(
        wired.project_file.project,
        role=role,
        task=task_text,
        depth=depth,
        token_budget=budget,
        files=in_play,
        root=str(root),
    )
    for warning in result.warnings:  # stderr, --json or not: stdout stays the result
        err_console.print(f"warning: {escape(warning)}", style="yellow", highlight=False)
    if as_json:
        if explain:  # stderr, as without --json (the JSON holds the explanations too)
            _explain_table(result)
        print_json(result)
        return
    sys.stdout.write(result.markdown)
    if explain:
        _explain_table(result)
    by_reason: dict[str, list[str]] = {}
    for tid, reason in result.dropped_reasons().items():
        by_reason.setdefault(reason, []).append(tid)
    dropped = ", ".join(  # ids the project enables but the catalog lacks are named: a typo
        f"{len(ids)} {r}" + (f" ({', '.join(sorted(ids)[:3])}{' …' if len(ids) > 3 else ''})"
                             if r == "unknown" else "")
        for r, ids in sorted(by_reason.items())) or "none"
    err_console.print(
        f"[dim]{len(result.served)} talents served · {result.tokens}/{result.token_budget} "
        f"tokens ({result.token_counter}) · dropped: {dropped}[/]",
        highlight=False,
    )


class _ExplainRow(NamedTuple):
    """One row of ``--explain``, in :data:`_EXPLAIN_COLUMNS` order."""

    talent: str
    emb: str
    matched: str
    score: str
    decision: str
    served: str
    detail: str


_EXPLAIN_COLUMNS: Final = ("talent", "emb", "matched words", "score", "decision", "served",
                            "detail")
_OPTIONAL_COLUMNS: Final = frozenset({"emb", "matched words", "score"})
"""Columns left out of the ``--explain`` table when no row fills them (no talent's trigger
is in the task; relevance off scores nothing): the table fits a terminal."""


EXPLAIN_LIST_BELOW: Final = 120
"""Below this many columns ``--explain`` prints one block per talent (id, decision, depth and
scores on one line, the detail indented under it) instead of a table whose detail column
would hold a word per line (a new user's 80-column terminal)."""


EXPLAIN_LEGEND: Final = (
    "how to read · kept: at or over the bar (RATIO × the top score) within the caps; "
    "cut_margin: under the bar, or past a cap (MAX_KEPT talents, STACK_K on the project's "
    "dependencies alone, SIBLING_K of one family, KEEP_FLOOR on meaning alone); cut_budget: "
    "over relevance's token cap; cut_gate: the task is far from every talent (out of the "
    "catalog's domain) · "
    "score: dense (e5 cosine to the task, centred) + lexical (BM25 of the task's words in the "
    "talent) + header (BM25 in its name and summary) + what the task, its files and the "
    "project's dependencies say of it (name terms, triggers, globs, languages, concerns) − "
    "what makes it another stack's ('written for …')")
"""Printed under ``--explain``'s rows when the hybrid step explained them: a new user read
``cut_margin``, ``STACK_K`` and "header" as internal names (decision 0010, twenty-second
follow-up)."""


def _explain_table(result: ResolvedContext) -> None:
    _explain_rows_out(result)
    if result.relevance_algo == "hybrid" and result.explanations:
        err_console.print(Text(EXPLAIN_LEGEND, style="dim"))


def _explain_rows_out(result: ResolvedContext) -> None:
    rows = _explain_rows(result)
    keep = [i for i, col in enumerate(_EXPLAIN_COLUMNS)
            if col not in _OPTIONAL_COLUMNS or any(row[i] for row in rows)]
    if err_console.width < EXPLAIN_LIST_BELOW:
        err_console.print(Text(f"why · relevance {result.relevance}", style="bold"))
        for row in rows:
            head = [row.talent, row.decision,
                    *([row.served] if row.served not in ("", "—") else []),
                    *([f"emb {row.emb}"] if row.emb else []),
                    *([f"score {row.score}"] if row.score else []),
                    *([f"matched {row.matched}"] if row.matched else [])]
            err_console.print(Text(" · ".join(head), style="bold"))
            if row.detail:  # the detail, indented under its talent
                err_console.print(Padding(Text(row.detail, style="dim"), (0, 0, 0, 2),
                                          expand=False))
        return
    table = Table(title=f"why · relevance {result.relevance}", show_lines=False)
    for i in keep:
        table.add_column(_EXPLAIN_COLUMNS[i], overflow="fold")
    for row in rows:
        add_plain_row(table, *(row[i] for i in keep))
    err_console.print(table)  # stderr: stdout stays the Markdown, within its budget


def _explain_rows(result: ResolvedContext) -> list[_ExplainRow]:
    """The ``--explain`` rows (:data:`_EXPLAIN_COLUMNS`): the explained candidates (at most
    ``EXPLAIN_CUT_ROWS`` cut ones), the talents served without a relevance decision, then the
    dropped ones."""
    rows: list[_ExplainRow] = []

    def add(*cells: str) -> None:
        rows.append(_ExplainRow(*cells))

    served = {s.id: s for s in result.served}
    explained = {e.id for e in result.explanations}
    cut_shown = 0
    for e in result.explanations:
        s = served.get(e.id)
        if s is None and e.decision.startswith("cut_") and cut_shown >= EXPLAIN_CUT_ROWS:
            continue
        cut_shown += s is None and e.decision.startswith("cut_")
        add(e.id, f"{e.emb:+.3f}", " ".join(e.shared_stems), f"{e.score:+.3f}",
            e.decision, s.depth if s else "—", e.detail)
    hidden = sum(
        1 for e in result.explanations if e.decision.startswith("cut_") and e.id not in served
    ) - cut_shown
    if hidden > 0:
        add(f"… {hidden} more cut", "", "", "", "", "",
            "lower scores; every candidate is in --json")
    for s in result.served:
        if s.id in explained:
            continue
        why = ("triggers: " + ", ".join(s.triggers)) if s.triggers else f"rank {s.rank}"
        if s.glob is not None:
            why = f"glob `{s.glob}` matched {s.file}; " + why
        elif s.language is not None:
            why = f"its language {s.language} is that of {s.file}; " + why
        if s.always:
            why = "always served by the project (grace.yaml); " + why
        if s.via == "closure":
            why = "closure: required by " + ", ".join(s.required_by)
        add(s.id, "", "", "", "served", s.depth, why)
    others = [d for d in result.dropped if d.reason != "not_enabled" and d.id not in explained]
    for d in others[:EXPLAIN_CUT_ROWS]:
        add(d.id, "", "", "", d.reason, "—", d.detail)
    if len(others) > EXPLAIN_CUT_ROWS:
        reasons: dict[str, int] = {}
        for d in others[EXPLAIN_CUT_ROWS:]:
            reasons[d.reason] = reasons.get(d.reason, 0) + 1
        add(f"… {len(others) - EXPLAIN_CUT_ROWS} more dropped", "", "", "",
            ", ".join(f"{n} {r}" for r, n in sorted(reasons.items())), "—",
            "every dropped talent and its reason is in --json")

    return rows

@handle_errors
def get(
    talent_id: Annotated[str, typer.Argument(metavar="ID", help="Talent id.")],
    depth: Annotated[BodyDepth, typer.Option("--depth", "-d")] = "full",
    section: Annotated[
        str | None, typer.Option("--section", "-s", help="Return only this section.")
    ] = None,
    project: ProjectOpt = None,
    example: ExampleOpt = False,
    catalog: CatalogOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print one talent at a depth, or one named section of it.

    Examples:

      grace get --example architecture.hexagonal --depth compact

      grace get --example backend.repository --section exemple-sqlalchemy
    """
    from grace.bootstrap import build_reader, build_resolution
    from grace.resolution.application.get_talent import GetTalent

    cfg = settings()
    if catalog is not None or (cfg.catalog is not None and not example):  # no project: no log
        text = GetTalent(build_reader(cfg, catalog=catalog))(talent_id, depth=depth,
                                                             section=section)
    else:
        wired = opened(build_resolution(cfg, project=project, example=example))
        text = wired.get(talent_id, depth=depth, section=section)
    if as_json:
        print_json(text)
    else:
        sys.stdout.write(text.text.rstrip() + "\n")


@handle_errors
def doctor(
    project: ProjectOpt = None,
    example: ExampleOpt = False,
    catalog: CatalogOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check the project and its catalog; exit 1 when an error is found.

    Reports missing prerequisites (with the fix), unknown ids, cycles, conflicts among enabled
    talents, enabled drafts, invalid manifests, compact bodies over the budget, unknown manifest
    fields and dangling recommends. A grace.yaml or catalog that cannot be read at all is not a
    finding but an error: exit 2, with what is wrong (as for every command).

    Example:

      grace doctor --example
    """
    from grace.bootstrap import build_resolution

    wired = opened(build_resolution(settings(), project=project, catalog=catalog,
                                    example=example))
    report = wired.doctor(wired.project_file.project)
    if as_json:
        print_json({**jsonable_dict(report), "errors": report.errors, "warnings": report.warnings})
    else:
        table = Table(title=f"grace doctor · {escape(report.project)}", show_lines=False)
        for col in ("", "code", "subject", "problem", "fix"):
            table.add_column(col, overflow="fold")
        for f in report.findings:
            mark = (
                Text("✗", style="red") if f.severity == "error"
                else Text("!", style="yellow") if f.severity == "warning"
                else Text("i", style="blue")
            )
            add_plain_row(table, mark, f.code, f.subject, f.message, f.fix)
        if report.findings:
            out_console.print(table)
        out_console.print(
            f"{report.catalog_size} talents in the catalog, {report.enabled} enabled: "
            f"{report.errors} error(s), {report.warnings} warning(s)",
            highlight=False,
        )
    if report.errors:
        raise typer.Exit(1)


@handle_errors
def init(
    folder: Annotated[Path, typer.Argument(help="Repository folder.")] = Path(),
    talent: Annotated[
        list[str] | None, typer.Option("--talent", "-t", help="Enable this talent (repeat).")
    ] = None,
    language: Annotated[
        list[str] | None,
        typer.Option("--language", "-l", help="Project language (repeat). Default: detected."),
    ] = None,
    name: Annotated[str | None, typer.Option(help="Project name (default: folder name).")] = None,
    catalog: CatalogOpt = None,
    example: Annotated[
        bool, typer.Option("--example", help="Enable talents of the bundled example catalog "
                           "(to try GRACE; never chosen unasked).")
    ] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing grace.yaml.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Write a grace.yaml for a repository.

    The talents come from --catalog (or GRACE_CATALOG), else the repository's own
    .grace/catalog; without one, init says how to import your rules (the bundled example is
    used only with --example, named `catalog: grace:example`). Without --talent, every
    non-draft talent whose languages meet the project's (or that has none) is enabled, except
    the lower-priority side of each conflict; the others are written disabled and counted.
    Without --language, the languages are detected from file extensions. With 40 talents
    enabled or more, the file says `relevance: embeddings`: each task is served the talents
    it calls for, not all of them. The dependencies declared at the folder's root and in
    its packages up to two folders down (pyproject.toml, package.json, go.mod…: a monorepo's
    backend/go.mod and apps/web/package.json) are written as `stack:`.

    Examples:

      grace catalog import -f cursor .cursor/rules .grace/catalog && grace init .

      grace init . --example -t architecture.hexagonal -t pattern.use-case -l python
    """
    from grace.bootstrap import build_init, locate_init_catalog

    cfg = settings()
    read, named = locate_init_catalog(folder, catalog=catalog, configured=cfg.catalog,
                                      example=example)
    report = build_init(cfg, read)(
        folder, talents=talent, languages=language, name=name, catalog=named, overwrite=force)
    path, chosen, languages = report.path, list(report.talents), list(report.languages)
    left = list(report.left_disabled)
    if as_json:
        print_json({"path": str(path), "talents": chosen, "languages": languages,
                    "left_disabled": len(left), "disabled": left,
                    "foreign_framework": list(report.foreign),
                    "other_script": list(report.other_script),
                    "other_stack": list(report.other_stack),
                    "hollow": list(report.hollow),
                    "override": list(report.override),
                    "older_version": list(report.older),
                    "unread_manifests": list(report.unread),
                    "relevance": report.relevance or "off", "stack": list(report.stack),
                    "vocabulary": list(report.vocabulary),
                    "asking_always": list(report.asking_always)})
    else:
        out_console.print(escape(f"wrote {path}: {len(chosen)} talents enabled, languages: "
                                 f"{', '.join(languages) or 'none'}"
                                 + (f"; {len(left)} left disabled" if left else "")),
                          highlight=False)
        for line in _left_disabled_lines(report):
            out_console.print(escape(line), highlight=False)
        if report.stack:
            more = len(report.stack) - 12
            out_console.print(escape("stack (from the dependency manifests, tool files, "
                                     "Terraform providers and Swift imports): "
                                     f"{', '.join(report.stack[:12])}"
                                     + (f" and {more} more (grace.yaml)" if more > 0 else "")),
                              highlight=False)
        if report.unread:
            more = len(report.unread) - 5
            err_console.print("warning: " + escape(
                "manifests not read (the stack is short of what they declare): "
                + "; ".join(report.unread[:5]) + (f"; and {more} more" if more > 0 else "")),
                style="yellow", highlight=False)
        if report.vocabulary:
            out_console.print(escape("vocabulary (the repository's own words, never a rule's "
                                     f"subject): {', '.join(report.vocabulary)}"),
                              highlight=False)
        if report.relevance:
            out_console.print(
                f"relevance: {report.relevance} ({len(chosen)} talents are too many to serve "
                "whole: each task gets the ones it calls for; `relevance: off` in grace.yaml "
                "serves them all)", highlight=False)
        if report.asking_always:
            out_console.print(
                f"always apply: {len(report.asking_always)} enabled talents ask for it (imported "
                "alwaysApply); they are served when a task calls for them — "
                "`ID: {enabled: true, always: true}` in grace.yaml serves one on every task "
                "(`grace doctor` lists them)", highlight=False, markup=False)


def _left_disabled_lines(report: InitReport) -> list[str]:
    """The lines of ``grace init``'s message that say why talents were left disabled, one per
    reason with at most three ids each, then how to enable one (``[]``: none left)."""
    left = len(report.left_disabled)
    if not left:
        return []
    named = (len(report.foreign) + len(report.other_stack) + len(report.hollow)
             + len(report.other_script) + len(report.override) + len(report.older))

    def ids(found: Sequence[str]) -> str:
        return ", ".join(found[:3]) + (", …" if len(found) > 3 else "")

    lines = [f"  {left - named} whose languages are not the project's"] if left > named else []
    if report.foreign:
        lines.append(f"  {len(report.foreign)} written for another framework than the one the "
                     f"stack names ({ids(report.foreign)})")
    if report.other_stack:
        n = len(report.other_stack)
        lines.append(f"  {n} persona{'s' if n > 1 else ''} of another stack "
                     f"({ids(report.other_stack)}: their 'You are an expert in' names mostly "
                     "what the stack does not, or first a language the project does not use)")
    if report.hollow:
        lines.append(f"  {len(report.hollow)} hollow ({ids(report.hollow)}: titles with nothing "
                     "under them, or a few lines ending on a list that never comes)")
    if report.other_script:
        lines.append(f"  {len(report.other_script)} written in another script "
                     f"({ids(report.other_script)})")
    if report.override:
        n = len(report.override)
        lines.append(f"  {n} override prompt{'s' if n > 1 else ''} ({ids(report.override)}: "
                     "they claim precedence over the agent's other instructions)")
    if report.older:
        lines.append(f"  {len(report.older)} written for a dependency's code before a major "
                     f"version the manifests pin is past ({ids(report.older)}: Svelte 4 "
                     "beside Svelte 5, the pages router beside Next.js 13+)")
    return [*lines, "  `grace enable ID` serves one"]


def register(app: typer.Typer) -> None:
    """Add these commands to the root app."""
    app.command()(resolve)
    app.command()(get)
    app.command()(doctor)
    app.command()(init)
