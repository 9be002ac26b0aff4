"""``grace learnings search``: dense top-k fused with BM25 (RRF), or the seed's fallback."""

from __future__ import annotations

from typing import Final

from grace.errors import InputTooLargeError, InvalidLearningError
from grace.learnings.application.maintain import IndexMaintainer, LoadedIndex, Progress
from grace.learnings.domain.entry import Learning
from grace.learnings.domain.ports import LexicalIndex, LexicalIndexBuilder
from grace.learnings.domain.ranking import (
    Filters,
    Hit,
    SearchResult,
    explain,
    fallback_rank,
    reciprocal_rank_fusion,
    tokenize,
)
from grace.learnings.domain.source import parse_source

THRESHOLD: Final = 200
"""Seed 002: the semantic path answers above 200 active entries; at or below, grep on tags."""

MAX_QUERY_CHARS: Final = 2000
MAX_K: Final = 100
DEPTH: Final = 50
"""Each list (dense, BM25) contributes its top ``max(DEPTH, 5·k)`` to the fusion."""


class SearchLearnings:
    """Search the active (not superseded) learnings of one file.

    Args:
        maintainer: the index of that file; with ``update=True`` it is brought up to date first
            (under the lock), so an answer is never silently stale.
        lexical: builds the BM25 index over the rows' token lists (kept while the file is
            unchanged).
        threshold: entries at or below which the fallback answers (seed 002: 200).
    """

    def __init__(
        self,
        maintainer: IndexMaintainer,
        lexical: LexicalIndexBuilder,
        *,
        threshold: int = THRESHOLD,
        update: bool = True,
    ) -> None:
        self._m = maintainer
        self._build_lexical = lexical
        self._threshold = threshold
        self._update = update
        self._lexical: tuple[str, LexicalIndex] | None = None

    def __call__(
        self,
        query: str,
        *,
        k: int = 5,
        filters: Filters | None = None,
        progress: Progress | None = None,
    ) -> SearchResult:
        """Top ``k`` hits for ``query`` with why each matched and which path answered.

        Raises:
            InvalidLearningError: empty query or ``k`` out of 1..100.
            InputTooLargeError: a query longer than 2 000 characters.
            LearningsFileError: the file cannot be read.
        """
        if not query.strip():
            raise InvalidLearningError("the query is empty")
        if len(query) > MAX_QUERY_CHARS:
            raise InputTooLargeError(f"the query has at most {MAX_QUERY_CHARS} characters")
        if not 1 <= k <= MAX_K:
            raise InvalidLearningError(f"-k must be between 1 and {MAX_K}, got {k}")
        filters = filters or Filters()
        snap = parse_source(self._m.source.read_bytes())
        active = snap.active()
        if len(active) <= self._threshold:
            reason = (f"{len(active)} active entries ≤ threshold {self._threshold} "
                      "(seed 002): grep on tags")
            return self._fallback(query, active, k, filters, reason, "not used")
        if self._update:
            self._m.ensure(progress)
        loaded = self._m.load_fresh()
        if not isinstance(loaded, LoadedIndex):
            reason = f"index not used ({loaded.state}: {loaded.reason}): grep on tags"
            return self._fallback(query, active, k, filters, reason, loaded.state)
        return self._hybrid(query, loaded, k, filters)

    def _fallback(
        self, query: str, active: list[Learning], k: int, filters: Filters, reason: str, state: str
    ) -> SearchResult:
        pool = [e for e in active if filters.accepts(e)]
        hits = fallback_rank(pool, query, k=k)
        return SearchResult(query, "fallback", reason, tuple(hits), len(pool), state)

    def _lexical_index(self, loaded: LoadedIndex) -> LexicalIndex:
        key = loaded.meta.source_hash + loaded.meta.model_identity.get("key", "")
        if self._lexical is None or self._lexical[0] != key:
            by_id = {e.id: e for e in loaded.snapshot.entries}
            corpus = [tokenize(by_id[i].text) for i in loaded.meta.ids]
            self._lexical = (key, self._build_lexical(corpus))
        return self._lexical[1]

    def _hybrid(self, query: str, loaded: LoadedIndex, k: int, filters: Filters) -> SearchResult:
        snap = loaded.snapshot
        gone = snap.superseded
        by_id = {e.id: e for e in snap.entries}
        allowed = [
            row for row, i in enumerate(loaded.meta.ids)
            if i not in gone and filters.accepts(by_id[i])
        ]
        if not allowed:
            reason = "no active entry passes the filters"
            return SearchResult(query, "hybrid", reason, (), 0, "fresh")
        depth = max(DEPTH, 5 * k)
        qv = self._m.embedder.embed([query], kind="query")
        dense = loaded.index.search(qv, depth, allowed=allowed)
        tokens = tokenize(query)
        lexical = self._lexical_index(loaded).rank(tokens, depth, allowed=allowed)
        dense_rank = {row: r for r, (row, _) in enumerate(dense, start=1)}
        lexical_rank = {row: r for r, row in enumerate(lexical, start=1)}
        fused = reciprocal_rank_fusion([[row for row, _ in dense], lexical])[:k]
        hits = []
        for row, score in fused:
            entry = by_id[loaded.meta.ids[row]]
            tags, terms = explain(entry, tokens)
            sim = float(loaded.vectors[row] @ qv[0])
            hits.append(Hit(entry, round(score, 6), round(sim, 4), dense_rank.get(row),
                            lexical_rank.get(row), tags, terms))
        reason = (f"index fresh ({loaded.meta.count} rows, {loaded.meta.model}): dense top "
                  f"{depth} + BM25 fused by RRF")
        return SearchResult(query, "hybrid", reason, tuple(hits), len(allowed), "fresh")
