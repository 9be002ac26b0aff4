"""Ports of the learnings context (adapters in :mod:`grace.learnings.adapters`, fakes in tests).

The embedding port is the shared kernel's :class:`grace.embedding.ports.TextEmbedder`, the vector
index port its :class:`grace.vectors.ports.VectorIndex`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

from grace.embedding.ports import Matrix
from grace.learnings.domain.staleness import IndexMeta
from grace.vectors.ports import VectorIndex


class LexicalIndex(Protocol):
    """A lexical (BM25) ranking over a fixed corpus of token lists.

    ``rank(query_tokens, k, allowed=...)`` returns at most ``k`` corpus positions with a
    positive score, best first; only ``allowed`` positions compete when given.
    """

    def rank(
        self, query_tokens: Sequence[str], k: int, *, allowed: Sequence[int] | None = None
    ) -> list[int]: ...


LexicalIndexBuilder = Callable[[Sequence[Sequence[str]]], LexicalIndex]
"""Builds a :class:`LexicalIndex` from a corpus of token lists (one per row)."""


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
    """The derived files next to the source: matrix (``.npy``), vector index, meta (JSON).

    * ``load_meta()`` → the meta or ``None`` when absent;
    * ``check(meta)`` → ``None`` when the files exist and their SHA-256 match the meta, else why;
    * ``load(meta)`` → ``(matrix (count, d) float32, index)``, checked against the meta;
    * ``save(vectors, meta)`` writes atomically (temporary file, fsync, rename), the meta last,
      with the files' hashes filled in, and returns that meta.

    Raises:
        LearningsIndexError: unreadable meta or files, or files that do not match the meta.
    """

    def load_meta(self) -> IndexMeta | None: ...

    def check(self, meta: IndexMeta) -> str | None: ...

    def load(self, meta: IndexMeta) -> tuple[Matrix, VectorIndex]: ...

    def save(self, vectors: Matrix, meta: IndexMeta) -> IndexMeta: ...
