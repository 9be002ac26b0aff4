"""The parsed content of ``learnings.jsonl``: valid entries, corrupt lines, hashes.

A corrupt line (not UTF-8, not JSON, a field that does not validate, a repeated id) is reported
with its 1-based line number and skipped; it never costs the other lines (DESIGN §3).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Final

from grace.errors import InvalidLearningError
from grace.learnings.domain.entry import Learning, from_mapping

LINE_HASH_CHARS: Final = 16
"""Hex digits kept of each line's SHA-256 (64 bits: locates a changed line; the exact check is
the SHA-256 of the whole indexed prefix)."""


def sha256_hex(data: bytes) -> str:
    """SHA-256 of ``data``, 64 hex digits."""
    return hashlib.sha256(data).hexdigest()


def line_hash(raw: bytes) -> str:
    """Hash of one physical line, without its newline (:data:`LINE_HASH_CHARS` hex digits)."""
    return hashlib.sha256(raw).hexdigest()[:LINE_HASH_CHARS]


@dataclass(frozen=True, slots=True)
class LineProblem:
    """A line that was skipped: ``line`` is 1-based, ``message`` says why."""

    line: int
    message: str


@dataclass(frozen=True, slots=True)
class SourceSnapshot:
    """One read of the file.

    Attributes:
        size: length in bytes.
        sha256: SHA-256 of the whole content (hex).
        ends_with_newline: the last byte is ``\\n`` (or the file is empty).
        line_hashes: one :func:`line_hash` per physical line, blank lines included.
        entries: the valid learnings, in file order, ids unique.
        problems: the skipped lines.
    """

    size: int
    sha256: str
    ends_with_newline: bool
    line_hashes: tuple[str, ...]
    entries: tuple[Learning, ...]
    problems: tuple[LineProblem, ...]

    @property
    def superseded(self) -> frozenset[str]:
        """Ids that a later entry supersedes (hidden from search, never deleted)."""
        return frozenset(e.supersedes for e in self.entries if e.supersedes)

    def active(self) -> list[Learning]:
        """Entries that nothing supersedes, in file order."""
        gone = self.superseded
        return [e for e in self.entries if e.id not in gone]

    def by_id(self, learning_id: str) -> Learning | None:
        """The entry with that id, or ``None``."""
        return next((e for e in self.entries if e.id == learning_id), None)


def split_lines(data: bytes) -> list[bytes]:
    """Physical lines without their ``\\n``; a final unterminated line counts as a line."""
    if not data:
        return []
    lines = data.split(b"\n")
    if data.endswith(b"\n"):
        lines.pop()
    return lines


def parse_line(raw: bytes, line: int) -> Learning:
    """Decode and validate one line.

    Raises:
        InvalidLearningError: the message starts with ``line N:``.
    """
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InvalidLearningError(f"line {line}: not UTF-8") from None
    except json.JSONDecodeError as exc:
        raise InvalidLearningError(f"line {line}: invalid JSON ({exc.msg})") from None
    try:
        return from_mapping(data, line=line)
    except InvalidLearningError as exc:
        raise InvalidLearningError(f"line {line}: {exc}") from None


@dataclass(frozen=True, slots=True)
class AppendedLines:
    """The lines after an indexed prefix (see :func:`parse_appended`).

    Attributes:
        line_hashes: one :func:`line_hash` per new physical line.
        entries: the valid new entries (their ids neither indexed nor repeated), file order.
        line_ids: per new physical line, the id of its entry or ``None``.
    """

    line_hashes: tuple[str, ...]
    entries: tuple[Learning, ...]
    line_ids: tuple[str | None, ...]


def parse_appended(
    tail: bytes, first_line: int, taken: Callable[[Sequence[str]], AbstractSet[str]]
) -> AppendedLines:
    """Parse the bytes after an indexed prefix with the rules of :func:`parse_source`.

    Args:
        tail: the new complete or partial lines (a leading ``\n`` that only terminates the
            last indexed line is the caller's to strip).
        first_line: the 1-based number of the first new line.
        taken: given candidate ids, returns those already held by an indexed line (called
            once): such a line is a duplicate id, skipped as :func:`parse_source` skips it.
    """
    raws = split_lines(tail)
    parsed: list[Learning | None] = []
    for number, raw in enumerate(raws, start=first_line):
        entry = None
        if raw.strip():
            try:
                entry = parse_line(raw, number)
            except InvalidLearningError:
                entry = None
        parsed.append(entry)
    held = taken([e.id for e in parsed if e is not None])
    seen: set[str] = set(held)
    line_ids: list[str | None] = []
    entries: list[Learning] = []
    for entry in parsed:
        if entry is None or entry.id in seen:
            line_ids.append(None)
            continue
        seen.add(entry.id)
        entries.append(entry)
        line_ids.append(entry.id)
    return AppendedLines(tuple(line_hash(r) for r in raws), tuple(entries), tuple(line_ids))


def parse_source(data: bytes) -> SourceSnapshot:
    """Parse the whole file content (bytes, UTF-8 JSON lines)."""
    raws = split_lines(data)
    entries: list[Learning] = []
    problems: list[LineProblem] = []
    first_line: dict[str, int] = {}
    for number, raw in enumerate(raws, start=1):
        if not raw.strip():
            continue
        try:
            entry = parse_line(raw, number)
        except InvalidLearningError as exc:
            problems.append(LineProblem(number, str(exc).removeprefix(f"line {number}: ")))
            continue
        if entry.id in first_line:
            problems.append(LineProblem(
                number, f"duplicate id {entry.id!r} (first at line {first_line[entry.id]})"
            ))
            continue
        first_line[entry.id] = number
        entries.append(entry)
    return SourceSnapshot(
        size=len(data),
        sha256=sha256_hex(data),
        ends_with_newline=not data or data.endswith(b"\n"),
        line_hashes=tuple(line_hash(r) for r in raws),
        entries=tuple(entries),
        problems=tuple(problems),
    )
