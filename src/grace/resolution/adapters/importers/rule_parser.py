"""Read one rule file of a known ecosystem into a :class:`ParsedRule` (name, description, body).

Formats (``RuleFormat``):

* ``agent-skills``: ``<skill>/SKILL.md`` with front matter ``name``, ``description``; the skill's
  folder name is its name when ``name`` is missing.
* ``cursor``: ``*.mdc`` with ``description``, ``globs``, ``alwaysApply`` (often not valid YAML,
  see :mod:`.frontmatter`).
* ``copilot``: ``*.instructions.md`` with ``description``, ``applyTo``.
* ``claude``: Claude Code rules (``.claude/rules/*.md``) with ``paths`` (and an optional
  ``description``).

The name is the front matter's ``name`` (or ``title``), else the file name in words
(``react-zustand.mdc`` -> "React Zustand"), never a body heading: imported bodies start with
headings such as "Persona" or "Project Configuration" that name nothing.

A ``grace`` mapping in the front matter (written by ``grace export``: ``{"id": "copilot.a11y",
"languages": ["python"]}``) is GRACE's own: its ``id`` and ``languages`` are kept as they are,
so import -> export -> import gives back the same talents whatever the format in between.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

import yaml

from grace.errors import ImportRulesError, InvalidIdError
from grace.resolution.adapters.importers.depths import clean_inline, outside_fences
from grace.resolution.adapters.importers.frontmatter import read_front_matter
from grace.resolution.domain.talent import check_talent_id
from grace.resolution.domain.text import slugify

RuleFormat = Literal["agent-skills", "cursor", "copilot", "claude"]

PATTERN_KEYS: Final[dict[RuleFormat, str]] = {
    "agent-skills": "paths",
    "cursor": "globs",
    "copilot": "applyTo",
    "claude": "paths",
}
"""The front-matter key holding a format's file patterns (-> ``activation.paths``)."""

SUMMARY_MAX_CHARS: Final = 300
NAME_MAX_CHARS: Final = 200

_PROMPT_FILE: Final = "|".join(re.escape("-prompt-file"[:n]) for n in range(12, 1, -1))
_CURSOR_NOISE: Final = re.compile(
    rf"(?:^|-)(?:cursor-?rules|cursurrules)(?:{_PROMPT_FILE})?(?=-|$)"
)
_NOT_PROSE: Final = re.compile(r"^\s*(?:#|\||<|!\[|---|\*\*\*|___|```|~~~|>\s*\[!)")


@dataclass(frozen=True, slots=True)
class ParsedRule:
    """One rule file, read and checked, before it becomes a talent.

    Attributes:
        source: the file read.
        collection: folder names between the import root and the file (for tags), slugified.
        slug: slug the id is made of (without the format prefix), never empty.
        name: display name (at most 200 characters).
        description: front-matter description, whitespace collapsed ("" if none).
        body: Markdown after the front matter, stripped, never empty.
        patterns: ``globs`` / ``applyTo`` / ``paths`` patterns (usually empty for skills).
        always_apply: Cursor ``alwaysApply`` (``False`` elsewhere).
        renamed: the slug comes from a file name the importer cleaned (Cursor's
            ``-cursorrules-prompt-file``); such rules yield a shared id to exact names.
        grace_id: the talent id the front matter's ``grace`` mapping gives (an export of
            GRACE's), else ``None``.
        grace_languages: the languages that mapping gives (``()``: any), else ``None``.
    """

    source: Path
    collection: tuple[str, ...]
    slug: str
    name: str
    description: str
    body: str
    patterns: tuple[str, ...] = ()
    always_apply: bool = False
    renamed: bool = False
    grace_id: str | None = None
    grace_languages: tuple[str, ...] | None = None


def collapse(text: str) -> str:
    """``text`` with every run of whitespace turned into one space, trimmed."""
    return " ".join(text.split())


