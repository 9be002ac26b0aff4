"""``status`` and ``ensure-index``: keep the derived index exactly in step with the file."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

import numpy as np

from grace.embedding.ports import Matrix, TextEmbedder
from grace.errors import LearningsIndexError
from grace.learnings.domain.dense import LANGUAGE_PAIRS, language_axis
from grace.learnings.domain.ports import IndexStore, LearningsSource, StoredIndex
from grace.learnings.domain.source import LineProblem, SourceSnapshot, parse_source
from grace.learnings.domain.staleness import (
    Action,
    Freshness,
    IndexMeta,
    State,
    assess,
    model_fingerprint,
)
from grace.vectors.ports import VectorIndex

BATCH: Final = 64
"""Texts per embedding call (progress granularity; e5 on 2 cores ≈ 11 ms a passage)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)`` in entries embedded."""


def _now() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class IndexStatus:
    """What ``grace learnings status`` prints.

    Attributes:
        state / reason / action: see :class:`~grace.learnings.domain.staleness.Freshness`.
        entries / active / superseded: valid lines, those searchable, those hidden.
        problems: skipped lines (line number and reason).
        indexed: rows in the index (0 without one).
        model: the embedder's model name; ``last_rebuilt``: from the meta, or ``None``.
    """

    path: Path
    state: State
    reason: str
    action: Action
    entries: int
    active: int
    superseded: int
    problems: tuple[LineProblem, ...]
    indexed: int
    model: str
    last_rebuilt: str | None
    changed_lines: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class EnsureReport:
    """What ``ensure-index`` did: ``action`` taken, ``embedded`` texts, ``reused`` vectors."""

    before: State
    action: Action
    embedded: int
    reused: int
    count: int
    seconds: float


@dataclass(frozen=True, slots=True)
class LoadedIndex:
    """A fresh index in memory: meta, ``(count, d) float32`` matrix, vector index, snapshot,
    and the views (``story`` rows, ``language_axis``; see :class:`StoredIndex`)."""

    meta: IndexMeta
    vectors: Matrix
    index: VectorIndex
    snapshot: SourceSnapshot
    views: Mapping[str, Matrix]


class IndexMaintainer:
    """Assess and bring up to date the index of one learnings file.

    Appends embed only the new lines; an edit, a removed line or a model change rebuilds, and a
    rebuild with the same model reuses the vectors of unchanged lines (exact: same line bytes,
    same model identity, same text). Each entry has two vectors (its seed text and its story)
    and the index keeps the model's language axis (decision 0014), computed at a rebuild from
    :data:`~grace.learnings.domain.dense.LANGUAGE_PAIRS` (128 short texts).
    """

    def __init__(self, source: LearningsSource, store: IndexStore, embedder: TextEmbedder) -> None:
        self.source = source
        self.store = store
        self.embedder = embedder
        self._loaded: tuple[IndexMeta, StoredIndex] | None = None

    def _meta(self) -> tuple[IndexMeta | None, str | None]:
        try:
            meta = self.store.load_meta()
        except LearningsIndexError as exc:
            return None, str(exc)
        return meta, None if meta is None else self.store.check(meta)

    def freshness(self, data: bytes) -> tuple[Freshness, IndexMeta | None]:
        """Verdict for the current content ``data`` (no writes, no model loaded)."""
        meta, problem = self._meta()
        if meta is None and problem is not None:
            return Freshness("unusable", f"unreadable meta: {problem}"), None
        return assess(meta, data, self.embedder.identity, files_problem=problem), meta

    def source_snapshot(self) -> SourceSnapshot:
        """The file as it is now, parsed (no lock)."""
        return parse_source(self.source.read_bytes())

    def status(self) -> IndexStatus:
        """Read-only report (no lock, no embedding)."""
        data = self.source.read_bytes()
        snap = parse_source(data)
        verdict, meta = self.freshness(data)
        return IndexStatus(
            path=self.source.path, state=verdict.state, reason=verdict.reason,
            action=verdict.action, entries=len(snap.entries), active=len(snap.active()),
            superseded=len(snap.superseded & {e.id for e in snap.entries}),
            problems=snap.problems, indexed=meta.count if meta else 0,
            model=self.embedder.identity.name, last_rebuilt=meta.last_rebuilt if meta else None,
            changed_lines=verdict.changed_lines,
        )

    def ensure(
        self, progress: Progress | None = None, *, known: Mapping[str, Matrix] | None = None
    ) -> EnsureReport:
        """Take the lock and bring the index up to date (cheap when nothing changed)."""
        with self.source.lock():
            return self.ensure_locked(progress, known=known)

    def ensure_locked(
        self, progress: Progress | None = None, *, known: Mapping[str, Matrix] | None = None
    ) -> EnsureReport:
        """Same as :meth:`ensure`, for a caller that already holds the lock.

        Args:
            known: vectors already computed for some texts (``(d,)`` float32 by text).
        """
        start = time.perf_counter()
        data = self.source.read_bytes()
        verdict, meta = self.freshness(data)
        if verdict.action == "nothing":
            assert meta is not None
            return EnsureReport("fresh", "nothing", 0, 0, meta.count, time.perf_counter() - start)
        snap = parse_source(data)
        cache: dict[str, Matrix] = dict(known or {})
        story_cache: dict[str, Matrix] = {}
        rows: Matrix
        if verdict.action == "append":
            assert meta is not None
            old = self.store.load(meta)
            first_new = len(meta.line_hashes)
            new = [e for e in snap.entries if e.line > first_new]
            fresh_rows, embedded = self._embed([e.text for e in new], cache, progress)
            fresh_story, _ = self._embed([e.story for e in new], story_cache, None)
            rows = np.vstack([old.vectors, fresh_rows])
            story = np.vstack([old.views["story"], fresh_story])
            axis = old.views["language_axis"]
            ids = meta.ids + tuple(e.id for e in new)
            lines = meta.lines + tuple(e.line for e in new)
            last_rebuilt = meta.last_rebuilt
        else:
            reused_axis = self._reuse(meta, verdict.state, snap, cache, story_cache)
            ids = tuple(e.id for e in snap.entries)
            lines = tuple(e.line for e in snap.entries)
            rows, embedded = self._embed([e.text for e in snap.entries], cache, progress)
            story, _ = self._embed([e.story for e in snap.entries], story_cache, None)
            axis = reused_axis if reused_axis is not None else self.language_axis()
            last_rebuilt = _now()
        identity = self.embedder.identity
        draft = IndexMeta(
            model=identity.name, dimensions=identity.dimensions, count=len(ids),
            last_rebuilt=last_rebuilt, source_hash="sha256:" + snap.sha256,
            model_identity=model_fingerprint(identity), source_bytes=snap.size,
            source_ends_with_newline=snap.ends_with_newline, line_hashes=snap.line_hashes,
            ids=ids, lines=lines, files={}, last_updated=_now(),
        )
        self.store.save(rows, draft, views={"story": story, "language_axis": axis})
        return EnsureReport(
            verdict.state, verdict.action, embedded, len(ids) - embedded, len(ids),
            time.perf_counter() - start,
        )

    def language_axis(self) -> Matrix:
        """``(1, d)`` float32: the embedder's English → French direction (both kinds)."""
        english = [en for en, _ in LANGUAGE_PAIRS]
        french = [fr for _, fr in LANGUAGE_PAIRS]
        en = np.vstack([self.embedder.embed(english, kind=k) for k in ("passage", "query")])
        fr = np.vstack([self.embedder.embed(french, kind=k) for k in ("passage", "query")])
        return language_axis(en, fr).reshape(1, -1)

    def _reuse(
        self, meta: IndexMeta | None, state: State, snap: SourceSnapshot,
        cache: dict[str, Matrix], story_cache: dict[str, Matrix],
    ) -> Matrix | None:
        """After an edit, put the old vectors of byte-identical lines into the caches (text and
        story) and return the old language axis; ``None`` when nothing can be reused."""
        if meta is None or state != "edited":
            return None
        try:
            old: StoredIndex = self.store.load(meta)
        except LearningsIndexError:
            return None
        row_of = {meta.line_hashes[line - 1]: row for row, line in enumerate(meta.lines)}
        for e in snap.entries:
            row = row_of.get(snap.line_hashes[e.line - 1])
            if row is not None:
                cache.setdefault(e.text, old.vectors[row])
                story_cache.setdefault(e.story, old.views["story"][row])
        return old.views["language_axis"]

    def _embed(
        self, texts: list[str], cache: dict[str, Matrix], progress: Progress | None
    ) -> tuple[Matrix, int]:
        """``((len(texts), d) float32, how many were embedded)``; cached texts are not."""
        d = self.embedder.identity.dimensions
        out = np.zeros((len(texts), d), dtype=np.float32)
        todo = [i for i, t in enumerate(texts) if t not in cache]
        for i, t in enumerate(texts):
            if t in cache:
                out[i] = cache[t]
        if progress:
            progress(len(texts) - len(todo), len(texts))
        for start in range(0, len(todo), BATCH):
            chunk = todo[start:start + BATCH]
            out[chunk] = self.embedder.embed([texts[i] for i in chunk], kind="passage")
            if progress:
                progress(len(texts) - len(todo) + start + len(chunk), len(texts))
        return out, len(todo)

    def load_fresh(self) -> LoadedIndex | Freshness:
        """The index in memory when it is fresh, else the verdict saying why not (no writes)."""
        data = self.source.read_bytes()
        verdict, meta = self.freshness(data)
        if verdict.state != "fresh" or meta is None:
            return verdict
        if self._loaded is not None and self._loaded[0] == meta:
            stored = self._loaded[1]  # the files still hash to what this meta records
        else:
            try:
                stored = self.store.load(meta)
            except LearningsIndexError as exc:
                return replace(verdict, state="unusable", reason=str(exc))
            self._loaded = (meta, stored)
        return LoadedIndex(meta, stored.vectors, stored.index, parse_source(data), stored.views)
