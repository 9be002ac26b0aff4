"""``grace eval matching``'s label file and metrics (issue 16 item 1)."""

from __future__ import annotations

import json
import math

import pytest

from grace.matching.application.evaluation import (
    LabelledRequest,
    MatchingLabelError,
    ndcg_at,
    read_request_labels,
    relevant_at,
)
from grace.matching.domain.model import EventRequest


def _label(relevant: str = "ab", possible: str = "c", kind: str = "region") -> LabelledRequest:
    return LabelledRequest("q", kind, EventRequest("jazz"), frozenset(relevant),
                           frozenset(possible))


def test_relevant_at_8_counts_grade_2_out_of_8():
    assert relevant_at(["a", "c", "b", "x"], _label()) == 2 / 8
    assert relevant_at([], _label()) == 0.0


def test_ndcg_uses_the_grades_and_the_survivors_ideal_order():
    lab = _label()
    assert ndcg_at(["a", "b", "c"], lab, pool=["x", "c", "b", "a"]) == pytest.approx(1.0)
    worse = ndcg_at(["c", "b", "a"], lab, pool=["a", "b", "c"])
    ideal = 2 + 2 / math.log2(3) + 1 / 2
    assert worse == pytest.approx((1 + 2 / math.log2(3) + 2 / 2) / ideal)
    assert ndcg_at(["x"], lab, pool=["x", "y"]) is None  # nothing labelled survived


def test_the_label_file_is_read_with_its_request_fields(tmp_path):
    path = tmp_path / "l.jsonl"
    path.write_text("\n".join([
        "# comment",
        json.dumps({"id": "a", "kind": "region", "request": {"description": "jazz",
                    "zone": "Bretagne", "budget": "1000-5000"}, "relevant": ["#1"],
                    "possible": ["#2"]}),
        json.dumps({"id": "b", "kind": "explicit", "request": {"description": "#1"},
                    "relevant": ["#1"]}),
    ]), encoding="utf-8")
    a, b = read_request_labels(path)
    assert a.request.zone == "Bretagne" and a.request.budget.max_eur == 5000
    assert (a.grade("#1"), a.grade("#2"), a.grade("#3")) == (2, 1, 0)
    assert a.ranked and not b.ranked


@pytest.mark.parametrize(("lines", "match"), [
    ([{"id": "a", "request": {"description": "x", "zone": 3}}], r"l\.jsonl:1: request"),
    ([{"id": "a"}], r"l\.jsonl:1: not a labelled request"),
    (["[1]"], "not a labelled request"),
    ([{"id": "a", "request": {"description": "x"}}] * 2, "appears twice"),
    ([], "no labelled request"),
])
def test_a_bad_label_file_is_refused_with_the_line(tmp_path, lines, match):
    path = tmp_path / "l.jsonl"
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines),
                    encoding="utf-8")
    with pytest.raises(MatchingLabelError, match=match):
        read_request_labels(path)
