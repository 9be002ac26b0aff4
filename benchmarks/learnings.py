"""Learnings benchmark (not a test): prints figures and how to reproduce them.

Run:  .venv/bin/python benchmarks/learnings.py [--e5-count 300] [--queries 50]

Measures, in one process on this machine:
1. search latency (ms, median / p95 over ``--queries`` queries) at 200, 10 000 and 100 000
   entries: FAISS IndexFlatIP top-50, a bare numpy flat search in the same run, BM25 (bm25s)
   top-50, and RRF fusion. Vectors are **synthetic** (random unit rows, d = 384, e5's size) and
   texts synthetic (Zipf words): embedding 100 000 texts with e5 would take ≈ 20 min on 2 cores;
   the query embedding is measured separately with the real model;
2. append one line vs full rebuild at 10 000 entries, through the real files (JSONL, .npy,
   FAISS, meta with hashes) with the deterministic fake embedder (I/O and hashing only), plus
   the e5 cost each implies from (3);
3. rebuild throughput with the real e5 model (entries/s) on ``--e5-count`` entries, with a
   progress bar.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from rich.progress import Progress

from grace.embedding.e5 import E5Embedder
from grace.embedding.fake import FakeEmbedder
from grace.embedding.ports import TextEmbedder, normalise_rows
from grace.learnings.adapters.bm25 import Bm25Index
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.domain.ranking import reciprocal_rank_fusion
from grace.vectors.faiss_index import FaissIndex
from grace.vectors.topk import exact_top_k

D = 384
SIZES = (200, 10_000, 100_000)


def ms(samples: list[float]) -> str:
    s = sorted(samples)
    p95 = s[min(len(s) - 1, int(0.95 * len(s)))]
    return f"{statistics.median(s) * 1e3:7.2f} / {p95 * 1e3:7.2f}"


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def corpus(n: int, rng: np.random.Generator) -> list[list[str]]:
    vocab = [f"w{i}" for i in range(20_000)]
    ranks = np.minimum(rng.zipf(1.3, size=(n, 30)), len(vocab)) - 1
    return [[vocab[r] for r in row] for row in ranks]


def latency(queries: int) -> None:
    rng = np.random.default_rng(0)
    print("1. search latency, ms median / p95 (synthetic vectors d=384, synthetic texts)")
    print(f"{'entries':>9} | {'faiss flat':>17} | {'numpy flat':>17} | {'bm25s':>17} | "
          f"{'rrf':>17} | bm25 build s")
    for n in SIZES:
        one_size(n, queries, rng)


def one_size(n: int, queries: int, rng: np.random.Generator) -> None:
    """One row of the latency table (a function, so the timed lambdas bind this size)."""
    vectors = normalise_rows(rng.standard_normal((n, D)))
    qs = normalise_rows(rng.standard_normal((queries, D)))
    index = FaissIndex.build(vectors)
    docs = corpus(n, rng)
    texts = [" ".join(d) for d in docs]
    t = time.perf_counter()
    bm25 = Bm25Index(texts)
    build = time.perf_counter() - t
    qi = iter(range(10**9))
    f = timed(lambda: index.search(qs[next(qi) % queries], 50), queries)

    def numpy_search(i: int) -> None:
        exact_top_k(qs[i % queries], vectors, 50)  # the shared kernel's numpy top-k

    nu = timed(lambda: numpy_search(next(qi)), queries)
    b = timed(lambda: bm25.scores(" ".join(docs[next(qi) % n][:4])), queries)
    dense = [r for r, _ in index.search(qs[0], 50)]
    lex_scores = bm25.scores(" ".join(docs[0][:4]))
    lex = [int(r) for r in np.argsort(-lex_scores)[:50] if lex_scores[r] > 0]
    r = timed(lambda: reciprocal_rank_fusion([dense, lex]), queries)
    print(f"{n:>9} | {ms(f)} | {ms(nu)} | {ms(b)} | {ms(r)} | {build:8.2f}")

def write_jsonl(path: Path, n: int, start: int = 0) -> None:
    with path.open("a", encoding="utf-8") as f:
        for i in range(start, start + n):
            f.write(json.dumps({"story": f"Incident {i} on invoice export", "tags": [f"t{i % 40}"],
                                "learning": f"Lesson {i}: validate amounts and currency"}) + "\n")


def maintainer(path: Path, embedder: TextEmbedder) -> IndexMaintainer:
    return IndexMaintainer(JsonlLearningsFile(path), IndexFiles(path), embedder)


def append_vs_rebuild(e5_rate: float) -> None:
    print("\n2. append one line vs full rebuild at 10 000 entries (fake embedder: files only)")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "learnings.jsonl"
        write_jsonl(src, 10_000)
        m = maintainer(src, FakeEmbedder(D))
        t = time.perf_counter()
        m.ensure()
        rebuild = time.perf_counter() - t
        t = time.perf_counter()
        noop = m.ensure()
        nothing = time.perf_counter() - t
        write_jsonl(src, 1, start=10_000)
        t = time.perf_counter()
        report = m.ensure()
        append = time.perf_counter() - t
        assert report.action == "append" and report.embedded == 1 and noop.action == "nothing"
    print(f"   full rebuild {rebuild:.2f} s; append one line {append:.3f} s; "
          f"nothing to do {nothing:.3f} s")
    print(f"   with e5 at {e5_rate:.0f} entries/s: rebuild ≈ {10_000 / e5_rate + rebuild:.0f} s,"
          f" append ≈ {1 / e5_rate + append:.2f} s")


def throughput(count: int) -> float:
    print(f"\n3. rebuild throughput with the real e5 model ({count} entries)")
    embedder = E5Embedder()
    embedder.warm_up()
    q = timed(lambda: embedder.embed(["export des avoirs négatifs"], kind="query"), 20)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "learnings.jsonl"
        write_jsonl(src, count)
        m = maintainer(src, embedder)
        with Progress(transient=True) as bar:
            task = bar.add_task("embedding", total=count)
            t = time.perf_counter()
            m.ensure(lambda done, total: bar.update(task, completed=done, total=total))
            seconds = time.perf_counter() - t
    rate = count / seconds
    print(f"   {rate:.1f} entries/s ({seconds:.1f} s); query embedding {ms(q)} ms median / p95")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--e5-count", type=int, default=300)
    parser.add_argument("--queries", type=int, default=50)
    args = parser.parse_args()
    print(f"reproduce: .venv/bin/python benchmarks/learnings.py --e5-count {args.e5_count} "
          f"--queries {args.queries}\n")
    latency(args.queries)
    rate = throughput(args.e5_count)
    append_vs_rebuild(rate)


if __name__ == "__main__":
    main()
