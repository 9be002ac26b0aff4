"""The in-memory index of stages 1–2 (decision 0018) on its own: ids that arrive out of order,
rows replaced in place, availability replaced whole, ties by id."""

from __future__ import annotations

from datetime import date

import numpy as np

from grace.matching.adapters.member_index import RANK_CHUNK, MemberIndex, _scores
from grace.matching.domain.filters import HardFilter

DAY = date(2027, 6, 1)


def _row(mid: int, *, status: str = "active", cap: int | None = 100,
         vec: list[float] | None = None, model: str = "m") -> tuple[object, ...]:
    blob = None if vec is None else np.asarray(vec, dtype=np.float32).tobytes()
    return (mid, status, "35000", "35", 48.1, -1.7, cap, None, None, None, None, None,
            model if vec is not None else None, blob)


def test_ids_arriving_out_of_order_stay_sorted_and_rows_are_replaced_in_place():
    idx = MemberIndex()
    idx.apply([_row(5, vec=[1, 0]), _row(2, vec=[0, 1]), _row(9)], [], 1)
    idx.apply([_row(1, vec=[1, 0]), _row(7, status="inactive")], [], 2)
    assert idx.stage1(HardFilter()) == [1, 2, 5, 9]
    assert len(idx) == 5 and idx.revision == 2
    idx.apply([_row(5, cap=10), _row(7)], [], 3)  # 5 loses its vector and capacity, 7 comes back
    assert idx.stage1(HardFilter(format="seated", headcount=50)) == [1, 2, 7, 9]
    ranked = idx.rank(np.array([1, 0], dtype=np.float32), [9, 7, 5, 2, 1], k=4, model_key="m")
    assert [(r.member_id, r.similarity) for r in ranked] == [(1, 1.0), (2, 0.0), (5, None),
                                                             (7, None)]


def test_availability_of_a_refreshed_member_is_replaced_whole_and_unknown_follows_the_rule():
    idx = MemberIndex()
    day = DAY.isoformat()
    idx.apply([_row(1), _row(2), _row(3)], [(day, False, "1"), (day, True, "2")], 1)
    assert idx.stage1(HardFilter(dates=(DAY,))) == [2, 3]
    assert idx.stage1(HardFilter(dates=(DAY,), unknown="drop")) == [2]
    idx.apply([_row(1), _row(2)], [(day, True, "1")], 2)  # 1 freed, 2's row deleted
    assert idx.stage1(HardFilter(dates=(DAY,))) == [1, 2, 3]
    assert idx.stage1(HardFilter(dates=(DAY,), unknown="drop")) == [1]
    assert idx.stage1(HardFilter(dates=(date(2030, 1, 1),), unknown="drop")) == []


def test_a_rows_revision_moves_only_when_it_is_written_again():
    idx = MemberIndex()
    idx.apply([_row(1), _row(2)], [], 4)
    idx.apply([_row(2, cap=7)], [], 9)
    assert idx.revisions([2, 1, 3]) == {1: 4, 2: 9}  # 3 is not in the index
    idx.apply([_row(5)], [], 11)  # a new row before the old ones are re-sorted
    idx.apply([_row(0)], [], 12)
    assert idx.revisions([0, 1, 2, 5]) == {0: 12, 1: 4, 2: 9, 5: 11}


def test_a_refresh_in_chunks_equals_one_refresh_and_moves_the_revision_only_at_the_end():
    # the stores read a cold build 50 000 rows at a time (1 000 000 members never held twice)
    day = DAY.isoformat()
    rows = [_row(i, cap=None if i % 3 else 10 * i, vec=[i % 2, 1 - i % 2],
                 model="a" if i % 4 else "b") for i in (4, 8, 1, 2, 9, 7)]
    rows += [_row(3), _row(6, status="inactive")]
    avail = [(day, False, "1,9"), (day, True, "2,3,4")]
    whole, chunked = MemberIndex(), MemberIndex()
    whole.apply(rows, avail, 5)
    for part in (rows[:3], rows[3:5], rows[5:]):
        chunked.apply(part, (), 5, final=False)
        assert chunked.revision == 0  # a refresh failing here is redone whole
    chunked.apply((), avail, 5)
    assert chunked.revision == whole.revision == 5
    q = np.array([0.6, 0.8], dtype=np.float32)
    for f in (HardFilter(), HardFilter(dates=(DAY,)), HardFilter(dates=(DAY,), unknown="drop"),
              HardFilter(format="seated", headcount=30)):
        assert chunked.stage1(f) == whole.stage1(f)
    for key in ("a", "b"):
        assert chunked.rank(q, range(10), k=10, model_key=key) == whole.rank(
            q, range(10), k=10, model_key=key)
    assert chunked.revisions(range(10)) == whole.revisions(range(10))


def test_a_reserved_cold_build_allocates_the_final_size_once():
    idx = MemberIndex()
    idx.reserve(6)
    for part in ([_row(1, vec=[1, 0]), _row(2)], [_row(3, vec=[0, 1])]):
        idx.apply(part, (), 1, final=False)
    idx.apply((), (), 1)
    assert idx._capacity() == 6 and idx._vectors[0].shape == (6, 2)  # no doubling on the way
    assert idx.stage1(HardFilter()) == [1, 2, 3]


def test_stage_2_scores_in_chunks_equal_one_product_bit_for_bit_and_rank_exactly():
    rng = np.random.default_rng(3)
    n, d = 3 * RANK_CHUNK + 17, 8  # three whole chunks and a partial one
    mat = rng.standard_normal((n + 5, d)).astype(np.float32)  # capacity above the rows used
    rows = np.sort(rng.choice(n, n - 40, replace=False)).astype(np.int64)
    q = rng.standard_normal(d).astype(np.float32)
    assert np.array_equal(_scores(mat, rows, q), mat[rows] @ q)
    small = rows[:10]
    assert np.array_equal(_scores(mat, small, q), mat[small] @ q)
    idx = MemberIndex()
    unit = mat[:n] / np.linalg.norm(mat[:n], axis=1, keepdims=True)
    idx.apply([_row(i + 1, vec=unit[i].tolist()) for i in range(n)], [], 1)
    qn = q / np.linalg.norm(q)
    ranked = idx.rank(qn, [int(r) + 1 for r in rows], k=5, model_key="m")
    want = np.argsort(-(unit[rows] @ qn), kind="stable")[:5]
    assert [r.member_id for r in ranked] == [int(rows[i]) + 1 for i in want]
