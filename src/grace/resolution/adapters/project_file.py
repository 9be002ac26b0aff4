"""The project file ``grace.yaml`` (docs/catalog-format.md): find, read, write."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import yaml

from grace.errors import GraceError, ProjectError
from grace.resolution.adapters.examples import bundled_catalog
from grace.resolution.adapters.filesystem_catalog import load_yaml
from grace.resolution.adapters.manifest_schema import parse_project
from grace.resolution.adapters.repository_catalog import EXAMPLE_CATALOG, REPOSITORY_CATALOG
from grace.resolution.domain.languages import language_of_file
from grace.resolution.domain.talent import PROJECT_FILE, Project

__all__ = [
    "PROJECT_FILE", "ProjectFile", "client_folder", "client_project_file", "detect_languages",
    "find_project_file", "load_project_file", "locate_project_file", "project_catalog",
    "write_project_file",
]


@dataclass(frozen=True, slots=True)
class ProjectFile:
    """A loaded project file: the project and its catalog folder (:func:`project_catalog`:
    the folder ``catalog:`` names, the bundled example for ``grace:example``, else the
    repository's ``.grace/catalog``; ``None``: none of them).

    ``platform`` is the PostgreSQL URL of ``catalog: postgresql://…`` (decision
    0015-platform-catalog): the catalog and the project's enabled talents are then the platform
    database's, for the project of the file's ``name``.
    """

    project: Project
    catalog: Path | None
    path: Path
    platform: str | None = None
    relevance: str | None = None
    """The file's ``relevance:`` (``off`` / ``embeddings``), ``None`` when it has none."""


def find_project_file(start: Path) -> Path | None:
    """The nearest ``grace.yaml`` in ``start`` or one of its parents, or ``None``."""
    start = start.resolve()
    for folder in (start, *start.parents):
        candidate = folder / PROJECT_FILE
        if candidate.is_file():
            return candidate
    return None


def locate_project_file(chosen: Path | None, *, cwd: Path) -> Path:
    """The project file to use: ``chosen`` (``--project``, else ``GRACE_PROJECT``) when given,
    else the nearest ``grace.yaml`` from ``cwd`` upwards.

    Raises:
        ProjectError: none found (the message says how to get one).
    """
    if chosen is not None:
        return chosen
    found = find_project_file(cwd)
    if found is None:
        raise ProjectError(
            "no grace.yaml here or in a parent folder: run `grace init`, pass --project PATH, "
            "or try the bundled example with --example"
        )
    return found


NO_PROJECT_HELP: Final = (
    "pass `project` (the path of a repository with a grace.yaml), open that repository as a "
    "workspace root of your MCP client, or start `grace mcp` inside it; `grace init` writes a "
    "grace.yaml"
)


def _within(path: Path, roots: Sequence[Path]) -> bool:
    return not roots or any(path.is_relative_to(r) for r in roots)


def client_folder(argument: str | None, *, roots: Sequence[Path], cwd: Path) -> Path:
    """The folder a client's call is about: its ``project`` argument (absolute, or relative to
    the first root, else to ``cwd``), else the first root, else ``cwd``; resolved (``..`` and
    symbolic links) before any check.

    Raises:
        ProjectError: not an existing folder, or outside every root the client declared (MCP
            roots are the client's boundary for the server).
    """
    resolved = [r.resolve() for r in roots]
    if argument is None:
        return resolved[0] if resolved else cwd.resolve()
    base = resolved[0] if resolved else cwd
    folder = (base / Path(argument).expanduser()).resolve()
    if folder.is_file() and folder.name == PROJECT_FILE:
        folder = folder.parent
    if not folder.is_dir():
        raise ProjectError(f"project {argument!r}: {folder} is not a folder; {NO_PROJECT_HELP}")
    if not _within(folder, resolved):
        raise ProjectError(
            f"project {argument!r} is outside the client's roots "
            f"({', '.join(map(str, resolved))}): add it as a workspace root or pass a path "
            "inside one"
        )
    return folder


