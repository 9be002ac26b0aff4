"""``grace serve``: the matching HTTP API and the organiser page (uvicorn)."""

from __future__ import annotations

from typing import Annotated

import typer

from grace.entrypoints.cli.common import err_console, handle_errors, settings

DbOpt = Annotated[str | None, typer.Option(
    "--db", help="Member store URL: sqlite:///PATH or postgresql://… (or GRACE_DATABASE_URL; "
    "default <GRACE_CACHE_DIR>/members.sqlite).", show_default=False)]


def _check_port(host: str, port: int) -> None:
    """Fail before announcing anything when the address is taken or not ours.

    Raises:
        ConfigError: the port is in use, or the host is not an address of this machine.
    """
    import socket

    from grace.errors import ConfigError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            raise ConfigError(f"cannot listen on {host}:{port}: {exc.strerror or exc} (another "
                              "server? try --port)") from None


@handle_errors
def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on (loopback by default; 0.0.0.0 exposes it to the network, "
        "with no authentication: put a reverse proxy with authentication in front).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: DbOpt = None,
    catalog_db: Annotated[str | None, typer.Option(
        "--catalog-db", help="Also serve POST /api/projects/PROJECT/resolve for every project "
        "of this platform database (postgresql://…; or GRACE_CATALOG_DB).", show_default=False)
    ] = None,
) -> None:
    """Serve the organiser page and the matching API (JSON, OpenAPI schema at /openapi.json).

    The page is at http://HOST:PORT/ and the API under /api (searches, feedback, members…).

    Import members first with `grace members import`.

    Examples:

      grace serve                                   # http://127.0.0.1:8000/

      grace serve --port 8080 --db sqlite:///members.sqlite

      GRACE_RANKER=deterministic grace serve --port 9000

      grace serve --catalog-db postgresql://grace@db/grace   # + resolve for platform projects
    """
    import uvicorn

    from grace.bootstrap import build_matching
    from grace.entrypoints.http_api import create_app, server_config

    cfg = settings()
    matching = build_matching(cfg, database_url=db)
    platform = None
    try:
        if catalog_db or cfg.catalog_db:
            from grace.bootstrap.platform import build_platform

            platform = build_platform(cfg, catalog_db)
        st = matching.status()
        app = create_app(matching, platform=platform)
        _check_port(host, port)
        shown = f"[{host}]" if ":" in host else host
        typer.echo(f"GRACE serving on http://{shown}:{port}/ (OpenAPI: /openapi.json) — "
                   f"{st.members} members, {st.stale} awaiting embedding")
        if host not in ("127.0.0.1", "localhost", "::1"):
            err_console.print(f"warning: listening on {host}: the API has no authentication; "
                              "anyone who reaches this port reads past requests and writes "
                              "feedback", highlight=False)
        if st.members == 0:
            err_console.print("warning: the member store is empty: run `grace members import "
                              "CSV` first", highlight=False)
        elif st.stale:
            err_console.print(f"warning: {st.stale} members have no current embedding: run "
                              "`grace members worker`", highlight=False)
        uvicorn.Server(server_config(app, host=host, port=port)).run()
    finally:
        if platform is not None:
            platform.close()
        matching.close()
