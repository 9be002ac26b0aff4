"""Cut the Markdown body of an imported rule into the three depths of a talent, and its sections.

* ``full``: the whole body, capped at :data:`FULL_MAX_CHARS` (cut at a block boundary, then
  ``[truncated]``).
* ``standard``: the body's beginning, at most about :data:`STANDARD_MAX_CHARS`, cut at a
  paragraph or heading boundary outside fenced code blocks; the whole body when it is short.
* ``compact``: the summary plus the first bullet points (else the ``## `` headings), about
  :data:`COMPACT_MAX_CHARS`.

Sizes are in characters (Python ``str`` length), not tokens: imported rules carry no
``token_budget``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from grace.errors import InvalidIdError
from grace.resolution.domain.talent import check_section_name
from grace.resolution.domain.text import split_sections

FULL_MAX_CHARS: Final = 60_000
STANDARD_MAX_CHARS: Final = 1_800
COMPACT_MAX_CHARS: Final = 400
MAX_SECTIONS: Final = 6
TRUNCATED_NOTE: Final = "[truncated]"
ABRIDGED_NOTE: Final = "_(abridged: the `full` depth has the rest)_"

_FENCE: Final = re.compile(r"^\s*(`{3,}|~{3,})")
"""A fence line; indented ones count too (rule files nest code blocks in list items)."""
_HEADING: Final = re.compile(r"^ {0,3}#{1,6}\s")
_H2: Final = re.compile(r"^##\s+(.+?)\s*#*\s*$")
_BULLET: Final = re.compile(r"^ ?(?:[-*+]|\d{1,3}[.)])\s+(.+)$")
_LEADING_SYMBOLS: Final = re.compile(r"^[^\w(\"'`]+")
_INLINE: Final = re.compile(r"\*\*|__|`|\[([^\]]*)\]\([^)]*\)")


@dataclass(frozen=True, slots=True)
class Cut:
    """A prefix of a body: ``text`` (fences closed) and whether something was left out."""

    text: str
    cut: bool


def _fence_states(lines: list[str]) -> list[str | None]:
    """For each line, the opening fence it is inside (after the line is read), else ``None``.

    CommonMark rule: a fence closes on a line of the same character, at least as long, with no
    info string (so ```` ```mermaid ```` inside a ```` ```md ```` block does not close it).
    """
    states: list[str | None] = []
    fence: str | None = None
    for line in lines:
        match = _FENCE.match(line)
        if match:
            marker = match.group(1)
            if fence is None:
                fence = marker
            elif _closes(fence, marker, line):
                fence = None
        states.append(fence)
    return states


def _closes(fence: str, marker: str, line: str) -> bool:
    """Whether ``line`` (starting with ``marker``) closes ``fence``: same character, at least as
    long, nothing after it."""
    rest = line.strip()[len(marker) :].strip()
    return marker[0] == fence[0] and len(marker) >= len(fence) and not rest


MIN_BLOCK_SHARE: Final = 0.5
"""A cut at a block boundary is kept when it holds at least this share of the limit; else the
cut falls at the last whole line outside fenced code that fits: the Copilot CI/CD rule's
standard depth was its 70-word "Your Mission" paragraph and a heading, its next block (a
7 000-word list) too long for the rest (decision 0010, twentieth follow-up)."""


def cut_body(body: str, limit: int) -> Cut:
    """The longest beginning of ``body`` of at most ``limit`` characters that ends at a block.

    A block boundary is a blank line or the line before a heading, outside fenced code. When the
    longest such beginning is shorter than :data:`MIN_BLOCK_SHARE` of ``limit`` (a long list
    follows a short introduction), the cut falls at the last whole line outside fenced code
    that fits; when the first block alone is longer than ``limit`` and no such line fits, at the
    last whole line that fits (at least one line, hard-cut if needed) and an open fence is
    closed. Headings left at the end of a cut (titles with nothing under them) are dropped.
    """
    body = body.strip()
    if len(body) <= limit:
        return Cut(body, False)
    lines = body.split("\n")
    states = _fence_states(lines)
    best_block = block_size = 0
    best_line = 0
    best_outside = 0
    size = 0
    for index, line in enumerate(lines):
        size += len(line) + 1
        if size - 1 > limit:
            break
        best_line = index + 1
        inside = states[index] is not None
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if not inside and (not following.strip() or _HEADING.match(following)):
            best_block, block_size = index + 1, size - 1
        if not inside and not _FENCE.match(following):
            best_outside = index + 1
    end = best_block or best_line
    if best_outside > best_block and block_size < MIN_BLOCK_SHARE * limit:
        end = best_outside
    while end > 1 and states[end - 1] is None and (
            not lines[end - 1].strip() or _HEADING.match(lines[end - 1])):
        end -= 1  # a title with nothing under it tells nothing
    if end == 0:
        return Cut(close_fence(body[:limit].rstrip()), True)
    return Cut(close_fence("\n".join(lines[:end]).rstrip()), True)


def close_fence(text: str) -> str:
    """``text`` with a closing fence added if it ends inside a fenced code block.

    Some sources leave a fence open; closed here so that a body served after this one in the
    same context is not read as code.
    """
    lines = text.split("\n")
    fence = _fence_states(lines)[-1] if lines else None
    return f"{text}\n{fence}" if fence is not None else text


def full_depth(body: str) -> str:
    """The whole body, or its first :data:`FULL_MAX_CHARS` characters and ``[truncated]``;
    an open fence at the end is closed (:func:`close_fence`)."""
    cut = cut_body(body, FULL_MAX_CHARS)
    text = close_fence(cut.text)
    return f"{text}\n\n{TRUNCATED_NOTE}" if cut.cut else text


def standard_depth(full: str) -> str:
    """About :data:`STANDARD_MAX_CHARS` characters from the start of ``full`` (:func:`cut_body`)."""
    cut = cut_body(full, STANDARD_MAX_CHARS)
    text = close_fence(cut.text)
    return f"{text}\n\n{ABRIDGED_NOTE}" if cut.cut else text


def clean_inline(text: str, limit: int) -> str:
    """``text`` without bold/code markers and link targets, collapsed, at most ``limit`` chars.

    ``**Use** [Zod](https://zod.dev)`` -> ``Use Zod``; a longer text is cut at a word and ends
    with ``…``.
    """
    text = " ".join(_INLINE.sub(lambda m: m.group(1) or "", text).split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:.") + "…"


def outside_fences(body: str) -> list[str]:
    """The lines of ``body`` that are not part of a fenced code block (fence lines excluded)."""
    lines = body.split("\n")
    states = _fence_states(lines)
    previous: list[str | None] = [None, *states[:-1]]
    return [line for line, before, after in zip(lines, previous, states, strict=True)
            if before is None and after is None]


def compact_depth(summary: str, body: str) -> str:
    """The summary, then the first bullet points (else the ``## `` headings) that fit.

    Bullets are looked for in the beginning of the body that :func:`standard_depth` keeps (the
    rules a reader meets first, not a list deep in an appendix); headings in the whole body.
    The result stays within :data:`COMPACT_MAX_CHARS` characters unless the summary alone is
    longer; each item is shortened to 160 characters.
    """
    start = outside_fences(cut_body(body, STANDARD_MAX_CHARS).text)
    items = [clean_inline(m.group(1), 160) for m in map(_BULLET.match, start) if m]
    if not any(items):
        items = [heading_text(m.group(1)) for m in map(_H2.match, outside_fences(body)) if m]
    text = summary
    for item in items:
        if not item:
            continue
        candidate = f"{text}\n\n- {item}" if text == summary else f"{text}\n- {item}"
        if len(candidate) > COMPACT_MAX_CHARS:
            break
        text = candidate
    return text


def heading_text(heading: str) -> str:
    """A heading as plain text: inline markup and leading emoji or symbols removed."""
    return _LEADING_SYMBOLS.sub("", clean_inline(heading, 300))


def section_entries(full: str) -> list[dict[str, str]]:
    """``sections`` entries for the first :data:`MAX_SECTIONS` ``## `` headings of ``full``.

    Each is ``{"name": slug, "when": heading text}``; headings whose slug is not a valid
    section name (too long) are skipped. Names match :func:`split_sections`, so
    ``grace get ID --section NAME`` finds them.
    """
    entries: list[dict[str, str]] = []
    for name, text in split_sections(full).items():
        if len(entries) >= MAX_SECTIONS:
            break
        try:
            check_section_name(name)
        except InvalidIdError:
            continue
        match = _H2.match(text.split("\n", 1)[0])
        heading = heading_text(match.group(1)) if match else ""
        entries.append({"name": name, "when": heading or name})
    return entries
