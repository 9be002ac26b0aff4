"""``grace learnings add`` and ``edit``: validate, refuse exact duplicates, report near ones,
append one line, embed only that line."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from grace.errors import DuplicateLearningError, LearningsIndexError, UnknownLearningError
from grace.learnings.application.defaults import NEAR_DUPLICATE as NEAR_DUPLICATE
from grace.learnings.application.maintain import (
    EnsureReport,
    IndexMaintainer,
    LoadedIndex,
    Progress,
)
from grace.learnings.domain.entry import Learning, derive_id, key_hash, key_row
from grace.learnings.domain.source import parse_line
from grace.learnings.domain.staleness import IndexMeta
from grace.vectors.topk import exact_top_k

MAX_NEAR: Final = 5


@dataclass(frozen=True, slots=True)
class NearDuplicate:
    """An active entry whose vector is within the threshold (``similarity`` is a cosine)."""

    id: str
    similarity: float
    story: str


_Checked = tuple[Learning, int, Callable[[np.ndarray], tuple[NearDuplicate, ...]]]
"""The entry with a free id, its line number, and what finds its near duplicates."""


@dataclass(frozen=True, slots=True)
class AddResult:
    """The written entry, the near duplicates found (best first) and the index update."""

    learning: Learning
    near_duplicates: tuple[NearDuplicate, ...]
    index: EnsureReport


class AddLearning:
    """Append a learning under the file lock.

    Args:
        maintainer: the index of the same file (brought up to date before and after).
        near_threshold: cosine above which near duplicates are reported (not refused).
        today: the date given to an entry without one (injected: tests pin it).
    """

    def __init__(
        self,
        maintainer: IndexMaintainer,
        *,
        near_threshold: float = NEAR_DUPLICATE,
        today: Callable[[], dt.date] = lambda: dt.datetime.now(dt.UTC).date(),
    ) -> None:
        self._m = maintainer
        self._near = near_threshold
        self._today = today

    def __call__(
        self,
        *,
        story: str,
        tags: Sequence[str],
        learning: str,
        domain: str | None = None,
        date: dt.date | None = None,
        supersedes: str | None = None,
        progress: Progress | None = None,
    ) -> AddResult:
        """Validate and append.

        Raises:
            InvalidLearningError: a field does not validate.
            DuplicateLearningError: an active entry has the same story, tags and learning.
            UnknownLearningError: ``supersedes`` names no entry, or one already superseded.
            LearningsFileError, LearningsIndexError: the files cannot be written.
        """
        tag_tuple = tuple(tags)
        entry = Learning(  # validated before any file is touched
            id=derive_id(story, tag_tuple, learning), story=story, tags=tag_tuple,
            learning=learning, date=date or self._today(), domain=domain, supersedes=supersedes,
        )
        with self._m.source.lock():
            self._m.ensure_locked(progress)
            def salted(salt: int) -> str:
                return derive_id(story, tag_tuple, learning, str(salt))

            checked = self._checked_fast(entry, supersedes, salted)
            if checked is None:  # maybe a duplicate: the exact checks over the parsed file
                entry, line, near_of = self._checked_slow(entry, supersedes, salted)
            else:
                entry, line, near_of = checked
            vector = self._m.embedder.embed([entry.text], kind="passage")[0]
            near = near_of(vector)
            receipt = self._m.source.append([entry.to_json()])
            report = self._m.ensure_locked(progress, known={entry.text: vector},
                                           appended=receipt)
        return AddResult(replace(entry, line=line), near, report)

    def _checked_fast(
        self, entry: Learning, supersedes: str | None, salted: Callable[[int], str]
    ) -> _Checked | None:
        """The checks without parsing the file (decision 0020): no row of the keys file has the
        entry's content-key hash, ``supersedes`` is an indexed id that no row supersedes, and
        the id is made free by the salt loop over the indexed ids. ``None`` when the index is
        not there or a hash is shared: :meth:`_checked_slow` then decides exactly."""
        store = self._m.store
        meta = store.load_meta()
        if meta is None or store.check(meta) is not None:
            return None
        keys = store.keys(meta)
        if keys is None or bool(np.any(keys[:, 0] == key_row(entry)[0])):
            return None
        if supersedes is not None and (
                not store.existing_ids(meta, [supersedes])
                or bool(np.any(keys[:, 1] == key_hash(supersedes)))):
            return None
        salt = 0
        while store.existing_ids(meta, [entry.id]):
            salt += 1
            entry = replace(entry, id=salted(salt))

        def near_of(vector: np.ndarray) -> tuple[NearDuplicate, ...]:
            return self._near_fast(meta, keys, vector, supersedes)

        return entry, meta.line_count + 1, near_of

    def _near_fast(
        self, meta: IndexMeta, keys: np.ndarray, vector: np.ndarray, supersedes: str | None
    ) -> tuple[NearDuplicate, ...]:
        """Near duplicates from the memory-mapped rows; only the rows above the threshold are
        read, each from its own line (offset in the keys file)."""
        vectors = self._m.store.text_rows(meta)
        if not len(vectors):
            return ()
        hits = exact_top_k(vector, vectors, len(vectors), min_score=self._near)
        out: list[NearDuplicate] = []
        for row, sim in hits:  # best first, ties by row (file order)
            other = parse_line(self._m.source.read_line(int(keys[row, 2])), row + 1)
            if other.id == supersedes or bool(np.any(keys[:, 1] == key_hash(other.id))):
                continue
            out.append(NearDuplicate(other.id, round(sim, 4), other.story))
            if len(out) >= MAX_NEAR:
                break
        return tuple(out)

    def _checked_slow(
        self, entry: Learning, supersedes: str | None, salted: Callable[[int], str]
    ) -> _Checked:
        """The checks over the parsed file (every entry).

        Raises:
            LearningsIndexError, UnknownLearningError, DuplicateLearningError: see __call__.
        """
        loaded = self._m.load_fresh()
        if not isinstance(loaded, LoadedIndex):
            raise LearningsIndexError(f"index not usable after update: {loaded.reason}")
        snap = loaded.snapshot
        active = snap.active()
        if supersedes is not None and supersedes not in {e.id for e in active}:
            state = "already superseded" if snap.by_id(supersedes) else "not in the file"
            raise UnknownLearningError(f"cannot supersede {supersedes!r}: {state}")
        taken = {e.id for e in snap.entries}
        salt = 0
        while entry.id in taken:
            salt += 1
            entry = replace(entry, id=salted(salt))
        for other in active:
            if other.content_key() == entry.content_key():
                what = "it is unchanged" if other.id == supersedes else "already recorded"
                raise DuplicateLearningError(
                    f"exact duplicate of {other.id} (line {other.line}): {what}"
                )

        def near_of(vector: np.ndarray) -> tuple[NearDuplicate, ...]:
            return self._near_duplicates(loaded.vectors, loaded.rows.ids, vector,
                                         {e.id: e for e in active}, supersedes)

        return entry, len(snap.line_hashes) + 1, near_of

    def _near_duplicates(
        self,
        vectors: np.ndarray,
        ids: Sequence[str],
        vector: np.ndarray,
        active: dict[str, Learning],
        supersedes: str | None,
    ) -> tuple[NearDuplicate, ...]:
        if not len(ids):
            return ()
        out: list[NearDuplicate] = []
        # Every row above the threshold, best first, ties by row (file order); then the active
        # ones other than the superseded entry, MAX_NEAR at most.
        for row, sim in exact_top_k(vector, vectors, len(ids), min_score=self._near):
            other = active.get(ids[row])
            if other is not None and other.id != supersedes:
                out.append(NearDuplicate(other.id, round(sim, 4), other.story))
                if len(out) >= MAX_NEAR:
                    break
        return tuple(out)

