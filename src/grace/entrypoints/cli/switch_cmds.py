"""``grace enable`` and ``grace disable``: switch talents in ``grace.yaml`` without hand-editing."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from grace.entrypoints.cli.common import (
    CatalogOpt,
    JsonOpt,
    ProjectOpt,
    handle_errors,
    jsonable_dict,
    opened,
    out_console,
    print_json,
    settings,
)

IdsArg = Annotated[
    list[str],
    typer.Argument(metavar="ID...", help="Talent ids or shell patterns over them ('cursor.*')."),
]


def _switch(ids: list[str], *, enabled: bool, project: ProjectOpt, catalog: CatalogOpt,
            as_json: bool) -> None:
    from grace.bootstrap import build_resolution

    wired = opened(build_resolution(settings(), project=project, catalog=catalog))
    result = wired.switch(ids, enabled=enabled)
    if as_json:
        print_json({"path": str(wired.project_file.path), **jsonable_dict(result)})
        return
    verb = "enabled" if enabled else "disabled"
    where = (f"platform project {wired.project.name}" if wired.project_file.platform
             else wired.project_file.path)
    out_console.print(
        escape(f"{verb} {len(result.changed)} talents in {where}"
               + (f" ({len(result.unchanged)} already {verb})" if result.unchanged else "")),
        highlight=False,
    )
    for tid in result.changed[:20]:
        out_console.print(escape(f"  {tid}"), highlight=False)
    if len(result.changed) > 20:
        out_console.print(f"  … and {len(result.changed) - 20} more", highlight=False)


@handle_errors
def enable(
    ids: IdsArg,
    project: ProjectOpt = None,
    catalog: CatalogOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Enable talents in the project's grace.yaml (its comments and order are kept).

    Examples:

      grace enable backend.repository pattern.use-case

      grace enable 'cursor.*'
    """
    _switch(ids, enabled=True, project=project, catalog=catalog, as_json=as_json)


@handle_errors
def disable(
    ids: IdsArg,
    project: ProjectOpt = None,
    catalog: CatalogOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Disable talents in the project's grace.yaml (written as `ID: false`, kept in the file).

    Example:

      grace disable backend.orm-active-record
    """
    _switch(ids, enabled=False, project=project, catalog=catalog, as_json=as_json)


def register(app: typer.Typer) -> None:
    """Add these commands to the root app."""
    app.command()(enable)
    app.command()(disable)
