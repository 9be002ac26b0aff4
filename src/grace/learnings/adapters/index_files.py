"""``IndexFiles``: the derived files next to ``learnings.jsonl``; appends cost O(new rows).

For ``data/learnings.jsonl`` (decision 0020; seed 002 names the meta)::

    data/learnings-text.f32      raw float32 (count, d), no header: row i = the text vector of
                                 entry i (``story + tags + learning``); append-only
    data/learnings-story.f32     the same for the stories (decision 0014's second view)
    data/learnings-keys.u64      little-endian uint64 (count, 3), no header: row i = the 64-bit
                                 hashes of entry i's content key and of the id it supersedes
                                 (0: none) and the byte offset of its line in the source, so
                                 that ``add`` finds exact and near duplicates without parsing
                                 the source; append-only
    data/learnings-lines.txt     one line per indexed physical line of the source:
                                 "<line hash>[ <entry id>]\\n"; append-only
    data/embeddings-meta.json    IndexMeta, a few hundred bytes, rewritten atomically last

Another stem ``x.jsonl`` gives ``x-text.f32``, ``x-story.f32``, ``x-keys.u64``, ``x-lines.txt`` and
``x-embeddings-meta.json``. The meta also holds the ``(d,)`` language axis (decision 0014).
One file per view keeps each view contiguous: a BLAS matrix-vector product over a strided
view (both views interleaved in one file) measured 3–20× slower.

**Verification.** The meta records, for each of the four files, its size, a SHA-256 chain over
its rows (``c_i = SHA-256(c_{i-1} ‖ row_i)``, ``c_0`` = 32 zero bytes; extended in O(new rows)
by an append) and the file's stat signature (device, inode, size, mtime and ctime in ns) taken
right after this store wrote it. A reader compares sizes and the signature: equal, the file is
the one written (every write changes the ctime, which no user call can set back: decision
0014's argument, now kept across processes). Different (a copy, a restore, an edit), the chain
is recomputed over the whole file (≈ 0.4 s at 100 000 rows) and must match.

**Writes.** A rebuild writes each file to a temporary file, fsyncs, renames it over the old one
(then the meta): a process killed in between leaves files the meta does not describe, never
used. An append writes the new rows at the end of each file (``O_APPEND``, the three fsyncs
concurrently), then the meta: a process killed before the meta leaves bytes past the recorded
end, which ``check`` reports and ``repair`` cuts off once the recorded part verifies.
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import secrets
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import Matrix
from grace.errors import LearningsIndexError
from grace.learnings.domain.ports import KeyRows, StoredIndex
from grace.learnings.domain.staleness import IndexMeta, IndexRows
from grace.vectors.numpy_flat import NumpyFlatIndex

ROLES: Final = ("text", "story", "keys", "lines")
VIEW_ROLES: Final = ("text", "story")
ROW_ROLES: Final = ("text", "story", "keys")
KEY_COLUMNS: Final = 3
KEY_ROW_BYTES: Final = 8 * KEY_COLUMNS
"""Bytes per row of the keys file: three little-endian uint64."""
CHAIN_START: Final = bytes(32)
LEGACY: Final = ("embeddings.npy", "index.faiss", "views.npz")
"""Files of the format-1 index (whole ``.npy``, FAISS index, ``.npz`` views), removed by the
first rebuild in the new format."""


def index_paths(source: Path) -> dict[str, Path]:
    """``{"text", "story", "keys", "lines", "meta"}`` → path, next to ``source``."""
    stem = source.stem
    meta = "embeddings-meta.json" if stem == "learnings" else f"{stem}-embeddings-meta.json"
    return {
        "text": source.with_name(f"{stem}-text.f32"),
        "story": source.with_name(f"{stem}-story.f32"),
        "keys": source.with_name(f"{stem}-keys.u64"),
        "lines": source.with_name(f"{stem}-lines.txt"),
        "meta": source.with_name(meta),
    }


def chain(start: bytes, rows: Iterable[bytes]) -> bytes:
    """Extend a SHA-256 chain: ``c = SHA-256(c ‖ row)`` for each row, from ``start`` (32 bytes)."""
    c = start
    for row in rows:
        c = hashlib.sha256(c + row).digest()
    return c


def _row_bytes(data: bytes, size: int) -> Iterable[bytes]:
    view = memoryview(data)
    return (bytes(view[i:i + size]) for i in range(0, len(data), size))


def _line_bytes(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def _key_array(keys: KeyRows) -> npt.NDArray[np.uint64]:
    """``(n, 3)`` little-endian uint64, contiguous."""
    return np.ascontiguousarray(np.asarray(keys, dtype="<u8").reshape(-1, KEY_COLUMNS))


def _signature(st: os.stat_result) -> list[int]:
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def _fsync_dir(folder: Path) -> None:
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def write_atomic(path: Path, data: bytes, *, sync_folder: bool = True) -> None:
    """Write ``data`` to a temporary file, fsync, rename over ``path``, fsync the folder
    (unless ``sync_folder`` is false: the rename may then be lost by a power cut)."""
    # Not tempfile.mkstemp: its 0600 mode would hide the index from the other accounts that
    # read learnings.jsonl (CI, an MCP server); O_EXCL with 0666 gives the umask's mode.
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if sync_folder:
        _fsync_dir(path.parent)


def lines_text(rows: IndexRows) -> bytes:
    """The lines file's bytes for ``rows`` (ids are letters, digits and ``. _ : -``)."""
    return "".join(h + ("\n" if i is None else f" {i}\n")
                   for h, i in zip(rows.line_hashes, rows.line_ids, strict=True)).encode("ascii")


