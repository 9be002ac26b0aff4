"""``grace mcp``: serve the MCP tools over stdio or streamable HTTP."""

from __future__ import annotations

from typing import Annotated

import typer

from grace.bootstrap import example_project
from grace.entrypoints.cli.common import ExampleOpt, ProjectOpt, handle_errors, settings


@handle_errors
def mcp(
    project: ProjectOpt = None,
    example: ExampleOpt = False,
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
    """Serve GRACE's tools to agents over MCP: grace_resolve_context (with the files in play),
    grace_get, grace_doctor, grace_learnings_search, grace_find_members and
    grace_find_similar_requests.

    Over stdio by default (stdout is the protocol; logs go to stderr). With --http, the
    endpoint is http://HOST:PORT/mcp.

    Examples:

      grace mcp                      # the project found from the current folder

      grace mcp --example --http --port 8765

      grace mcp --http --db postgresql://grace@db/grace   # every project of the platform
    """
    from grace.entrypoints.mcp_server import serve

    serve(
        settings(),
        project=example_project() if example else project,
        http=http,
        host=host,
        port=port,
        platform_db=db,
    )
