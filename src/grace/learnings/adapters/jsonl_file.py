"""``JsonlLearningsFile``: the append-only ``learnings.jsonl`` with a cross-process lock."""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Final

from filelock import FileLock

from grace.errors import LearningsFileError
from grace.learnings.domain.ports import AppendReceipt

LOCK_TIMEOUT_S: Final = 600.0
"""Longest wait for the lock (seconds): a rebuild of 10 000 entries with e5 takes minutes."""


class JsonlLearningsFile:
    """The source of truth, appended to with ``O_APPEND`` + ``fsync`` under ``<file>.lock``.

    The lock (``filelock``, an OS lock released if the holder dies) serialises every writer and
    every index update across processes. A file that does not end with a newline (a hand edit,
    a write cut short) gets one before the next line, so no line is glued to another.
    """

    def __init__(self, path: Path, *, timeout: float = LOCK_TIMEOUT_S) -> None:
        self._path = path
        self._lock = FileLock(str(path) + ".lock", timeout=timeout)

    @property
    def path(self) -> Path:
        return self._path

    def lock(self) -> AbstractContextManager[object]:
        """Re-entrant in one process; waits for other processes (``LOCK_TIMEOUT_S``)."""
        return self._lock

    def read_bytes(self) -> bytes:
        """Whole content; ``b""`` when the file does not exist.

        Raises:
            LearningsFileError: it exists but cannot be read (a folder, permissions).
        """
        try:
            return self._path.read_bytes()
        except FileNotFoundError:
            return b""
        except OSError as exc:
            raise LearningsFileError(f"{self._path}: cannot read ({exc.strerror})") from exc

    def exists(self) -> bool:
        """Whether the file exists (nothing is created)."""
        return self._path.exists()

    def read_line(self, offset: int) -> bytes:
        """The physical line starting at byte ``offset``, without its newline.

        Raises:
            LearningsFileError: the file cannot be read.
        """
        try:
            with self._path.open("rb") as f:
                f.seek(offset)
                return f.readline().removesuffix(b"\n")
        except OSError as exc:
            raise LearningsFileError(f"{self._path}: cannot read ({exc.strerror})") from exc

    def signature(self) -> list[int] | None:
        """``[device, inode, size, mtime_ns, ctime_ns]``, or ``None`` when there is no file."""
        try:
            return _signature(self._path.stat())
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise LearningsFileError(f"{self._path}: cannot stat ({exc.strerror})") from exc

    def append(self, lines: Sequence[str]) -> AppendReceipt:
        """Append complete lines durably (one ``write``, then ``fsync``); hold :meth:`lock`.
        Returns the stat signature of the file just before and just after, and the bytes
        written (decision 0020: an index update then reads only those).

        Raises:
            LearningsFileError: the file cannot be written.
        """
        if any("\n" in line or "\r" in line for line in lines):
            raise LearningsFileError("a learning line cannot contain a raw newline")
        payload = "".join(line + "\n" for line in lines).encode("utf-8")
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self._path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                before = os.fstat(fd)
                size = before.st_size
                if size:
                    with self._path.open("rb") as f:
                        f.seek(size - 1)
                        if f.read(1) != b"\n":
                            payload = b"\n" + payload
                written = os.write(fd, payload)
                os.fsync(fd)
                after = os.fstat(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            raise LearningsFileError(f"{self._path}: cannot append ({exc.strerror})") from exc
        if written != len(payload):
            raise LearningsFileError(f"{self._path}: short write ({written} of {len(payload)})")
        return AppendReceipt(_signature(before), _signature(after), payload)


def _signature(st: os.stat_result) -> list[int]:
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]
