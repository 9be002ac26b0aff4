"""``grace learnings add|edit|search|status|ensure-index`` (seed 002)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from grace.entrypoints.cli.common import (
    JsonOpt,
    add_plain_row,
    err_console,
    handle_errors,
    opened,
    out_console,
    print_json,
    settings,
)
from grace.errors import InvalidLearningError, UnknownLearningError
from grace.learnings.domain.entry import parse_date

if TYPE_CHECKING:  # the use cases load numpy and BM25: imported by the commands that run them
    from grace.bootstrap import LearningsApp
    from grace.learnings.application.add import AddResult
    from grace.learnings.application.maintain import Progress as ProgressFn
    from grace.learnings.domain.source import LineProblem

app = typer.Typer(
    help="Past lessons (learnings.jsonl): add, search, keep the index fresh.",
    no_args_is_help=True,
)

FileOpt = Annotated[
    Path | None,
    typer.Option("--file", "-f", help="The learnings file (default GRACE_LEARNINGS_FILE, "
                 "./learnings.jsonl).", show_default=False),
]
TagsOpt = Annotated[list[str] | None, typer.Option("--tag", "-t", help="A tag (repeatable).")]
DomainOpt = Annotated[str | None, typer.Option("--domain", help="Domain, e.g. billing.")]


def _app(file: Path | None, *, threshold: int | None = None, update: bool = True) -> LearningsApp:
    from grace.bootstrap import build_learnings

    return opened(build_learnings(settings(), file, threshold=threshold, update=update))


@contextmanager
def _progress(label: str, *, quiet: bool) -> Iterator[ProgressFn]:
    """A rich bar on stderr that appears only when there is something to embed."""
    with Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err_console, transient=True, disable=quiet,
    ) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _date(value: str | None, option: str) -> dt.date | None:
    try:
        return parse_date(value)
    except InvalidLearningError:
        raise InvalidLearningError(f"{option} {value!r}: use YYYY-MM-DD") from None


def _print_added(result: AddResult, as_json: bool) -> None:
    if as_json:
        print_json(result)
        return
    e = result.learning
    verb = f"superseded {e.supersedes} with" if e.supersedes else "added"
    out_console.print(escape(f"{verb} {e.id} (line {e.line}); index {result.index.count} "
                             f"entries, {result.index.embedded} embedded"), highlight=False)
    for near in result.near_duplicates:
        err_console.print(
            f"[yellow]near duplicate[/] {escape(near.id)} (cosine {near.similarity:.3f}): "
            f"{escape(near.story[:100])}", highlight=False,
        )


def _print_problems(problems: Sequence[LineProblem]) -> None:
    """The skipped lines on stderr (the JSON output holds them as ``problems``)."""
    for p in problems:
        err_console.print(f"[yellow]line {p.line} skipped[/]: {escape(p.message)}",
                          highlight=False)


@app.command("add")
@handle_errors
def add(
    story: Annotated[str, typer.Option("--story", "-s", help="What happened.")],
    learning: Annotated[str, typer.Option("--learning", "-l", help="What to do next time.")],
    tags: TagsOpt = None,
    domain: DomainOpt = None,
    date: Annotated[str | None, typer.Option("--date", help="YYYY-MM-DD (default today).")] = None,
    supersedes: Annotated[
        str | None, typer.Option("--supersedes", help="Id of the entry this one replaces.")
    ] = None,
    file: FileOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Validate and append a learning; report near duplicates; embed only the new line.

    An exact duplicate of an active entry is refused (exit 2).

    Examples:

      grace learnings add -s "Les avoirs négatifs cassaient l'export" -t billing -t export
      -l "Valider le signe des montants avant l'export comptable"

      grace learnings add -f data/learnings.jsonl -s "..." -l "..." -t auth --json
    """
    app_ = _app(file)
    with _progress("embedding", quiet=as_json) as progress:
        result = app_.add(story=story, tags=tags or [], learning=learning, domain=domain,
                          date=_date(date, "--date"), supersedes=supersedes,
                          progress=progress)
    _print_added(result, as_json)