def parse_lines(data: bytes) -> IndexRows:
    """Inverse of :func:`lines_text`.

    Raises:
        ValueError: a line is not ``hash[ id]``.
    """
    hashes: list[str] = []
    ids: list[str | None] = []
    for raw in data.decode("ascii").splitlines():
        h, _, i = raw.partition(" ")
        if not h:
            raise ValueError(f"empty line hash in {raw!r}")
        hashes.append(h)
        ids.append(i or None)
    return IndexRows(tuple(hashes), tuple(ids))


class IndexFiles:
    """The :class:`~grace.learnings.domain.ports.IndexStore` on disk (decision 0020).

    Args:
        source: the learnings file the index belongs to.
    """

    def __init__(self, source: Path) -> None:
        self.paths = index_paths(source)
        self._legacy = [source.with_name(f"{source.stem}-{name}") for name in LEGACY]
        self._verified: dict[Path, tuple[list[int], str]] = {}
        self._rows: tuple[list[int], int, IndexRows] | None = None

    # --- reading -------------------------------------------------------------------------

    def load_meta(self) -> IndexMeta | None:
        """The meta, or ``None`` when there is no meta file.

        Raises:
            LearningsIndexError: the meta is not valid JSON, misses a field, or is of another
                format (the format-1 meta kept every line's hash: rebuilt once).
        """
        path = self.paths["meta"]
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return IndexMeta.from_dict(data)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise LearningsIndexError(f"{path}: unreadable meta ({exc})") from exc

    def _row_size(self, meta: IndexMeta, role: str = "text") -> int:
        return KEY_ROW_BYTES if role == "keys" else meta.dimensions * 4

    def _roles(self, meta: IndexMeta) -> tuple[str, ...]:
        """The files ``meta`` records (a meta written before the keys file has none: the
        maintainer then rebuilds once, reusing every vector)."""
        return tuple(r for r in ROLES if r != "keys" or "keys" in meta.files)

    def _problem(self, meta: IndexMeta, role: str) -> str | None:
        info = meta.files.get(role)
        path = self.paths[role]
        if info is None:
            return f"the meta records no {role} file"
        try:
            st = path.stat()
        except FileNotFoundError:
            return f"{path.name} is missing"
        size = int(info.get("bytes", -1))
        if st.st_size < size:
            return f"{path.name} is shorter than the one the meta records"
        if st.st_size > size:
            return (f"{path.name} has {st.st_size - size} bytes past the end the meta records "
                    "(an append cut short; ensure-index cuts them off)")
        sig = _signature(st)
        if sig == info.get("stat") or self._verified.get(path) == (sig, info.get("chain")):
            return None
        if self._chain_of(meta, role, size) != info.get("chain"):
            return f"{path.name} differs from the one the meta records"
        self._verified[path] = (sig, str(info.get("chain")))
        return None

    def _chain_of(self, meta: IndexMeta, role: str, size: int) -> str:
        """The chain over the first ``size`` bytes of the file (read whole: the slow check)."""
        with self.paths[role].open("rb") as f:
            data = f.read(size)
        rows = (_row_bytes(data, self._row_size(meta, role)) if role in ROW_ROLES
                else _line_bytes(data))
        return chain(CHAIN_START, rows).hex()

    def check(self, meta: IndexMeta) -> str | None:
        """``None`` when the files are those the meta records, else why (module docstring)."""
        roles = self._roles(meta)
        for role in roles:
            if role in ROW_ROLES and (meta.files.get(role, {}).get("bytes")
                                      != meta.count * self._row_size(meta, role)):
                return f"the meta records {meta.count} rows and a {role} file of another size"
        for role in roles:
            problem = self._problem(meta, role)
            if problem is not None:
                return problem
        return None

    def _read_rows(self, meta: IndexMeta) -> IndexRows:
        path = self.paths["lines"]
        sig = _signature(path.stat())
        if self._rows is not None and self._rows[0] == sig and self._rows[1] == meta.line_count:
            return self._rows[2]
        try:
            with path.open("rb") as f:
                rows = parse_lines(f.read(int(meta.files["lines"]["bytes"])))
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            raise LearningsIndexError(f"{path}: unreadable ({exc})") from exc
        if len(rows.line_hashes) != meta.line_count or len(rows.ids) != meta.count:
            raise LearningsIndexError(
                f"{path.name} holds {len(rows.line_hashes)} lines / {len(rows.ids)} entries, "
                f"the meta says {meta.line_count} / {meta.count}")
        self._rows = (sig, meta.line_count, rows)
        return rows

    def load(self, meta: IndexMeta) -> StoredIndex:
        """Both views as read-only memory maps, the vector index over the text rows (numpy
        flat: decision 0020), the language axis and the lines.

        Raises:
            LearningsIndexError: a file is missing, differs, or has the wrong shape.
        """
        problem = self.check(meta)
        if problem is not None:
            raise LearningsIndexError(problem)
        d = meta.dimensions
        try:
            axis = np.asarray(meta.files["story"]["language_axis"],
                              dtype=np.float32).reshape(1, d)
        except (KeyError, TypeError, ValueError) as exc:
            raise LearningsIndexError(f"the meta records no usable language axis ({exc})") from exc
        text, story = (self._map(role, meta) for role in VIEW_ROLES)
        return StoredIndex(text, NumpyFlatIndex(text), {"story": story, "language_axis": axis},
                           self._read_rows(meta))

    def text_rows(self, meta: IndexMeta) -> Matrix:
        """The text rows ``(count, d)`` float32 (memory map), the files checked, the lines not
        read.

        Raises:
            LearningsIndexError: the files are not those the meta records.
        """
        problem = self.check(meta)
        if problem is not None:
            raise LearningsIndexError(problem)
        return self._map("text", meta)

    def keys(self, meta: IndexMeta) -> KeyRows | None:
        """``(count, 3)`` uint64 (memory map): :data:`~grace.learnings.domain.ports.KeyRows`;
        ``None`` when the meta records no keys file (an index written before it). Call
        :meth:`check` first."""
        if "keys" not in meta.files:
            return None
        if not meta.count:
            return np.zeros((0, KEY_COLUMNS), dtype=np.uint64)
        return np.asarray(np.memmap(self.paths["keys"], dtype="<u8", mode="r",
                                    shape=(meta.count, KEY_COLUMNS)))

    def _map(self, role: str, meta: IndexMeta) -> Matrix:
        """``(count, d)`` float32, read-only, memory-mapped (the page cache holds it: several
        processes share one copy)."""
        if not meta.count:
            return np.zeros((0, meta.dimensions), dtype=np.float32)
        return np.asarray(np.memmap(self.paths[role], dtype=np.float32, mode="r",
                                    shape=(meta.count, meta.dimensions)))

    def existing_ids(self, meta: IndexMeta, ids: Sequence[str]) -> frozenset[str]:
        """Those of ``ids`` that an indexed line holds: one search of the memory-mapped lines
        file per id (`` <id>\n``: no hash holds a space), nothing parsed."""
        size = int(meta.files["lines"]["bytes"])
        if not ids or not size:
            return frozenset()
        with self.paths["lines"].open("rb") as f, mmap.mmap(f.fileno(), size,
                                                             access=mmap.ACCESS_READ) as data:
            return frozenset(i for i in ids if data.find(f" {i}\n".encode()) >= 0)

    # --- writing -------------------------------------------------------------------------

    def _record(self, role: str, chain_hex: str, **extra: Any) -> dict[str, Any]:
        path = self.paths[role]
        st = path.stat()
        return {"name": path.name, "bytes": st.st_size, "chain": chain_hex,
                "stat": _signature(st), **extra}

    def write_meta(self, meta: IndexMeta) -> None:
        """Rewrite the meta alone (the source's signature recorded; the files unchanged)."""
        self._write_meta(meta, sync_folder=False)

    def _write_meta(self, meta: IndexMeta, *, sync_folder: bool = True) -> None:
        text = json.dumps(meta.to_dict(), ensure_ascii=False, indent=1)
        write_atomic(self.paths["meta"], text.encode("utf-8"), sync_folder=sync_folder)

    def save(
        self, vectors: Matrix, meta: IndexMeta, *, views: Mapping[str, Matrix], rows: IndexRows,
        keys: KeyRows,
    ) -> IndexMeta:
        """Replace the files and the meta (a rebuild); return the meta written."""
        self.paths["meta"].parent.mkdir(parents=True, exist_ok=True)
        files: dict[str, dict[str, Any]] = {}
        payloads = (("text", np.ascontiguousarray(vectors, dtype=np.float32)),
                    ("story", np.ascontiguousarray(views["story"], dtype=np.float32)),
                    ("keys", _key_array(keys)))
        for role, array in payloads:
            payload = array.tobytes()
            c = chain(CHAIN_START, _row_bytes(payload, self._row_size(meta, role))).hex()
            write_atomic(self.paths[role], payload)
            del payload
            self.after_write(role)
            files[role] = self._record(role, c)
        text = lines_text(rows)
        write_atomic(self.paths["lines"], text)
        self.after_write("lines")
        files["lines"] = self._record("lines", chain(CHAIN_START, _line_bytes(text)).hex())
        axis = np.asarray(views["language_axis"], dtype=np.float32).reshape(-1)
        files["story"]["language_axis"] = [float(x) for x in axis]
        final = replace(meta, files=files)
        self._write_meta(final)
        for old in self._legacy:
            old.unlink(missing_ok=True)
        return final

    def append(
        self, old: IndexMeta, vectors: Matrix, meta: IndexMeta, *,
        views: Mapping[str, Matrix], rows: IndexRows, keys: KeyRows,
    ) -> IndexMeta:
        """Add rows at the end of the three files, then write ``meta`` (O(new rows) + one
        meta).

        Raises:
            LearningsIndexError: the files are not those ``old`` records.
        """
        problem = self.check(old)
        if problem is not None:
            raise LearningsIndexError(f"cannot append: {problem}")
        if "keys" not in old.files:
            raise LearningsIndexError("cannot append: the index has no keys file (rebuild)")
        payloads = {"text": np.ascontiguousarray(vectors, dtype=np.float32).tobytes(),
                    "story": np.ascontiguousarray(views["story"], dtype=np.float32).tobytes(),
                    "keys": _key_array(keys).tobytes(),
                    "lines": lines_text(rows)}
        fds: list[int] = []
        try:
            for role in ROLES:
                fds.append(os.open(self.paths[role], os.O_WRONLY | os.O_APPEND))
                os.write(fds[-1], payloads[role])
                self.after_write(f"{role}-append")
            # The three fsyncs at once: one journal commit instead of three in a row (≈ 7 ms
            # each here); all done before the meta names the new rows.
            with ThreadPoolExecutor(len(fds)) as pool:
                list(pool.map(os.fsync, fds))
        finally:
            for fd in fds:
                os.close(fd)
        files: dict[str, dict[str, Any]] = {}
        for role in ROLES:
            start = bytes.fromhex(old.files[role]["chain"])
            rows_of = (_row_bytes(payloads[role], self._row_size(meta, role))
                       if role in ROW_ROLES else _line_bytes(payloads[role]))
            files[role] = self._record(role, chain(start, rows_of).hex())
        files["story"]["language_axis"] = old.files["story"]["language_axis"]
        final = replace(meta, files=files)
        # No fsync of the folder: if a power cut loses this rename, the previous meta is back,
        # the files are longer than it records, and the next update cuts them off and redoes
        # the append (``repair``) — the index is never wrong, only an append is redone.
        self._write_meta(final, sync_folder=False)
        return final

    def repair(self, meta: IndexMeta) -> bool:
        """Cut off bytes an interrupted append left past the recorded end, once the recorded
        part of each file verifies (chain), and record the files anew; ``True`` when done.
        Files shorter than recorded or whose recorded part differs are left alone (``False``:
        they need a rebuild)."""
        try:
            roles = self._roles(meta)
            for role in roles:
                info, path = meta.files[role], self.paths[role]
                if not path.is_file() or path.stat().st_size < int(info["bytes"]):
                    return False
                if self._chain_of(meta, role, int(info["bytes"])) != info["chain"]:
                    return False
        except (KeyError, TypeError, ValueError, OSError):
            return False  # a meta or file this store did not write: rebuild
        for role in roles:
            size = int(meta.files[role]["bytes"])
            with self.paths[role].open("rb+") as f:
                f.truncate(size)
                os.fsync(f.fileno())
        files = {role: {**meta.files[role], **self._record(role, meta.files[role]["chain"])}
                 for role in roles}
        self._write_meta(replace(meta, files=files))
        return True

    def after_write(self, role: str) -> None:
        """Called once a file is in place and before the meta is written: with ``"text"``,
        ``"story"``, ``"keys"`` then ``"lines"`` in a rebuild, ``"text-append"``,
        ``"story-append"``, ``"keys-append"`` then ``"lines-append"`` in an append. Does
        nothing here; the crash tests stop the process at this point
        (``tests/learnings_crash.py``)."""

