"""The files in play on the local disk: do they exist, do they stay inside the repository.

A file in play is only a name matched against globs and mapped to a language; it is never
opened. But a name inside the repository may be a symbolic link (or under a linked folder) to a
file elsewhere, and a name an agent gives may not exist yet (the file it is about to create).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from itertools import islice, zip_longest
from pathlib import Path
from typing import Final

from grace.resolution.adapters.file_imports import (
    MAX_IMPORT_BYTES,
    imported_packages,
    reads_imports,
)
from grace.resolution.adapters.project_stack import SKIPPED_FOLDERS, detect_dependencies
from grace.resolution.domain.ports import FileImports, FileState, PackageStack

MAX_NEAR_ENTRIES: Final = 5_000
"""Entries of a missing file's folder read to suggest the file meant (a generated folder may
hold many more; the first ones are enough to catch a typo among hand-written files)."""
NEAR_CUTOFF: Final = 0.8
"""How close a name must be to suggest it (:func:`difflib.get_close_matches`' ratio):
``invoice.service.ts`` / ``invoices.service.ts`` 0.97, ``user.ts`` / ``users.ts`` 0.93; a file
to create beside its siblings is no typo: ``customers.controller.ts`` /
``invoices.controller.ts`` 0.76, ``main.py`` / ``models.py`` 0.50 (no suggestion)."""
MAX_PACKAGE_FOLDERS: Final = 200
"""Folders read for manifests per request, at most (a folder is read once, whatever the number
of files in it: 1 000 generated files in one folder cost one read)."""
MAX_PACKAGE_DEPENDENCIES: Final = 2_000
"""Dependencies kept per package (``grace init`` keeps 60 for ``grace.yaml``; a package with
80 dependencies would lose its last ones, which name its rules as much as the first)."""
MAX_IMPORT_FILES: Final = 16
"""Files in play read for their import lines per request, at most (the first ones: a task's
files are few; a thousand generated ones say no more)."""
MAX_PACKAGE_MANIFEST_BYTES: Final = 256_000
"""A package manifest larger than this is skipped (a resolve reads them on every request; the
largest real ``package.json`` files hold a few hundred dependencies, well under 100 KB)."""


class LocalWorkTree:
    """:class:`~grace.resolution.domain.ports.WorkTree` over the local file system."""

    def locate(self, root: str, path: str) -> FileState:
        """``outside`` when ``root/path`` resolves (every symbolic link on the way followed,
        including one that dangles or whose target does not exist yet) outside ``root``
        resolved; else ``folder``, ``present`` or ``missing``. A link loop or an unreadable
        folder counts as ``missing`` (the name is still usable; nothing is read through it)."""
        try:
            base = Path(root).resolve()
            real = (Path(root) / path).resolve()
        except (OSError, RuntimeError):
            return "missing"
        if not real.is_relative_to(base):
            return "outside"
        try:
            if real.is_dir():
                return "folder"
            return "present" if real.exists() else "missing"
        except OSError:
            return "missing"

    def near(self, root: str, path: str) -> tuple[str, ...]:
        """See the port: the names of the file's folder (at most :data:`MAX_NEAR_ENTRIES`
        read; a folder that resolves outside ``root`` is never listed) within
        :data:`NEAR_CUTOFF` of its name (:func:`difflib.get_close_matches`), at most three.
        When the folder itself does not exist, its path is corrected first, one missing part
        at a time, the same way (``src/Clinic.Api/Controlers/X.cs`` ->
        ``src/Clinic.Api/Controllers/X.cs``, if that file exists)."""
        try:
            base = Path(root).resolve()
        except (OSError, RuntimeError):
            return ()
        *folders, name = path.split("/")
        found: list[str] = []
        for part in folders:  # walk down, correcting a folder that does not exist
            names = self._names(base, found, folders=True)
            if part not in names:
                close = difflib.get_close_matches(part, names, n=1, cutoff=NEAR_CUTOFF)
                if not close:
                    return ()
                part = close[0]
            found.append(part)
        names = self._names(base, found, folders=False)
        close = [name] if name in names and found != folders else difflib.get_close_matches(
            name, names, n=3, cutoff=NEAR_CUTOFF)
        return tuple("/".join([*found, c]) for c in close)

    @staticmethod
    def _names(base: Path, parts: list[str], *, folders: bool) -> list[str]:
        """The sorted names of the folders (or files) in ``base/parts``; none when it resolves
        outside ``base`` or cannot be read."""
        try:
            real = base.joinpath(*parts).resolve()
            if not real.is_relative_to(base) or not real.is_dir():
                return []
            return sorted(entry.name for entry in islice(real.iterdir(), MAX_NEAR_ENTRIES)
                          if (entry.is_dir() if folders else entry.is_file()))
        except (OSError, RuntimeError):
            return []

    def files_in(self, root: str, folder: str, limit: int) -> tuple[str, ...]:
        """See the port: a breadth-first walk of ``folder`` in name order (a folder's files
        before its sub-folders'), hidden entries and :data:`~grace.resolution.adapters.
        project_stack.SKIPPED_FOLDERS` left out, symbolic links followed only where they stay
        inside ``root``; at most :data:`MAX_NEAR_ENTRIES` entries read per folder."""
        try:
            base = Path(root).resolve()
        except (OSError, RuntimeError):
            return ()
        found: list[str] = []
        queue = [folder]
        while queue and len(found) < limit:
            current = queue.pop(0)
            try:
                real = (base / current).resolve()
                if not real.is_relative_to(base) or not real.is_dir():
                    continue
                entries = sorted(islice(real.iterdir(), MAX_NEAR_ENTRIES), key=lambda e: e.name)
            except (OSError, RuntimeError):
                continue
            subfolders = []
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                try:
                    inside = entry.resolve().is_relative_to(base)
                    if inside and entry.is_dir():
                        if entry.name not in SKIPPED_FOLDERS:
                            subfolders.append(f"{current}/{entry.name}")
                    elif inside and entry.is_file() and len(found) < limit:
                        found.append(f"{current}/{entry.name}")
                except (OSError, RuntimeError):
                    continue
            queue.extend(subfolders)
        return tuple(found)

    def imports(self, root: str, paths: Sequence[str]) -> FileImports:
        """See the port: the first :data:`MAX_IMPORT_FILES` files in play whose language's
        import lines are read (:func:`~grace.resolution.adapters.file_imports.reads_imports`),
        each that resolves to a file inside ``root`` read up to :data:`~grace.resolution.
        adapters.file_imports.MAX_IMPORT_BYTES` (UTF-8, errors replaced)."""
        try:
            base = Path(root).resolve()
        except (OSError, RuntimeError):
            return FileImports()
        found: dict[str, None] = {}
        read = 0
        for path in [p for p in paths if reads_imports(p)][:MAX_IMPORT_FILES]:
            try:
                real = (base / path).resolve()
                if not real.is_relative_to(base) or not real.is_file():
                    continue
                with real.open("rb") as handle:
                    text = handle.read(MAX_IMPORT_BYTES).decode("utf-8", errors="replace")
            except (OSError, RuntimeError):
                continue
            read += 1
            found.update(dict.fromkeys(imported_packages(path, text)))
        return FileImports(tuple(found), read)

    def package_stack(self, root: str, paths: Sequence[str]) -> PackageStack:
        """See the port. Each folder from the file's up to ``root`` (included) is read with
        :func:`~grace.resolution.adapters.project_stack.detect_dependencies` (the manifests ``grace
        init`` reads), the first that declares dependencies is the file's package; a folder
        that resolves outside ``root`` (a symbolic link) is never read. At most
        :data:`MAX_PACKAGE_FOLDERS` folders read, each once; never an error (an unreadable,
        malformed or oversized manifest declares nothing).

        ``apps/admin/src/useFilters.ts`` under a repository whose ``apps/admin/package.json``
        depends on ``vue`` and ``pinia`` -> dependencies ``("vue", "pinia")``. The files are
        taken one per area in turn (:func:`_interleaved`).
        """
        try:
            base = Path(root).resolve()
        except (OSError, RuntimeError):
            return PackageStack()
        found: dict[str, None] = {}
        read: dict[str, list[str]] = {}
        skipped: list[str] = []
        for path in _interleaved(paths):
            parts = path.split("/")[:-1]
            for depth in range(len(parts), -1, -1):  # the root's manifest last
                folder = "/".join(parts[:depth])
                if folder not in read:
                    if len(read) >= MAX_PACKAGE_FOLDERS:
                        return PackageStack(tuple(found), tuple(skipped))
                    read[folder] = self._declared(base, folder, skipped)
                if read[folder]:
                    found.update(dict.fromkeys(read[folder]))
                    break
        return PackageStack(tuple(found), tuple(skipped))

    @staticmethod
    def _declared(base: Path, folder: str, skipped: list[str]) -> list[str]:
        try:
            real = (base / folder).resolve()
            if not real.is_relative_to(base) or not real.is_dir():
                return []
        except (OSError, RuntimeError):
            return []
        unused: list[str] = []
        names = detect_dependencies(real, limit=MAX_PACKAGE_DEPENDENCIES,
                                    max_bytes=MAX_PACKAGE_MANIFEST_BYTES, skipped=unused)
        skipped += [f"{folder}/{line}" if folder else line for line in unused]
        return names


def _interleaved(paths: Sequence[str]) -> list[str]:
    """``paths`` one per area (the first two folders: ``apps/admin``, ``services/shop``) in
    turn, so that a thousand generated files of one area do not spend the folder budget before
    the one file of another area is looked at."""
    areas: dict[str, list[str]] = {}
    for path in paths:
        areas.setdefault("/".join(path.split("/")[:2]), []).append(path)
    return [p for batch in zip_longest(*areas.values()) for p in batch if p is not None]
