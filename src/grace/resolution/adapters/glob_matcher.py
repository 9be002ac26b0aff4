"""Glob matching of the files in play with ``wcmatch`` (docs/decisions/0010-…).

Flags: ``GLOBSTAR`` (``**`` spans folders), ``BRACE`` (``*.{ts,tsx}``), ``NEGATE`` (``!…``
excludes), ``DOTGLOB`` (``*`` matches ``.github``), ``MATCHBASE`` (a pattern without ``/``,
such as ``*.py``, matches the file name at any depth, as in ``.gitignore`` and Cursor) and
``FORCEUNIX`` (``/`` separators whatever the OS). Case-sensitive, as the source tools are.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # wcmatch is imported on the first match: most resolves have no file in play
    from wcmatch import glob

    _Matcher = glob.WcMatcher[str]

MAX_PATTERNS_CACHED: Final = 16_384


def _clean(pattern: str) -> str:
    negated = pattern.startswith("!")
    body = pattern[1:] if negated else pattern
    body = body.strip().removeprefix("./").lstrip("/")
    return ("!" if negated else "") + body


@functools.lru_cache(maxsize=MAX_PATTERNS_CACHED)
def _compiled(
    patterns: tuple[str, ...],
) -> tuple[_Matcher | None, tuple[tuple[str, _Matcher], ...]]:
    cleaned = [_clean(p) for p in patterns if p.strip()]
    positives = [p for p in cleaned if not p.startswith("!") and p]
    negatives = [p for p in cleaned if p.startswith("!") and len(p) > 1]
    if not positives:
        return None, ()
    from wcmatch import glob

    flags = (
        glob.GLOBSTAR | glob.BRACE | glob.NEGATE | glob.DOTGLOB | glob.MATCHBASE | glob.FORCEUNIX
    )
    whole = glob.compile([*positives, *negatives], flags=flags)
    each = tuple((p, glob.compile(p, flags=flags)) for p in positives)
    return whole, each


class WcmatchPathMatcher:
    """:class:`~grace.resolution.domain.activation.PathMatcher` on ``wcmatch.glob``.

    Compiled pattern lists are cached (at most 16 384 distinct lists per process).
    A malformed pattern never raises: ``wcmatch`` treats unbalanced brackets literally.
    """

    def first_match(
        self, patterns: Sequence[str], files: Sequence[str]
    ) -> tuple[str, str] | None:
        """See the port; ``patterns`` as written in ``activation.paths``."""
        if not patterns or not files:
            return None
        whole, each = _compiled(tuple(patterns))
        if whole is None:
            return None
        for file in files:
            if whole.match(file):
                for pattern, matcher in each:
                    if matcher.match(file):
                        return pattern, file
        return None
