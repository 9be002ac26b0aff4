"""The MCP server, driven by the official SDK client over stdio and over streamable HTTP."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from grace.bootstrap import build_matching, example_project
from tests.fakes import project_with_a_leaking_talent

BAD_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("grace_resolve_context", {"task": "x", "role": "designer"}, "'architect'"),
    ("grace_get", {"id": "../../etc/passwd"}, "invalid talent id"),
    ("grace_get", {"id": "backend.repositry"}, "did you mean"),
    ("grace_get", {"id": "backend.repository", "section": "nope"}, "no section"),
    ("grace_resolve_context", {"task": "x" * 50_001, "role": "backend"}, "at most 50000"),
    ("grace_resolve_context", {"task": "x", "role": "backend", "token_budget": 0}, "greater"),
    ("grace_resolve_context", {"task": "x", "role": "backend", "token_budget": "lots"}, "integer"),
    ("grace_resolve_context", {"task": "x", "role": "backend", "token_budget": 3}, "budget 3"),
    ("grace_doctor", {"project": "../" * 12 + "etc"}, "no grace.yaml in /etc"),
    ("grace_doctor", {"project": "/no/such/folder"}, "is not a folder"),
]


def env() -> dict[str, str]:
    """The environment without GRACE_* settings, with this checkout's sources first (a server
    started in another folder with a relative PYTHONPATH=src would run the venv's grace)."""
    out = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    src = str(Path(__file__).resolve().parents[2] / "src")
    out["PYTHONPATH"] = os.pathsep.join(
        [src, *(p for p in out.get("PYTHONPATH", "").split(os.pathsep) if p)]
    )
    return out


async def exercise(client: Client) -> None:
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert {"grace_resolve_context", "grace_get", "grace_doctor", "grace_learnings_search"} <= set(
        tools
    )
    for tool in tools.values():  # every input field is described
        for name, schema in tool.input_schema["properties"].items():
            assert schema.get("description"), f"{tool.name}.{name} has no description"

    r = await client.call_tool(
        "grace_resolve_context",
        {"task": "Ajouter la pagination à GET /invoices", "role": "backend", "token_budget": 1500},
    )
    assert not r.is_error
    assert r.content[0].text.startswith("# GRACE context · facturation · role: backend")
    data = r.structured_content
    assert data["tokens"] <= 1500 and data["served_ids"]
    assert set(data["depths"]) == set(data["served_ids"])
    assert "draft" in data["dropped"].values()
    assert "# GRACE context" not in str(data)  # the Markdown is only in the text content
    pointer = next(p for p in data["pointers"] if p["section"])

    typed = await client.call_tool(  # files in play: their language is the task's
        "grace_resolve_context",
        {"task": "Relire la liste des factures", "role": "reviewer",
         "files": ["web/src/invoices/InvoiceList.tsx"]},
    )
    assert not typed.is_error
    tdata = typed.structured_content
    assert tdata["language_source"] == "files" and "typescript" in tdata["languages"]
    assert "language" in tdata["dropped"].values()
    absolute = await client.call_tool(  # agents send absolute paths: accepted under the root
        "grace_resolve_context",
        {"task": "Relire", "role": "reviewer",
         "files": [str(example_project().parent / "web" / "List.tsx"), "/etc/passwd"]},
    )
    assert absolute.is_error and "/etc/passwd" in absolute.content[0].text

    got = await client.call_tool(
        "grace_get", {"id": pointer["id"], "section": pointer["section"]}
    )
    assert not got.is_error and got.content[0].text.startswith("## ")

    doc = await client.call_tool("grace_doctor", {})
    assert not doc.is_error and doc.structured_content["errors"] >= 1
    assert "missing_prerequisite" in doc.content[0].text

    for name, args, message in BAD_CALLS:
        bad = await client.call_tool(name, args)
        assert bad.is_error, (name, args)
        assert message in bad.content[0].text, (message, bad.content[0].text)
    again = await client.call_tool("grace_get", {"id": "architecture.hexagonal"})
    assert not again.is_error  # still serving after every bad call


def test_stdio_with_the_sdk_client():
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "grace", "mcp"],
        cwd=str(example_project().parent), env=env(),
    )

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            await exercise(client)

    asyncio.run(main())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise AssertionError(f"server exited: {err}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("server did not open its port")


@pytest.fixture
def http_server(tmp_path: Path):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "grace", "mcp", "--example", "--http", "--port", str(port)],
        cwd=tmp_path, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        if proc.stderr:
            proc.stderr.close()


def test_streamable_http_with_the_sdk_client(http_server):
    async def main() -> None:
        async with Client(http_server, read_timeout_seconds=120) as client:
            await exercise(client)

    asyncio.run(main())


def test_http_refuses_a_non_loopback_host():
    r = subprocess.run(
        [sys.executable, "-m", "grace", "mcp", "--example", "--http", "--host", "0.0.0.0"],
        capture_output=True, text=True, env=env(), timeout=60,
    )
    assert r.returncode == 2 and "loopback" in r.stderr


