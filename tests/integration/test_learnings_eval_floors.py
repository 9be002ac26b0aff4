"""Quality floors of learnings search on eval/learnings with the real e5 model (decision 0014).

The model is deterministic, so the floors sit just under the measured figures: a ranking change
that costs a query fails here. Measured (``grace eval learnings eval/learnings/queries.jsonl``):
product MRR@5 0.901, recall@5 0.976, nDCG@10 0.907; bare e5 MRR@5 0.680.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grace.bootstrap import build_learnings_rankers
from grace.config import Settings
from grace.embedding.e5 import E5Embedder
from grace.learnings.application.evaluation import evaluate_system, read_query_labels
from grace.learnings.domain.source import parse_source

SET = Path(__file__).resolve().parents[2] / "eval" / "learnings"


@pytest.mark.model
@pytest.mark.slow
def test_product_floors_and_its_lead_over_bare_e5(tmp_path):
    queries = read_query_labels(SET / "queries.jsonl")
    entries = parse_source((SET / "learnings.jsonl").read_bytes()).active()
    assert len(entries) >= 300 and len(queries) >= 60
    rankers = build_learnings_rankers(
        Settings(cache_dir=tmp_path / "cache"), entries, tmp_path / "work",
        ["product", "e5", "bm25"], embedder=E5Embedder())
    r = {name: evaluate_system(name, queries, ranker) for name, ranker in rankers.items()}
    product, e5 = r["product"], r["e5"]
    assert product.mrr5 >= 0.89 and product.recall5 >= 0.97 and product.ndcg10 >= 0.89
    assert product.mrr5 - e5.mrr5 >= 0.20
    for kind, figures in product.by_kind.items():  # never below the bare model, kind by kind
        assert figures["mrr5"] >= e5.by_kind[kind]["mrr5"], kind
    assert product.mrr5 >= r["bm25"].mrr5
