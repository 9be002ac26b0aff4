"""Shared kernel: text normalisation and the word tokeniser used by every bounded context."""

from __future__ import annotations

import re
import unicodedata
from typing import Final


def fold(text: str) -> str:
    """Lower-case ``text`` and remove accents (``"Déploiement"`` → ``"deploiement"``,
    ``"Sécurité"`` → ``"securite"``): NFKD, then combining marks dropped."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_WORD: Final = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The folded words of ``text``: maximal runs of ASCII letters and digits after
    :func:`fold`, in order, repeats kept (``words("Dépôt SQL, v2 !") == ["depot", "sql",
    "v2"]``). Callers filter by length or stem (seed 000 keeps words of ≥ 4 characters, first 5).
    """
    return _WORD.findall(fold(text))