@pytest.mark.model
def test_stdio_with_relevance_on_uses_the_real_model(tmp_path):
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "grace", "mcp", "--example"],
        env={**env(), "GRACE_RELEVANCE": "embeddings", "GRACE_CACHE_DIR": str(tmp_path)},
    )

    async def main() -> None:
        async with Client(params, read_timeout_seconds=300) as client:
            r = await client.call_tool("grace_resolve_context", {
                "task": "Implémenter le use case UpdateProject selon l'architecture hexagonale",
                "role": "architect",
            })
            assert not r.is_error
            data = r.structured_content
            assert data["relevance"] == "embeddings"
            assert "architecture.hexagonal" in data["served_ids"]
            assert data["dropped_counts"]["relevance"] >= 1  # counted, not listed (decision 0025)

    asyncio.run(main())
    assert (tmp_path / "vectors.sqlite").is_file()  # warmed up at start, cached on disk


def test_grace_get_refuses_a_body_linked_outside_the_catalog(tmp_path):
    """Issue 14, fault 2: MCP ``grace_get`` served a ``compact.md`` linked to a file outside."""
    project = project_with_a_leaking_talent(tmp_path)
    params = StdioServerParameters(command=sys.executable, args=["-m", "grace", "mcp"],
                                   cwd=str(project), env=env())

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            got = await client.call_tool("grace_get", {"id": "leak"})
            assert got.is_error and "outside the catalog" in got.content[0].text
            res = await client.call_tool("grace_resolve_context", {"task": "x", "role": "backend"})
            doc = await client.call_tool("grace_doctor", {})
            texts = [got.content[0].text, res.content[0].text, doc.content[0].text]
            assert not any("SECRET" in t for t in texts)
            assert "outside the catalog" in doc.content[0].text

    asyncio.run(main())


def test_matching_tools_over_stdio(tmp_path):
    from grace.config import Settings

    db = f"sqlite:///{tmp_path / 'members.sqlite'}"
    app = build_matching(Settings(cache_dir=tmp_path, embedder="fake"), database_url=db)
    app.generate(400, seed=2, calendar_days=3)
    app.worker()()
    app.close()
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "grace", "mcp", "--example", "--tools", "matching"],
        env={**env(), "GRACE_DATABASE_URL": db, "GRACE_EMBEDDER": "fake",
             "GRACE_CACHE_DIR": str(tmp_path)},
    )
    request = {"description": "séminaire au vert avec nuitées", "zone": "Lyon",
               "radius_km": 60, "format": "meeting", "headcount": 40}

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            assert tools == {"grace_find_members", "grace_find_similar_requests"}
            r = await client.call_tool("grace_find_members", request)
            assert not r.is_error, r.content[0].text
            data = r.structured_content
            assert len(data["recommended"]) == 4 and len(data["compatible"]) == 4
            assert "Recommandés :" in r.content[0].text and data["ranker"] == "deterministic"
            unknown = await client.call_tool("grace_find_members",
                                             {**request, "codes": ["#999999"]})
            assert not unknown.is_error and unknown.structured_content["warnings"]
            for warning in unknown.structured_content["warnings"]:  # in the text too
                assert warning in unknown.content[0].text
            assert "#999999" in unknown.content[0].text
            sim = await client.call_tool("grace_find_similar_requests", request)
            assert not sim.is_error
            found = sim.structured_content["similar_requests"]
            assert [s["search_id"] for s in found] == [data["search_id"]]
            other = await client.call_tool("grace_find_similar_requests",
                                           {**request, "headcount": 41})
            assert other.structured_content["similar_requests"] == []
            for args, message in [({**request, "zone": "Atlantide"}, "Atlantide"),
                                  ({**request, "dates": ["12/06/2027"]}, "YYYY-MM-DD"),
                                  ({**request, "headcount": -1}, "greater"),
                                  ({**request, "codes": ["pas un code"]}, "member code")]:
                bad = await client.call_tool("grace_find_members", args)
                assert bad.is_error and message in bad.content[0].text, bad.content[0].text

    asyncio.run(main())


def test_resolve_files_missing_warn_and_linked_outside_refused(tmp_path):
    """The MCP ``files`` argument behaves as ``--files``: a file that does not exist is kept with
    a warning (structured ``warnings`` and the text); a symbolic link out of the repository is
    a tool error."""
    from tests.e2e.test_cli import _files_project

    repo = _files_project(tmp_path / "repo")
    (tmp_path / "secret.py").write_text("x = 1\n", encoding="utf-8")
    (repo / "app" / "link.py").symlink_to(tmp_path / "secret.py")
    params = StdioServerParameters(command=sys.executable, args=["-m", "grace", "mcp"],
                                   cwd=str(repo), env=env())

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            args = {"task": "x", "role": "backend"}
            r = await client.call_tool("grace_resolve_context",
                                       {**args, "files": ["new/module.py", "app/api/items.py"]})
            assert not r.is_error
            data = r.structured_content
            assert data["served_ids"][0] == "py.fastapi"
            assert data["warnings"] == [
                "file in play new/module.py does not exist (kept: its name still selects "
                "talents by glob and language)"]
            assert "new/module.py does not exist" in r.content[-1].text
            ok = await client.call_tool("grace_resolve_context",
                                        {**args, "files": ["app/api/items.py"]})
            assert ok.structured_content["warnings"] == [] and len(ok.content) == 1
            for path in ("app/link.py", str(repo / "app" / "link.py")):
                bad = await client.call_tool("grace_resolve_context", {**args, "files": [path]})
                assert bad.is_error and "outside the repository" in bad.content[0].text, path

    asyncio.run(main())
