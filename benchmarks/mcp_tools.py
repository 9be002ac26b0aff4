"""MCP context cost (not a test): o200k tokens of the tool list per ``--tools`` group, and of one
default ``grace_resolve_context`` answer.

Run:  .venv/bin/python benchmarks/mcp_tools.py

Tool list: each tool's JSON as ``tools/list`` sends it (compact, camelCase aliases, no nulls),
as GRACE publishes it (no generated titles, size limits enforced but not published, ``$ref``
inlined) next to the SDK's own rendering of the same tools in the same run (the baseline).
One answer: the text content plus the JSON of the structured content, for the bundled example's
default resolve, next to the previous structured content (``ResolvedContext.to_dict``, which
repeats the Markdown) computed in the same run. Counted with GRACE's token counter.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

from mcp import Client
from mcp.server.mcpserver import MCPServer

from grace.bootstrap import example_project, token_counter
from grace.bootstrap.projects import ServedProjects
from grace.config import Settings
from grace.entrypoints.cli.common import to_jsonable
from grace.entrypoints.mcp_server import build_server
from grace.entrypoints.mcp_tools import DEFAULT_GROUPS, TOOL_GROUPS

TASK = {"task": "Ajouter la pagination à GET /invoices", "role": "backend"}


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


async def main() -> None:
    settings = Settings(usage="off", cache_dir=Path(tempfile.mkdtemp(prefix="grace-bench-")))
    count = token_counter(settings).count
    projects = ServedProjects(settings, cwd=Path.cwd(), default=example_project())
    print("tool list, o200k tokens (GRACE's published list vs the SDK's rendering, same tools)")
    for groups in (*((g,) for g in TOOL_GROUPS), DEFAULT_GROUPS, tuple(TOOL_GROUPS)):
        server = build_server(projects, groups)
        published = sum(count(dumps(t.model_dump(by_alias=True, exclude_none=True, mode="json")))
                        for t in await server.list_tools())
        sdk = sum(count(dumps(t.model_dump(by_alias=True, exclude_none=True, mode="json")))
                  for t in await MCPServer.list_tools(server))
        label = ",".join(groups) + (" (default)" if groups == DEFAULT_GROUPS else "")
        print(f"  --tools {label:<32} {published:>5}   SDK rendering {sdk:>5}")

    async with Client(build_server(projects, ("resolution",))) as client:
        r = await client.call_tool("grace_resolve_context", TASK)
    text = r.content[0].text  # type: ignore[union-attr]
    app = projects.app(None)
    old = app.resolve(app.project, role=TASK["role"], task=TASK["task"],
                      token_budget=settings.token_budget)
    now = count(text) + count(dumps(r.structured_content))
    before = count(old.markdown) + count(dumps(to_jsonable(old)))
    print(f"one default resolve on the example (text + structured): {now} tokens; "
          f"with the previous structured content (Markdown repeated): {before}")
    projects.close()


if __name__ == "__main__":
    asyncio.run(main())
