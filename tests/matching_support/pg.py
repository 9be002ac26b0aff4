"""A real PostgreSQL 16 + pgvector for the tests, started with pgserver in a temporary folder."""

from __future__ import annotations

import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path

import psycopg


def start_server(root: Path) -> Iterator[str]:
    """Yield the server's URI; stop it at the end. Never skips: a failure fails the test."""
    with warnings.catch_warnings():
        # platformdirs warns (at pgserver's import) that XDG_RUNTIME_DIR is unset; harmless.
        warnings.simplefilter("ignore")
        import pgserver

        # pgserver re-exports get_server without __all__ (mypy: not explicitly exported)
        srv = pgserver.get_server(root, cleanup_mode="stop")  # type: ignore[attr-defined]
    try:
        yield srv.get_uri()
    finally:
        srv.cleanup()


def fresh_database(uri: str) -> str:
    """Create an empty database on the server and return its URI."""
    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(uri, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')  # name is generated here, not user input
    return uri.replace("/postgres?", f"/{name}?", 1)
