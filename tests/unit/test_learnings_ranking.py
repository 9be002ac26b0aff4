"""The fused ranking of learnings search (decision 0014): oracles and invariants, no model."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from grace.learnings.domain.dense import DenseSpace, language_axis, neutral, normalise
from grace.learnings.domain.entry import Learning
from grace.learnings.domain.ranking import KeyIndex, fuse, query_keys, top_rows

unit = st.floats(0, 1, allow_nan=False, width=32)


@given(arrays(np.float64, 12, elements=st.floats(-1, 1, width=32)),
       arrays(np.float64, 12, elements=unit), arrays(np.float64, 12, elements=unit))
def test_fuse_matches_its_formula_written_as_a_loop(dense, lexical, tags):
    best = max(lexical)
    want = [d + 0.3 * best * lx + 0.2 * t for d, lx, t in zip(dense, lexical, tags, strict=True)]
    assert fuse(dense, lexical, tags) == pytest.approx(want)


@given(arrays(np.float64, 20, elements=st.floats(-1, 1, width=32)))
def test_without_lexical_or_tag_evidence_the_dense_order_stands(dense):
    zero = np.zeros(20)
    rows = np.arange(20, dtype=np.int64)
    assert top_rows(fuse(dense, zero, zero), rows, 20) == top_rows(dense, rows, 20)


def test_a_weak_lexical_match_weighs_less_than_a_strong_one():
    dense = np.array([0.30, 0.25])
    weak = fuse(dense, np.array([0.0, 0.2]), np.zeros(2))  # best lexical match 0.2
    strong = fuse(dense, np.array([0.0, 1.0]), np.zeros(2))  # a full match
    assert weak.argmax() == 0 and strong.argmax() == 1


@given(arrays(np.float64, 40, elements=st.sampled_from([0.0, 0.1, 0.5, 0.9])),
       st.lists(st.integers(0, 39), unique=True, max_size=40), st.integers(0, 45))
def test_top_rows_equals_a_full_sort_ties_by_row(scores, rows, k):
    want = sorted(rows, key=lambda r: (-scores[r], r))[:k]
    assert top_rows(scores, np.asarray(rows, dtype=np.int64), k) == want


def entry(i: str, tags: tuple[str, ...], domain: str | None = None) -> Learning:
    return Learning(id=i, story="s", tags=tags, learning="l", domain=domain)


def test_workflow_query_matches_tags_and_domain():
    assert query_keys("Billing #Export, auth; (sécurité)") == {
        "billing", "export", "auth", "securite"}
    keys = KeyIndex([entry("a", ("#export",), "billing"), entry("b", ("auth",)), entry("c", ())])
    assert keys.shares("billing export").tolist() == [1.0, 0.0, 0.0]
    assert keys.shares("auth payments").tolist() == [0.0, 0.5, 0.0]
    assert keys.shares("   ").tolist() == [0.0, 0.0, 0.0]


def test_removing_the_language_axis_lets_a_query_meet_its_topic_across_languages():
    rng = np.random.default_rng(0)
    d = 32
    lang = normalise(rng.standard_normal(d))[0]  # the "French" direction
    topics = normalise(rng.standard_normal((2, d)))
    en = normalise(topics + 0.05 * rng.standard_normal((2, d)))
    fr = normalise(topics + 2.0 * lang + 0.05 * rng.standard_normal((2, d)))
    pairs_en = normalise(rng.standard_normal((8, d)))
    axis = language_axis(pairs_en, normalise(pairs_en + 2.0 * lang))
    assert abs(float(axis @ lang)) > 0.95
    docs = np.vstack([en[0], fr[1]])  # topic 0 in English, topic 1 in French
    query = fr[0]  # topic 0, asked in French
    assert int(np.argmax(docs @ query)) == 1  # raw cosine: the language wins
    space = DenseSpace.build((docs, docs), axis)
    assert int(np.argmax(space.scores(query))) == 0  # neutral: the topic wins


@pytest.mark.parametrize("n", [0, 1, 2])
def test_degenerate_spaces_never_give_nan(n):
    rng = np.random.default_rng(n)
    axis = normalise(rng.standard_normal(8))[0]
    rows = np.repeat(normalise(rng.standard_normal(8)), n, axis=0).astype(np.float32)
    scores = DenseSpace.build((rows, rows), axis).scores(normalise(rng.standard_normal(8)))
    assert scores.shape == (n,) and not np.isnan(scores).any()
    assert not np.isnan(neutral(np.zeros((2, 8)), axis)).any()
    with pytest.raises(ValueError, match="paired"):
        language_axis(np.zeros((0, 8), np.float32), np.zeros((0, 8), np.float32))
