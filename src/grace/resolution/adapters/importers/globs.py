"""What the file patterns of a rule (Cursor ``globs``, Copilot ``applyTo``) say about it.

A pattern's last segment gives a file extension (``**/*.ts`` -> ``ts``; ``*.{ts,tsx}`` ->
``ts``, ``tsx``) or a well-known file name (``Cargo.toml``, ``Dockerfile``). Each maps to a
*kind*: a programming language (``typescript``, ``python`` ...), which becomes a tag, a trigger
and an entry of ``languages``; or a file format (``markdown``, ``yaml``, ``json`` ...), which
becomes a tag and a trigger only, since a project does not list data formats among its languages
and ``languages`` restricts where a talent is served. Patterns matching every file (``**/*``,
``**``, ``*``) say nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from grace.resolution.domain.activation import expand_braces
from grace.resolution.domain.languages import KIND_OF_EXTENSION, LANGUAGE_NAMES, kind_of_name


@dataclass(frozen=True, slots=True)
class PatternFacts:
    """What a list of file patterns says, each tuple in first-seen order without duplicates.

    Attributes:
        extensions: lower-case extensions without the dot (``ts``, ``py``) of a known kind.
        kinds: languages and formats (``typescript``, ``markdown``, ``docker``).
        languages: the kinds that are languages (subset of ``kinds``).
    """

    extensions: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()


def pattern_facts(patterns: Iterable[str]) -> PatternFacts:
    """Extensions, languages and formats named by glob ``patterns`` (see the module docstring)."""
    extensions: dict[str, None] = {}
    kinds: dict[str, None] = {}
    for pattern in patterns:
        for one in expand_braces(pattern.strip()):
            name = one.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].lower()
            kind = kind_of_name(name)
            if kind is None:
                continue
            kinds[kind] = None
            extension = name.rsplit(".", 1)[1] if "." in name else ""
            if KIND_OF_EXTENSION.get(extension) == kind:
                extensions[extension] = None
    return PatternFacts(
        extensions=tuple(extensions),
        kinds=tuple(kinds),
        languages=tuple(k for k in kinds if k in LANGUAGE_NAMES),
    )


def kind_of_extension(extension: str) -> str | None:
    """The language or format of a lower-case extension without the dot (``tsx`` ->
    ``typescript``), ``None`` if unknown."""
    return KIND_OF_EXTENSION.get(extension)
