"""Wiring of the learnings context (seed 002) from :class:`Settings`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from grace.bootstrap.lifecycle import Closing, close_embedder
from grace.config import Settings
from grace.embedding.factory import make_embedder
from grace.learnings.adapters.bm25 import Bm25Index
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.add import AddLearning
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.application.search import SearchLearnings


@dataclass(frozen=True)
class LearningsApp(Closing):
    """The learnings use cases wired for one file (seed 002); :meth:`close` closes the vector
    cache."""

    maintainer: IndexMaintainer
    add: AddLearning
    search: SearchLearnings

    def close(self) -> None:
        close_embedder(self.maintainer.embedder)


def build_learnings(
    settings: Settings, path: Path | None = None, *, threshold: int | None = None,
    update: bool = True,
) -> LearningsApp:
    """Wire the learnings use cases for ``path`` (default ``GRACE_LEARNINGS_FILE``).

    The embedder is ``GRACE_EMBEDDER`` (e5 by default) behind the vector cache; building it
    loads no weights (they load on the first embedding).

    Raises:
        ConfigError: unknown embedder.
    """
    source_path = path or settings.learnings_file
    embedder = make_embedder(settings.embedder, cache_dir=settings.cache_dir)
    maintainer = IndexMaintainer(JsonlLearningsFile(source_path), IndexFiles(source_path),
                                 embedder)
    return LearningsApp(
        maintainer=maintainer,
        add=AddLearning(maintainer, near_threshold=settings.learnings_near_duplicate),
        search=SearchLearnings(
            maintainer, Bm25Index,
            threshold=settings.learnings_threshold if threshold is None else threshold,
            update=update, ranking=settings.learnings_ranking,
        ),
    )
