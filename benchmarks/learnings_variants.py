"""Ranking variants of learnings search on eval/learnings, with the real e5 model (not a test):
the ablation table of decision 0014. Prints MRR@5, recall@5, nDCG@10 and per-kind MRR@5.

Run:  .venv/bin/python benchmarks/learnings_variants.py [--cache-dir ~/.cache/grace]

Every variant ranks all 312 entries for the 82 queries from the same vectors (passages cached in
the vector cache: the second run takes seconds). Each line changes one thing; the product is
"dense + gated BM25 + tags".
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import bm25s  # type: ignore[import-untyped]
import numpy as np

from grace.embedding.cache import CachedEmbedder
from grace.embedding.e5 import E5Embedder
from grace.learnings.adapters.bm25 import Bm25Index
from grace.learnings.application.evaluation import (
    evaluate_system,
    read_query_labels,
)
from grace.learnings.domain.dense import LANGUAGE_PAIRS, DenseSpace, language_axis
from grace.learnings.domain.ranking import (
    KeyIndex,
    fallback_rank,
    fuse,
    reciprocal_rank_fusion,
    tokenize,
)
from grace.learnings.domain.source import parse_source

SET = Path(__file__).resolve().parents[1] / "eval" / "learnings"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache-dir", type=Path, default=Path.home() / ".cache" / "grace")
    args = parser.parse_args()
    print(f"reproduce: .venv/bin/python benchmarks/learnings_variants.py --cache-dir "
          f"{args.cache_dir}\n")
    entries = parse_source((SET / "learnings.jsonl").read_bytes()).active()
    queries = read_query_labels(SET / "queries.jsonl")
    emb = CachedEmbedder(E5Embedder(), args.cache_dir / "vectors.sqlite",
                         kinds=("passage", "query"))
    ids = [e.id for e in entries]
    text = emb.embed([e.text for e in entries], kind="passage")
    story = emb.embed([e.story for e in entries], kind="passage")
    lesson = emb.embed([e.learning for e in entries], kind="passage")
    qv = emb.embed([q.query for q in queries], kind="query")
    row_of = {q.query: i for i, q in enumerate(queries)}
    en = [a for a, _ in LANGUAGE_PAIRS]
    fr = [b for _, b in LANGUAGE_PAIRS]
    axis = language_axis(
        np.vstack([emb.embed(en, kind=k) for k in ("passage", "query")]),
        np.vstack([emb.embed(fr, kind=k) for k in ("passage", "query")]))
    no_axis = np.zeros_like(axis)
    spaces = {
        "centred": DenseSpace.build((text,), no_axis),
        "axis": DenseSpace.build((text,), axis),
        "axis story": DenseSpace.build((story,), axis),
        "axis text+story": DenseSpace.build((text, story), axis),
        "axis text+story+lesson": DenseSpace.build((text, story, lesson), axis),
        "axis text+lesson": DenseSpace.build((text, lesson), axis),
    }
    stemmed = Bm25Index([e.text for e in entries])
    plain = bm25s.BM25()
    plain.index([tokenize(e.text) or ["\x00"] for e in entries], show_progress=False)
    keys = KeyIndex(entries)

    def order(scores: np.ndarray) -> list[str]:
        return [ids[r] for r in np.lexsort((np.arange(len(scores)), -scores))[:10]]

    def dense(name: str) -> Callable[[str], np.ndarray]:
        return lambda q: spaces[name].scores(qv[row_of[q]]).astype(np.float64)

    def raw(q: str) -> np.ndarray:
        return (text @ qv[row_of[q]]).astype(np.float64)

    def plain_scores(q: str) -> np.ndarray:
        toks = [t for t in tokenize(q) if t in plain.vocab_dict] or ["\x00"]
        return np.asarray(plain.get_scores(toks), dtype=np.float64)

    def rrf(d: Callable[[str], np.ndarray], lex: Callable[[str], np.ndarray], k: int
            ) -> Callable[[str], list[str]]:
        def rank(q: str) -> list[str]:
            ds, ls = d(q), lex(q)
            dl = list(np.lexsort((np.arange(len(ds)), -ds))[:50])
            ll = [r for r in np.lexsort((np.arange(len(ls)), -ls))[:50] if ls[r] > 0]
            return [ids[r] for r, _ in reciprocal_rank_fusion([dl, ll], k=k)[:10]]
        return rank

    def z(x: np.ndarray) -> np.ndarray:
        return (x - x.mean()) / (x.std() + 1e-9)

    best = dense("axis text+story")
    variants: list[tuple[str, Callable[[str], list[str]]]] = [
        ("bare e5 cosine (seed text)", lambda q: order(raw(q))),
        ("e5 centred", lambda q: order(dense("centred")(q))),
        ("e5 centred, language axis removed", lambda q: order(dense("axis")(q))),
        ("  story view alone", lambda q: order(dense("axis story")(q))),
        ("  max(text, lesson)", lambda q: order(dense("axis text+lesson")(q))),
        ("  max(text, story, lesson)", lambda q: order(dense("axis text+story+lesson")(q))),
        ("  max(text, story) = dense channel", lambda q: order(best(q))),
        ("BM25, folded words (previous)", lambda q: order(plain_scores(q))),
        ("BM25, Snowball FR/EN + stop words", lambda q: order(stemmed.scores(q))),
        ("tags/domain share alone", lambda q: order(keys.shares(q))),
        ("grep on tags (seed 002)", lambda q: [h.learning.id for h in
                                               fallback_rank(entries, q, k=10)]),
        ("RRF k=60 raw e5 + BM25 (previous product)", rrf(raw, plain_scores, 60)),
        *[(f"RRF k={k} dense + stemmed BM25", rrf(best, stemmed.scores, k)) for k in (1, 5, 60)],
        ("z(dense) + 0.1 z(BM25)", lambda q: order(z(best(q)) + 0.1 * z(stemmed.scores(q)))),
        ("dense + 0.3 BM25 (fixed weight)", lambda q: order(best(q) + 0.3 * stemmed.scores(q))),
        ("dense + 0.3 BM25 × best BM25", lambda q: order(
            fuse(best(q), stemmed.scores(q), np.zeros(len(ids)), w_tags=0))),
        ("dense + gated BM25 + 0.2 tags (product)", lambda q: order(
            fuse(best(q), stemmed.scores(q), keys.shares(q)))),
        ("dense + 0.2 tags, no BM25", lambda q: order(
            fuse(best(q), np.zeros(len(ids)), keys.shares(q)))),
    ]
    kinds = ("paraphrase", "cross-lingual", "workflow")
    print(f"{'variant':44s} {'MRR@5':>6} {'R@5':>6} {'nDCG@10':>7}   " +
          " ".join(f"{k[:10]:>10}" for k in kinds))
    for name, ranker in variants:
        r = evaluate_system(name, queries, ranker)
        print(f"{name:44s} {r.mrr5:6.3f} {r.recall5:6.3f} {r.ndcg10:7.3f}   " +
              " ".join(f"{r.by_kind[k]['mrr5']:10.3f}" for k in kinds))


if __name__ == "__main__":
    main()
