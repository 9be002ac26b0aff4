"""Platform mode (issue 17): ``grace catalog publish`` and ``grace project …`` against the
PostgreSQL database that holds the catalog versions and every project's enabled talents."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from grace.entrypoints.cli.common import (
    JsonOpt,
    err_console,
    handle_errors,
    jsonable_dict,
    opened,
    out_console,
    print_json,
    settings,
)

DbOpt = Annotated[str | None, typer.Option(
    "--db", help="Platform database: postgresql://USER@HOST:PORT/DB (or GRACE_CATALOG_DB; the "
    "password in PGPASSWORD or ~/.pgpass).", show_default=False)]
NameOpt = Annotated[str, typer.Option(
    "--name", help="The catalog's name on the platform (projects use one catalog each).")]
ProjectArg = Annotated[str, typer.Argument(metavar="PROJECT", help="The project's name.")]
IdsArg = Annotated[list[str], typer.Argument(
    metavar="ID...", help="Talent ids or shell patterns over them ('backend.*').")]

app = typer.Typer(help="Projects of the platform database (their enabled talents).",
                  no_args_is_help=True)


@handle_errors
def publish(
    catalog: Annotated[Path, typer.Argument(metavar="CATALOG", help="The catalog folder.")],
    db: DbOpt = None,
    name: NameOpt = "default",
    as_json: JsonOpt = False,
) -> None:
    """Check a catalog folder (what `grace doctor` checks, every talent enabled) and publish it
    to the platform database as a new version, in one transaction: servers see the previous
    version until it is complete. An unchanged catalog writes nothing.

    Examples:

      grace catalog publish ./catalog --db postgresql://grace@db:5432/grace

      GRACE_CATALOG_DB=postgresql://grace@db/grace grace catalog publish ./catalog --name team-a
    """
    from grace.bootstrap.platform import build_platform

    platform = opened(build_platform(settings(), db))
    report = platform.publisher(catalog)(name)
    v = report.published
    if as_json:
        print_json(report)
        return
    for w in report.warnings:
        err_console.print(escape(f"warning: [{w.code}] {w.subject}: {w.message}"),
                          highlight=False)
    what = "published as version" if v.created else "unchanged: still version"
    out_console.print(escape(f"catalog {v.catalog} {what} {v.version} ({v.talents} talents, "
                             f"sha256 {v.content_hash[:12]})"), highlight=False)


@app.command("create")
@handle_errors
def create(
    project: ProjectArg,
    db: DbOpt = None,
    catalog: NameOpt = "default",
    from_file: Annotated[Path | None, typer.Option(
        "--from", help="A grace.yaml whose talents and languages the project starts with.",
        show_default=False)] = None,
    language: Annotated[list[str] | None, typer.Option(
        "--language", "-l", help="A language of the project (repeat).", show_default=False)
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Create a project on the platform (no talent enabled, unless --from a grace.yaml).

    Examples:

      grace project create shop-api --db postgresql://grace@db/grace -l python

      grace project create billing --from ./grace.yaml --db postgresql://grace@db/grace
    """
    from grace.bootstrap.platform import build_platform

    platform = opened(build_platform(settings(), db))
    made = platform.import_project(project, from_file, catalog=catalog,
                                   languages=tuple(language or ()))
    if as_json:
        print_json({"project": made.name, "catalog": catalog, "enabled": made.enabled,
                    "languages": made.languages})
        return
    out_console.print(escape(f"project {made.name} created on catalog {catalog}: "
                             f"{len(made.enabled)} talents enabled"), highlight=False)


@app.command("list")
@handle_errors
def list_(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List the projects of the platform database and the catalog each uses.

    Example:

      grace project list --db postgresql://grace@db/grace
    """
    from grace.bootstrap.platform import build_platform

    found = opened(build_platform(settings(), db)).projects()
    if as_json:
        print_json([{"project": name, "catalog": catalog} for name, catalog in found])
        return
    for name, catalog in found:
        out_console.print(escape(f"{name}  (catalog {catalog})"), highlight=False)
    if not found:
        err_console.print("no project yet: `grace project create NAME --db URL`",
                          highlight=False)


@app.command("show")
@handle_errors
def show(project: ProjectArg, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Show a project's catalog version, languages and enabled talents.

    Example:

      grace project show shop-api --db postgresql://grace@db/grace --json
    """
    from grace.bootstrap.platform import build_platform

    wired = opened(build_platform(settings(), db)).app(project)
    p = wired.project
    version = getattr(wired.catalog, "version", None)
    if as_json:
        print_json({"project": p.name, "catalog_version": version, "languages": p.languages,
                    "enabled": p.enabled, "disabled": p.disabled, "always": p.always})
        return
    out_console.print(escape(f"{p.name}: catalog version {version}, languages "
                             f"{', '.join(p.languages) or '(none)'}"), highlight=False)
    for tid in p.enabled:
        out_console.print(escape(f"  {tid}" + (" (always)" if tid in p.always else "")),
                          highlight=False)


def _switch(project: str, ids: list[str], *, enabled: bool, db: str | None,
            as_json: bool) -> None:
    from grace.bootstrap.platform import build_platform

    result = opened(build_platform(settings(), db)).switch(project)(ids, enabled=enabled)
    if as_json:
        print_json({"project": project, **jsonable_dict(result)})
        return
    verb = "enabled" if enabled else "disabled"
    out_console.print(
        escape(f"{verb} {len(result.changed)} talents in project {project}"
               + (f" ({len(result.unchanged)} already {verb})" if result.unchanged else "")),
        highlight=False)
    for tid in result.changed[:20]:
        out_console.print(escape(f"  {tid}"), highlight=False)


@app.command("enable")
@handle_errors
def enable(project: ProjectArg, ids: IdsArg, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Enable talents for a platform project.

    Every id must be in the project's catalog: an unknown one is refused with the close ones,
    and nothing is written then.

    Examples:

      grace project enable shop-api backend.repository pattern.use-case --db postgresql://…

      grace project enable shop-api 'frontend.*'
    """
    _switch(project, ids, enabled=True, db=db, as_json=as_json)


@app.command("disable")
@handle_errors
def disable(project: ProjectArg, ids: IdsArg, db: DbOpt = None,
            as_json: JsonOpt = False) -> None:
    """Disable talents of a platform project.

    Example:

      grace project disable shop-api backend.orm-active-record --db postgresql://…
    """
    _switch(project, ids, enabled=False, db=db, as_json=as_json)
