"""Shared kernel: text normalisation used by every bounded context."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower-case ``text`` and remove accents (``"Déploiement"`` → ``"deploiement"``,
    ``"Sécurité"`` → ``"securite"``): NFKD, then combining marks dropped."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
