"""A persistent vector cache in SQLite, wrapped around any :class:`TextEmbedder`."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import numpy as np

from grace.embedding.ports import Kind, Matrix, ModelIdentity, TextEmbedder
from grace.errors import VectorCacheError, map_exceptions

_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    model_key TEXT NOT NULL,
    kind      TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    vector    BLOB NOT NULL,
    PRIMARY KEY (model_key, kind, text_hash)
)
"""
_DRIVER_ERRORS: dict[type[Exception], type[VectorCacheError]] = {
    sqlite3.Error: VectorCacheError, OSError: VectorCacheError}


COMMIT_BATCH: Final = 64
"""Texts embedded between two commits of the cache: an interrupted first embedding of a large
catalog (447 rules: minutes with e5 on a laptop CPU) keeps every batch it finished, at the cost
of one SQLite commit per 64 texts (decision 0019)."""


def text_hash(text: str) -> str:
    """SHA-256 of the UTF-8 text, hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class CachedEmbedder:
    """A :class:`TextEmbedder` that remembers vectors in a SQLite file.

    Keyed by ``(model identity key, kind, sha256(text))``, so an unchanged text is never
    embedded twice, across restarts, and two models never share a vector. Only the kinds in
    ``kinds`` are cached (default: passages; queries are one-off). Rows are ``float32`` blobs
    of ``identity.dimensions`` values; a row of the wrong size is ignored and re-embedded.
    Missing texts are embedded and committed ``batch`` at a time, so that an interrupted call
    (Ctrl-C, a crash, a failing API) keeps the batches it finished for the next run.

    Attributes:
        hits, misses: counters since construction.

    Raises:
        VectorCacheError: the file cannot be opened (here), read or written (``embed``): every
            SQLite call is mapped.
        ValueError: ``batch`` < 1.
    """

    def __init__(
        self,
        inner: TextEmbedder,
        path: Path,
        *,
        kinds: tuple[Kind, ...] = ("passage",),
        batch: int = COMMIT_BATCH,
    ) -> None:
        if batch < 1:
            raise ValueError(f"batch must be ≥ 1, got {batch}")
        self._inner = inner
        self._kinds = kinds
        self._batch = batch
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        with map_exceptions(_DRIVER_ERRORS, f"cannot open the vector cache {path}"):
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, timeout=30, check_same_thread=False)
            _set_up(self._db)
        self.path = path

    @property
    def identity(self) -> ModelIdentity:
        return self._inner.identity

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix:
        if kind not in self._kinds or not texts:
            return self._inner.embed(texts, kind=kind)
        ident = self.identity
        hashes = [text_hash(t) for t in texts]
        found: dict[str, np.ndarray] = {}
        with self._lock, map_exceptions(_DRIVER_ERRORS,
                                        f"cannot read the vector cache {self.path}"):
            unique = sorted(set(hashes))
            for start in range(0, len(unique), 500):
                chunk = unique[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT text_hash, vector FROM vectors WHERE model_key = ? AND kind = ? "
                    f"AND text_hash IN ({marks})",
                    (ident.key, kind, *chunk),
                ).fetchall()
                for h, blob in rows:
                    vec = np.frombuffer(blob, dtype=np.float32)
                    if vec.shape == (ident.dimensions,):
                        found[h] = vec
        missing = [i for i, h in enumerate(hashes) if h not in found]
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        for start in range(0, len(missing), self._batch):
            part = missing[start : start + self._batch]
            fresh = self._inner.embed([texts[i] for i in part], kind=kind)
            with self._lock, map_exceptions(_DRIVER_ERRORS,
                                            f"cannot write the vector cache {self.path}"):
                self._db.executemany(
                    "INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)",
                    [
                        (ident.key, kind, hashes[i], fresh[j].astype(np.float32).tobytes())
                        for j, i in enumerate(part)
                    ],
                )
                self._db.commit()
            for j, i in enumerate(part):
                found[hashes[i]] = fresh[j]
        return np.vstack([found[h] for h in hashes]).astype(np.float32)

    def caching(self, kinds: tuple[Kind, ...]) -> CachedEmbedder:
        """Another cache over the same model and file that keeps the ``kinds`` given: the
        composition root caches the query vectors of fixed reference texts (never a user's
        task) with ``("passage", "query")``.

        Raises:
            VectorCacheError: the file cannot be opened.
        """
        return CachedEmbedder(self._inner, self.path, kinds=kinds, batch=self._batch)

    def close(self) -> None:
        """Close the SQLite connection."""
        self._db.close()


OPEN_RETRY_S: Final = 30.0
"""How long opening the cache retries a database another process is setting up (seconds)."""


def _set_up(db: sqlite3.Connection) -> None:
    """WAL mode and the table, retried while another process holds the file: SQLite answers
    ``PRAGMA journal_mode=WAL`` with "database is locked" at once, without its busy timeout,
    when a second connection switches a new file's journal at the same moment (two
    ``grace`` processes starting on an empty cache; a concurrent-writers test met it).

    Raises:
        sqlite3.OperationalError: still locked after :data:`OPEN_RETRY_S`, or another error.
    """
    deadline, pause = time.monotonic() + OPEN_RETRY_S, 0.01
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(_SCHEMA)
            db.commit()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            db.rollback()
            time.sleep(pause)
            pause = min(pause * 2, 0.5)
