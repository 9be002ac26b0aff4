"""The files in play on the local disk: do they exist, do they stay inside the repository.

A file in play is only a name matched against globs and mapped to a language; it is never
opened. But a name inside the repository may be a symbolic link (or under a linked folder) to a
file elsewhere, and a name an agent gives may not exist yet (the file it is about to create).
"""

from __future__ import annotations

from pathlib import Path

from grace.resolution.domain.ports import FileState


class LocalWorkTree:
    """:class:`~grace.resolution.domain.ports.WorkTree` over the local file system."""

    def locate(self, root: str, path: str) -> FileState:
        """``outside`` when ``root/path`` resolves (every symbolic link on the way followed,
        including one that dangles or whose target does not exist yet) outside ``root``
        resolved; else ``present`` or ``missing``. A link loop or an unreadable folder counts
        as ``missing`` (the name is still usable; nothing is read through it)."""
        try:
            base = Path(root).resolve()
            real = (Path(root) / path).resolve()
        except (OSError, RuntimeError):
            return "missing"
        if not real.is_relative_to(base):
            return "outside"
        try:
            return "present" if real.exists() else "missing"
        except OSError:
            return "missing"
