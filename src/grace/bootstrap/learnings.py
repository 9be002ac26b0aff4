"""Wiring of the learnings context (seed 002) from :class:`Settings`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from grace.bootstrap.lifecycle import Closing, close_embedder
from grace.config import Settings
from grace.embedding.factory import make_embedder
from grace.embedding.ports import TextEmbedder
from grace.errors import ConfigError
from grace.learnings.adapters.bm25 import Bm25Index
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.add import AddLearning
from grace.learnings.application.evaluation import (
    DEPTH,
    BareCosineRanker,
    GrepRanker,
    LexicalRanker,
    Ranker,
)
from grace.learnings.application.maintain import IndexMaintainer
from grace.learnings.application.search import SearchLearnings
from grace.learnings.domain.entry import Learning


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
    update: bool = True, embedder: TextEmbedder | None = None,
) -> LearningsApp:
    """Wire the learnings use cases for ``path`` (default ``GRACE_LEARNINGS_FILE``).

    The embedder is ``GRACE_EMBEDDER`` (e5 by default) behind the vector cache, unless one is
    given (the evaluation shares one); building it loads no weights (they load on the first
    embedding).

    Raises:
        ConfigError: unknown embedder.
    """
    source_path = path or settings.learnings_file
    if embedder is None:
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


@contextmanager
def evaluation_embedder(settings: Settings) -> Iterator[TextEmbedder]:
    """``GRACE_EMBEDDER`` behind the vector cache, shared by every system of an evaluation
    (:func:`build_learnings_rankers`) and closed when the ``with`` block ends.

    Raises:
        ConfigError: unknown embedder.
    """
    embedder = make_embedder(settings.embedder, cache_dir=settings.cache_dir)
    try:
        yield embedder
    finally:
        close_embedder(embedder)


LEARNINGS_SYSTEMS = ("product", "e5", "bm25", "rrf", "grep")
"""Systems ``grace eval learnings`` can compare (``rrf``: the previous ranking; ``grep``: seed
002's fallback)."""


def build_learnings_rankers(
    settings: Settings, entries: Sequence[Learning], workdir: Path, systems: Sequence[str],
    *, embedder: TextEmbedder, threshold: int | None = None,
) -> dict[str, Ranker]:
    """Wire each named system over ``entries`` for the evaluation (one app per system).

    The product and ``rrf`` search a copy of the entries written to ``workdir`` (the label
    set's folder is never written to); their index is built here, before any query is timed.
    ``threshold`` overrides the product's (``0`` forces the index). ``embedder`` is shared by
    every system and stays open: the caller closes it.

    Raises:
        ConfigError: an unknown system or embedder.
    """
    bad = [s for s in systems if s not in LEARNINGS_SYSTEMS]
    if bad:
        raise ConfigError(f"unknown system {', '.join(bad)}: use {', '.join(LEARNINGS_SYSTEMS)}")
    workdir.mkdir(parents=True, exist_ok=True)
    source = workdir / "learnings.jsonl"
    source.write_text("".join(e.to_json() + "\n" for e in entries), encoding="utf-8")
    out: dict[str, Ranker] = {}
    for system in systems:
        if system in ("product", "rrf"):
            cfg = settings if system == "product" else settings.model_copy(
                update={"learnings_ranking": "rrf"})
            app = build_learnings(cfg, source, threshold=threshold, embedder=embedder)
            app.maintainer.ensure()

            def search(query: str, app: LearningsApp = app) -> list[str]:
                return [h.learning.id for h in app.search(query, k=DEPTH).hits]

            out[system] = search
        elif system == "e5":
            out[system] = BareCosineRanker(entries, embedder)
        elif system == "bm25":
            out[system] = LexicalRanker(entries, Bm25Index)
        else:
            out[system] = GrepRanker(entries)
    return out
