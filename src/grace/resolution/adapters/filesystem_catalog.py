"""A catalog stored as a folder of talent folders (docs/catalog-format.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import yaml

from grace.errors import (
    CatalogError,
    CatalogLinkError,
    DuplicateTalentError,
    GraceError,
    ManifestError,
    UnknownTalentError,
)
from grace.resolution.domain.talent import DEPTHS, Depth, Talent, check_talent_id

MANIFEST = "talent.yaml"
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML was built with it (several times faster), else Python's."""
MAX_FILE_BYTES = 2_000_000
"""Largest manifest or body read (2 MB): a bigger file is reported, not loaded."""


def read_text(path: Path) -> str:
    """Read a UTF-8 file of at most :data:`MAX_FILE_BYTES`.

    Raises:
        CatalogError: the file is too large or not UTF-8.
    """
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise CatalogError(f"{path}: {size} bytes, larger than the {MAX_FILE_BYTES} bytes allowed")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{path}: not valid UTF-8 ({exc.reason} at byte {exc.start})") from exc


def load_yaml(path: Path) -> object:
    """Parse a YAML file safely.

    Raises:
        ManifestError: the YAML does not parse (with its line number).
    """
    text = read_text(path)
    try:
        return yaml.load(text, Loader=_SAFE_LOADER)  # noqa: S506 - a SafeLoader subclass: plain data only
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "(yaml)"
        problem = getattr(exc, "problem", None) or str(exc)
        raise ManifestError(str(path), where, f"invalid YAML: {problem}") from exc


def check_inside(path: Path, root: Path) -> Path:
    """``path``, once checked that it resolves (symbolic links followed) under ``root``.

    Args:
        path: a file of the catalog (it may not exist: a missing file is the caller's case).
        root: the catalog root, already resolved.

    Raises:
        CatalogLinkError: ``path`` resolves outside ``root`` (issue 14: a ``compact.md`` linked
            to a file elsewhere on the machine was served by ``grace get`` and ``resolve``).
    """
    real = path.resolve()
    if not real.is_relative_to(root):
        raise CatalogLinkError(
            str(path),
            f"symbolic link to {real}, outside the catalog root {root}: refused "
            "(copy the file into the catalog)",
        )
    return path


def load_talent(folder: Path, *, root: Path | None = None) -> Talent:
    """Load one talent folder: ``talent.yaml`` plus ``compact.md`` [``standard.md``, ``full.md``].

    Args:
        folder: the talent folder.
        root: the catalog root (resolved) every file must resolve under; default ``folder``.

    Raises:
        ManifestError: invalid manifest, folder name different from the id, missing compact body.
        CatalogLinkError: a file of the talent resolves outside ``root``.
    """
    from grace.resolution.adapters.manifest_schema import parse_manifest

    root = root or folder.resolve()
    manifest_path = check_inside(folder / MANIFEST, root)
    schema = parse_manifest(load_yaml(manifest_path), path=str(manifest_path))
    bodies: dict[Depth, str] = {}
    previous: str | None = None
    for depth in DEPTHS:
        path = check_inside(folder / f"{depth}.md", root)
        if path.is_file():
            previous = read_text(path).strip()
            if not previous:
                raise ManifestError(str(path), depth, f"{depth}.md is empty")
        elif previous is None:
            raise ManifestError(
                str(folder), depth, f"missing {depth}.md (the compact body is required)"
            )
        bodies[depth] = previous
    return schema.to_talent(bodies, source=str(folder))


MAX_DEPTH = 4
"""Talent folders are looked for at most this many levels below the catalog root."""


def talent_folders(root: Path) -> tuple[list[Path], list[Path]]:
    """Folders under ``root`` (at most :data:`MAX_DEPTH` levels) holding a ``talent.yaml``.

    Hidden folders and folders starting with ``_`` are skipped; symbolic links to folders are
    not followed, so no folder outside ``root`` is walked.

    Returns:
        ``(talent folders, links to folders met on the way)``, each sorted by path.
    """
    found: list[Path] = []
    links: list[Path] = []
    stack = [(root, 0)]
    while stack:
        folder, level = stack.pop()
        if (folder / MANIFEST).is_file() and folder != root:
            found.append(folder)
            continue
        if level >= MAX_DEPTH:
            continue
        for child in folder.iterdir():
            if child.name.startswith((".", "_")) or not child.is_dir():
                continue
            if child.is_symlink():
                links.append(child)
            else:
                stack.append((child, level + 1))
    return sorted(found), sorted(links)


class FilesystemCatalog:
    """:class:`~grace.resolution.domain.ports.CatalogReader` over a folder of talent folders.

    The folder is read once, at construction. Invalid talents are kept aside in
    :meth:`problems` (path, reason) so that one bad manifest never hides the others; a duplicate
    id is an error unless ``strict`` is false, in which case it is a problem too.

    Raises:
        CatalogError: the folder does not exist; with ``strict``, any invalid manifest or a
            duplicate id.
    """

    def __init__(self, root: Path, *, strict: bool = False) -> None:
        self.root = root.resolve()
        if not self.root.is_dir():
            raise CatalogError(f"catalog folder not found: {root}")
        self._talents: dict[str, Talent] = {}
        self._sorted: tuple[Talent, ...] | None = None
        self._problems: list[tuple[str, str]] = []
        folders, links = talent_folders(self.root)
        for link in links:
            refused = CatalogLinkError(
                str(link), f"symbolic link to the folder {link.resolve()}: not followed "
                "(a talent folder must be a real folder inside the catalog root)"
            )
            if strict:
                raise refused
            self._problems.append((refused.path, str(refused)))
        for folder in folders:
            try:
                talent = load_talent(folder, root=self.root)
            except (GraceError, OSError) as exc:
                if strict:
                    raise
                path = exc.path if isinstance(exc, CatalogLinkError) else folder / MANIFEST
                self._problems.append((str(path), str(exc)))
                continue
            if talent.id in self._talents:
                message = (
                    f"duplicate talent id {talent.id!r}: {self._talents[talent.id].source} "
                    f"and {folder}"
                )
                if strict:
                    raise DuplicateTalentError(message)
                self._problems.append((str(folder / MANIFEST), message))
                continue
            self._talents[talent.id] = talent

    def talents(self) -> Sequence[Talent]:
        # one tuple for the catalog's life (read once, never changed): a resolve recognises the
        # same catalog state by identity (PreparedCatalog.holds)
        if self._sorted is None:
            self._sorted = tuple(self._talents[k] for k in sorted(self._talents))
        return self._sorted

    def get(self, talent_id: str) -> Talent | None:
        return self._talents.get(talent_id)

    def problems(self) -> Sequence[tuple[str, str]]:
        return list(self._problems)


class FilesystemTalentContent:
    """:class:`~grace.resolution.domain.ports.TalentContentSource` over a catalog folder: the
    ``compact.md``/``standard.md``/``full.md`` of each talent folder, as
    :class:`FilesystemCatalog` read them (inside the root, links checked)."""

    def __init__(self, catalog: FilesystemCatalog) -> None:
        self._catalog = catalog

    def bodies(self, talent_id: str) -> Mapping[Depth, str]:
        check_talent_id(talent_id)
        talent = self._catalog.get(talent_id)
        if talent is None:
            raise UnknownTalentError(f"no talent {talent_id!r} in {self._catalog.root}")
        return dict(talent.bodies)
