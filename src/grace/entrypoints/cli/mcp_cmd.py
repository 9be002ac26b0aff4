"""``grace mcp``: serve the MCP tools over stdio or streamable HTTP."""

from __future__ import annotations

from typing import Annotated

import typer

from grace.entrypoints.cli.common import ExampleOpt, ProjectOpt, handle_errors, settings
from grace.entrypoints.mcp_tools import (
    DEFAULT_GROUPS,
    TOOL_GROUPS,
    describe_groups,
    parse_groups,
    server_summary,
)


@handle_errors
def mcp(
    project: ProjectOpt = None,
    example: ExampleOpt = False,
    tools: Annotated[
        str,
        typer.Option("--tools", help=f"Tool groups to serve, comma-separated: "
                     f"{', '.join(TOOL_GROUPS)}."),
    ] = ",".join(DEFAULT_GROUPS),
    http: Annotated[bool, typer.Option("--http", help="Serve streamable HTTP, not stdio.")] = False,
    host: Annotated[str, typer.Option(help="Loopback address to listen on (--http).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port (--http).")] = 8765,
    db: Annotated[str | None, typer.Option(
        "--db", help="Serve every project of a platform database (postgresql://…): the "
        "tools' `project` argument names one.", show_default=False)
    ] = None,
) -> None:
    from grace.bootstrap import example_project
    from grace.entrypoints.mcp_server import serve

    groups = parse_groups(tools)
    serve(
        settings(),
        project=example_project() if example else project,
        groups=groups,
        http=http,
        host=host,
        port=port,
        platform_db=db,
    )


_RESOLUTION = len(TOOL_GROUPS["resolution"])
mcp.__doc__ = f"""{server_summary()}

One server for every repository: the project of a call is its `project` argument, else the
client's workspace roots (MCP roots), else the server's folder (or --project); no grace.yaml is
needed to start. Over stdio by default (stdout is the protocol; logs go to stderr). With --http,
the endpoint is http://HOST:PORT/mcp.

Tool groups (--tools):

{describe_groups()}

Examples:

  grace mcp                                  # user scope: works in every repository

  grace mcp --tools resolution               # only the {_RESOLUTION} resolution tools

  grace mcp --tools resolution,learnings,matching --example --http --port 8765

  grace mcp --http --db postgresql://grace@db/grace   # every project of the platform
"""
