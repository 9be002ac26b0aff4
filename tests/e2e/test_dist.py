"""The built wheel, installed into a fresh virtual environment, run outside the source tree.

Dependencies: by default the new environment borrows this interpreter's installed
dependencies through a ``.pth`` line naming its site-packages folder (offline, ~20 s). A ``.pth``
path entry does not run the ``.pth`` files of the folder it names, so the development checkout's
editable install of grace stays invisible: ``import grace`` must come from the wheel, and the
test checks it. ``GRACE_DIST_ONLINE=1`` installs the dependencies from the package index
instead (``pip install WHEEL -c constraints.txt``, what a user gets; slow).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import ListRootsResult, Root

REPO = Path(__file__).resolve().parents[2]


def _run(*args: object, **kwargs: object) -> subprocess.CompletedProcess[str]:
    r: subprocess.CompletedProcess[str] = subprocess.run(  # type: ignore[call-overload]
        [str(a) for a in args], capture_output=True, text=True, timeout=900, **kwargs)
    assert r.returncode == 0, f"{args}: {r.stdout[-2000:]}{r.stderr[-2000:]}"
    return r


@pytest.mark.slow
def test_the_wheel_installs_in_a_fresh_venv_and_runs_outside_the_source_tree(
    tmp_path: Path,
) -> None:
    dist = tmp_path / "dist"
    _run(REPO / "scripts" / "dist", dist, env={**os.environ, "PYTHON": sys.executable})
    (wheel,) = dist.glob("grace-*.whl")
    assert list(dist.glob("grace-*.tar.gz"))
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv)
    py = venv / "bin" / "python"
    if os.environ.get("GRACE_DIST_ONLINE") == "1":
        _run(py, "-m", "pip", "install", "-q", wheel, "-c", REPO / "constraints.txt")
    else:
        _run(py, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel)
        purelib = _run(py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
        borrowed = sysconfig.get_paths()["purelib"]
        Path(purelib.stdout.strip(), "_borrowed_deps.pth").write_text(borrowed + "\n")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("GRACE_") and k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["GRACE_CACHE_DIR"] = str(tmp_path / "cache")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    where = _run(py, "-c", "import grace; print(grace.__file__)", cwd=outside, env=env)
    assert where.stdout.strip().startswith(str(venv)), where.stdout  # the wheel, not src/
    r = _run(venv / "bin" / "grace", "resolve", "--example", "-r", "backend",
             "Ajouter le use case UpdateProject", cwd=outside, env=env)
    assert r.stdout.startswith("# GRACE context · facturation · role: backend")
    assert "pattern.use-case" in r.stdout
    doctor = subprocess.run([str(venv / "bin" / "grace"), "doctor", "--example", "--json"],
                            capture_output=True, text=True, cwd=outside, env=env, timeout=300)
    assert doctor.returncode == 1 and '"missing_prerequisite"' in doctor.stdout  # on purpose
    # User scope: one server started outside every repository (no grace.yaml there), serving
    # repository A (grace.yaml, found through the client's roots), repository B (named by the
    # call's `project`) and, for C (a repository without grace.yaml), a tool error.
    repos = {}
    for name in ("alpha", "beta"):
        repos[name] = tmp_path / f"repo-{name}"
        repos[name].mkdir()
        (repos[name] / "grace.yaml").write_text(
            f"name: {name}\ncatalog: grace:example\nlanguages: [python]\n"
            "talents: {architecture.hexagonal: true}\n")
    bare = tmp_path / "repo-without-grace-yaml"
    bare.mkdir()
    params = StdioServerParameters(command=str(venv / "bin" / "grace"), args=["mcp"],
                                   env=env, cwd=str(outside))

    async def list_roots(context: Any) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=repos["alpha"].as_uri(), name="alpha"),
                                      Root(uri=bare.as_uri(), name="bare")])

    task = {"task": "Ajouter le use case UpdateProject", "role": "architect"}

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120, mode="legacy",
                          list_roots_callback=list_roots) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            assert tools == {"grace_resolve_context", "grace_get", "grace_doctor",
                             "grace_learnings_search"}  # the default groups
            a = await client.call_tool("grace_resolve_context", task)
            assert not a.is_error, a.content[0].text
            assert a.content[0].text.startswith("# GRACE context · alpha · role: architect")
            got = await client.call_tool("grace_get", {"id": "architecture.hexagonal"})
            assert not got.is_error and got.content[0].text.strip()
        async with Client(params, read_timeout_seconds=120) as client:  # no roots
            b = await client.call_tool("grace_resolve_context",
                                       {**task, "project": str(repos["beta"])})
            assert not b.is_error, b.content[0].text
            assert b.structured_content["project"] == "beta"
            c = await client.call_tool("grace_resolve_context", {**task, "project": str(bare)})
            assert c.is_error and "no grace.yaml" in c.content[0].text
            assert "grace init" in c.content[0].text

    asyncio.run(main())
