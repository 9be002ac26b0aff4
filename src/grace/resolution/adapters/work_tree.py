"""The files in play on the local disk: do they exist, do they stay inside the repository.

A file in play is only a name matched against globs and mapped to a language; it is never
opened. But a name inside the repository may be a symbolic link (or under a linked folder) to a
file elsewhere, and a name an agent gives may not exist yet (the file it is about to create).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from grace.resolution.adapters.project_stack import detect_stack
from grace.resolution.domain.ports import FileState

MAX_PACKAGE_FILES: Final = 50
"""Files in play whose package is looked for (the first ones; a ``--changed`` list may hold
1 000)."""
MAX_PACKAGE_FOLDERS: Final = 200
"""Folders read for manifests per request, at most."""


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

    def package_stack(self, root: str, paths: Sequence[str]) -> tuple[str, ...]:
        """See the port. Each folder from the file's up to ``root`` (excluded) is read with
        :func:`~grace.resolution.adapters.project_stack.detect_stack` (the manifests ``grace
        init`` reads), the first that declares dependencies is the file's package; a folder
        that resolves outside ``root`` (a symbolic link) is never read. At most
        :data:`MAX_PACKAGE_FILES` files and :data:`MAX_PACKAGE_FOLDERS` folders; never an
        error (an unreadable manifest declares nothing).

        ``apps/admin/src/useFilters.ts`` under a repository whose ``apps/admin/package.json``
        depends on ``vue`` and ``pinia`` -> ``("vue", "pinia")``.
        """
        try:
            base = Path(root).resolve()
        except (OSError, RuntimeError):
            return ()
        found: dict[str, None] = {}
        read: dict[str, list[str]] = {}
        for path in paths[:MAX_PACKAGE_FILES]:
            parts = path.split("/")[:-1]
            for depth in range(len(parts), 0, -1):
                folder = "/".join(parts[:depth])
                if folder not in read:
                    if len(read) >= MAX_PACKAGE_FOLDERS:
                        return tuple(found)
                    read[folder] = self._declared(base, folder)
                if read[folder]:
                    found.update(dict.fromkeys(read[folder]))
                    break
        return tuple(found)

    @staticmethod
    def _declared(base: Path, folder: str) -> list[str]:
        try:
            real = (base / folder).resolve()
            if not real.is_relative_to(base) or not real.is_dir():
                return []
        except (OSError, RuntimeError):
            return []
        return detect_stack(real)
