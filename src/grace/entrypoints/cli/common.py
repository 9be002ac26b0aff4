"""Helpers shared by the CLI commands: options, JSON output, error translation."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from datetime import date, datetime
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from grace.errors import GraceError

if TYPE_CHECKING:  # the settings load pydantic: imported by the commands that run, not by --help
    from grace.config import Settings

P = ParamSpec("P")
R = TypeVar("R")
A = TypeVar("A", bound=AbstractContextManager[Any])

PIPED_WIDTH: Final = 200
"""Piped output is not cut at 80 columns: ids and paths stay whole for scripts and logs;
``COLUMNS`` (a positive whole number) sets another width, as for a terminal."""


def _width(stream: Any) -> int | None:
    """A console's width: the terminal's (``None``: rich measures it), else ``COLUMNS``, else
    :data:`PIPED_WIDTH`."""
    if stream.isatty():
        return None
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() and int(columns) > 0 else PIPED_WIDTH


def _soft(stream: Any) -> bool:
    """Piped text with no ``COLUMNS`` is never broken into lines (rich's soft wrap): a long
    line of ``grace init``'s report stays one line in a log or a script's input."""
    return _width(stream) == PIPED_WIDTH and not os.environ.get("COLUMNS", "").isdigit()


err_console = Console(stderr=True, width=_width(sys.stderr), soft_wrap=_soft(sys.stderr))
out_console = Console(width=_width(sys.stdout), soft_wrap=_soft(sys.stdout))

ProjectOpt = Annotated[
    Path | None,
    typer.Option(
        "--project", "-p", help="grace.yaml (or its folder). Default: nearest one upwards, "
        "or GRACE_PROJECT.", show_default=False,
    ),
]
ExampleOpt = Annotated[
    bool, typer.Option("--example", help="Use the bundled example project and catalog.")
]
CatalogOpt = Annotated[
    Path | None,
    typer.Option("--catalog", help="Catalog folder (overrides the project's; or GRACE_CATALOG).",
                 show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print a JSON document for scripts.")]


def to_jsonable(value: Any) -> Any:
    """Dataclasses, tuples, paths, dates and datetimes (ISO 8601) to plain JSON values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "to_dict"):
            return to_jsonable(value.to_dict())
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, date | datetime):
        return value.isoformat()
    return value


def jsonable_dict(value: Any) -> dict[str, Any]:
    """:func:`to_jsonable` of a dataclass (or mapping): a JSON object to extend before printing.

    Raises:
        TypeError: ``value`` does not become a JSON object.
    """
    data = to_jsonable(value)
    if not isinstance(data, dict):
        raise TypeError(f"{type(value).__name__} is not a JSON object")
    return data


def print_json(value: Any) -> None:
    """Write ``value`` as indented JSON on stdout."""
    sys.stdout.write(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2) + "\n")


def add_plain_row(table: Table, *cells: object) -> None:
    """Add a row whose cells are plain text (brackets in ids or messages are not markup)."""
    table.add_row(*(c if isinstance(c, Text) else Text(str(c)) for c in cells))


def settings() -> Settings:
    """Settings from the environment (a bad ``GRACE_*`` value is a clean error)."""
    from grace.config import load_settings

    return load_settings()


_RUNNING: list[ExitStack] = []
"""One exit stack per command running under :func:`handle_errors` (innermost last)."""


def opened(app: A) -> A:
    """Enter ``app`` (a composition-root app object) for the rest of the running command:
    :func:`handle_errors` closes it when the command ends, normally or on an error. Outside a
    command, ``app`` is returned as is (the caller closes it)."""
    if not _RUNNING:
        return app
    entered: A = _RUNNING[-1].enter_context(app)
    return entered


PLAIN_PROGRESS_AFTER_S: Final = 2.0
"""Without a terminal, a long step's first progress line comes after this many seconds."""
PLAIN_PROGRESS_EVERY_S: Final = 30.0
"""…and the next ones at most this often."""


