"""``Bm25Index``: the lexical ranking (BM25, the ``bm25s`` library) over token lists."""

from __future__ import annotations

from collections.abc import Sequence

import bm25s  # type: ignore[import-untyped]
import numpy as np


class Bm25Index:
    """A :class:`~grace.learnings.domain.ports.LexicalIndex` (bm25s defaults: Lucene BM25,
    k1 = 1.5, b = 0.75). Tokens come from the domain's tokenizer (folded, stop words removed),
    so French and English are treated alike. Rows outside ``allowed`` get a zero weight and
    never rank.
    """

    def __init__(self, corpus: Sequence[Sequence[str]]) -> None:
        self._n = len(corpus)
        self._vocab = {t for doc in corpus for t in doc}
        self._bm25 = bm25s.BM25()
        if self._n:
            self._bm25.index([list(doc) for doc in corpus], show_progress=False)

    def rank(
        self, query_tokens: Sequence[str], k: int, *, allowed: Sequence[int] | None = None
    ) -> list[int]:
        """At most ``k`` rows with a positive BM25 score, best first (ties: lower row first)."""
        tokens = [t for t in query_tokens if t in self._vocab]
        if not self._n or not tokens:
            return []
        scores = np.asarray(self._bm25.get_scores(tokens), dtype=np.float64)
        if allowed is not None:
            mask = np.zeros(self._n, dtype=bool)
            mask[np.asarray(allowed, dtype=np.int64)] = True
            scores = np.where(mask, scores, 0.0)
        positive = np.flatnonzero(scores > 0)
        order = positive[np.lexsort((positive, -scores[positive]))]
        return [int(r) for r in order[:k]]
