"""Learnings search latency at 10 000 entries: the previous path against the current one, same
run (not a test). Prints p50 / p95 per query and how to reproduce them.

Run:  .venv/bin/python benchmarks/learnings_search.py [--old-ref main] [--entries 10000]
      [--queries 200] [--rounds 2]

The previous path is the ``src/grace`` of ``--old-ref`` (``git archive``), the current one this
checkout's; each runs in its own subprocess on its own copy of the same file, rounds alternate
(old, new, old, new…) so that machine noise falls on both. Timed: ``SearchLearnings.__call__``
(read and hash the file, freshness check, load the index files, rank, explain) with k = 5,
after one warm-up query (the BM25 index and the dense views are built once per file version).
Vectors come from the deterministic fake embedder at d = 384 (e5's size): embedding 10 000
entries with e5 would take minutes and the query embedding is the same call on both paths; its
cost with e5 is printed separately. Texts: the entries of ``eval/learnings/learnings.jsonl``,
recombined (story of one, lesson of another) until the file has ``--entries`` lines.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "eval" / "learnings"

CHILD = r"""
import json, sys, time
from pathlib import Path
from grace.embedding.fake import FakeEmbedder
from grace.learnings.adapters.bm25 import Bm25Index
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.application.search import SearchLearnings
src, queries = Path(sys.argv[1]), json.loads(sys.argv[2])
m = IndexMaintainer(JsonlLearningsFile(src), IndexFiles(src), FakeEmbedder(384))
m.ensure()
search = SearchLearnings(m, Bm25Index, threshold=0)
search(queries[0], k=5)
out = []
for q in queries:
    t = time.perf_counter()
    r = search(q, k=5)
    out.append((time.perf_counter() - t) * 1000)
    assert r.path == "hybrid", r.reason
print(json.dumps(out))
"""


def write_file(path: Path, n: int) -> None:
    base = [json.loads(x) for x in (SET / "learnings.jsonl").read_text("utf-8").splitlines()]
    rng = random.Random(10_000)  # noqa: S311 - seeded benchmark data, not a secret
    lines = []
    for i in range(n):
        a, b = base[i % len(base)], rng.choice(base)
        story = a["story"] if i < len(base) else f"{a['story']} ({b['story'][:60]})"
        lines.append(json.dumps({"id": f"b-{i}", "story": story, "tags": a["tags"] + b["tags"][:1],
                                 "learning": b["learning"], "domain": a.get("domain")},
                                ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def old_source(ref: str, into: Path) -> Path:
    # the user's git from PATH with fixed arguments, no shell
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src/grace"],  # noqa: S603,S607
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def run(src: Path, learnings: Path, queries: list[str]) -> list[float]:
    proc = subprocess.run(  # noqa: S603 - this interpreter running our own CHILD script
        [sys.executable, "-c", CHILD, str(learnings), json.dumps(queries)],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, check=True, timeout=3600)
    return [float(x) for x in json.loads(proc.stdout.splitlines()[-1])]


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old-ref", default="main")
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"reproduce: .venv/bin/python benchmarks/learnings_search.py --old-ref {args.old_ref} "
          f"--entries {args.entries} --queries {args.queries} --rounds {args.rounds}\n")
    labelled = [json.loads(x)["query"] for x in
                (SET / "queries.jsonl").read_text("utf-8").splitlines() if x.strip()]
    queries = [labelled[i % len(labelled)] for i in range(args.queries)]
    times: dict[str, list[float]] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory(prefix="grace-bench-") as tmp:
        paths = {"old": old_source(args.old_ref, Path(tmp) / "old"), "new": ROOT / "src"}
        for name in paths:
            (Path(tmp) / name).mkdir(exist_ok=True)
            write_file(Path(tmp) / name / "learnings.jsonl", args.entries)
        for _ in range(args.rounds):
            for name, src in paths.items():
                times[name] += run(src, Path(tmp) / name / "learnings.jsonl", queries)
    print(f"search per query at {args.entries} entries, k = 5, fake embedder d = 384 "
          f"({len(times['old'])} queries each):")
    for name, label in (("old", f"previous path ({args.old_ref}: RRF)"),
                        ("new", "current path (fused)")):
        xs = times[name]
        print(f"  {label:32s} p50 {statistics.median(xs):7.1f} ms   p95 {pct(xs, 0.95):7.1f} ms")
    ratio = pct(times["new"], 0.95) / pct(times["old"], 0.95)
    print(f"  p95 ratio current / previous: {ratio:.2f} (target ≤ 1.20)")
    try:
        from grace.embedding.e5 import E5Embedder

        e5 = E5Embedder()
        e5.warm_up()
        qs = []
        for q in queries[:30]:
            t = time.perf_counter()
            e5.embed([q], kind="query")
            qs.append((time.perf_counter() - t) * 1000)
        print(f"  e5 query embedding (both paths, not in the figures above): p50 "
              f"{statistics.median(qs):.1f} ms, p95 {pct(qs, 0.95):.1f} ms")
    except Exception as exc:  # noqa: BLE001 - whatever stops e5 (weights, memory) is printed
        print(f"  e5 query embedding not measured: {exc}")


if __name__ == "__main__":
    main()