@app.command("edit")
@handle_errors
def edit(
    learning_id: Annotated[str, typer.Argument(help="Id of the entry to supersede.")],
    story: Annotated[str | None, typer.Option("--story", "-s", help="New story.")] = None,
    learning: Annotated[str | None, typer.Option("--learning", "-l", help="New lesson.")] = None,
    tags: TagsOpt = None,
    domain: DomainOpt = None,
    file: FileOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Append a corrected copy that supersedes ID (the old line stays, hidden from search).

    Fields not given are copied from ID; --tag replaces the whole tag list.

    Examples:

      grace learnings edit L-3f2a9c0d1e -l "Valider aussi la devise"

      grace learnings edit L-3f2a9c0d1e -t billing -t export --json
    """
    app_ = _app(file)
    old = next((e for e in app_.maintainer.source_snapshot().active() if e.id == learning_id),
               None)
    if old is None:
        raise UnknownLearningError(f"no active learning {learning_id!r} (see grace learnings "
                                   "search, or the file)")
    with _progress("embedding", quiet=as_json) as progress:
        result = app_.add(
            story=story or old.story, tags=tags if tags else list(old.tags),
            learning=learning or old.learning, domain=domain or old.domain,
            date=None, supersedes=learning_id, progress=progress,
        )
    _print_added(result, as_json)


@app.command("search")
@handle_errors
def search(
    query: Annotated[str, typer.Argument(help="What you are about to work on.")],
    k: Annotated[int, typer.Option("-k", help="Number of results (1..100).")] = 5,
    tags: TagsOpt = None,
    domain: DomainOpt = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Only entries dated on or after YYYY-MM-DD.")
    ] = None,
    threshold: Annotated[
        int | None, typer.Option("--threshold", help="Entries at or below which grep on tags "
                                 "answers (default GRACE_LEARNINGS_THRESHOLD, 0; the seed's "
                                 "behaviour is 200).")
    ] = None,
    no_update: Annotated[
        bool, typer.Option("--no-update", help="Do not update a stale index (fall back).")
    ] = False,
    file: FileOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Find the learnings relevant to a piece of work; each hit says why it matched.

    Above the threshold (default 0), the index: a language-neutral e5 cosine over each entry's
    text and story, fused with BM25 (French/English stemming) and tag/domain matches
    (decision 0014); at or below it, or without a usable index, the seed's grep on tags. The
    output says which.

    Examples:

      grace learnings search "export comptable des avoirs" -k 3

      grace learnings search "billing payments stripe"     (the workflow form: domain + tags)

      grace learnings search "auth jwt" --threshold 200    (seed 002: grep below 200 entries)

      grace learnings search "rate limiting" --tag security --since 2026-01-01 --json
    """
    if threshold is not None and threshold < 0:
        raise InvalidLearningError("--threshold must be ≥ 0")
    from grace.learnings.domain.ranking import Filters

    filters = Filters(tags=tuple(tags or ()), domain=domain, since=_date(since, "--since"))
    app_ = _app(file, threshold=threshold, update=not no_update)
    with _progress("updating index", quiet=as_json) as progress:
        result = app_.search(query, k=k, filters=filters, progress=progress)
    if as_json:
        print_json(result)  # the skipped lines are in it ("problems")
        return
    err_console.print(escape(f"{result.path}: {result.reason}"), highlight=False)
    _print_problems(result.problems)
    table = Table(title=f"{len(result.hits)} of {result.searched} learnings")
    for col in ("id", "score", "cos", "ranks d/l", "tags matched", "terms", "story / learning"):
        table.add_column(col, overflow="fold")
    for h in result.hits:
        e = h.learning
        ranks = f"{h.dense_rank or '-'}/{h.lexical_rank or '-'}"
        cos = "" if h.similarity is None else f"{h.similarity:.3f}"
        add_plain_row(table, e.id, f"{h.score:.4f}", cos, ranks, ", ".join(h.matched_tags),
                      ", ".join(h.matched_terms), f"{e.story[:90]}\n→ {e.learning[:160]}")
    out_console.print(table)


@app.command("status")
@handle_errors
def status(
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when the index is not fresh.")
    ] = False,
    file: FileOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Say whether the index matches the file: fresh, missing, appended, edited,
    model_changed or unusable, and what ensure-index would do. Loads no model.

    Examples:

      grace learnings status

      grace learnings status --check --json -f data/learnings.jsonl
    """
    st = _app(file).maintainer.status()
    if as_json:
        print_json(st)
    else:
        out_console.print(escape(f"{st.path}: {st.state} — {st.reason}"), highlight=False)
        out_console.print(escape(
            f"{st.entries} entries ({st.active} active, {st.superseded} superseded), "
            f"{st.indexed} indexed, model {st.model}, next action: {st.action}"
        ), highlight=False)
        _print_problems(st.problems)
    if check and st.state != "fresh":
        raise typer.Exit(1)


@app.command("ensure-index")
@handle_errors
def ensure_index(file: FileOpt = None, as_json: JsonOpt = False) -> None:
    """Bring the index up to date (the check seed 002 runs at workflow start).

    Nothing to do: one hash of the file. Appended lines: only they are embedded. An edit, a
    removed line or a model change: rebuild (unchanged lines reuse their vectors).

    Examples:

      grace learnings ensure-index

      GRACE_EMBEDDER=openai grace learnings ensure-index -f data/learnings.jsonl --json
    """
    app_ = _app(file)
    with _progress("embedding", quiet=as_json) as progress:
        report = app_.maintainer.ensure(progress)
    if as_json:
        print_json(report)
        return
    out_console.print(escape(
        f"{report.before} → {report.action}: {report.count} entries indexed, "
        f"{report.embedded} embedded, {report.reused} reused ({report.seconds:.2f} s)"
    ), highlight=False)
