"""An interrupted first embedding keeps what it computed (issue 12 item 4, decision 0019).

The vector cache commits every ``batch`` texts: an embedder that fails after N batches (a
Ctrl-C, an API outage) leaves N batches in the SQLite file, and the next run embeds only the
rest. Both the cache alone and a relevance warm-up over the bundled catalog are checked, with a
fresh :class:`CachedEmbedder` on the same file standing for the next process.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from grace.embedding.cache import CachedEmbedder
from grace.embedding.fake import FakeEmbedder
from grace.embedding.ports import Kind, Matrix, ModelIdentity
from grace.lexical import bm25_scorer
from grace.resolution.adapters.examples import bundled_catalog
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.token_counters import HeuristicTokenCounter
from grace.resolution.application import hybrid as hybrid_module
from grace.resolution.application import relevance as relevance_module
from grace.resolution.application.hybrid import HybridRelevance
from grace.resolution.application.relevance import EmbeddingRelevance
from grace.resolution.domain.hybrid import HybridSelector
from grace.resolution.domain.relevance import RelevanceSelector


class Interrupted(Exception):
    """What the failing embedder raises (stands for KeyboardInterrupt, an API error…)."""


class FailsAfter:
    """A :class:`FakeEmbedder` whose passage calls fail once ``ok`` of them have succeeded."""

    def __init__(self, ok: int) -> None:
        self.inner = FakeEmbedder()
        self.ok = ok
        self.passages = 0

    @property
    def identity(self) -> ModelIdentity:
        return self.inner.identity

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix:
        if kind == "passage":
            if self.ok == 0:
                raise Interrupted
            self.ok -= 1
            self.passages += len(texts)
        return self.inner.embed(texts, kind=kind)


def _rows(path) -> int:
    cache = CachedEmbedder(FakeEmbedder(), path)
    try:
        return int(cache._db.execute("SELECT count(*) FROM vectors").fetchone()[0])
    finally:
        cache.close()


def test_the_batches_finished_before_a_failure_are_kept_and_reused(tmp_path):
    path = tmp_path / "vectors.sqlite"
    texts = [f"règle numéro {i} sur les dépôts et les ports" for i in range(10)]
    first = CachedEmbedder(FailsAfter(ok=2), path, batch=4)
    with pytest.raises(Interrupted):
        first.embed(texts, kind="passage")
    first.close()
    assert _rows(path) == 8  # two batches of 4 committed, the third never computed

    inner = FakeEmbedder()
    second = CachedEmbedder(inner, path, batch=4)  # the next run: a new process, same file
    got = second.embed(texts, kind="passage")
    assert (second.hits, second.misses) == (8, 2)
    assert inner.calls == [("passage", 2)]  # only the two texts the first run never reached
    assert np.allclose(got, FakeEmbedder().embed(texts, kind="passage"), atol=1e-6)
    second.close()


def test_a_batch_below_one_is_refused(tmp_path):
    with pytest.raises(ValueError, match="batch"):
        CachedEmbedder(FakeEmbedder(), tmp_path / "v.sqlite", batch=0)


def _step(algo: str, embedder: CachedEmbedder) -> EmbeddingRelevance | HybridRelevance:
    if algo == "seed":
        return EmbeddingRelevance(embedder, HeuristicTokenCounter(), RelevanceSelector(),
                                  text_mode="body")
    return HybridRelevance(embedder, HeuristicTokenCounter(), bm25_scorer, HybridSelector())


BATCH = 4
"""Warm-up batch of these tests: the bundled catalog's 29 talents make several batches."""


@pytest.mark.parametrize("algo", ["seed", "hybrid"])
def test_an_interrupted_catalog_warm_up_resumes_where_it_stopped(tmp_path, monkeypatch, algo):
    monkeypatch.setattr(relevance_module, "EMBED_BATCH", BATCH)
    monkeypatch.setattr(hybrid_module, "EMBED_BATCH", BATCH)
    talents = sorted(FilesystemCatalog(bundled_catalog()).talents(), key=lambda t: t.id)
    # The same warm-up never interrupted, on a cache of its own: what a resumed run must equal.
    whole = CachedEmbedder(FakeEmbedder(), tmp_path / "whole.sqlite")
    _step(algo, whole).warm_up(talents)
    whole.close()

    path = tmp_path / "vectors.sqlite"
    failing = FailsAfter(ok=2)
    seen: list[tuple[int, int]] = []
    first = CachedEmbedder(failing, path)
    with pytest.raises(Interrupted):
        _step(algo, first).warm_up(talents, lambda done, total: seen.append((done, total)))
    first.close()
    assert [d for d, _ in seen] == [BATCH, 2 * BATCH] and seen[-1][1] > 2 * BATCH  # bar moved
    assert _rows(path) == failing.passages == 2 * BATCH  # what it computed is on disk

    inner = FakeEmbedder()
    again = CachedEmbedder(inner, path)  # the next run
    done: list[tuple[int, int]] = []
    _step(algo, again).warm_up(talents, lambda d, t: done.append((d, t)))
    assert done[-1] == (seen[-1][1], seen[-1][1])  # every passage, this time
    assert (again.hits, again.misses) == (whole.hits + 2 * BATCH, whole.misses - 2 * BATCH)
    assert sum(n for kind, n in inner.calls if kind == "passage") == again.misses
    assert _rows(path) == _rows(tmp_path / "whole.sqlite")
    again.close()
