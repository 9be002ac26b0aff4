"""Ports of the resolution context (``typing.Protocol``; adapters implement them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from grace.resolution.domain.talent import Talent


class TokenCounter(Protocol):
    """Counts tokens the way the consuming LLM would (approximately; see decision 0002)."""

    @property
    def name(self) -> str:
        """Identity of the counting method, e.g. ``"o200k_base"`` or ``"heuristic-chars/4"``."""
        ...

    def count(self, text: str) -> int:
        """Number of tokens in ``text`` (``0`` for the empty string)."""
        ...


class CatalogReader(Protocol):
    """Read access to a catalog of talents, keyed by id."""

    def talents(self) -> Sequence[Talent]:
        """Every valid talent, sorted by id. Invalid ones are in :meth:`problems`."""
        ...

    def get(self, talent_id: str) -> Talent | None:
        """The talent with this (already validated) id, or ``None``."""
        ...

    def problems(self) -> Sequence[tuple[str, str]]:
        """``(path, message)`` of every manifest that could not be loaded."""
        ...


class LexicalScorer(Protocol):
    """Lexical relevance (BM25) of every document of a fixed corpus to a query."""

    def scores(self, query: str) -> npt.NDArray[np.float64]:
        """``(n_docs,) float64`` scores normalised to [0, 1]: a document's BM25 score divided
        by the most a document can score for this query (every query term at saturation);
        0 for a document sharing no term with the query."""
        ...


class LexicalScorerFactory(Protocol):
    """Builds a :class:`LexicalScorer` over documents (one text per document)."""

    def __call__(self, documents: Sequence[str]) -> LexicalScorer: ...


class ProjectSwitches(Protocol):
    """Writes which talents a project enables (its ``grace.yaml``), keeping everything else.

    Returns ``(changed, unchanged)``: the ids whose state was written, and those already in the
    requested state, each in the order given.
    """

    def set_enabled(
        self, ids: Sequence[str], *, enabled: bool
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Set the state of ``ids``; raises ``ProjectError`` when the file cannot be edited."""
        ...
