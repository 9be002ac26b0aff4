"""``JsonlLearningsFile``: the append-only ``learnings.jsonl`` with a cross-process lock."""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Final

from filelock import FileLock

from grace.errors import LearningsFileError

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

    def append(self, lines: Sequence[str]) -> None:
        """Append complete lines durably (one ``write``, then ``fsync``); hold :meth:`lock`.

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
                size = os.fstat(fd).st_size
                if size:
                    with self._path.open("rb") as f:
                        f.seek(size - 1)
                        if f.read(1) != b"\n":
                            payload = b"\n" + payload
                os.write(fd, payload)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            raise LearningsFileError(f"{self._path}: cannot append ({exc.strerror})") from exc
