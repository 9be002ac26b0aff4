"""Text helpers of the resolution domain: slugs, Markdown sections, triggers (accent folding is
the shared kernel's :func:`grace.text.fold`)."""

from __future__ import annotations

import functools
import re
from typing import Final

from grace.text import fold

_NON_SLUG: Final = re.compile(r"[^a-z0-9]+")
_H2: Final = re.compile(r"^##\s+(.+?)\s*#*\s*$")
_FENCE: Final = re.compile(r"^\s*(```|~~~)")


def slugify(text: str) -> str:
    """Slug of ``text``: folded, runs of non-alphanumerics replaced by ``-``, trimmed."""
    return _NON_SLUG.sub("-", fold(text)).strip("-")


def split_sections(body: str) -> dict[str, str]:
    """Split a Markdown body into its ``## `` sections, keyed by slug, in body order.

    Headings inside fenced code blocks are ignored. Each value starts with its heading line and
    runs until the next ``## `` heading (or the end). Text before the first heading is not a
    section. When two headings have the same slug, the second gets a ``-2`` suffix.
    """
    sections: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []
    in_fence = False
    for line in body.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        match = None if in_fence else _H2.match(line)
        if match:
            if current is not None:
                sections[current] = "\n".join(lines).strip()
            slug = slugify(match.group(1)) or "section"
            base, n = slug, 2
            while slug in sections:
                slug, n = f"{base}-{n}", n + 1
            current, lines = slug, [line]
        elif current is not None:
            lines.append(line)
    if current is not None:
        sections[current] = "\n".join(lines).strip()
    return sections


@functools.lru_cache(maxsize=65_536)
def _trigger_words(trigger: str) -> tuple[str, ...]:
    return tuple(fold(trigger).split())


@functools.lru_cache(maxsize=65_536)
def _trigger_pattern(trigger: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in _trigger_words(trigger)]
    return re.compile(r"(?<![a-z0-9])" + r"[\s_-]*".join(words) + r"(?![a-z0-9])")


def _in_folded(folded: str, trigger: str) -> bool:
    words = _trigger_words(trigger)
    # The pattern holds each word literally: without its first word the task cannot match, and
    # no pattern is compiled (a catalog has hundreds of triggers, a task a few words).
    if words and words[0] not in folded:
        return False
    return _trigger_pattern(trigger).search(folded) is not None


def triggers_found(task: str, triggers: tuple[str, ...]) -> tuple[str, ...]:
    """The triggers present in ``task``, compared folded and on word boundaries.

    A multi-word trigger (``"use case"``) also matches ``use-case``, ``use_case`` and ``usecase``.
    Seed 001, step 4: "activation.triggers présents dans la tâche".
    """
    return triggers_in_folded(fold(task), triggers)


def triggers_in_folded(folded: str, triggers: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`triggers_found` for a task already :func:`~grace.text.fold`-ed (fold it once
    for a whole catalog)."""
    return tuple(t for t in triggers if t.strip() and _in_folded(folded, t))
