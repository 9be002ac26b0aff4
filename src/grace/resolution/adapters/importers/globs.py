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

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

_LANGUAGES: Final[dict[str, tuple[str, ...]]] = {
    "python": ("py", "pyi", "pyx", "ipynb"),
    "typescript": ("ts", "tsx", "mts", "cts"),
    "javascript": ("js", "jsx", "mjs", "cjs"),
    "rust": ("rs",),
    "go": ("go",),
    "java": ("java",),
    "kotlin": ("kt", "kts"),
    "swift": ("swift",),
    "objective-c": ("m", "mm"),
    "ruby": ("rb", "erb", "rake"),
    "php": ("php", "inc"),
    "csharp": ("cs", "csx", "razor", "cshtml", "xaml"),
    "fsharp": ("fs", "fsx"),
    "c": ("c", "h"),
    "cpp": ("cpp", "cc", "cxx", "hpp", "hh", "hxx", "ino"),
    "scala": ("scala", "sc", "sbt"),
    "dart": ("dart",),
    "elixir": ("ex", "exs", "heex"),
    "erlang": ("erl", "hrl"),
    "haskell": ("hs",),
    "clojure": ("clj", "cljs", "cljc", "edn"),
    "ocaml": ("ml", "mli"),
    "lua": ("lua",),
    "r": ("r", "rmd"),
    "julia": ("jl",),
    "perl": ("pl", "pm"),
    "zig": ("zig",),
    "nim": ("nim",),
    "fortran": ("f", "f90", "f95", "f03", "f08", "for", "ftn"),
    "solidity": ("sol",),
    "sql": ("sql", "psql"),
    "shell": ("sh", "bash", "zsh", "fish"),
    "powershell": ("ps1", "psm1", "psd1"),
    "terraform": ("tf", "tfvars", "hcl"),
    "vue": ("vue",),
    "svelte": ("svelte",),
    "astro": ("astro",),
    "html": ("html", "htm"),
    "css": ("css", "scss", "sass", "less"),
    "graphql": ("graphql", "gql"),
    "prisma": ("prisma",),
    "protobuf": ("proto",),
    "liquid": ("liquid",),
    "apex": ("cls", "trigger", "apex"),
    "gml": ("gml",),
    "arkts": ("ets",),
    "groovy": ("groovy", "gradle"),
    "bicep": ("bicep",),
}
_FORMATS: Final[dict[str, tuple[str, ...]]] = {
    "markdown": ("md", "mdx", "mdc"),
    "yaml": ("yml", "yaml"),
    "json": ("json", "json5", "jsonc"),
    "toml": ("toml",),
    "xml": ("xml",),
    "docker": ("dockerfile",),
    "make": ("mk",),
    "cmake": ("cmake",),
}
_FILE_NAMES: Final[dict[str, str]] = {
    "dockerfile": "docker",
    "docker-compose": "docker",
    "compose": "docker",
    "makefile": "make",
    "gnumakefile": "make",
    "cmakelists.txt": "cmake",
    "cargo.toml": "rust",
    "cargo.lock": "rust",
    "go.mod": "go",
    "go.sum": "go",
    "pyproject.toml": "python",
    "requirements.txt": "python",
    "package.json": "javascript",
    "tsconfig.json": "typescript",
    "gemfile": "ruby",
    "composer.json": "php",
    "pom.xml": "java",
    "build.gradle": "java",
}
_FILE_STEMS: Final[dict[str, str]] = {
    "dockerfile": "docker",
    "docker-compose": "docker",
    "compose": "docker",
    "makefile": "make",
    "requirements": "python",
}
_KIND_OF_EXTENSION: Final[dict[str, str]] = {
    ext: kind for table in (_LANGUAGES, _FORMATS) for kind, exts in table.items() for ext in exts
}
LANGUAGE_NAMES: Final[frozenset[str]] = frozenset(_LANGUAGES)
"""Kinds that count as languages (``languages`` of the talent); the others are file formats and
tools (``markdown``, ``yaml``, ``docker``, ``make`` ...)."""

_BRACES: Final = re.compile(r"\{([^{}]*)\}")


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


def expand_braces(pattern: str, *, limit: int = 64) -> list[str]:
    """Expand ``{a,b}`` alternatives (``*.{ts,tsx}`` -> ``*.ts``, ``*.tsx``), at most ``limit``."""
    done: list[str] = []
    todo = [pattern]
    while todo and len(done) < limit:
        current = todo.pop(0)
        match = _BRACES.search(current)
        if match is None:
            done.append(current)
            continue
        head, tail = current[: match.start()], current[match.end() :]
        todo.extend(head + choice + tail for choice in match.group(1).split(","))
    return done[:limit]


def pattern_facts(patterns: Iterable[str]) -> PatternFacts:
    """Extensions, languages and formats named by glob ``patterns`` (see the module docstring)."""
    extensions: dict[str, None] = {}
    kinds: dict[str, None] = {}
    for pattern in patterns:
        for one in expand_braces(pattern.strip()):
            name = one.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].lower()
            known = _file_name_kind(name)
            if known:
                kinds[known] = None
                continue
            if "." not in name:
                continue
            kind = kind_of_extension(name.rsplit(".", 1)[1])
            if kind:
                extensions[name.rsplit(".", 1)[1]] = None
                kinds[kind] = None
    return PatternFacts(
        extensions=tuple(extensions),
        kinds=tuple(kinds),
        languages=tuple(k for k in kinds if k in LANGUAGE_NAMES),
    )


def kind_of_extension(extension: str) -> str | None:
    """The language or format of a lower-case extension without the dot (``tsx`` ->
    ``typescript``), ``None`` if unknown."""
    return _KIND_OF_EXTENSION.get(extension)


def _file_name_kind(name: str) -> str | None:
    """Kind of a well-known file name (``Cargo.toml``) or stem (``Dockerfile.*``)."""
    if name in _FILE_NAMES:
        return _FILE_NAMES[name]
    return _FILE_STEMS.get(name.split(".", 1)[0].rstrip("*"))