def client_project_file(
    argument: str | None, *, roots: Sequence[Path], cwd: Path, configured: Path | None = None
) -> Path:
    """The project file of an MCP call, resolved.

    In order: the ``project`` argument (a repository folder or its ``grace.yaml``, checked by
    :func:`client_folder`); else the first client root whose folder holds a ``grace.yaml``; else
    ``configured`` (``--project``, ``GRACE_PROJECT``); else the nearest ``grace.yaml`` from
    ``cwd`` upwards (the server's folder).

    Raises:
        ProjectError: no project for the call (the message says how to name one), a path outside
            the client's roots, or a folder without ``grace.yaml``.
    """
    resolved = [r.resolve() for r in roots]
    if argument is not None:
        folder = client_folder(argument, roots=resolved, cwd=cwd)
        file = (folder / PROJECT_FILE).resolve()
        if not file.is_file():
            raise ProjectError(f"project {argument!r}: no {PROJECT_FILE} in {folder}; "
                               f"{NO_PROJECT_HELP}")
        return file
    for root in resolved:
        if (root / PROJECT_FILE).is_file():
            return (root / PROJECT_FILE).resolve()
    if configured is not None:
        return configured
    found = find_project_file(cwd)
    if found is None:
        where = f"the client's roots ({', '.join(map(str, resolved))}) nor " if resolved else ""
        raise ProjectError(f"no GRACE project for this call: neither {where}the server's folder "
                           f"{cwd} has a {PROJECT_FILE}; {NO_PROJECT_HELP}")
    return found


def load_project_file(path: Path) -> ProjectFile:
    """Read and validate a project file; ``path`` may be the file or its folder.

    Raises:
        ProjectError: missing or invalid file (naming the field and the reason).
    """
    if path.is_dir():
        path = path / PROJECT_FILE
    if not path.is_file():
        folder = path.parent if path.name == PROJECT_FILE or path.suffix else path
        if not folder.is_dir():
            raise ProjectError(f"no such folder: {folder} (give a grace.yaml, or its folder)")
        raise ProjectError(f"no project file at {path}: run `grace init` to write one")
    try:
        data = load_yaml(path)
    except GraceError as exc:
        raise ProjectError(str(exc)) from exc
    schema = parse_project(data, path=str(path))
    if schema.catalog and schema.catalog.startswith(PLATFORM_SCHEMES):
        if schema.talents or schema.languages:
            raise ProjectError(
                f"{path}: the catalog is a platform database, so the project's talents and "
                "languages live there: remove `talents:` and `languages:` from this file and "
                "use `grace enable`/`disable` (or `grace project create --from` to copy them)")
        return ProjectFile(schema.to_project(str(path)), None, path.resolve(),
                           platform=schema.catalog, relevance=schema.relevance)
    return ProjectFile(schema.to_project(str(path)), project_catalog(path, schema.catalog),
                       path.resolve(), relevance=schema.relevance)


def project_catalog(path: Path, named: str | None) -> Path | None:
    """The catalog folder of the ``grace.yaml`` at ``path`` whose ``catalog:`` is ``named``:
    that folder (relative to the file), the bundled example for ``grace:example``, and without
    ``catalog:`` the repository's ``.grace/catalog`` beside the file when it exists, else
    ``None`` (the caller refuses with
    :func:`~grace.resolution.adapters.repository_catalog.missing_catalog`).

    Raises:
        ProjectError: ``grace:NAME`` other than ``grace:example``.
    """
    if named is None:
        own = path.parent / REPOSITORY_CATALOG
        return own.resolve() if own.is_dir() else None
    if named == EXAMPLE_CATALOG:
        return bundled_catalog()
    if named.startswith(BUNDLED_PREFIX):
        raise ProjectError(f"{path}: unknown bundled catalog {named!r}: the only one is "
                           f"{EXAMPLE_CATALOG!r}; a folder is named by its path")
    return (path.parent / named).resolve()


