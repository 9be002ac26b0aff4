"""MCP context cost (not a test): o200k tokens of the tool list per ``--tools`` group, and of one
default ``grace_resolve_context`` answer.

Run:  .venv/bin/python benchmarks/mcp_tools.py
      .venv/bin/python benchmarks/mcp_tools.py --project eval/judged/fastapi/app \
          --files src/shipit/api/v1/shipments.py  # after `make eval-catalog`; the real model

Tool list: each tool's JSON as ``tools/list`` sends it (compact, camelCase aliases, no nulls),
as GRACE publishes it (no generated titles, size limits enforced but not published, ``$ref``
inlined) next to the SDK's own rendering of the same tools in the same run (the baseline).
One answer: the text content plus the JSON of the structured content, for the bundled example's
default resolve, next to the previous structured content (``ResolvedContext.to_dict``, which
repeats the Markdown) computed in the same run. Counted with GRACE's token counter.
``--project``: one ``grace_resolve_context`` answer on that project (an imported catalog): its
text, its structured content, and the structured content with every dropped id listed (the
shape before ``dropped_counts``: each talent left off or cut by relevance named), same call.
"""

from __future__ import annotations

import argparse
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


async def on_project(settings: Settings, project: Path, task: str, files: list[str]) -> None:
    """One answer on ``project``: text, structured content, and every dropped id listed."""
    count = token_counter(settings).count
    projects = ServedProjects(settings, cwd=project, default=project / "grace.yaml")
    args: dict[str, Any] = {"task": task, "role": "backend"} | ({"files": files} if files else {})
    async with Client(build_server(projects, ("resolution",))) as client:
        r = await client.call_tool("grace_resolve_context", args)
    text, data = r.content[0].text, dict(r.structured_content or {})  # type: ignore[union-attr]
    app = projects.app(None)
    every = app.resolve(app.project, role="backend", task=task, files=files,
                        token_budget=settings.token_budget, root=str(project))
    listed = {k: v for k, v in data.items() if k != "dropped_counts"} | {
        "dropped": dict(every.dropped_reasons())}
    print(f"{project} · {task!r}{' · ' + ' '.join(files) if files else ''}: text "
          f"{count(text)} tokens; structured {count(dumps(data))} tokens "
          f"({len(dumps(data))} B); with every dropped id listed {count(dumps(listed))} tokens "
          f"({len(dumps(listed))} B, {len(every.dropped_reasons())} ids)")
    projects.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--project", type=Path, help="a folder with grace.yaml")
    parser.add_argument("--task", default="Add a PATCH endpoint with Pydantic validation")
    parser.add_argument("--files", nargs="*", default=[])
    opts = parser.parse_args()
    if opts.project is not None:
        await on_project(Settings(usage="off"), opts.project.resolve(), opts.task, opts.files)
        return
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
