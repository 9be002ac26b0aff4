"""The whole reuse decision with the real e5 model (issue 14, fault 3): cosine ≥ 0.98 alone
offers the shortlist across negations; with the rule it does not."""

from __future__ import annotations

import numpy as np
import pytest

from grace.embedding.e5 import E5Embedder
from grace.matching.domain.model import BudgetRange, EventRequest
from grace.matching.domain.reuse import opposition
from grace.matching.domain.texts import request_text
from tests.unit.test_reuse_rule import load

THRESHOLD = 0.98  # GRACE_MATCHING_REUSE_SIMILARITY's default (decision 0009)


def text(description: str) -> str:
    """The embedded request text, with the same hard filters for both sides of a pair."""
    r = EventRequest(description, format="seated", headcount=120,
                     budget=BudgetRange(None, 8000), zone="Lyon")
    return request_text(r, zone_label="Lyon (69)")


@pytest.mark.model
def test_cosine_and_rule_on_the_labelled_pairs():
    """Measured 2026-12-01 (``benchmarks/matching_reuse.py``): cosine alone offers reuse for
    23/23 negation pairs; cosine and rule: accuracy 42/46 = 91.3 %, false reuse 1/23."""
    rows = load()
    embedder = E5Embedder()
    vectors = embedder.embed([text(str(r[k])) for r in rows for k in ("past", "new")],
                             kind="query")
    cos = np.einsum("ij,ij->i", vectors[0::2], vectors[1::2])
    labels = np.array([bool(r["reuse"]) for r in rows])
    rule = np.array([opposition(str(r["past"]), str(r["new"])) is None for r in rows])
    alone = cos >= THRESHOLD
    both = alone & rule
    assert alone[~labels].mean() >= 0.8  # the fault: e5 cannot tell « avec » from « sans »
    assert both[~labels].mean() <= 0.05
    assert (both == labels).mean() >= 0.9
