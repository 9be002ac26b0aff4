"""What the files in play import: the packages a file being edited uses, from its import lines.

A FastAPI repository's ``models/shipment.py`` imports SQLAlchemy, not FastAPI; its
``api/v1/shipments.py`` imports FastAPI. The project depends on both everywhere; the file says
which one the task is about (decision 0024). Only the languages whose import lines name a
package as its manifest does are read — Python, JavaScript and TypeScript (and the files of
Vue, Svelte and Astro), Dart, Go, Rust and Swift; never Elixir or Ruby, whose frameworks are
reached through the application's own modules (``use MyAppWeb, :live_view``) or autoloading,
nor Java, Kotlin, C# or PHP, whose namespaces are not their packages' names.

Each file is read once, at most :data:`MAX_IMPORT_BYTES` of it, as UTF-8 with replacement;
the regular expressions are anchored on line starts and bounded, so a file of any content
costs linear time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Final

MAX_IMPORT_BYTES: Final = 64 * 1024
"""How much of a file in play is read for its import lines (they come first)."""

_PY: Final = re.compile(
    r"^[ \t]*(?:from[ \t]+([A-Za-z_]\w*)[\w.]*[ \t]+import\b"
    r"|import[ \t]+([A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*){0,20}))", re.M)
_JS: Final = re.compile(
    r"""(?:^|[;\s])(?:import|export)\b[^'";]{0,400}?\bfrom[ \t]*['"]([^'"\s]{1,200})['"]"""
    r"""|^[ \t]*import[ \t]*['"]([^'"\s]{1,200})['"]"""
    r"""|\b(?:require|import)[ \t]*\([ \t]*['"]([^'"\s]{1,200})['"][ \t]*\)""", re.M)
_DART: Final = re.compile(r"""^[ \t]*(?:import|export)[ \t]+['"]package:(\w+)/""", re.M)
_GO_ONE: Final = re.compile(r'^[ \t]*import[ \t]+(?:[\w.]+[ \t]+)?"([^"\s]{1,300})"', re.M)
_GO_BLOCK: Final = re.compile(r"^[ \t]*import[ \t]*\(([^)]{0,20000})\)", re.M)
_GO_PATH: Final = re.compile(r'"([^"\s]{1,300})"')
_RUST_USE: Final = re.compile(
    r"^[ \t]*(?:pub(?:\([\w ]+\))?[ \t]+)?(?:use[ \t]+(?:::)?|extern[ \t]+crate[ \t]+)"
    r"([a-z_][a-z0-9_]*)", re.M)
_SWIFT: Final = re.compile(r"^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(?:\w+[ \t]+)?(\w+)", re.M)

_RUST_OWN: Final = frozenset({"std", "core", "alloc", "crate", "self", "super"})


def _python(text: str) -> list[str]:
    out: list[str] = []
    for one, many in _PY.findall(text):
        if one:
            out.append(one)
        else:
            out.extend(m.strip().split(".")[0] for m in many.split(","))
    return out


def _js_package(spec: str) -> str | None:
    """``next/navigation`` -> ``next``; ``@tanstack/react-query/x`` -> ``@tanstack/react-query``;
    a relative path, an alias (``@/lib``, ``~/x``, ``#x``) or a scheme (``node:fs``) -> None."""
    if spec.startswith((".", "/", "~", "#", "@/")) or ":" in spec:
        return None
    parts = spec.split("/")
    if spec.startswith("@"):
        return "/".join(parts[:2]) if len(parts) > 1 and parts[1] else None
    return parts[0] or None


def _js(text: str) -> list[str]:
    return [p for groups in _JS.findall(text) for spec in groups if spec
            if (p := _js_package(spec))]


def _go(text: str) -> list[str]:
    paths = _GO_ONE.findall(text)
    for block in _GO_BLOCK.findall(text):
        paths += _GO_PATH.findall(block)
    # the standard library has no host; the host is no package's word
    return [p.split("/", 1)[1] for p in paths if "." in p.split("/")[0] and "/" in p]


def _rust(text: str) -> list[str]:
    return [c for c in _RUST_USE.findall(text) if c not in _RUST_OWN]


def _swift(text: str) -> list[str]:
    return _SWIFT.findall(text)


READERS: Final[dict[str, Callable[[str], list[str]]]] = {
    **dict.fromkeys((".py", ".pyi"), _python),
    **dict.fromkeys((".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".vue",
                     ".svelte", ".astro"), _js),
    ".dart": lambda text: _DART.findall(text),
    ".go": _go,
    ".rs": _rust,
    ".swift": _swift,
}
"""File suffix -> the reader of its import lines (the packages they name, as manifests write
them: ``fastapi``, ``@tanstack/react-query``, ``gin-gonic/gin``, ``tokio``)."""


def reads_imports(path: str) -> bool:
    """``path``'s language is one whose import lines :func:`imported_packages` reads."""
    return PurePosixPath(path).suffix.lower() in READERS


def imported_packages(path: str, text: str) -> list[str]:
    """The packages the import lines of ``text`` (the content of ``path``) name, first-seen,
    each once; relative imports and the standard library's left out where the syntax says so
    (Go's paths without a host, Rust's ``std``), others kept (``os`` and ``typing`` are no
    dependency of any project, so they never meet one).

    ``("app/api.py", "from fastapi import APIRouter\\nimport os, httpx")`` ->
    ``["fastapi", "os", "httpx"]``;
    ``("page.tsx", "import Link from 'next/link'\\nimport { x } from '@/lib/db'")`` ->
    ``["next"]``. Raises nothing: a file of another language gives ``[]``.
    """
    reader = READERS.get(PurePosixPath(path).suffix.lower())
    if reader is None:
        return []
    return list(dict.fromkeys(reader(text[:MAX_IMPORT_BYTES])))
