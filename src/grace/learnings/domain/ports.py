"""Ports of the learnings context (adapters in :mod:`grace.learnings.adapters`, fakes in tests).

The embedding port is the shared kernel's :class:`grace.embedding.ports.TextEmbedder`, the vector
index port its :class:`grace.vectors.ports.VectorIndex`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import Matrix
from grace.learnings.domain.staleness import IndexMeta, IndexRows
from grace.vectors.ports import VectorIndex


class LexicalIndex(Protocol):
    """A lexical (BM25) scorer over a fixed corpus of texts (one per row).

    ``scores(query)`` returns ``(n,) float64`` in [0, 1]: 0 for a row sharing no analysed term
    with the query, 1 for a row matching every query term at saturation (the score divided by
    the query's ceiling, so that values compare across queries); ``extend(texts)`` adds rows
    after the others (an append: decision 0020). The adapter owns the text analysis
    (stemming, stop words).
    """

    def scores(self, query: str) -> npt.NDArray[np.float64]: ...

    def extend(self, texts: Sequence[str]) -> None: ...


LexicalIndexBuilder = Callable[[Sequence[str]], LexicalIndex]
"""Builds a :class:`LexicalIndex` from the rows' texts."""

KeyRows = npt.NDArray[np.uint64]
"""``(count, 3)`` uint64: per row, :func:`~grace.learnings.domain.entry.key_hash` of the entry's
content key and of the id it supersedes (0 when none), and the byte offset where the entry's
line starts in the source."""


@dataclass(frozen=True, slots=True)
class AppendReceipt:
    """What :meth:`LearningsSource.append` wrote: the file's stat signature just before and
    just after the write (``None`` where the source has none) and the exact bytes written (a
    leading ``\\n`` that terminated the previous last line included)."""

    before: list[int] | None
    after: list[int] | None
    payload: bytes


@dataclass(frozen=True, slots=True)
class StoredIndex:
    """What :meth:`IndexStore.load` returns.

    Attributes:
        vectors: ``(count, d) float32`` unit rows of the seed's text (row ``i`` =
            ``rows.ids[i]``); may be a read-only memory map.
        index: the vector index over ``vectors``.
        views: extra derived arrays by name: ``story`` ``(count, d)`` float32 unit rows of the
            stories, ``language_axis`` ``(1, d)`` float32 (decision 0014).
        rows: the hash and entry id of every indexed line.
    """

    vectors: Matrix
    index: VectorIndex
    views: Mapping[str, Matrix]
    rows: IndexRows


class LearningsSource(Protocol):
    """The append-only ``learnings.jsonl``.

    ``read_bytes()`` returns the whole content (``b""`` when the file does not exist yet);
    ``exists()`` whether it does; ``read_line(offset)`` the line starting at that byte offset
    (without its newline); ``signature()`` its stat signature (device, inode, size,
    mtime and ctime in ns; ``None`` when it does not exist or the source has no such thing);
    ``append(lines)`` writes complete lines durably (fsync), returns an
    :class:`AppendReceipt`, and must be called inside ``lock()``, which serialises every
    writer and rebuild across processes.

    Raises:
        LearningsFileError: the file cannot be read or written.
    """

    @property
    def path(self) -> Path: ...

    def read_bytes(self) -> bytes: ...

    def exists(self) -> bool: ...

    def read_line(self, offset: int) -> bytes: ...

    def signature(self) -> list[int] | None: ...

    def append(self, lines: Sequence[str]) -> AppendReceipt: ...

    def lock(self) -> AbstractContextManager[object]: ...


class IndexStore(Protocol):
    """The derived files next to the source: vectors of both views, the indexed lines, the
    meta (decision 0020: the first two only grow on an append; a rebuild replaces them).

    * ``load_meta()`` → the meta or ``None`` when absent;
    * ``check(meta)`` → ``None`` when the files are exactly those the meta records, else why
      (cheap: no file is read whole unless it changed since it was written);
    * ``repair(meta)`` → ``True`` when bytes left past the meta's end by an interrupted append
      were cut off (the recorded part verified first), so that ``check`` passes again;
    * ``load(meta)`` → a :class:`StoredIndex`, checked against the meta;
    * ``existing_ids(meta, ids)`` → those of ``ids`` that an indexed line holds (without
      loading the index: an append checks its new ids against them);
    * ``text_rows(meta)`` → the text rows alone, checked (``add``'s near-duplicate scan);
    * ``keys(meta)`` → the :data:`KeyRows` (``None`` for an index written before them);
    * ``write_meta(meta)`` rewrites the meta alone (the files unchanged);
    * ``save(vectors, meta, views=..., rows=..., keys=...)`` replaces every file (temporary
      file, fsync, rename), the meta last, with the store's record of its files, and returns
      that meta;
    * ``append(old, vectors, meta, views=..., rows=..., keys=...)`` adds rows after those of
      the checked meta ``old`` (``views`` holds the new ``story`` rows only; ``rows`` the new
      lines only, ``keys`` the new rows' keys)
      and writes ``meta`` last; returns it with the store's record filled in.

    Raises:
        LearningsIndexError: unreadable meta or files, or files that do not match the meta.
    """

    def load_meta(self) -> IndexMeta | None: ...

    def check(self, meta: IndexMeta) -> str | None: ...

    def repair(self, meta: IndexMeta) -> bool: ...

    def load(self, meta: IndexMeta) -> StoredIndex: ...

    def existing_ids(self, meta: IndexMeta, ids: Sequence[str]) -> frozenset[str]: ...

    def text_rows(self, meta: IndexMeta) -> Matrix: ...

    def keys(self, meta: IndexMeta) -> KeyRows | None: ...

    def write_meta(self, meta: IndexMeta) -> None: ...

    def save(
        self, vectors: Matrix, meta: IndexMeta, *, views: Mapping[str, Matrix], rows: IndexRows,
        keys: KeyRows,
    ) -> IndexMeta: ...

    def append(
        self, old: IndexMeta, vectors: Matrix, meta: IndexMeta, *,
        views: Mapping[str, Matrix], rows: IndexRows, keys: KeyRows,
    ) -> IndexMeta: ...
