"""Find the rule files of an ecosystem under a path and read each one safely."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Final, get_args

from grace.errors import ImportRulesError
from grace.resolution.adapters.filesystem_catalog import MAX_FILE_BYTES
from grace.resolution.adapters.importers.rule_parser import ParsedRule, RuleFormat, parse_rule
from grace.resolution.domain.text import slugify

RULE_FORMATS: Final[tuple[RuleFormat, ...]] = get_args(RuleFormat)
FILE_PATTERNS: Final[dict[RuleFormat, str]] = {
    "agent-skills": "SKILL.md",
    "cursor": "*.mdc",
    "copilot": "*.instructions.md",
    "claude": "*.md",
}
SKIPPED_FOLDERS: Final = frozenset({".git", "node_modules"})
"""Folders never searched (version control, installed packages)."""

_GENERIC_FOLDERS: Final = frozenset({"rules", "instructions", "skills", "github", "cursor"})


def matches(fmt: RuleFormat, name: str) -> bool:
    """Whether a file called ``name`` is a rule file of format ``fmt`` (:data:`FILE_PATTERNS`)."""
    if fmt == "agent-skills":
        return name == "SKILL.md"
    if fmt == "cursor":
        return name.endswith(".mdc") and len(name) > len(".mdc")
    if fmt == "claude":
        return name.endswith(".md") and len(name) > len(".md") and name.upper() != "README.MD"
    return name.endswith(".instructions.md") and len(name) > len(".instructions.md")


def find_rule_files(fmt: RuleFormat, src: Path) -> list[Path]:
    """The rule files of ``src`` (a file, or a folder searched recursively), sorted by path.

    Symbolic links (files and folders) are not followed; ``.git`` and ``node_modules`` are
    skipped. Hidden folders are searched (``.github/instructions``, ``.cursor/rules``).

    Raises:
        ImportRulesError: unknown format; ``src`` does not exist or holds no file of the format.
    """
    if fmt not in RULE_FORMATS:
        raise ImportRulesError(f"unknown rule format {fmt!r}: use one of {', '.join(RULE_FORMATS)}")
    if not src.exists():
        raise ImportRulesError(f"{src}: no such file or folder")
    found = sorted(_walk(fmt, src)) if src.is_dir() else [src] if matches(fmt, src.name) else []
    if not found:
        raise ImportRulesError(f"{src}: no {FILE_PATTERNS[fmt]} file found (format {fmt!r})")
    return found


DETECTED: Final[tuple[RuleFormat, ...]] = ("agent-skills", "cursor", "copilot")
"""The formats whose files say what they are (``SKILL.md``, ``*.mdc``, ``*.instructions.md``):
``grace catalog import`` without ``--format`` reads which one a source holds. A Claude Code
rule is any ``*.md`` file, which a folder of other rules also holds (a README): never guessed."""

MAX_DETECT_FILES: Final = 20_000
"""At most this many files are looked at to tell a source's format."""


def detect_rule_format(src: Path) -> tuple[RuleFormat, int]:
    """The format of the rule files of ``src`` (a file, or a folder searched as
    :func:`find_rule_files` does, at most :data:`MAX_DETECT_FILES` files), and how many files
    of it were seen: ``.cursor/rules/`` of ``*.mdc`` files -> ``("cursor", 12)``.

    Raises:
        ImportRulesError: ``src`` does not exist; it holds files of several
            :data:`DETECTED` formats (their counts are named), or of none (``--format``).
    """
    if not src.exists():
        raise ImportRulesError(f"{src}: no such file or folder")
    counts: dict[RuleFormat, int] = dict.fromkeys(DETECTED, 0)
    if src.is_dir():
        seen = 0
        for _folder, subfolders, names in os.walk(src, followlinks=False):
            subfolders[:] = sorted(d for d in subfolders if d not in SKIPPED_FOLDERS)
            for name in names:
                seen += 1
                for fmt in DETECTED:
                    counts[fmt] += matches(fmt, name)
            if seen >= MAX_DETECT_FILES:
                break
    else:
        for fmt in DETECTED:
            counts[fmt] += matches(fmt, src.name)
    found = {fmt: n for fmt, n in counts.items() if n}
    if len(found) == 1:
        ((fmt, n),) = found.items()
        return fmt, n
    if found:
        held = ", ".join(f"{n} {FILE_PATTERNS[fmt]} ({fmt})" for fmt, n in found.items())
        raise ImportRulesError(
            f"{src} holds rule files of several formats: {held}; import each with --format "
            "FORMAT, or point at the folder of one of them")
    raise ImportRulesError(
        f"{src}: no SKILL.md, *.mdc or *.instructions.md file found; for Claude Code rules "
        "(any *.md file) give --format claude")


def _walk(fmt: RuleFormat, root: Path) -> Iterator[Path]:
    for folder, subfolders, names in os.walk(root, followlinks=False):
        subfolders[:] = [d for d in subfolders if d not in SKIPPED_FOLDERS]
        for name in names:
            path = Path(folder) / name
            if matches(fmt, name) and not path.is_symlink() and path.is_file():
                yield path


def collection_of(fmt: RuleFormat, src: Path, path: Path) -> tuple[str, ...]:
    """Slugs of the folders between ``src`` and ``path`` (a skill's own folder excluded),
    without generic names (``rules``, ``instructions``, ``skills`` ...)."""
    if path == src or not path.is_relative_to(src):
        return ()
    parts = path.relative_to(src).parent.parts
    if fmt == "agent-skills":
        parts = parts[:-1]
    slugs = (slugify(p) for p in parts)
    return tuple(dict.fromkeys(s for s in slugs if s and s not in _GENERIC_FOLDERS))


def shown_path(src: Path, path: Path) -> str:
    """``path`` relative to the import root (``folder/file`` for a single-file import), on one
    printable line (it goes in a YAML comment)."""
    if path == src or not path.is_relative_to(src):
        shown = f"{path.parent.name}/{path.name}"
    else:
        shown = path.relative_to(src).as_posix()
    return "".join(ch if ch.isprintable() else "?" for ch in shown)


def read_rule(fmt: RuleFormat, src: Path, path: Path) -> ParsedRule:
    """Read and parse one rule file found under ``src``.

    Raises:
        ImportRulesError: the reason, starting with ``too large`` (over 2 MB, the catalog's
            :data:`~grace.resolution.adapters.filesystem_catalog.MAX_FILE_BYTES`),
            ``unreadable``, ``not UTF-8``, ``empty file``, ``empty body`` or ``no usable name``.
    """
    try:
        size = path.lstat().st_size
        if size > MAX_FILE_BYTES:
            raise ImportRulesError(f"too large: {size} bytes, the limit is {MAX_FILE_BYTES}")
        raw = path.read_bytes()
    except OSError as exc:
        raise ImportRulesError(f"unreadable: {exc.strerror or exc}") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ImportRulesError(f"not UTF-8 ({exc.reason} at byte {exc.start})") from exc
    return parse_rule(fmt, path, text, collection_of(fmt, src, path))
