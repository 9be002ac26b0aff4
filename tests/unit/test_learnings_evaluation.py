"""The learnings evaluation harness: metrics, label parsing, subsets (no model)."""

from __future__ import annotations

import json

import pytest

from grace.learnings.application.evaluation import (
    GrepRanker,
    LabelledQuery,
    LearningsLabelError,
    compare_at_sizes,
    evaluate_system,
    mrr_at,
    ndcg_at,
    read_query_labels,
    recall_at,
    subsample,
)
from grace.learnings.domain.entry import Learning


def test_metrics_on_hand_computed_cases():
    rel = {"a": 2, "b": 1, "c": 2}
    assert mrr_at(["x", "b", "a"], rel) == 0.5
    assert mrr_at(["x"] * 5 + ["a"], rel) == 0.0  # rank 6 is outside the top 5
    assert recall_at(["a", "x", "c"], rel) == 1.0 and recall_at(["b", "a"], rel) == 0.5
    assert recall_at(["b"], {"b": 1}) == 1.0  # no grade 2: grade 1 is what is expected
    many = {str(i): 2 for i in range(7)}
    assert recall_at([str(i) for i in range(5)], many) == 1.0  # out of min(5, 7)
    ideal = 2 + 2 / 1.584962500721156 + 1 / 2
    assert ndcg_at(["a", "c", "b"], rel) == pytest.approx(1.0)
    assert ndcg_at(["b", "x", "a"], rel) == pytest.approx((1 + 2 / 2) / ideal)
    assert ndcg_at(["x"], {}) == 0.0


def test_labels_are_validated_with_line_numbers(tmp_path):
    path = tmp_path / "q.jsonl"
    good = {"id": "q1", "query": "cors", "relevant": {"a": 2, "z": 0}, "kind": "workflow"}
    path.write_text("# comment\n\n" + json.dumps(good) + "\n")
    (q,) = read_query_labels(path)
    assert q.relevant == {"a": 2} and q.kind == "workflow"
    for line, message in [("{oops", ":1: invalid"), (json.dumps({"id": "q", "query": "x"}),
                          ":1: invalid"), (json.dumps({**good, "relevant": {}}), "relevant"),
                          (json.dumps(good) + "\n" + json.dumps(good), ":2: id 'q1' repeated"),
                          ("# nothing", "no labelled query")]:
        path.write_text(line + "\n")
        with pytest.raises(LearningsLabelError, match=message):
            read_query_labels(path)


def entries(n: int) -> list[Learning]:
    return [Learning(id=f"e{i}", story=f"story {i}", tags=(f"t{i}",), learning="l")
            for i in range(n)]


QUERIES = [LabelledQuery("q1", "t1 things", {"e1": 2}, "workflow"),
           LabelledQuery("q2", "t7 things", {"e7": 2, "e8": 1}, "workflow")]


def test_subsample_keeps_the_labelled_share_is_seeded_and_drops_orphan_queries():
    es = entries(40)
    kept, qs = subsample(es, QUERIES, 10, seed=3)
    assert len(kept) == 10 and kept == [e for e in es if e in kept]  # file order
    assert sum(e.id in {"e1", "e7", "e8"} for e in kept) == 1  # round(10 · 3/40) = 1
    assert all(set(q.relevant) <= {e.id for e in kept} for q in qs) and len(qs) == 1
    assert subsample(es, QUERIES, 10, seed=3) == (kept, qs)
    with pytest.raises(ValueError, match="size 41"):
        subsample(es, QUERIES, 41, seed=0)


def test_evaluate_and_compare_with_the_seed_grep():
    es = entries(40)
    report = evaluate_system("grep", QUERIES, GrepRanker(es))
    assert report.mrr5 == 1.0 and report.recall5 == 1.0 and report.by_kind["workflow"][
        "queries"] == 2
    assert report.outcomes[1].ranked[0] == "e7"
    rows = compare_at_sizes(es, QUERIES, [20, 100], lambda kept: {"grep": GrepRanker(kept)},
                            samples=3)
    assert [(r.size, r.system) for r in rows] == [(20, "grep")]  # 100 > 40: skipped
    # a subset may keep e8 (grade 1, tag t8) without e7: "t7 things" then finds nothing
    assert rows[0].samples == 3 and 0 < rows[0].mrr5 <= 1 and 1 <= rows[0].queries <= 2
