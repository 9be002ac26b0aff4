"""``grace learnings search``: fused dense + BM25 + tag/domain scores, or the seed's fallback."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from grace.errors import InputTooLargeError, InvalidLearningError
from grace.learnings.application.defaults import THRESHOLD as THRESHOLD
from grace.learnings.application.maintain import IndexMaintainer, LoadedIndex, Progress
from grace.learnings.domain.dense import DenseSpace
from grace.learnings.domain.entry import Learning
from grace.learnings.domain.ports import LexicalIndex, LexicalIndexBuilder
from grace.learnings.domain.ranking import (
    Filters,
    Hit,
    KeyIndex,
    Ranking,
    SearchResult,
    explain,
    fallback_rank,
    fuse,
    reciprocal_rank_fusion,
    tokenize,
    top_rows,
)
from grace.learnings.domain.source import SourceSnapshot, parse_source
from grace.vectors.blas import one_blas_thread

MAX_QUERY_CHARS: Final = 2000
MAX_K: Final = 100
DEPTH: Final = 50
"""``rrf`` ranking: each list (dense, BM25) contributes its top ``max(DEPTH, 5·k)``."""


@dataclass(frozen=True, slots=True)
class _Prepared:
    """Everything derived once per index version (source hash + model)."""

    key: str
    rebuilt: str
    entries: tuple[Learning, ...]
    active: npt.NDArray[np.int64]
    lexical: LexicalIndex
    space: DenseSpace
    keys: KeyIndex


class SearchLearnings:
    """Search the active (not superseded) learnings of one file.

    Args:
        maintainer: the index of that file; with ``update=True`` it is brought up to date first
            (under the lock), so an answer is never silently stale.
        lexical: builds the BM25 index over the rows' texts (kept while the file is unchanged).
        threshold: entries at or below which the fallback answers (:data:`THRESHOLD`).
        ranking: ``fused`` (decision 0014) or ``rrf`` (the previous ranking: raw cosine top 50
            and BM25 top 50 fused by RRF, k = 60).
    """

    def __init__(
        self,
        maintainer: IndexMaintainer,
        lexical: LexicalIndexBuilder,
        *,
        threshold: int = THRESHOLD,
        update: bool = True,
        ranking: Ranking = "fused",
    ) -> None:
        self._m = maintainer
        self._build_lexical = lexical
        self._threshold = threshold
        self._update = update
        self._ranking = ranking
        self._prepared: _Prepared | None = None

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
        if not self._m.source.exists():  # nothing to search, and nothing is created
            reason = (f"no learnings file at {self._m.source.path} (grace learnings add "
                      "creates it)")
            return SearchResult(query, "fallback", reason, (), 0, "missing")
        if self._threshold > 0:  # with no threshold the index's own read is enough
            snap = parse_source(self._m.source.read_bytes())
            active = snap.active()
            if len(active) <= self._threshold:
                reason = (f"{len(active)} active entries ≤ threshold {self._threshold} "
                          "(seed 002): grep on tags")
                return self._fallback(query, snap, k, filters, reason, "not used")
        if self._update:
            self._m.ensure(progress)
        loaded = self._m.load_fresh()
        if not isinstance(loaded, LoadedIndex):
            snap = parse_source(self._m.source.read_bytes())
            reason = f"index not used ({loaded.state}: {loaded.reason}): grep on tags"
            return self._fallback(query, snap, k, filters, reason, loaded.state)
        return replace(self._hybrid(query, loaded, k, filters),
                       problems=loaded.snapshot.problems)

    def _fallback(
        self, query: str, snap: SourceSnapshot, k: int, filters: Filters, reason: str,
        state: str,
    ) -> SearchResult:
        pool = [e for e in snap.active() if filters.accepts(e)]
        hits = fallback_rank(pool, query, k=k)
        return SearchResult(query, "fallback", reason, tuple(hits), len(pool), state,
                            snap.problems)

    def _prepare(self, loaded: LoadedIndex) -> _Prepared:
        key = loaded.meta.source_hash + loaded.meta.model_identity.get("key", "")
        if self._prepared is None or self._prepared.key != key:
            entries, lexical = self._grown(loaded) or self._fresh_rows(loaded)
            gone = loaded.snapshot.superseded
            self._prepared = _Prepared(
                key=key,
                rebuilt=loaded.meta.last_rebuilt,
                entries=entries,
                active=np.asarray([r for r, e in enumerate(entries) if e.id not in gone],
                                  dtype=np.int64),
                lexical=lexical,
                space=DenseSpace.build(
                    (loaded.vectors, loaded.views["story"]), loaded.views["language_axis"][0]
                ),
                keys=KeyIndex(entries),
            )
        return self._prepared

    def _fresh_rows(self, loaded: LoadedIndex) -> tuple[tuple[Learning, ...], LexicalIndex]:
        """The rows' entries and a BM25 index built over all of them."""
        by_id = {e.id: e for e in loaded.snapshot.entries}
        entries = tuple(by_id[i] for i in loaded.rows.ids)
        return entries, self._build_lexical([e.text for e in entries])

    def _grown(
        self, loaded: LoadedIndex
    ) -> tuple[tuple[Learning, ...], LexicalIndex] | None:
        """When the index only grew by appends since the last preparation (same model, same
        rebuild, the old rows a prefix of the new ones): the entries extended and the BM25
        index grown by the new rows (decision 0020), instead of a rebuild over every row.
        ``None`` otherwise."""
        prev = self._prepared
        if (prev is None or prev.rebuilt != loaded.meta.last_rebuilt
                or prev.key[len(loaded.meta.source_hash):]
                != loaded.meta.model_identity.get("key", "")):
            return None
        old = len(prev.entries)
        ids = loaded.rows.ids
        new = loaded.snapshot.entries[old:]
        if (len(ids) < old or len(loaded.snapshot.entries) != len(ids)
                or ids[:old] != tuple(e.id for e in prev.entries)
                or tuple(e.id for e in new) != ids[old:]):
            return None
        prev.lexical.extend([e.text for e in new])
        return prev.entries + tuple(new), prev.lexical

    def _hybrid(self, query: str, loaded: LoadedIndex, k: int, filters: Filters) -> SearchResult:
        prep = self._prepare(loaded)
        allowed = prep.active
        if filters != Filters():
            allowed = np.asarray([r for r in allowed if filters.accepts(prep.entries[r])],
                                 dtype=np.int64)
        if not len(allowed):
            reason = ("no active entry passes the filters" if len(prep.active)
                      else "no active entry in the file")
            return SearchResult(query, "hybrid", reason, (), 0, "fresh")
        qv = self._m.embedder.embed([query], kind="query")
        lexical = np.zeros(len(prep.entries), dtype=np.float64)
        lexical[allowed] = prep.lexical.scores(query)[allowed]
        if self._ranking == "rrf":
            return self._rrf(query, loaded, prep, qv, lexical, allowed, k)
        with one_blas_thread():  # one query against every row (grace.vectors.blas)
            dense = prep.space.scores(qv).astype(np.float64)
        fused = fuse(dense, lexical, prep.keys.shares(query))
        rows = top_rows(fused, allowed, k)
        dense_in, lex_in = dense[allowed], lexical[allowed]
        tokens = tokenize(query)
        hits = []
        for row in rows:
            entry = prep.entries[row]
            tags, terms = explain(entry, tokens)
            lex_rank = int((lex_in > lexical[row]).sum()) + 1 if lexical[row] > 0 else None
            hits.append(Hit(
                entry, round(float(fused[row]), 6), round(float(loaded.vectors[row] @ qv[0]), 4),
                int((dense_in > dense[row]).sum()) + 1, lex_rank, tags, terms,
            ))
        reason = (f"index fresh ({loaded.meta.count} rows, {loaded.meta.model}): language-"
                  "neutral dense (text, story) + BM25 weighted by its best match + tags/domain")
        return SearchResult(query, "hybrid", reason, tuple(hits), len(allowed), "fresh")

    def _rrf(
        self, query: str, loaded: LoadedIndex, prep: _Prepared, qv: npt.NDArray[np.float32],
        lexical: npt.NDArray[np.float64], allowed: npt.NDArray[np.int64], k: int,
    ) -> SearchResult:
        """The previous ranking: raw-cosine top ``depth`` and BM25 top ``depth``, RRF k = 60."""
        depth = max(DEPTH, 5 * k)
        dense = loaded.index.search(qv, depth, allowed=allowed.tolist())
        positive = allowed[lexical[allowed] > 0]
        lex_rows = top_rows(lexical, positive, depth)
        dense_rank = {row: r for r, (row, _) in enumerate(dense, start=1)}
        lexical_rank = {row: r for r, row in enumerate(lex_rows, start=1)}
        fused = reciprocal_rank_fusion([[row for row, _ in dense], lex_rows])[:k]
        tokens = tokenize(query)
        hits = []
        for row, score in fused:
            entry = prep.entries[row]
            tags, terms = explain(entry, tokens)
            sim = float(loaded.vectors[row] @ qv[0])
            hits.append(Hit(entry, round(score, 6), round(sim, 4), dense_rank.get(row),
                            lexical_rank.get(row), tags, terms))
        reason = (f"index fresh ({loaded.meta.count} rows, {loaded.meta.model}): dense top "
                  f"{depth} + BM25 fused by RRF")
        return SearchResult(query, "hybrid", reason, tuple(hits), len(allowed), "fresh")
