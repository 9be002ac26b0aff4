"""``IndexFiles``: the derived files next to ``learnings.jsonl``, written atomically.

For ``data/learnings.jsonl`` (seed 002 names)::

    data/learnings-embeddings.npy   (count, d) float32, row i = meta.ids[i]
    data/learnings-index.faiss      FAISS IndexFlatIP over the same rows
    data/learnings-views.npz        story (count, d) float32 and language_axis (1, d) float32
    data/embeddings-meta.json       IndexMeta, written last, with the three files' SHA-256

Another stem ``x.jsonl`` gives ``x-embeddings.npy``, ``x-index.faiss``, ``x-views.npz``,
``x-embeddings-meta.json``. Each file is written to a temporary file in the same folder,
fsynced, renamed over the old one, and the folder fsynced. A reader that finds files whose
hashes differ from the meta (a rebuild killed half-way) never uses them.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import numpy as np

from grace.embedding.ports import Matrix
from grace.errors import LearningsIndexError
from grace.learnings.domain.ports import StoredIndex
from grace.learnings.domain.staleness import IndexMeta
from grace.vectors.faiss_index import FaissIndex

ROLES = ("embeddings", "index", "views")


def index_paths(source: Path) -> dict[str, Path]:
    """``{"embeddings", "index", "views", "meta"}`` → path, next to ``source``."""
    stem = source.stem
    meta = "embeddings-meta.json" if stem == "learnings" else f"{stem}-embeddings-meta.json"
    return {
        "embeddings": source.with_name(f"{stem}-embeddings.npy"),
        "index": source.with_name(f"{stem}-index.faiss"),
        "views": source.with_name(f"{stem}-views.npz"),
        "meta": source.with_name(meta),
    }


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _write_bytes(path: Path, data: bytes) -> None:
    path.write_bytes(data)


def write_atomic(path: Path, write: Callable[[Path], None]) -> None:
    """``write(tmp)`` then fsync, rename over ``path``, fsync the folder."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        write(tmp)
        with tmp.open("rb+") as f:
            os.fsync(f.fileno())
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


class IndexFiles:
    """The :class:`~grace.learnings.domain.ports.IndexStore` on disk, with a FAISS index.

    Args:
        source: the learnings file the index belongs to.
    """

    def __init__(self, source: Path) -> None:
        self.paths = index_paths(source)
        self._digests: dict[Path, tuple[tuple[int, ...], str]] = {}

    def _sha256(self, path: Path) -> str:
        """SHA-256 of a file, re-read only when its stat signature (inode, size, mtime and
        ctime in ns) changed since this process last hashed it: every write here is a rename
        (new inode), and an in-place edit changes the ctime, which no user call can set back.
        A search then costs one ``stat`` per file, not a hash of the index (decision 0014)."""
        st = path.stat()
        sig = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        known = self._digests.get(path)
        if known is not None and known[0] == sig:
            return known[1]
        digest = _sha256_file(path)
        self._digests[path] = (sig, digest)
        return digest

    def load_meta(self) -> IndexMeta | None:
        """The meta, or ``None`` when there is no meta file.

        Raises:
            LearningsIndexError: the meta is not valid JSON or misses a field.
        """
        path = self.paths["meta"]
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return IndexMeta.from_dict(data)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise LearningsIndexError(f"{path}: unreadable meta ({exc})") from exc

    def check(self, meta: IndexMeta) -> str | None:
        """``None`` when the three files exist with the SHA-256 the meta records, else why."""
        for role in ROLES:
            info = meta.files.get(role)
            path = self.paths[role]
            if info is None:
                return f"the meta records no {role} file"
            if not path.is_file():
                return f"{path.name} is missing"
            if path.stat().st_size != info.get("bytes") or self._sha256(path) != info.get(
                "sha256"
            ):
                return f"{path.name} differs from the one the meta records"
        return None

    def load(self, meta: IndexMeta) -> StoredIndex:
        """Matrix, FAISS index and views, checked against the meta.

        Raises:
            LearningsIndexError: a file is missing, differs, or has the wrong shape.
        """
        problem = self.check(meta)
        if problem is not None:
            raise LearningsIndexError(problem)
        try:
            vectors = np.load(self.paths["embeddings"], allow_pickle=False)
        except (OSError, ValueError) as exc:
            raise LearningsIndexError(f"{self.paths['embeddings']}: unreadable ({exc})") from exc
        index = FaissIndex.read(self.paths["index"])
        try:
            with np.load(self.paths["views"], allow_pickle=False) as npz:
                views = {name: np.asarray(npz[name]) for name in npz.files}
        except (OSError, ValueError) as exc:
            raise LearningsIndexError(f"{self.paths['views']}: unreadable ({exc})") from exc
        shape = (meta.count, meta.dimensions)
        story, axis = views.get("story"), views.get("language_axis")
        if (vectors.shape != shape or vectors.dtype != np.float32 or index.size != meta.count
                or story is None or story.shape != shape or story.dtype != np.float32
                or axis is None or axis.shape != (1, meta.dimensions)):
            raise LearningsIndexError(
                f"index files hold {vectors.shape} {vectors.dtype} / {index.size} rows / views "
                f"{ {k: v.shape for k, v in views.items()} }, the meta says {shape} float32"
            )
        return StoredIndex(vectors, index, views)

    def save(
        self, vectors: Matrix, meta: IndexMeta, *, views: Mapping[str, Matrix]
    ) -> IndexMeta:
        """Write matrix, FAISS index, views, then the meta carrying their hashes; return it."""
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        self.paths["meta"].parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        np.save(buffer, vectors, allow_pickle=False)
        files: dict[str, dict[str, object]] = {}
        payload = buffer.getvalue()
        write_atomic(self.paths["embeddings"], lambda p: _write_bytes(p, payload))
        self.after_write("embeddings")
        write_atomic(self.paths["index"], FaissIndex.build(vectors).write)
        self.after_write("index")
        npz = io.BytesIO()
        np.savez(npz, allow_pickle=False, **{
            k: np.ascontiguousarray(v, dtype=np.float32) for k, v in views.items()})
        views_payload = npz.getvalue()
        write_atomic(self.paths["views"], lambda p: _write_bytes(p, views_payload))
        self.after_write("views")
        for role in ROLES:
            path = self.paths[role]
            files[role] = {"name": path.name, "sha256": self._sha256(path),
                           "bytes": path.stat().st_size}
        final = replace(meta, files=files)
        text = json.dumps(final.to_dict(), ensure_ascii=False, indent=1)
        write_atomic(self.paths["meta"], lambda p: _write_bytes(p, text.encode("utf-8")))
        return final

    def after_write(self, role: str) -> None:
        """Called with ``"embeddings"``, ``"index"``, then ``"views"``, once that file is in
        place and before the meta is written: does nothing here; the crash tests stop the
        process at this point (``tests/learnings_crash.py``)."""
