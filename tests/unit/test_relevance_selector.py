import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grace.resolution.domain.relevance import (
    RelevanceParams,
    RelevanceSelector,
    Scorable,
    stems,
)


def unit(v):
    v = np.asarray(v, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_stems_follow_the_seed_rule():
    assert stems(["Repository", "dépôts SQL", "API", "use case"]) == {"repos", "depot", "case"}
    assert stems(["Référentiel"]) == {"refer"}
    assert stems([""]) == frozenset()


def reference(q, task_stems, cands, p):
    """Naive re-statement of seed 000, loops only."""
    mu = [sum(c.vector[k] for c in cands) / len(cands) for k in range(len(q))]

    def norm(v):
        n = sum(x * x for x in v) ** 0.5
        return [x / n for x in v] if n > 1e-9 else [0.0] * len(v)

    cq = norm([q[k] - mu[k] for k in range(len(q))])
    rows = []
    for c in cands:
        ci = norm([c.vector[k] - mu[k] for k in range(len(q))])
        emb = sum(a * b for a, b in zip(ci, cq, strict=True))
        hits = len(c.stems & task_stems)
        rows.append((c.id, emb, hits, emb + p.beta * hits, c.tokens))
    if max(r[1] for r in rows) < p.floor and sum(r[2] for r in rows) == 0:
        return []
    rows.sort(key=lambda r: (-round(r[3], 6), r[0]))
    top = rows[0][3]
    kept, spent = [], 0
    for r in rows:
        if r[3] >= top - p.margin - 1e-6 and r[3] > 0:
            if spent + r[4] > p.budget:
                break
            kept.append(r[0])
            spent += r[4]
    return kept or [r[0] for r in rows[:3]]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 12))
def test_selector_matches_a_naive_reference_on_random_data(seed, n):
    rng = np.random.default_rng(seed)
    d = 16
    words = ["repos", "sqlqu", "valid", "front", "compo", "secur"]
    cands = [
        Scorable(
            id=f"t{i:02d}",
            vector=unit(rng.standard_normal(d) + 3),  # anisotropic, like e5
            stems=frozenset(rng.choice(words, size=rng.integers(0, 3), replace=False)),
            tokens=int(rng.integers(50, 900)),
        )
        for i in range(n)
    ]
    q = unit(rng.standard_normal(d) + 3)
    task_stems = frozenset(rng.choice(words, size=rng.integers(0, 2), replace=False))
    p = RelevanceParams()
    got = RelevanceSelector(p).select(q, task_stems, cands)
    assert list(got.kept) == reference(q, task_stems, cands, p)
    assert all(np.isfinite([e.emb, e.score, e.cosine]).all() for e in got.explanations)


def test_gate_closes_out_of_domain_and_says_why():
    a = Scorable("a", unit([1, 0, 0]), frozenset(), 10)
    b = Scorable("b", unit([0, 1, 0]), frozenset(), 10)
    q = unit([0, 0, 1])  # orthogonal to the centred candidates: emb 0 < FLOOR
    sel = RelevanceSelector().select(q, frozenset({"repos"}), [a, b])
    assert sel.kept == () and sel.gate_closed
    assert {e.decision for e in sel.explanations} == {"cut_gate"}


def test_shared_stems_open_the_gate():
    a = Scorable("a", unit([1, 0, 0]), frozenset({"repos"}), 10)
    b = Scorable("b", unit([0, 1, 0]), frozenset(), 10)
    sel = RelevanceSelector().select(unit([0, 0, 1]), frozenset({"repos"}), [a, b])
    assert sel.kept == ("a",) and not sel.gate_closed
    assert sel.explanations[0].shared_stems == ("repos",)
    assert sel.explanations[0].score == pytest.approx(0.12)


def test_budget_caps_the_kept_prefix_and_fallback_keeps_top_three():
    cands = [Scorable(f"t{i}", unit([1, i * 0.01, 0]), frozenset({"repos"}), 900)
             for i in range(4)]
    zero = np.zeros(3, dtype=np.float32)  # no centring: every emb is ≈ 1, all within MARGIN
    sel = RelevanceSelector(RelevanceParams(budget=2000)).select(
        unit([1, 0, 0]), frozenset({"repos"}), cands, mean=zero)
    assert len(sel.kept) == 2
    assert [e.decision for e in sel.explanations].count("cut_budget") == 2
    tiny = RelevanceSelector(RelevanceParams(budget=10)).select(
        unit([1, 0, 0]), frozenset({"repos"}), cands, mean=zero)
    assert len(tiny.kept) == 3
    assert {e.decision for e in tiny.explanations} == {"fallback", "cut_budget"}


@pytest.mark.parametrize("n", [0, 1, 2])
def test_degenerate_candidate_counts_are_defined(n):
    cands = [Scorable(f"t{i}", unit([1, i, 0.5]), frozenset(), 10) for i in range(n)]
    sel = RelevanceSelector().select(unit([1, 1, 1]), frozenset(), cands)
    assert len(sel.explanations) == n
    assert all(np.isfinite(e.score) for e in sel.explanations)
    if n == 1:  # centring on one candidate leaves a zero vector: emb 0, gate closed
        assert sel.explanations[0].emb == 0.0 and sel.gate_closed


def test_identical_texts_give_zero_not_nan():
    v = unit([1, 2, 3])
    cands = [Scorable(f"t{i}", v, frozenset(), 10) for i in range(3)]
    sel = RelevanceSelector().select(v, frozenset(), cands)
    assert [e.emb for e in sel.explanations] == [0.0, 0.0, 0.0]
    assert sel.kept == ()


def test_catalog_mean_is_used_when_given():
    a = Scorable("a", unit([1, 0.1, 0]), frozenset(), 10)
    sel = RelevanceSelector().select(unit([1, 0, 0]), frozenset(), [a],
                                     mean=np.array([0, 1, 0], dtype=np.float32))
    assert sel.explanations[0].emb > 0.5 and sel.kept == ("a",)
