"""``grace export``: the enabled catalog in Cursor, Copilot or AGENTS.md form."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.markup import escape

from grace.entrypoints.cli.common import (
    CatalogOpt,
    ExampleOpt,
    JsonOpt,
    ProjectOpt,
    handle_errors,
    opened,
    out_console,
    print_json,
    settings,
)

Format = Literal["cursor", "copilot", "agents-md"]
BodyDepth = Literal["compact", "standard", "full"]


@handle_errors
def export(
    dest: Annotated[Path, typer.Argument(help="Folder to write into (created if missing).")],
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Target tool's format.")],
    depth: Annotated[BodyDepth, typer.Option("--depth", "-d", help="Body depth written.")] = "full",
    force: Annotated[
        bool, typer.Option("--force", help="Replace files grace export did not write.")
    ] = False,
    project: ProjectOpt = None,
    example: ExampleOpt = False,
    catalog: CatalogOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Write the project's enabled talents in another tool's native rule format, so a team
    curates once in GRACE and every agent gets it, MCP or not.

    cursor: one .mdc per talent (description, globs from activation.paths, alwaysApply);
    copilot: one .instructions.md per talent (applyTo); agents-md: one AGENTS.md. Files grace
    did not write are never replaced without --force (DEST/.grace-export.json lists its own).

    Examples:

      grace export --format cursor .cursor/rules

      grace export --format copilot .github/instructions

      grace export --format agents-md . --depth standard
    """
    from grace.bootstrap import build_resolution

    wired = opened(build_resolution(settings(), project=project, catalog=catalog,
                                    example=example))
    report = wired.exporter(dest)(wired.project_file.project, fmt, depth=depth, force=force)
    if as_json:
        print_json(report)
        return
    out_console.print(
        escape(f"exported to {dest} ({fmt}): {len(report.written)} written, "
               f"{len(report.unchanged)} unchanged, {len(report.removed)} removed"),
        highlight=False,
    )
