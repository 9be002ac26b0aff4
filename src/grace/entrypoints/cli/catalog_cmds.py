"""``grace catalog list`` and ``grace catalog import``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from grace.bootstrap import build_reader, import_rules
from grace.entrypoints.cli.common import (
    CatalogOpt,
    ExampleOpt,
    JsonOpt,
    ProjectOpt,
    add_plain_row,
    err_console,
    handle_errors,
    opened,
    out_console,
    print_json,
    settings,
)
from grace.resolution.application.catalog_queries import ListTalents
from grace.resolution.application.resolve_context import check_role

app = typer.Typer(help="Browse and import talent catalogs.", no_args_is_help=True)

ImportFormat = Literal["agent-skills", "cursor", "copilot", "claude"]


@app.command("list")
@handle_errors
def list_(
    role: Annotated[
        str | None, typer.Option("--role", "-r", help="Only talents for this role.")
    ] = None,
    type_: Annotated[str | None, typer.Option("--type", help="Only this type.")] = None,
    tag: Annotated[str | None, typer.Option("--tag", help="Only talents with this tag.")] = None,
    project: ProjectOpt = None,
    example: ExampleOpt = False,
    catalog: CatalogOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List the talents of a catalog.

    Examples:

      grace catalog list --example --role frontend

      grace catalog list --catalog ./imported --tag python --json
    """
    cfg = settings()
    reader = build_reader(cfg, project=project, catalog=catalog, example=example)
    proj = None
    if catalog is None:
        from grace.bootstrap import build_resolution

        proj = opened(build_resolution(cfg, project=project, example=example)).project
    if role is not None:
        check_role(role, reader.talents())
    rows = ListTalents(reader)(role=role, type_=type_, tag=tag, project=proj)
    if as_json:
        print_json(rows)
        return
    table = Table(title=f"{len(rows)} talents", show_lines=False)
    for col in ("id", "type", "status", "roles", "enabled", "summary"):
        table.add_column(col, overflow="fold")
    for r in rows:
        roles = ", ".join(f"{k}:{v[:3]}" for k, v in sorted(r.roles.items()))
        enabled = "" if r.enabled is None else ("yes" if r.enabled else "no")
        add_plain_row(table, r.id, r.type, r.status, roles, enabled, r.summary[:120])
    out_console.print(table)


@app.command("import")
@handle_errors
def import_(
    src: Annotated[Path, typer.Argument(help="A rule file or a folder of them.")],
    dest: Annotated[Path, typer.Argument(help="Catalog folder to write talents into.")],
    fmt: Annotated[
        ImportFormat, typer.Option("--format", "-f", help="Format of the source files.")
    ],
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace talents that already exist in DEST.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Turn SKILL.md, Cursor .mdc or Copilot .instructions.md files into talents.

    Files that cannot be imported are listed with their path and reason; the rest still lands.

    Examples:

      grace catalog import --format cursor ../rules/cursor ./catalog

      grace catalog import -f agent-skills ~/skills ./catalog --json
    """
    with Progress(
        TextColumn("importing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err_console, transient=True, disable=as_json,
    ) as progress:
        task = progress.add_task("import", total=None)

        def on_progress(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        report = import_rules(fmt, src, dest, overwrite=overwrite, on_progress=on_progress)
    if as_json:
        print_json(report)
        return
    out_console.print(
        escape(f"imported {len(report.imported)} talents into {dest}, {len(report.failed)} failed"),
        highlight=False,
    )
    for failure in report.failed:
        err_console.print(
            f"[yellow]skipped[/] {escape(str(failure.path))}: {escape(failure.reason)}",
            highlight=False,
        )
    if report.failed and not report.imported:
        raise typer.Exit(1)
