"""Start-up time of the ``grace`` command, next to ``python -c pass`` in the same run (issue 12
item 4: ``grace --help`` ≤ 0.25 s, ``grace resolve`` with relevance off ≤ 0.5 s).

Run:  .venv/bin/python benchmarks/startup.py [--runs 15] [--old-ref main]

Each command is a whole process (``python -m grace …`` with this checkout's ``src`` first on
``PYTHONPATH``), started ``--runs`` times after one warm-up run (the OS file cache and the
``__pycache__`` files are then warm, as for a user's second command, or for an installed
wheel, whose bytecode pip compiles at install; ``PYTHONDONTWRITEBYTECODE`` is dropped from the
children's environment for that: with it set, every run compiled GRACE's ≈ 50 modules from
source, ≈ 5 % of a resolve's CPU time). Runs go round-robin over
the commands (pass, help, resolve, mcp help, pass, help…) so that machine noise falls on all of
them. Printed per command: median and p95 wall time, median CPU time (user + sys of the child,
from ``getrusage``: less sensitive than wall time to other processes on a shared machine) and
the ratio of the median wall time to ``python -c pass``'s. With ``--old-ref``, the same commands
also run over that git ref's ``src/grace`` (``git archive``), interleaved with the current ones:
before and after in one run. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TASK = "Ajouter le use case UpdateProject"

COMMANDS: dict[str, tuple[str, ...]] = {
    "python -c pass": ("-c", "pass"),
    "grace --help": ("-m", "grace", "--help"),
    "grace resolve --example (relevance off)": (
        "-m", "grace", "resolve", "--example", "-r", "backend", TASK),
    "grace mcp --help": ("-m", "grace", "mcp", "--help"),
}


def checkout(ref: str, into: Path) -> Path:
    """``src/grace`` of ``ref`` extracted under ``into``; returns the ``src`` folder."""
    # the user's git from PATH with fixed arguments, no shell
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src/grace"],  # noqa: S603,S607
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def timed(args: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, child CPU seconds) of one ``python ARGS`` process.

    Raises:
        subprocess.CalledProcessError: the command failed (its figures would mean nothing).
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, check=True,  # noqa: S603 - fixed args
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--old-ref", default=None, help="also time this git ref's src/grace")
    args = parser.parse_args()
    print(f"reproduce: .venv/bin/python benchmarks/startup.py --runs {args.runs}"
          + (f" --old-ref {args.old_ref}" if args.old_ref else ""))
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    base = {k: v for k, v in os.environ.items()
            if not k.startswith("GRACE_") and k != "PYTHONDONTWRITEBYTECODE"}
    base |= {"GRACE_RELEVANCE": "off", "GRACE_USAGE": "off", "COLUMNS": "100"}
    with tempfile.TemporaryDirectory(prefix="grace-startup-") as tmp:
        sources = {"current": ROOT / "src"}
        if args.old_ref:
            sources[args.old_ref] = checkout(args.old_ref, Path(tmp) / "old")
        envs = {name: {**base, "PYTHONPATH": str(src)} for name, src in sources.items()}
        plan = [(name, label) for name in sources for label in COMMANDS
                if name == "current" or label != "python -c pass"]
        walls: dict[tuple[str, str], list[float]] = {key: [] for key in plan}
        cpus: dict[tuple[str, str], list[float]] = {key: [] for key in plan}
        for name, label in plan:  # warm-up: __pycache__ written, files in the OS cache
            timed(COMMANDS[label], envs[name])
        for _ in range(args.runs):
            for name, label in plan:
                wall, cpu = timed(COMMANDS[label], envs[name])
                walls[(name, label)].append(wall)
                cpus[(name, label)].append(cpu)
    baseline = statistics.median(walls[("current", "python -c pass")])
    print(f"{'command':44s} {'source':>8} {'median s':>9} {'p95 s':>7} {'cpu s':>7} "
          f"{'× pass':>7}")
    for name, label in plan:
        w = walls[(name, label)]
        print(f"{label:44s} {name:>8} {statistics.median(w):9.3f} {pct(w, 0.95):7.3f} "
              f"{statistics.median(cpus[(name, label)]):7.3f} "
              f"{statistics.median(w) / baseline:7.1f}")
    print(f"\n{args.runs} runs each after one warm-up; load average after: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
