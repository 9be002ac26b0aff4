"""One MCP server for every repository (issue 12): the project of a call, tool groups, the tool
list's annotations, schemas and token cost, and the README's client configurations, all
through the official MCP client against ``python -m grace mcp`` started in an empty folder."""

from __future__ import annotations

import asyncio
import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any, get_args

import jsonschema  # type: ignore[import-untyped]  # the MCP SDK's dependency
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import CallToolResult, ListRootsResult, Root, TextContent

from grace.bootstrap import bundled_catalog, example_project, token_counter
from grace.config import Settings
from grace.entrypoints.mcp_tools import DEFAULT_GROUPS, TOOL_GROUPS, tool_names
from grace.resolution.domain.results import DepthMode
from grace.resolution.domain.talent import DEPTHS, ROLES
from tests.e2e.test_mcp import env

REPO = Path(__file__).resolve().parents[2]
TOOL_LIST_BUDGET = 900
"""Issue 12: the tool list of ``--tools resolution`` costs under 900 o200k tokens."""


def make_repo(folder: Path, name: str) -> Path:
    """A repository whose grace.yaml is the example's (bundled catalog), renamed ``name``."""
    folder.mkdir(parents=True)
    text = example_project().read_text(encoding="utf-8")
    (folder / "grace.yaml").write_text(text.replace("name: facturation", f"name: {name}"),
                                       encoding="utf-8")
    return folder


def server(cwd: Path, *args: str, **settings: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "grace", "mcp", *args],
                                 cwd=str(cwd), env={**env(), **settings})


def roots_of(*folders: Path) -> Any:
    async def list_roots(context: Any) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=f.resolve().as_uri(), name=f.name)
                                      for f in folders])
    return list_roots


def text_of(result: CallToolResult) -> str:
    """The text content of a tool result (GRACE's tools answer one text block)."""
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


TASK = {"task": "Ajouter la pagination à GET /invoices", "role": "backend"}


