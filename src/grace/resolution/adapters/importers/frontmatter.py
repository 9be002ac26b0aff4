"""Lenient reader of the ``---`` front matter of rule files (SKILL.md, Cursor ``.mdc``, Copilot).

The front matter is the block between a first line ``---`` and the next line ``---``. It is read
with :func:`yaml.safe_load` first. Real Cursor rules often are not valid YAML: ``globs: **/*.ts``
and ``globs: *.tsx, *.ts`` start with ``*``, which YAML reads as an alias and rejects. When the
strict parse fails (or does not give a mapping), the block is read the way Cursor reads it: one
``key: value`` per line, the value kept as raw text with its surrounding quotes removed.

Whatever the parser, the list keys (:data:`LIST_KEYS`: ``globs``, ``applyTo``) always come out as
a list of patterns: a string is split on the commas that are not inside ``{...}`` (so
``**/*.{ts,tsx}`` stays one pattern), ``[a, b]`` brackets are removed and empty items dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

import yaml

LIST_KEYS: Final[frozenset[str]] = frozenset({"globs", "applyTo", "paths"})
"""Keys whose value is a list of glob patterns (Cursor ``globs``, Copilot ``applyTo``, Claude
Code ``paths``)."""

BOOL_KEYS: Final[frozenset[str]] = frozenset({"alwaysApply"})
"""Keys the line reader turns into a bool when the value is ``true`` or ``false``."""

_DELIMITER: Final = re.compile(r"^---[ \t]*$")
_LINE: Final = re.compile(r"^([A-Za-z_][\w.-]*)[ \t]*:[ \t]*(.*?)[ \t]*$")
_ITEM: Final = re.compile(r"^[ \t]*-[ \t]+(.*?)[ \t]*$")


@dataclass(frozen=True, slots=True)
class FrontMatter:
    """A rule file split into its front matter and its body.

    Attributes:
        fields: front-matter keys -> values (YAML types when strict YAML parsed; strings, bools
            and lists of strings when the line reader was used). Empty when there is none.
        body: the text after the front matter, newlines normalised to ``\\n``, BOM removed, not
            stripped.
        present: whether the file had a terminated ``---`` block.
        lenient: whether the strict YAML parse failed and the line reader was used.
    """

    fields: Mapping[str, object] = field(default_factory=dict)
    body: str = ""
    present: bool = False
    lenient: bool = False


def normalise_text(text: str) -> str:
    """``text`` without a leading BOM and with ``\\r\\n`` and ``\\r`` newlines turned to ``\\n``."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def split_front_matter(text: str) -> tuple[str | None, str]:
    """Split ``text`` into (front-matter block, body).

    The block is ``None`` when the first line is not ``---`` or when no closing ``---`` line
    follows (then the whole text is the body). An empty block (``---`` twice) is ``""``.
    """
    text = normalise_text(text)
    lines = text.split("\n")
    if not lines or not _DELIMITER.match(lines[0]):
        return None, text
    for index in range(1, len(lines)):
        if _DELIMITER.match(lines[index]):
            return "\n".join(lines[1:index]), "\n".join(lines[index + 1 :])
    return None, text


def split_patterns(value: str) -> list[str]:
    """Split a comma-separated glob list, keeping commas inside ``{...}`` (``*.{ts,tsx}``).

    Surrounding ``[...]`` brackets and quotes around each item are removed; empty items dropped.

    Example: ``'*.tsx, "*.ts", src/**/*.{js,jsx}'`` -> ``['*.tsx', '*.ts', 'src/**/*.{js,jsx}']``.
    """
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        value = value[1:-1]
    items: list[str] = []
    depth, start = 0, 0
    for index, char in enumerate(value):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            items.append(value[start:index])
            start = index + 1
    items.append(value[start:])
    return [s for s in (_unquote(item) for item in items) if s]


def read_front_matter(text: str) -> FrontMatter:
    """Read the front matter of a rule file, strictly (YAML) if possible, else line by line.

    Never raises on malformed front matter: the worst case is fewer fields.
    """
    block, body = split_front_matter(text)
    if block is None:
        return FrontMatter(body=body)
    lenient = False
    try:
        data = yaml.safe_load(block) if block.strip() else {}
    except (yaml.YAMLError, RecursionError):
        data = None
    if not isinstance(data, dict):
        data, lenient = _read_lines(block), True
    fields = {str(key): value for key, value in data.items()}
    for key in LIST_KEYS & fields.keys():
        fields[key] = _as_patterns(fields[key])
    return FrontMatter(fields=fields, body=body, present=True, lenient=lenient)


def _read_lines(block: str) -> dict[str, object]:
    """Cursor-style reading: ``key: value`` per line; indented lines continue the value."""
    fields: dict[str, object] = {}
    key: str | None = None
    for line in block.split("\n"):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _LINE.match(line)
        if match and not line[0].isspace():
            key = match.group(1)
            fields[key] = _scalar(key, match.group(2) or "")
            continue
        if key is None:
            continue
        item = _ITEM.match(line)
        previous = fields[key]
        if item and (previous == "" or isinstance(previous, list)):
            items = previous if isinstance(previous, list) else []
            fields[key] = [*items, _unquote(item.group(1))]
        elif isinstance(previous, str):
            fields[key] = f"{previous} {line.strip()}".strip()
    return fields


def _scalar(key: str, raw: str) -> object:
    value = _unquote(raw)
    if key in BOOL_KEYS and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return value


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1].strip()
    return value


def _as_patterns(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return split_patterns(value)
    if isinstance(value, list | tuple):
        return [p for item in value if item is not None for p in split_patterns(str(item))]
    return split_patterns(str(value))
