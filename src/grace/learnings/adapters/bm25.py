"""``Bm25Index``: the lexical channel of learnings search (BM25: bm25s's formula through
:class:`grace.lexical.GrowingBm25`, so that an appended entry adds a row instead of a rebuild),
with French and English Snowball stemming and stop words.

The analysis and scoring are the shared kernel's (:mod:`grace.lexical`, also resolution's:
folded words, English and French stop words, the Snowball stemmer of the text's language, Lucene
BM25 k1 = 1.5, b = 0.75, divided by the query's ceiling): one analyser for the whole product
rather than a second copy (decision 0014).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from grace.lexical import GrowingBm25


class Bm25Index:
    """A :class:`~grace.learnings.domain.ports.LexicalIndex` over the rows' texts.

    ``scores(query)`` is ``(n,) float64`` in [0, 1] (1: every query term matched at
    saturation); ``extend(texts)`` adds rows after the others. Building costs one pass over
    the texts, an added row the analysis of its text; a query one pass over the postings of
    its terms.
    """

    def __init__(self, texts: Sequence[str]) -> None:
        self._scorer = GrowingBm25(texts)

    def scores(self, query: str) -> npt.NDArray[np.float64]:
        """See the class docstring."""
        return self._scorer.scores(query)

    def extend(self, texts: Sequence[str]) -> None:
        """See the class docstring."""
        self._scorer.extend(texts)