def test_a_server_started_without_grace_yaml_resolves_by_argument_and_fails_cleanly(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    repo_a = make_repo(tmp_path / "repo-a", "alpha")
    broken = tmp_path / "broken"  # a grace.yaml here that cannot be served: still starts
    broken.mkdir()
    (broken / "grace.yaml").write_text("name: b\ncatalog: ./missing\ntalents: {}\n")

    async def main() -> None:
        async with Client(server(broken), read_timeout_seconds=120) as client:
            r = await client.call_tool("grace_resolve_context", {**TASK, "project": str(repo_a)})
            assert not r.is_error, text_of(r)
            here = await client.call_tool("grace_doctor", {})
            assert here.is_error and "missing" in text_of(here)
        async with Client(server(empty), read_timeout_seconds=120) as client:
            none = await client.call_tool("grace_resolve_context", TASK)
            assert none.is_error
            text = text_of(none)
            assert "no GRACE project for this call" in text and "pass `project`" in text
            assert "grace init" in text
            doc = await client.call_tool("grace_doctor", {})
            assert doc.is_error and "no GRACE project" in text_of(doc)
            r = await client.call_tool("grace_resolve_context", {**TASK, "project": str(repo_a)})
            assert not r.is_error, text_of(r)  # still serving after the errors
            assert r.structured_content["project"] == "alpha"
            assert text_of(r).startswith("# GRACE context · alpha · role: backend")
            by_file = await client.call_tool(
                "grace_get", {"id": "architecture.hexagonal",
                              "project": str(repo_a / "grace.yaml")})
            assert not by_file.is_error
            missing = await client.call_tool("grace_doctor", {"project": str(empty)})
            assert missing.is_error and f"no grace.yaml in {empty.resolve()}" in (
                text_of(missing))

    asyncio.run(main())


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_the_project_comes_from_the_clients_roots(tmp_path, mode):
    """Roots over both protocol generations: a server request mid-call (handshake era, what
    Claude Code and VS Code speak) and an ``input_required`` round (2026-07-28)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    repo_a = make_repo(tmp_path / "repo-a", "alpha")
    repo_b = make_repo(tmp_path / "repo-b", "beta")
    no_project = tmp_path / "no-project"
    no_project.mkdir()

    async def main() -> None:
        async with Client(server(empty), read_timeout_seconds=120, mode=mode,
                          list_roots_callback=roots_of(no_project, repo_b)) as client:
            r = await client.call_tool("grace_resolve_context", TASK)
            assert not r.is_error, text_of(r)
            assert r.structured_content["project"] == "beta"  # the first root with a project
            doc = await client.call_tool("grace_doctor", {})
            assert not doc.is_error and text_of(doc).startswith("beta: ")
            outside = await client.call_tool("grace_doctor", {"project": str(repo_a)})
            assert outside.is_error and "outside the client's roots" in text_of(outside)
            escape = await client.call_tool("grace_doctor", {"project": "../repo-a"})
            assert escape.is_error and "outside the client's roots" in text_of(escape)
            relative = await client.call_tool("grace_doctor", {"project": "../repo-b"})
            assert not relative.is_error  # relative to the first root, inside the second
        async with Client(server(empty), read_timeout_seconds=120, mode=mode,
                          list_roots_callback=roots_of(no_project)) as client:
            bad = await client.call_tool("grace_resolve_context", TASK)
            assert bad.is_error and str(no_project.resolve()) in text_of(bad)

    asyncio.run(main())


async def _tools(cwd: Path, *args: str) -> list[Any]:
    async with Client(server(cwd, *args), read_timeout_seconds=120) as client:
        return list((await client.list_tools()).tools)


def tool_list_tokens(tools: list[Any]) -> int:
    """o200k tokens of the tool list as it travels (each tool's JSON, compact, aliases)."""
    counter = token_counter(Settings(token_encoding="o200k_base"))  # noqa: S106 - no secret
    return sum(counter.count(json.dumps(t.model_dump(by_alias=True, exclude_none=True,
                                                     mode="json"),
                                        ensure_ascii=False, separators=(",", ":")))
               for t in tools)


def test_tool_groups_annotations_schemas_and_token_cost(tmp_path):
    figures = {}
    for groups in (("resolution",), ("learnings",), ("matching",), DEFAULT_GROUPS,
                   tuple(TOOL_GROUPS)):
        args = () if groups == DEFAULT_GROUPS else ("--tools", ",".join(groups))
        tools = asyncio.run(_tools(tmp_path, *args))
        assert [t.name for t in tools] == list(tool_names(groups))
        figures[",".join(groups)] = tool_list_tokens(tools)
        for t in tools:
            hints = t.annotations.model_dump(by_alias=True, exclude_none=True)
            assert set(hints) == {"readOnlyHint", "destructiveHint", "idempotentHint",
                                  "openWorldHint"}, t.name
            assert t.output_schema and t.output_schema["type"] == "object", t.name
            jsonschema.Draft202012Validator.check_schema(t.output_schema)
            jsonschema.Draft202012Validator.check_schema(t.input_schema)
            for name, prop in t.input_schema["properties"].items():
                assert prop.get("description"), f"{t.name}.{name} has no description"
    assert figures["resolution"] < TOOL_LIST_BUDGET, figures  # benchmarks/mcp_tools.py prints
    assert figures["resolution"] < figures[",".join(DEFAULT_GROUPS)] < figures[
        ",".join(TOOL_GROUPS)]

    resolve = next(t for t in asyncio.run(_tools(tmp_path)) if t.name == "grace_resolve_context")
    props = resolve.input_schema["properties"]
    assert props["role"]["enum"] == list(ROLES)
    assert props["depth"]["enum"] == list(get_args(DepthMode))
    assert set(resolve.input_schema["required"]) == {"task", "role"}


def test_structured_content_validates_against_the_output_schema(tmp_path):
    async def main() -> None:
        params = server(example_project().parent, "--tools", "resolution,learnings",
                        GRACE_EMBEDDER="fake", GRACE_CACHE_DIR=str(tmp_path / "cache"))
        async with Client(params, read_timeout_seconds=120) as client:
            schemas = {t.name: t.output_schema for t in (await client.list_tools()).tools}
            get = next(t for t in (await client.list_tools()).tools if t.name == "grace_get")
            assert get.input_schema["properties"]["depth"]["enum"] == list(DEPTHS)
            learnings = tmp_path / "learnings.jsonl"
            learnings.write_text(json.dumps({
                "date": "2026-01-02", "domain": "billing", "tags": ["export"],
                "story": "Les avoirs négatifs cassaient l'export", "learning": "Valider le signe",
            }) + "\n", encoding="utf-8")
            calls = [("grace_resolve_context", TASK),
                     ("grace_get", {"id": "backend.repository"}),
                     ("grace_doctor", {}),
                     ("grace_learnings_search", {"query": "export avoirs",
                                                 "project": str(tmp_path)})]
            for name, args in calls:
                r = await client.call_tool(name, args)
                assert not r.is_error, (name, text_of(r))
                jsonschema.validate(r.structured_content, schemas[name])
                text = text_of(r)
                for value in r.structured_content.values():  # no second copy of the text
                    assert not (isinstance(value, str) and len(value) > 200 and value in text)
            r = await client.call_tool("grace_resolve_context", TASK)
            assert len(json.dumps(r.structured_content)) < len(text_of(r))

    asyncio.run(main())


def a_large_catalog_project(folder: Path, extra: int) -> Path:
    """The example project over its catalog plus ``2 × extra`` copies of ``testing.unit``: the
    first ``extra`` enabled (with relevance on, most are cut), the others left off."""
    catalog = folder / "catalog"
    shutil.copytree(bundled_catalog(), catalog)
    source = catalog / "testing.unit"
    switches = []
    for i in range(2 * extra):
        tid = f"extra.unit-{i:03d}"
        shutil.copytree(source, catalog / tid)
        meta = catalog / tid / "talent.yaml"
        meta.write_text(meta.read_text(encoding="utf-8").replace(
            "id: testing.unit", f"id: {tid}").replace("name: Unit tests", f"name: Unit {i}"),
            encoding="utf-8")
        switches.append(f"  {tid}: {'true' if i < extra else 'false'}\n")
    text = example_project().read_text(encoding="utf-8").replace(
        "\ncatalog: grace:example\n", "\ncatalog: ./catalog\nrelevance: embeddings\n")
    (folder / "grace.yaml").write_text(text.replace("talents:\n", "talents:\n" + "".join(
        switches), 1), encoding="utf-8")
    return folder


def test_resolve_on_a_large_catalog_counts_what_the_agent_would_never_fetch(tmp_path):
    """An imported catalog leaves hundreds of talents off and relevance cuts hundreds more: the
    structured result counts them (``dropped_counts``) and lists only the ids dropped for a
    reason an agent can act on, so it stays smaller than the Markdown it comes with (it was 30 KB,
    five times the Markdown, on the FastAPI judged set's 874 talents)."""
    project = a_large_catalog_project(tmp_path / "repo", extra=120)

    async def main() -> None:
        params = server(project, GRACE_EMBEDDER="fake", GRACE_CACHE_DIR=str(tmp_path / "c"))
        async with Client(params, read_timeout_seconds=120) as client:
            r = await client.call_tool("grace_resolve_context", {
                "task": "Écrire un test unitaire pytest de l'émission de facture",
                "role": "tester"})
            assert not r.is_error, text_of(r)
            data = r.structured_content
            assert data["served_ids"], text_of(r)
            counts = data["dropped_counts"]
            assert counts["not_enabled"] >= 120 and counts["relevance"] >= 100
            assert not {"not_enabled", "relevance"} & set(data["dropped"].values())
            assert "draft" in data["dropped"].values()  # a reason to act on: still named
            assert sum(counts.values()) + len(data["served_ids"]) >= 240 + 29
            assert len(json.dumps(data)) < len(text_of(r))

    asyncio.run(main())


def test_an_unknown_tool_group_is_a_usage_error():
    r = subprocess.run([sys.executable, "-m", "grace", "mcp", "--tools", "resolution,ui"],
                       capture_output=True, text=True, env=env(), timeout=60)
    assert r.returncode == 2
    assert "'ui'" in r.stderr and ", ".join(TOOL_GROUPS) in r.stderr


def test_help_states_the_registrys_groups_and_counts():
    every = len(tool_names(tuple(TOOL_GROUPS)))
    top = subprocess.run([sys.executable, "-m", "grace", "--help"], capture_output=True,
                         text=True, env={**env(), "COLUMNS": "200"}, timeout=60)
    assert f"{len(tool_names(DEFAULT_GROUPS))} tools by default" in top.stdout
    assert f"{every} with every group" in top.stdout
    sub = subprocess.run([sys.executable, "-m", "grace", "mcp", "--help"], capture_output=True,
                         text=True, env={**env(), "COLUMNS": "200"}, timeout=60)
    for group, tools in TOOL_GROUPS.items():
        assert f"{group} ({len(tools)}" in sub.stdout
        assert all(t in sub.stdout for t in tools)


def _mcp_section() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start = text.index("## MCP server for coding agents")
    return text[start:text.index("\n## ", start + 1)]


def test_readme_client_configurations_agree_and_name_a_real_command():
    section = _mcp_section()
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    assert len(blocks) >= 3  # Cursor, VS Code (workspace), VS Code (user settings)
    servers = []
    for block in blocks:
        data = json.loads(block)
        found = data.get("mcpServers") or data.get("servers") or data["mcp"]["servers"]
        servers.append(found["grace"])
    claude = re.search(r"^claude mcp add --scope user (.*)$", section, re.M)
    assert claude, "no `claude mcp add --scope user` line"
    words = shlex.split(claude.group(1))
    name, command = words[0], words[words.index("--") + 1:]
    assert name == "grace"
    configs = {(s["command"], tuple(s["args"])) for s in servers} | {
        (command[0], tuple(command[1:]))}
    assert len(configs) == 1, configs  # the same command and arguments everywhere
    ((program, args),) = configs
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert program in scripts  # the console script the package installs
    r = subprocess.run([sys.executable, "-m", "grace", *args, "--help"],
                       capture_output=True, text=True, env=env(), timeout=60)
    assert r.returncode == 0, r.stderr  # `grace mcp` with those arguments parses
