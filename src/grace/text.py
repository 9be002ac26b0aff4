"""Shared kernel: text normalisation and the word tokeniser used by every bounded context."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Final


def fold(text: str) -> str:
    """Lower-case ``text`` and remove accents (``"Déploiement"`` → ``"deploiement"``,
    ``"Sécurité"`` → ``"securite"``): NFKD, then combining marks dropped."""
    lowered = text.lower()
    if lowered.isascii():  # NFKD leaves ASCII as it is: most of a catalog's text
        return lowered
    decomposed = unicodedata.normalize("NFKD", lowered)
    # one lookup per distinct character, not per character (a catalog folds megabytes)
    marks = {ord(ch): None for ch in set(decomposed) if unicodedata.combining(ch)}
    return decomposed.translate(marks) if marks else decomposed


_WORD: Final = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The folded words of ``text``: maximal runs of ASCII letters and digits after
    :func:`fold`, in order, repeats kept (``words("Dépôt SQL, v2 !") == ["depot", "sql",
    "v2"]``). Callers filter by length or stem (seed 000 keeps words of ≥ 4 characters, first 5).
    """
    return _WORD.findall(fold(text))


_COMPOUND: Final = re.compile(r"[a-z]+(?:-[a-z]+)+")


def compounds(text: str) -> list[str]:
    """The hyphenated words of ``text``, folded and written as one word, in order:
    ``compounds("Write the post-mortem, then the e-mail") == ["postmortem", "email"]`` — the
    form a name or an id spells them in (``skill.incident-postmortem``), which
    :func:`words` splits into parts. Digits end a compound (``utf-8`` is none).
    """
    return [m.replace("-", "") for m in _COMPOUND.findall(fold(text))]


def label_lines(
    path: Path, *, max_lines: int, error: Callable[[str], Exception]
) -> list[tuple[int, str]]:
    """The ``(line number, line)`` pairs of a JSONL label file (1-based numbers), blank lines and
    lines starting with ``#`` left out; the evaluation harnesses of the three contexts read
    their label sets with it.

    Raises:
        Exception: ``error(message)`` when the file cannot be read as UTF-8 or has more than
            ``max_lines`` lines.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"cannot read {path}: {exc}") from exc
    if len(lines) > max_lines:
        raise error(f"{path}: more than {max_lines} lines")
    return [
        (number, line) for number, line in enumerate(lines, start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
