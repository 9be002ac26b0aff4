"""The relevance step of ``resolve_context`` (seed 000): scorable talents, embedding, selection."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Literal

import numpy as np

from grace.embedding.ports import TextEmbedder
from grace.resolution.domain.compiler import render_block
from grace.resolution.domain.ports import TokenCounter
from grace.resolution.domain.relevance import (
    Explanation,
    RelevanceSelector,
    Scorable,
    stems,
)
from grace.resolution.domain.talent import Talent

if TYPE_CHECKING:
    from grace.resolution.application.resolve_context import RelevanceOutcome, RelevanceRequest

EMBED_BATCH: Final = 32
"""Passages per embedder call during a warm-up: the progress bar moves, and a cached embedder
commits, after each batch."""

NO_SPECIFIC_TALENT: Final = "_No talent specific to this task (relevance selection)._"
"""Seed 000: « aucun talent spécifique à cette tâche »."""

EMPTY_TASK_NOTE: Final = (
    "_Empty task: relevance not applied, every talent of the role and languages is served._"
)

TextMode = Literal["seed", "body"]
BODY_SLICE_CHARS: Final = 600


def talent_text(talent: Talent, mode: TextMode = "seed") -> str:
    """The passage embedded for a talent.

    ``seed``: name + summary + tags + triggers (seed 000). ``body``: the same plus the first
    600 characters of the compact body (the "no body" weakness of the seed).
    """
    parts = [talent.name, talent.summary, " ".join(talent.tags), " ".join(talent.triggers)]
    if mode == "body":
        parts.append(talent.bodies["compact"][:BODY_SLICE_CHARS])
    return "\n".join(p for p in parts if p.strip())


def talent_stems(talent: Talent) -> frozenset[str]:
    """Seed 000 stem set of a talent: tags + triggers + task_types."""
    return stems([*talent.tags, *talent.triggers, *talent.task_types])


class EmbeddingRelevance:
    """:class:`~grace.resolution.application.resolve_context.RelevanceStep`, seed 000's
    algorithm (``GRACE_RELEVANCE_ALGO=seed``) on a TextEmbedder. Files in play do not change
    its scores (the seed has no such input).

    Args:
        embedder: any embedder (wrap it in a ``CachedEmbedder`` so talent vectors persist).
        counter: token counter for each talent's cost against ``BUDGET`` (its compact block).
        selector: the domain selector with its parameters (``centring`` chooses the mean).
        text_mode: what text represents a talent (see :func:`talent_text`).
    """

    def __init__(
        self,
        embedder: TextEmbedder,
        counter: TokenCounter,
        selector: RelevanceSelector,
        *,
        text_mode: TextMode = "seed",
    ) -> None:
        self._embedder = embedder
        self._counter = counter
        self._selector = selector
        self._text_mode = text_mode

    name = "seed"

    def vectors(self, talents: Sequence[Talent]) -> dict[str, np.ndarray]:
        """Passage vectors of ``talents`` (through the embedder's cache, if any)."""
        texts = [talent_text(t, self._text_mode) for t in talents]
        matrix = self._embedder.embed(texts, kind="passage")
        return {t.id: matrix[i] for i, t in enumerate(talents)}

    def warm_up(
        self, talents: Sequence[Talent], progress: Callable[[int, int], None] | None = None
    ) -> None:
        """Embed the talents and one query now, so the first request is not the slow one.

        Args:
            progress: called as ``(talents done, talents in all)`` after each batch of
                :data:`EMBED_BATCH` (a cached embedder
                keeps each finished batch, so an interrupted warm-up is not lost).
        """
        texts = [talent_text(t, self._text_mode) for t in talents]
        for start in range(0, len(texts), EMBED_BATCH):
            self._embedder.embed(texts[start : start + EMBED_BATCH], kind="passage")
            if progress is not None:
                progress(min(start + EMBED_BATCH, len(texts)), len(texts))
        self._embedder.embed(["warm up"], kind="query")

    def select(self, request: RelevanceRequest) -> RelevanceOutcome:
        """Seed 000 selection over ``request.candidates`` for ``request.task``.

        An empty or whitespace task is not filtered (every candidate kept, explained so):
        there is nothing to be relevant to.
        """
        from grace.resolution.application.resolve_context import RelevanceOutcome

        candidates, task, active = request.candidates, request.task, request.active
        if not candidates:
            return RelevanceOutcome([], {})
        if not task.strip():
            expl = tuple(
                Explanation(t.id, 0.0, 0.0, (), 0.0, "kept", "empty task: relevance not applied")
                for t in candidates
            )
            return RelevanceOutcome(
                [t.id for t in candidates], {t.id: 0.0 for t in candidates}, EMPTY_TASK_NOTE, expl
            )
        params = self._selector.params
        pool = active if params.centring == "catalog" else candidates
        vectors = self.vectors(list({t.id: t for t in [*candidates, *pool]}.values()))
        mean = np.vstack([vectors[t.id] for t in pool]).mean(axis=0)
        query = self._embedder.embed([task], kind="query")[0]
        scorables = [
            Scorable(
                id=t.id,
                vector=vectors[t.id],
                stems=talent_stems(t),
                tokens=self._counter.count(render_block(t, "compact")),
            )
            for t in candidates
        ]
        selection = self._selector.select(query, stems([task]), scorables, mean=mean)
        note = NO_SPECIFIC_TALENT if selection.gate_closed else ""
        return RelevanceOutcome(
            list(selection.kept), selection.scores, note, selection.explanations
        )
