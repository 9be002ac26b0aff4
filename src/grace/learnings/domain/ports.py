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
from grace.learnings.domain.staleness import IndexMeta
from grace.vectors.ports import VectorIndex


class LexicalIndex(Protocol):
    """A lexical (BM25) scorer over a fixed corpus of texts (one per row).

    ``scores(query)`` returns ``(n,) float64`` in [0, 1]: 0 for a row sharing no analysed term
    with the query, 1 for a row matching every query term at saturation (the score divided by
    the query's ceiling, so that values compare across queries). The adapter owns the text
    analysis (stemming, stop words).
    """

    def scores(self, query: str) -> npt.NDArray[np.float64]: ...


LexicalIndexBuilder = Callable[[Sequence[str]], LexicalIndex]
"""Builds a :class:`LexicalIndex` from the rows' texts."""


@dataclass(frozen=True, slots=True)
class StoredIndex:
    """What :meth:`IndexStore.load` returns.

    Attributes:
        vectors: ``(count, d) float32`` unit rows of the seed's text (row ``i`` = ``ids[i]``).
        index: the vector index over ``vectors``.
        views: extra derived arrays by name: ``story`` ``(count, d)`` float32 unit rows of the
            stories, ``language_axis`` ``(1, d)`` float32 (decision 0014).
    """

    vectors: Matrix
    index: VectorIndex
    views: Mapping[str, Matrix]


class LearningsSource(Protocol):
    """The append-only ``learnings.jsonl``.

    ``read_bytes()`` returns the whole content (``b""`` when the file does not exist yet);
    ``append(lines)`` writes complete lines durably (fsync) and must be called inside
    ``lock()``, which serialises every writer and rebuild across processes.

    Raises:
        LearningsFileError: the file cannot be read or written.
    """

    @property
    def path(self) -> Path: ...

    def read_bytes(self) -> bytes: ...

    def append(self, lines: Sequence[str]) -> None: ...

    def lock(self) -> AbstractContextManager[object]: ...


class IndexStore(Protocol):
    """The derived files next to the source: matrix (``.npy``), vector index, the extra views
    (``.npz``), meta (JSON).

    * ``load_meta()`` → the meta or ``None`` when absent;
    * ``check(meta)`` → ``None`` when the files exist and their SHA-256 match the meta, else why;
    * ``load(meta)`` → a :class:`StoredIndex`, checked against the meta;
    * ``save(vectors, meta, views=...)`` writes atomically (temporary file, fsync, rename), the
      meta last, with the files' hashes filled in, and returns that meta.

    Raises:
        LearningsIndexError: unreadable meta or files, or files that do not match the meta.
    """

    def load_meta(self) -> IndexMeta | None: ...

    def check(self, meta: IndexMeta) -> str | None: ...

    def load(self, meta: IndexMeta) -> StoredIndex: ...

    def save(
        self, vectors: Matrix, meta: IndexMeta, *, views: Mapping[str, Matrix]
    ) -> IndexMeta: ...
