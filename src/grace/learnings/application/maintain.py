"""``status`` and ``ensure-index``: keep the derived index exactly in step with the file."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import Matrix, TextEmbedder
from grace.errors import LearningsIndexError
from grace.learnings.domain.dense import LANGUAGE_PAIRS, language_axis
from grace.learnings.domain.entry import Learning, key_row
from grace.learnings.domain.ports import (
    AppendReceipt,
    IndexStore,
    KeyRows,
    LearningsSource,
    StoredIndex,
)
from grace.learnings.domain.source import (
    LineProblem,
    SourceSnapshot,
    parse_appended,
    parse_source,
)
from grace.learnings.domain.staleness import (
    Action,
    Freshness,
    IndexMeta,
    IndexRows,
    State,
    assess,
    extend_sha256,
    model_fingerprint,
    prefix_and_whole_sha256,
)
from grace.vectors.ports import VectorIndex

BATCH: Final = 64
"""Texts per embedding call (progress granularity; e5 on 2 cores ≈ 11 ms a passage)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)`` in entries embedded."""

_Whole = tuple[str, str | None]
"""SHA-256 hex of the whole file and its running state hex (``None``: unavailable)."""


def line_starts(data: bytes, base: int = 0) -> npt.NDArray[np.int64]:
    """``base +`` the byte offset where each physical line of ``data`` starts."""
    newlines = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
    starts = np.concatenate([[0], newlines + 1]).astype(np.int64)
    lines = len(newlines) + (0 if data.endswith(b"\n") else 1) if data else 0
    return base + starts[:lines]


def key_rows(
    entries: Sequence[Learning], starts: npt.NDArray[np.int64], first_line: int = 1
) -> KeyRows:
    """``(len(entries), 3)`` uint64: each entry's :func:`~grace.learnings.domain.entry.key_row`
    and the offset of its line (``starts[line - first_line]``)."""
    return np.asarray([(*key_row(e), int(starts[e.line - first_line])) for e in entries],
                      dtype=np.uint64).reshape(-1, 3)


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
    the views (``story`` rows, ``language_axis``) and the indexed lines (see
    :class:`StoredIndex`)."""

    meta: IndexMeta
    vectors: Matrix
    index: VectorIndex
    snapshot: SourceSnapshot
    views: Mapping[str, Matrix]
    rows: IndexRows


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
        verdict, meta, _ = self._assess(data)
        return verdict, meta

    def _assess(self, data: bytes) -> tuple[Freshness, IndexMeta | None, _Whole | None]:
        """The verdict, the meta, and the SHA-256 of the whole ``data`` (with its running
        state) when it was computed along with the prefix's (one pass: an append records it
        without hashing again)."""
        meta, problem = self._meta()
        if meta is None and problem is not None:
            return Freshness("unusable", f"unreadable meta: {problem}"), None, None
        prefix = whole = None
        if meta is not None and problem is None and len(data) >= meta.source_bytes:
            prefix, digest, state = prefix_and_whole_sha256(data, meta.source_bytes)
            whole = (digest, state)

        def line_hashes() -> tuple[str, ...]:
            try:
                return self.store.load(meta).rows.line_hashes if meta else ()
            except LearningsIndexError:
                return ()

        verdict = assess(meta, data, self.embedder.identity, files_problem=problem,
                         line_hashes=line_hashes, prefix_sha256=prefix)
        return verdict, meta, whole

    def source_snapshot(self) -> SourceSnapshot:
        """The file as it is now, parsed (no lock)."""
        return parse_source(self.source.read_bytes())

    def status(self) -> IndexStatus:
        """Read-only report (no lock, no embedding, nothing created)."""
        if not self.source.exists():
            meta, _ = self._meta()
            return IndexStatus(
                path=self.source.path, state="missing",
                reason=(f"no learnings file at {self.source.path} (grace learnings add "
                        "creates it)"),
                action="nothing", entries=0, active=0, superseded=0, problems=(),
                indexed=meta.count if meta else 0, model=self.embedder.identity.name,
                last_rebuilt=meta.last_rebuilt if meta else None,
            )
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
        self, progress: Progress | None = None, *, known: Mapping[str, Matrix] | None = None,
        appended: AppendReceipt | None = None,
    ) -> EnsureReport:
        """Same as :meth:`ensure`, for a caller that already holds the lock.

        Args:
            known: vectors already computed for some texts (``(d,)`` float32 by text).
            appended: what this caller's ``source.append`` wrote since the index was last
                brought up to date under this lock: when the file's signature before that
                write is the one the meta recorded and its signature now the one after it, the
                file is the indexed prefix plus those bytes, and only they are read and hashed
                (decision 0020). Otherwise the whole file is read and hashed as usual.
        """
        start = time.perf_counter()
        trusted = self._trusted(appended)
        if trusted is not None:
            known_meta, known_sig = trusted
            if appended is None:
                return EnsureReport("fresh", "nothing", 0, 0, known_meta.count,
                                    time.perf_counter() - start)
            count = self._append_payload(known_meta, appended.payload, known_sig,
                                         dict(known or {}), progress)
            if count is not None:
                return EnsureReport("appended", "append", count - known_meta.count, 0, count,
                                    time.perf_counter() - start)
        before = self.source.signature()
        data = self.source.read_bytes()
        sig = self.source.signature()
        if sig is None or sig != before or sig[2] != len(data):
            sig = None  # written while read (outside the lock): not recorded
        verdict, meta, whole = self._assess(data)
        if verdict.state == "unusable" and meta is not None and self.store.repair(meta):
            verdict, meta, whole = self._assess(data)  # an interrupted append was cut off
        if (verdict.action != "rebuild" and meta is not None
                and self.store.keys(meta) is None):  # an index written before the keys file
            verdict = replace(verdict, state="edited", reason="no keys file")
        if verdict.action == "nothing":
            assert meta is not None and whole is not None
            if sig is not None and (meta.source_stat != sig or meta.source_state != whole[1]):
                self.store.write_meta(replace(meta, source_stat=sig, source_state=whole[1]))
            return EnsureReport("fresh", "nothing", 0, 0, meta.count, time.perf_counter() - start)
        if verdict.action == "append":
            assert meta is not None and whole is not None
            count = self._append(data, meta, whole, sig, dict(known or {}), progress)
            embedded = count - meta.count
        else:
            count, embedded = self._rebuild(data, meta, verdict.state, sig, dict(known or {}),
                                            progress)
        return EnsureReport(verdict.state, verdict.action, embedded, count - embedded, count,
                            time.perf_counter() - start)

    def _trusted(self, appended: AppendReceipt | None) -> tuple[IndexMeta, list[int]] | None:
        """``(meta, the file's signature now)`` when the file is known without reading it: its
        signature is the one the meta recorded (``appended`` is ``None``: fresh), or was that
        one just before ``appended`` was written and is the one after (the indexed prefix plus
        the payload). ``None`` otherwise: the caller reads and hashes the file."""
        meta, problem = self._meta()
        if (meta is None or problem is not None or meta.source_stat is None
                or meta.model_identity != model_fingerprint(self.embedder.identity)
                or self.store.keys(meta) is None):
            return None
        sig = self.source.signature()
        if appended is None:
            return (meta, sig) if sig == meta.source_stat else None
        if (appended.before != meta.source_stat or sig is None or sig != appended.after
                or sig[2] != meta.source_bytes + len(appended.payload)):
            return None
        return meta, sig

    def _append_payload(
        self, meta: IndexMeta, payload: bytes, sig: list[int], cache: dict[str, Matrix],
        progress: Progress | None,
    ) -> int | None:
        """Index the bytes this process appended after the indexed prefix, the SHA-256
        extended from the meta's state; the new row count, or ``None`` when the meta records no
        usable state (the caller takes the whole-file path)."""
        if not meta.source_ends_with_newline and not payload.startswith(b"\n"):
            return None  # the last indexed line was extended: an edit (never from append())
        extended = extend_sha256(meta, payload)
        if extended is None:
            return None
        digest, state = extended
        return self._append_tail(payload, meta, (digest, state), sig,
                                 size=meta.source_bytes + len(payload),
                                 ends_with_newline=payload.endswith(b"\n"), cache=cache,
                                 progress=progress)

    def _draft(
        self, *, count: int, last_rebuilt: str, source_hash: str, source_bytes: int,
        source_ends_with_newline: bool, line_count: int, source_stat: list[int] | None,
        source_state: str | None,
    ) -> IndexMeta:
        identity = self.embedder.identity
        return IndexMeta(
            model=identity.name, dimensions=identity.dimensions, count=count,
            last_rebuilt=last_rebuilt, source_hash=source_hash,
            model_identity=model_fingerprint(identity), source_bytes=source_bytes,
            source_ends_with_newline=source_ends_with_newline, line_count=line_count, files={},
            last_updated=_now(), source_stat=source_stat, source_state=source_state,
        )

    def _append(
        self, data: bytes, meta: IndexMeta, whole: _Whole, sig: list[int] | None,
        cache: dict[str, Matrix], progress: Progress | None,
    ) -> int:
        """Embed and add only the lines after the indexed prefix; the new row count.

        O(new lines) but for the one pass of SHA-256 over the file that the freshness check
        made (decision 0020)."""
        return self._append_tail(data[meta.source_bytes:], meta, whole, sig, size=len(data),
                                 ends_with_newline=data.endswith(b"\n"), cache=cache,
                                 progress=progress)

    def _append_tail(
        self, tail: bytes, meta: IndexMeta, whole: _Whole, sig: list[int] | None, *,
        size: int, ends_with_newline: bool, cache: dict[str, Matrix], progress: Progress | None,
    ) -> int:
        """Index ``tail``, the bytes after the indexed prefix of a file now ``size`` bytes long
        whose SHA-256 (and state) is ``whole``; the new row count."""
        base = meta.source_bytes
        if not meta.source_ends_with_newline and tail.startswith(b"\n"):
            tail, base = tail[1:], base + 1  # it terminates the last indexed line
        new = parse_appended(tail, meta.line_count + 1,
                             lambda ids: self.store.existing_ids(meta, ids))
        rows, _ = self._embed([e.text for e in new.entries], cache, progress)
        story, _ = self._embed([e.story for e in new.entries], {}, None)
        draft = self._draft(
            count=meta.count + len(new.entries), last_rebuilt=meta.last_rebuilt,
            source_hash="sha256:" + whole[0], source_bytes=size,
            source_ends_with_newline=ends_with_newline,
            line_count=meta.line_count + len(new.line_hashes), source_stat=sig,
            source_state=whole[1],
        )
        self.store.append(meta, rows, draft, views={"story": story},
                          rows=IndexRows(new.line_hashes, new.line_ids),
                          keys=key_rows(new.entries, line_starts(tail, base),
                                        meta.line_count + 1))
        return draft.count

    def _rebuild(
        self, data: bytes, meta: IndexMeta | None, state: State, sig: list[int] | None,
        cache: dict[str, Matrix], progress: Progress | None,
    ) -> tuple[int, int]:
        """Write the whole index anew (reusing unchanged lines' vectors after an edit);
        ``(rows, embedded)``."""
        snap = parse_source(data)
        story_cache: dict[str, Matrix] = {}
        reused_axis = self._reuse(meta, state, snap, cache, story_cache)
        rows, embedded = self._embed([e.text for e in snap.entries], cache, progress)
        story, _ = self._embed([e.story for e in snap.entries], story_cache, None)
        axis = reused_axis if reused_axis is not None else self.language_axis()
        id_of = {e.line: e.id for e in snap.entries}
        line_ids = tuple(id_of.get(n) for n in range(1, len(snap.line_hashes) + 1))
        draft = self._draft(
            count=len(snap.entries), last_rebuilt=_now(), source_hash="sha256:" + snap.sha256,
            source_bytes=snap.size, source_ends_with_newline=snap.ends_with_newline,
            line_count=len(snap.line_hashes), source_stat=sig,
            source_state=prefix_and_whole_sha256(data, len(data))[2],
        )
        self.store.save(rows, draft, views={"story": story, "language_axis": axis},
                        rows=IndexRows(snap.line_hashes, line_ids),
                        keys=key_rows(snap.entries, line_starts(data)))
        return len(snap.entries), embedded

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
        hashes = old.rows.line_hashes
        row_of = {hashes[line - 1]: row for row, line in enumerate(old.rows.lines)}
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
        verdict, meta, _ = self._assess(data)
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
        return LoadedIndex(meta, stored.vectors, stored.index, parse_source(data), stored.views,
                           stored.rows)
