"""The shared vectors kernel: one exact top-k against a naive sort, its ties, its adapters."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grace.embedding.ports import normalise_rows
from grace.vectors.numpy_flat import NumpyFlatIndex
from grace.vectors.ports import Hit
from grace.vectors.topk import exact_top_k, top_k


def naive(scores: list[float], k: int, keys: list[int], min_score: float | None) -> list[Hit]:
    """The definition: sort every (score, key) by score descending then key, keep k."""
    pairs = [(s, key) for s, key in zip(scores, keys, strict=True)
             if min_score is None or s >= min_score]
    return [Hit(key, s) for s, key in sorted(pairs, key=lambda p: (-p[0], p[1]))[:max(k, 0)]]


@given(
    scores=st.lists(st.sampled_from([-1.0, -0.25, 0.0, 0.1, 0.5, 0.5, 0.9, 1.0]), max_size=60),
    k=st.integers(-1, 70),
    min_score=st.none() | st.sampled_from([-0.5, 0.0, 0.5, 2.0]),
    data=st.data(),
)
def test_top_k_is_the_naive_sort_with_ties_by_key(scores, k, min_score, data):
    keys = data.draw(st.permutations(range(1000, 1000 + len(scores))))
    got = top_k(np.array(scores, dtype=np.float64), k, keys=np.array(keys, dtype=np.int64),
                min_score=min_score)
    assert got == naive(scores, k, keys, min_score)


def test_exact_top_k_matches_a_sort_on_random_unit_rows():
    rng = np.random.default_rng(0)
    m = normalise_rows(rng.standard_normal((500, 8)))
    got = exact_top_k(m[0], m, 50)
    assert [h.key for h in got] == sorted(range(500), key=lambda i: (-float(m[i] @ m[0]), i))[:50]
    assert got[0].key == 0 and got[0].score == pytest.approx(1.0, abs=1e-6)


def test_ties_at_the_kth_place_keep_the_smallest_keys():
    scores = np.array([0.5, 0.9, 0.5, 0.5, 0.1, 0.5], dtype=np.float32)
    assert [(h.key, round(h.score, 6)) for h in top_k(scores, 3)] == [(1, 0.9), (0, 0.5), (2, 0.5)]
    assert [h.key for h in top_k(scores, 3, keys=[60, 50, 40, 30, 20, 10])] == [50, 10, 30]


def test_nan_is_never_returned_and_shapes_are_checked():
    assert top_k(np.array([np.nan, 0.2]), 5) == [Hit(1, 0.2)]
    assert exact_top_k(np.ones(3, np.float32), np.zeros((0, 3), np.float32), 5) == []
    with pytest.raises(ValueError, match="1-D"):
        top_k(np.zeros((2, 2)), 1)
    with pytest.raises(ValueError, match="keys shape"):
        top_k(np.zeros(3), 1, keys=[1, 2])
    with pytest.raises(ValueError, match="dimensions"):
        exact_top_k(np.ones(4, np.float32), np.ones((2, 3), np.float32), 1)


def test_numpy_flat_index_filters_before_scoring():
    rng = np.random.default_rng(1)
    vectors = normalise_rows(rng.standard_normal((100, 16)))
    index = NumpyFlatIndex(vectors)
    q = vectors[7]
    assert index.size == 100 and index.search(q, 1)[0].key == 7
    allowed = [3, 9, 50, 99]
    got = index.search(q, 10, allowed=allowed)
    assert sorted(h.key for h in got) == allowed  # k > allowed: every allowed row, no other
    assert [h.key for h in got] == [h.key for h in exact_top_k(q, vectors, 100)
                                    if h.key in allowed]


def test_numpy_flat_index_scores_strided_rows_in_place_for_a_large_filter():
    """Decision 0020: the learnings index searches a view of an interleaved (n, 2, d) matrix;
    with most rows allowed it scores every row in place instead of copying the allowed ones."""
    rng = np.random.default_rng(2)
    both = normalise_rows(rng.standard_normal((200, 16))).reshape(100, 2, 16)
    view = both[:, 0, :]
    assert not view.flags.c_contiguous
    index, dense = NumpyFlatIndex(view), np.ascontiguousarray(view)
    q = normalise_rows(rng.standard_normal(16))
    for allowed in (list(range(0, 100, 2)), [4, 8, 15]):  # 50 %: in place; 3 %: gathered
        got = index.search(q, 7, allowed=allowed)
        want = [h for h in exact_top_k(q, dense, 100) if h.key in set(allowed)][:7]
        assert [h.key for h in got] == [h.key for h in want]
        assert [h.score for h in got] == pytest.approx([h.score for h in want], abs=1e-6)
