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

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

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
    params = StdioServerParameters(command=str(venv / "bin" / "grace"),
                                   args=["mcp", "--example"], env=env, cwd=str(outside))

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            assert {"grace_resolve_context", "grace_get"} <= tools
            got = await client.call_tool("grace_get", {"id": "architecture.hexagonal"})
            assert not got.is_error and got.content[0].text.strip()

    asyncio.run(main())
