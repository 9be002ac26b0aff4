"""``grace catalog list`` and ``grace catalog import``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.markup import escape
from rich.table import Table

from grace.entrypoints.cli import platform_cmds
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
    progress_bar,
    settings,
)

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
    from grace.bootstrap import build_reader, build_resolution
    from grace.resolution.application.catalog_queries import ListTalents
    from grace.resolution.application.resolve_context import check_role

    cfg = settings()
    reader = build_reader(cfg, project=project, catalog=catalog, example=example)
    proj = None
    if catalog is None:
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
        ImportFormat | None, typer.Option(
            "--format", "-f", help="Format of the source files; read from their names when "
            "left out (SKILL.md, *.mdc, *.instructions.md; Claude Code rules need it).")
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace talents of DEST that this source did not "
                           "write (its own are updated in place anyway).")
    ] = False,
    enable: Annotated[
        bool, typer.Option("--enable", help="Enable the imported talents in the project's "
                           "grace.yaml (comments and order kept).")
    ] = False,
    project: ProjectOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Turn SKILL.md, Cursor .mdc or Copilot .instructions.md files into talents.

    Files that cannot be imported are listed with their path and reason; the rest still lands.
    Importing the same source again updates its talents in place and says what changed
    (added, updated, unchanged, removed from the source: those are left for you to delete).

    Examples:

      grace catalog import --format cursor ../rules/cursor ./catalog --enable

      grace catalog import .cursor/rules .grace/catalog  # the format read from *.mdc

      grace catalog import -f agent-skills ~/skills ./catalog --json
    """
    from grace.bootstrap import build_resolution, detect_rule_format, import_rules

    if fmt is None:
        fmt, seen = detect_rule_format(src)
        if not as_json:
            err_console.print(escape(f"format: {fmt} ({seen} rule file"
                                     f"{'' if seen == 1 else 's'} found; --format to choose)"),
                              highlight=False)
    with progress_bar("importing", "rules", disable=as_json) as on_progress:
        report = import_rules(fmt, src, dest, overwrite=overwrite, on_progress=on_progress)
    switched = None
    if enable and report.imported:
        from grace.errors import GraceError

        cfg = settings()
        try:
            wired = opened(build_resolution(cfg, project=project, catalog=dest))
        except GraceError as exc:  # the import itself landed: say so, then why none is enabled
            raise GraceError(
                f"imported {len(report.imported)} talents into {dest}, none enabled: {exc}; "
                f"then `grace catalog import … --enable` again, or `grace enable ID…`"
            ) from exc
        switched = wired.switch([r.id for r in report.imported], enabled=True)
        used = cfg.catalog or wired.project_file.catalog
        if used is None or used.resolve() != dest.resolve():
            err_console.print(
                escape(f"warning: {wired.project_file.path} reads its talents from "
                       f"{used or 'no catalog (no `catalog:`, no .grace/catalog)'}, not "
                       f"{dest}: set `catalog: {dest}` in it for these talents to be served"),
                highlight=False,
            )
    if as_json:
        data = report.to_dict()
        if switched is not None:
            data["enabled"] = list(switched.changed)
        print_json(data)
        return
    removed = report.removed_from_source
    skipped = f"{len(report.failed)} skipped" + (" (each below, with why)" if report.failed else "")
    out_console.print(
        escape(f"imported {len(report.imported)} talents into {dest}: "
               f"{report.count('added')} added, {report.count('updated')} updated, "
               f"{report.count('unchanged')} unchanged, {len(removed)} removed from source; "
               + skipped),
        highlight=False,
    )
    if switched is not None:
        out_console.print(
            escape(f"enabled {len(switched.changed)} of them in the project "
                   f"({len(switched.unchanged)} already enabled)"),
            highlight=False,
        )
    for gone in removed[:20]:
        err_console.print(
            escape(f"removed from source: {gone.id} (was {gone.source}); "
                   f"`grace disable {gone.id}` and delete its folder if it is no longer wanted"),
            highlight=False,
        )
    if len(removed) > 20:
        err_console.print(f"… and {len(removed) - 20} more removed from source (see --json)",
                          highlight=False)
    for failure in report.failed:
        err_console.print(
            f"[yellow]skipped[/] {escape(str(failure.path))}: {escape(failure.reason)}",
            highlight=False,
        )
    if report.failed and not report.imported:
        raise typer.Exit(1)


app.command("publish")(platform_cmds.publish)