@contextmanager
def progress_bar(
    label: str, unit: str, *, disable: bool = False
) -> Iterator[Callable[[int, int], None]]:
    """A transient progress bar on stderr for a long step: label, bar, done/total, rate
    (``unit``/s), elapsed and remaining time (ETA). Yields the ``(done, total)`` callback the use
    case reports to; the bar stays hidden until the first report (a step with nothing to do
    prints nothing) and is not drawn at all when stderr is not a terminal (rich's own rule):
    then a step still running after :data:`PLAIN_PROGRESS_AFTER_S` prints one plain line
    ("embedding talents: 640/2100 passages in 95 s, about 216 s left"), and another at most
    every :data:`PLAIN_PROGRESS_EVERY_S`.

    Args:
        label: what is being done ("embedding talents").
        unit: what is counted, for the rate ("passages" → "12.3 passages/s").
        disable: no bar at all (``--json`` output).
    """
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    class Rate(ProgressColumn):
        """Items per second over rich's recent window (blank until two reports)."""

        def render(self, task: Task) -> Text:
            speed = task.speed
            return Text("" if speed is None else f"{speed:.1f} {unit}/s", style="cyan")

    with Progress(
        TextColumn(escape(label)), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
        Rate(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
        # not a terminal: rich draws nothing, but its live display still ends on a blank line
        console=err_console, transient=True, disable=disable or not err_console.is_terminal,
    ) as progress:
        task = progress.add_task(label, total=None, visible=False)
        # stderr not a terminal (a log, an agent's tool call): no bar is drawn, so a long step
        # says where it is in plain lines, the first after PLAIN_PROGRESS_AFTER_S, then every
        # PLAIN_PROGRESS_EVERY_S (a step served from a cache prints nothing)
        plain = not disable and not err_console.is_terminal
        start = time.monotonic()
        said = [start - PLAIN_PROGRESS_EVERY_S + PLAIN_PROGRESS_AFTER_S]
        # the rate is counted from the first report, not from the start: loading the model
        # and warming it up come before it ("about 960 s left" for an import that took 20 s)
        first: list[tuple[float, int]] = []

        def on_progress(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total, visible=True)
            now = time.monotonic()
            if not first:
                first.append((now, done))
            if plain and done < total and now - said[0] >= PLAIN_PROGRESS_EVERY_S:
                said[0] = now
                since, done_then = first[0]
                rate = (done - done_then) / (now - since) if now > since else 0.0
                eta = f", about {(total - done) / rate:.0f} s left" if rate > 0 else ""
                err_console.print(f"{escape(label)}: {done}/{total} {unit} in "
                                  f"{now - start:.0f} s{eta}", highlight=False, soft_wrap=True)

        yield on_progress


def error_document(exc: GraceError) -> dict[str, object]:
    """What ``--json`` prints on stdout for a refused command: ``{"error": {"type", "message"},
    "exit_code": 2}``; ``type`` is the error's class in kebab case (``UnknownRoleError`` ->
    ``unknown-role``), stable for scripts."""
    name = type(exc).__name__.removesuffix("Error") or "Grace"
    kind = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).lower()
    return {"error": {"type": kind, "message": str(exc)}, "exit_code": 2}


def handle_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`GraceError` into ``error: …`` on stderr and exit code 2 (with ``--json``,
    also :func:`error_document` on stdout, so a script reads one JSON document whatever the
    outcome); close what the command :func:`opened` when it ends, whatever the outcome."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with ExitStack() as stack:
            _RUNNING.append(stack)
            try:
                return func(*args, **kwargs)
            except GraceError as exc:
                # soft_wrap: one line however long (the console's width of 200 when stderr is
                # not a terminal cut a long message in two for scripts and logs)
                err_console.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False,
                                  soft_wrap=True)
                if kwargs.get("as_json") is True:
                    sys.stdout.write(json.dumps(error_document(exc), ensure_ascii=False) + "\n")
                raise typer.Exit(2) from None
            finally:
                _RUNNING.pop()

    return wrapper
