"""The ``grace`` command line: thin commands that parse, call one use case and format."""

from __future__ import annotations

import typer

from grace import __version__
from grace.entrypoints.cli import (
    catalog_cmds,
    eval_cmds,
    export_cmd,
    learnings_cmds,
    mcp_cmd,
    members_cmds,
    platform_cmds,
    resolution_cmds,
    serve_cmd,
    stats_cmd,
    switch_cmds,
)

app = typer.Typer(
    name="grace",
    help="GRACE decides what an LLM gets to see.\n\n"
    "Try: grace resolve --example --role backend \"Ajouter le use case UpdateProject\"",
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)
resolution_cmds.register(app)
switch_cmds.register(app)
catalog_cmds.app.command("publish")(platform_cmds.publish)
app.add_typer(catalog_cmds.app, name="catalog")
app.add_typer(platform_cmds.app, name="project")
app.add_typer(eval_cmds.app, name="eval")
app.add_typer(members_cmds.app, name="members")
app.add_typer(learnings_cmds.app, name="learnings")
app.command(name="mcp")(mcp_cmd.mcp)
app.command(name="serve")(serve_cmd.serve)
app.command(name="stats")(stats_cmd.stats)
app.command(name="export")(export_cmd.export)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"grace {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """GRACE decides what an LLM gets to see."""


def main() -> None:
    """Console-script entry point."""
    app()
