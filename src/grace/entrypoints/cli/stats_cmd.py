"""``grace stats``: which talents earn their tokens (the project's usage log)."""

from __future__ import annotations

from typing import Annotated, Final

import typer
from rich.markup import escape
from rich.table import Table

from grace.entrypoints.cli.common import (
    ExampleOpt,
    JsonOpt,
    ProjectOpt,
    add_plain_row,
    handle_errors,
    jsonable_dict,
    opened,
    out_console,
    print_json,
    settings,
)
from grace.resolution.domain.usage import MIN_RESOLVES_FOR_NEVER_SERVED

SHOWN_NEVER: Final = 10


@handle_errors
def stats(
    project: ProjectOpt = None,
    example: ExampleOpt = False,
    show_all: Annotated[
        bool, typer.Option("--all", help="One row per talent, never-served ones included.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Per talent: how often resolves served it and agents fetched it, and which were never
    served, from the project's usage log (.grace/usage.jsonl; GRACE_USAGE=off stops it).

    Examples:

      grace stats

      grace stats --json | jq '.talents[] | select(.enabled and .served == 0) | .id'
    """
    from grace.bootstrap import build_resolution

    wired = opened(build_resolution(settings(), project=project, example=example))
    report = wired.usage_report(wired.project_file.project)
    if as_json:
        data = jsonable_dict(report)
        data["never_served"] = [t.id for t in report.talents if t.never_served and t.enabled]
        print_json(data)
        return
    used = [t for t in report.talents if show_all or not t.never_served]
    table = Table(title=f"grace stats · {escape(wired.project_file.project.name)}")
    for col in ("talent", "enabled", "served", "fetched on demand"):
        table.add_column(col, overflow="fold")
    for t in used:
        add_plain_row(table, t.id, "yes" if t.enabled else "no", str(t.served), str(t.fetched))
    if used:
        out_console.print(table)
    never = [t.id for t in report.talents if t.never_served and t.enabled]
    span = f" ({report.first} to {report.last})" if report.first else ""
    out_console.print(
        f"{report.resolves} resolves, {report.gets} gets recorded{span}; "
        f"{len(never)} enabled talents never served",
        highlight=False,
    )
    if never and not show_all:
        shown = ", ".join(never[:SHOWN_NEVER])
        more = f" and {len(never) - SHOWN_NEVER} more (--all)" if len(never) > SHOWN_NEVER else ""
        out_console.print(escape(f"never served: {shown}{more}"), highlight=False)
    if report.resolves < MIN_RESOLVES_FOR_NEVER_SERVED:
        out_console.print(
            f"[dim]doctor reports never-served talents from {MIN_RESOLVES_FOR_NEVER_SERVED} "
            "resolves on[/]", highlight=False,
        )
