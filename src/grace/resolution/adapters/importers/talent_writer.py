"""Render an imported talent to its folder files, validate them, write the folder atomically."""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import yaml

from grace.errors import GraceError, ImportRulesError
from grace.resolution.adapters.filesystem_catalog import MANIFEST
from grace.resolution.adapters.manifest_schema import parse_manifest
from grace.resolution.domain.talent import DEPTHS, Depth

STAGING_PREFIX: Final = ".grace-import-"
"""Prefix of the hidden folders a talent is built in before it is moved into place (a catalog
ignores folders starting with ``.``, so one left behind by a crash is never loaded)."""


def render_talent(
    manifest: Mapping[str, object], bodies: Mapping[Depth, str], *, header: str = ""
) -> dict[str, str]:
    """The files of a talent folder: ``talent.yaml``, ``compact.md``, ``standard.md``, ``full.md``.

    The manifest is dumped with ``yaml.safe_dump(allow_unicode=True, sort_keys=False)`` after
    ``header`` (comment lines, each starting with ``#``), then read back and validated exactly as
    :func:`~grace.resolution.adapters.filesystem_catalog.load_talent` will read it.

    Returns:
        file name -> UTF-8 text, each ending with one newline.

    Raises:
        ImportRulesError: the manifest does not validate (names the field and the reason).
    """
    text = header + yaml.safe_dump(dict(manifest), allow_unicode=True, sort_keys=False)
    talent_id = str(manifest.get("id", "?"))
    try:
        schema = parse_manifest(yaml.safe_load(text), path=f"{talent_id}/{MANIFEST}")
        schema.to_talent({d: bodies[d].strip() for d in DEPTHS}, source=talent_id)
    except (GraceError, ValueError, KeyError, yaml.YAMLError) as exc:
        raise ImportRulesError(f"invalid talent: {exc}") from exc
    files = {MANIFEST: text}
    files.update({f"{depth}.md": bodies[depth].strip() + "\n" for depth in DEPTHS})
    return files


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and :meth:`Path.replace`."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        with temporary.open("x", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)


def write_talent_folder(
    dest: Path, talent_id: str, files: Mapping[str, str], *, overwrite: bool
) -> Path:
    """Write ``files`` as the folder ``dest/talent_id`` and return that folder.

    The folder is built under a hidden staging name in ``dest`` (each file written atomically)
    and renamed into place, so a catalog reader sees either no folder or a complete one. With
    ``overwrite`` an existing folder is swapped out and deleted (files it held that ``files``
    does not name are gone too).

    Raises:
        ImportRulesError: the folder exists and ``overwrite`` is false, or it is a file or a
            symbolic link (never replaced).
        OSError: the file system refused a write.
    """
    target = dest / talent_id
    exists = target.exists() or target.is_symlink()
    if exists and not overwrite:
        raise ImportRulesError(
            f"talent folder already exists: {target} (pass --overwrite to replace it)"
        )
    if exists and (target.is_symlink() or not target.is_dir()):
        raise ImportRulesError(f"{target} exists and is not a talent folder: not replaced")
    staging = dest / f"{STAGING_PREFIX}{talent_id}-{secrets.token_hex(4)}"
    staging.mkdir()
    try:
        for name, text in files.items():
            write_atomic(staging / name, text)
        if exists:
            retired = dest / f"{STAGING_PREFIX}{talent_id}-{secrets.token_hex(4)}.old"
            target.rename(retired)
            try:
                staging.rename(target)
            except OSError:
                retired.rename(target)
                raise
            shutil.rmtree(retired, ignore_errors=True)
        else:
            staging.rename(target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return target