def write_project_file(
    path: Path,
    *,
    name: str,
    languages: Sequence[str],
    talents: Mapping[str, bool],
    catalog: str | None = None,
    overwrite: bool = False,
    relevance: str | None = None,
    stack: Sequence[str] = (),
    vocabulary: Sequence[str] = (),
) -> Path:
    """Write a ``grace.yaml`` atomically (temporary file + rename) and return its path;
    ``relevance`` (``off`` / ``embeddings``), ``stack`` and ``vocabulary`` are written when
    given.

    Raises:
        ProjectError: the file exists and ``overwrite`` is false, or the folder is missing.
    """
    if path.exists() and not overwrite:
        raise ProjectError(f"{path} already exists: pass --force to replace it")
    if not path.parent.is_dir():
        raise ProjectError(f"folder not found: {path.parent}")
    data: dict[str, object] = {"name": name}
    if catalog is not None:
        data["catalog"] = catalog
    data["languages"] = list(languages)
    if relevance is not None:
        data["relevance"] = relevance
    if stack:
        data["stack"] = list(stack)
    if vocabulary:
        data["vocabulary"] = list(vocabulary)
    data["talents"] = dict(talents)
    text = (
        "# GRACE project file: which talents this repository enables (docs/catalog-format.md).\n"
        + ("# relevance: embeddings serves, for each task, the talents its words, meaning and "
           "files call for;\n# off serves every enabled talent by role up to the token budget.\n"
           if relevance is not None else "")
        + yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    )
    parse_project(yaml.safe_load(text), path=str(path))  # never write what we could not read
    # Not tempfile.mkstemp: its 0600 mode would make the committed file unreadable to the
    # team's other accounts (CI, an MCP server); "x" creates it with the umask's mode (0644).
    tmp = path.with_name(f".grace-{secrets.token_hex(6)}.yaml")
    try:
        with tmp.open("x", encoding="utf-8") as fh:
            fh.write(text)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


PLATFORM_SCHEMES: Final = ("postgresql://", "postgres://")
"""A ``catalog:`` starting with one of these names a platform database, not a folder."""
BUNDLED_PREFIX: Final = "grace:"
"""A ``catalog:`` starting with this names a catalog shipped with GRACE (``grace:example``)."""

_SKIP: Final = {".git", "node_modules", ".venv", "venv", "__pycache__", "dist", "build", "target"}


def _inside(path: Path, base: Path) -> bool:
    """``path`` is a regular file whose real location is within ``base`` (symbolic links
    resolved; a dangling link, or a loop of links, is not)."""
    if not path.is_symlink():
        return True
    try:
        real = path.resolve()
    except (OSError, RuntimeError):  # a loop of links (a.ts -> b.ts -> a.ts) is no file
        return False
    return real.is_file() and real.is_relative_to(base)


def detect_languages(root: Path, *, max_files: int = 20_000, min_share: float = 0.05) -> list[str]:
    """Languages of a repository from its file extensions (at most ``max_files`` files looked at).

    A language is kept when it has at least ``min_share`` of the recognised files; the result is
    sorted by file count (most first). A symbolic link whose target is outside ``root`` (or
    dangling) is not a file of the repository and is not counted.
    """
    counts: dict[str, int] = {}
    seen = 0
    base = Path(root).resolve()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP and not d.startswith("."))
        for filename in filenames:
            lang = language_of_file(filename)
            if lang and not _inside(Path(dirpath) / filename, base):
                lang = None
            if lang:
                counts[lang] = counts.get(lang, 0) + 1
            seen += 1
            if seen >= max_files:
                break
        if seen >= max_files:
            break
    total = sum(counts.values())
    return [
        lang
        for lang, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        if total and n / total >= min_share
    ]
