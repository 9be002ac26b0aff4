"""MCP latency benchmark (not a test): start-up, first call, p50/p95 over N calls.

Run:  .venv/bin/python benchmarks/mcp_latency.py [--calls 200]

For relevance off and on, starts `grace mcp` over stdio on the bundled example (a fresh vector
cache, so the "on" start-up includes embedding the talents), then measures with the official
SDK client: time to a connected session (start-up + warm-up), the first
grace_resolve_context call, and p50/p95 over N calls cycling through a few tasks.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from grace.bootstrap import example_project

TASKS = [
    "Ajouter la pagination à GET /invoices",
    "Rendre le formulaire de facture accessible au clavier",
    "Implémenter le use case UpdateProject selon l'architecture hexagonale",
    "Fix the flaky end-to-end test of the payment page",
]


async def run(relevance: str, calls: int) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    env.update(GRACE_RELEVANCE=relevance, GRACE_CACHE_DIR=tempfile.mkdtemp(prefix="grace-b-"))
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "grace", "mcp"],
        cwd=str(example_project().parent), env=env,
    )
    t0 = time.perf_counter()
    async with Client(params, read_timeout_seconds=300) as client:
        ready = (time.perf_counter() - t0) * 1000
        t1 = time.perf_counter()
        await client.call_tool("grace_resolve_context", {"task": TASKS[0], "role": "backend"})
        first = (time.perf_counter() - t1) * 1000
        times = []
        for i in range(calls):
            t = time.perf_counter()
            r = await client.call_tool(
                "grace_resolve_context", {"task": TASKS[i % len(TASKS)], "role": "backend"}
            )
            times.append((time.perf_counter() - t) * 1000)
            assert not r.is_error
    times.sort()
    print(f"relevance {relevance:>10}: connected after {ready:6.0f} ms (start + warm-up), "
          f"first call {first:5.1f} ms, {calls} calls p50 {statistics.median(times):5.1f} ms, "
          f"p95 {times[int(0.95 * len(times)) - 1]:5.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    for relevance in ("off", "embeddings"):
        asyncio.run(run(relevance, args.calls))
    print(f"reproduce: .venv/bin/python benchmarks/mcp_latency.py --calls {args.calls}")


if __name__ == "__main__":
    main()
