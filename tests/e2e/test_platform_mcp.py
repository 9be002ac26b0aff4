"""Issue 17, done when: from a fresh clone, `grace catalog publish` of the example into a
pgserver database, then resolves through the HTTP MCP endpoint (official SDK client, streamable
HTTP) for two projects with different enabled sets — on two server processes sharing the
database, which answer identically."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.e2e.test_cli import grace
from tests.e2e.test_mcp import env, free_port, wait_for_port
from tests.matching_support.pg import fresh_database

TASK = "Ajouter le use case UpdateProject et son repository SQL"


@pytest.fixture
def platform_db(pg_server: str, example_catalog_dir: Path, example_project_file: Path) -> str:
    db = fresh_database(pg_server)
    for args in (
        ("catalog", "publish", str(example_catalog_dir), "--db", db),
        ("project", "create", "facturation", "--from", str(example_project_file), "--db", db),
        ("project", "create", "backend-only", "-l", "python", "--db", db),
        ("project", "enable", "backend-only", "backend.repository", "pattern.use-case",
         "pattern.port-adapter", "--db", db),
    ):
        done = grace(*args)
        assert done.returncode == 0, (args, done.stderr)
    return db


@pytest.fixture
def servers(platform_db: str, tmp_path: Path) -> Iterator[list[str]]:
    procs: list[subprocess.Popen[bytes]] = []
    urls = []
    try:
        for _ in range(2):
            port = free_port()
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "grace", "mcp", "--http", "--port", str(port),
                 "--db", platform_db],
                cwd=tmp_path, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
            urls.append(f"http://127.0.0.1:{port}/mcp")
        for proc, url in zip(procs, urls, strict=True):
            wait_for_port(int(url.rsplit(":", 1)[1].split("/")[0]), proc)
        yield urls
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=20)
            if proc.stderr:
                proc.stderr.close()


async def _resolve(url: str, project: str | None, role: str = "backend") -> Any:
    async with Client(url, read_timeout_seconds=120) as client:
        args: dict[str, Any] = {"task": TASK, "role": role, "token_budget": 6000}
        if project is not None:
            args["project"] = project
        return await client.call_tool("grace_resolve_context", args)


def test_two_projects_through_http_mcp_on_two_servers(servers: list[str],
                                                      platform_db: str) -> None:
    async def main() -> dict[tuple[int, str], Any]:
        out = {}
        for i, url in enumerate(servers):
            for project in ("facturation", "backend-only"):
                r = await _resolve(url, project)
                assert not r.is_error, r.content[0].text
                out[(i, project)] = r
        return out

    got = asyncio.run(main())
    full, small = got[(0, "facturation")], got[(0, "backend-only")]
    assert full.content[0].text.startswith("# GRACE context · facturation · role: backend")
    assert small.content[0].text.startswith("# GRACE context · backend-only · role: backend")
    served_full = set(full.structured_content["served_ids"])
    served_small = set(small.structured_content["served_ids"])
    assert served_small <= {"backend.repository", "pattern.use-case", "pattern.port-adapter"}
    assert "backend.repository" in served_small
    assert served_full - served_small  # the example project serves more
    for project in ("facturation", "backend-only"):  # two processes, identical answers
        a, b = got[(0, project)], got[(1, project)]
        assert a.content[0].text == b.content[0].text
        assert a.structured_content == b.structured_content

    # a change made with the CLI is seen by the next call of a running server
    assert grace("project", "enable", "backend-only", "backend.rest-api",
                 "--db", platform_db).returncode == 0
    after = asyncio.run(_resolve(servers[1], "backend-only"))
    assert "backend.rest-api" in after.structured_content["served_ids"]

    async def errors() -> tuple[Any, Any]:
        return await _resolve(servers[0], "facturatoin"), await _resolve(servers[0], None)

    typo, missing = asyncio.run(errors())
    assert typo.is_error and "did you mean facturation" in typo.content[0].text
    assert missing.is_error and "name the project" in missing.content[0].text