def summarize(text: str, limit: int = SUMMARY_MAX_CHARS) -> str:
    """``text`` collapsed and shortened to at most ``limit`` characters.

    Cut after the last sentence that fits when it keeps at least a third of ``limit``, else at
    the last word that fits, followed by ``…``.
    """
    text = collapse(text)
    if len(text) <= limit:
        return text
    head = text[:limit]
    ends = [m.end() for m in re.finditer(r"[.!?](?=\s)", head)]
    if ends and ends[-1] >= limit // 3:
        return head[: ends[-1]]
    return head[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:-") + "…"


def first_paragraph(body: str) -> str:
    """The first paragraph of prose of ``body`` (no heading, table, HTML, code), cleaned."""
    block: list[str] = []
    for line in outside_fences(body):
        if not line.strip() or _NOT_PROSE.match(line):
            if block:
                break
            continue
        block.append(line.strip().lstrip("-*+> ").strip())
    return clean_inline(" ".join(block), 10_000)




def _text(value: object) -> str:
    if value is None or isinstance(value, dict | list):
        return ""
    return collapse(str(value))


GRACE_KEY: Final = "grace"
"""Front-matter key of what ``grace export`` writes for GRACE alone (id, languages)."""
MAX_LANGUAGES: Final = 32


def grace_fields(value: object) -> tuple[str | None, tuple[str, ...] | None]:
    """The ``id`` and ``languages`` of a front matter's ``grace`` mapping (``None`` for each
    one missing). A lenient read gives the mapping as text: it is parsed as YAML then.

    Raises:
        ImportRulesError: the mapping, its id or its languages are malformed (the message says
            which).
    """
    if value is None:
        return None, None
    if isinstance(value, str):
        try:
            value = yaml.safe_load(value)
        except yaml.YAMLError as exc:
            raise ImportRulesError(f"front matter '{GRACE_KEY}' is not YAML ({exc})") from exc
    if not isinstance(value, dict):
        raise ImportRulesError(f"front matter '{GRACE_KEY}' is not a mapping")
    talent_id, languages = value.get("id"), value.get("languages")
    if talent_id is not None:
        try:
            talent_id = check_talent_id(str(talent_id))
        except InvalidIdError as exc:
            raise ImportRulesError(f"front matter '{GRACE_KEY}.id': {exc}") from exc
    if languages is not None:
        if (not isinstance(languages, list) or len(languages) > MAX_LANGUAGES
                or not all(isinstance(x, str) and slugify(x) for x in languages)):
            raise ImportRulesError(
                f"front matter '{GRACE_KEY}.languages' is not a list of language names")
        languages = tuple(dict.fromkeys(x.strip().lower() for x in languages))
    return talent_id, languages


def base_name(fmt: RuleFormat, path: Path) -> str:
    """The name a rule file gives itself: skill folder, ``X.mdc``, ``X.instructions.md``."""
    if fmt == "agent-skills":
        return path.parent.name
    if fmt == "copilot":
        return path.name.removesuffix(".md").removesuffix(".instructions")
    return path.stem


def humanise(stem: str) -> str:
    """A file stem in words: ``react-zustand`` -> ``React Zustand`` (``_`` and ``-`` are
    spaces; a word already holding capitals keeps them)."""
    words = re.split(r"[\s_-]+", stem.strip())
    return " ".join(w if any(c.isupper() for c in w) else w.capitalize() for w in words if w)


def file_stem(fmt: RuleFormat, path: Path) -> str:
    """:func:`base_name` without Cursor's ``cursorrules-prompt-file`` noise (kept if all noise).

    ``react-mobx-cursorrules-prompt-file`` -> ``react-mobx``; truncated forms
    (``-cursorrules-prompt-fil``, ``-cursorrules-pro``) and ``cursor-rules`` too.
    """
    name = base_name(fmt, path)
    if fmt != "cursor":
        return name
    cleaned = _CURSOR_NOISE.sub("-", name)
    return name if cleaned == name else re.sub(r"-{2,}", "-", cleaned).strip("-") or name


def parse_rule(fmt: RuleFormat, path: Path, text: str, collection: tuple[str, ...]) -> ParsedRule:
    """Read the text of one rule file.

    Args:
        fmt: the ecosystem the file belongs to.
        path: where it was read (for the folder/file name and messages).
        text: its content, decoded (BOM and CRLF are handled here).
        collection: folder names between the import root and the file.

    Raises:
        ImportRulesError: empty file, empty body, no usable name, or a malformed ``grace``
            mapping (the message is the reason).
    """
    if not text.strip():
        raise ImportRulesError("empty file")
    front = read_front_matter(text)
    body = front.body.strip()
    if not body:
        raise ImportRulesError("empty body (nothing after the front matter)")
    fields = front.fields
    stem = file_stem(fmt, path)
    given = _text(fields.get("name")) or _text(fields.get("title"))
    slug = slugify(given) or slugify(stem)
    renamed = not slugify(given) and stem != base_name(fmt, path)
    if not slug:
        raise ImportRulesError(f"no usable name: neither {given!r} nor {stem!r} gives an id")
    name = clean_inline(given, NAME_MAX_CHARS) or humanise(stem) or stem
    patterns = fields.get(PATTERN_KEYS[fmt], [])
    if isinstance(patterns, str):
        patterns = [p.strip() for p in patterns.split(",")]
    always = fields.get("alwaysApply", False)
    grace_id, grace_languages = grace_fields(fields.get(GRACE_KEY))
    return ParsedRule(
        source=path,
        collection=collection,
        slug=slug,
        name=clean_inline(name, NAME_MAX_CHARS) or stem,
        description=_text(fields.get("description")),
        body=body,
        patterns=tuple(str(p) for p in patterns) if isinstance(patterns, list) else (),
        always_apply=always is True or str(always).strip().lower() == "true",
        renamed=renamed,
        grace_id=grace_id,
        grace_languages=grace_languages,
    )

