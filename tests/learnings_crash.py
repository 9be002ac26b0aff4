"""Fault injection for the crash tests, kept out of the product.

``python -m tests.learnings_crash FILE ROLE`` brings FILE's index up to date like
``grace learnings ensure-index`` (same use case, same adapters, the fake embedder and
``GRACE_CACHE_DIR``), but its index files announce on stderr ``paused after writing ROLE`` once
that file is in place (``text``, ``story``, ``keys`` or ``lines`` in a rebuild;
``text-append``, ``story-append``, ``keys-append`` or ``lines-append`` in an append), then
sleep: the test kills the process there with SIGKILL, half-way through a rebuild or an append.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from grace.config import load_settings
from grace.embedding.factory import make_embedder
from grace.learnings.adapters.index_files import IndexFiles
from grace.learnings.adapters.jsonl_file import JsonlLearningsFile
from grace.learnings.application.maintain import IndexMaintainer


class PausingIndexFiles(IndexFiles):
    """The real index files, stopping for good after writing ``pause_after``."""

    def __init__(self, source: Path, *, pause_after: str) -> None:
        super().__init__(source)
        self._pause_after = pause_after

    def after_write(self, role: str) -> None:
        if role == self._pause_after:
            sys.stderr.write(f"paused after writing {role}\n")
            sys.stderr.flush()
            time.sleep(3600)  # killed by the test long before


def main(argv: list[str]) -> None:
    path, role = Path(argv[0]), argv[1]
    settings = load_settings()
    embedder = make_embedder(settings.embedder, cache_dir=settings.cache_dir)
    maintainer = IndexMaintainer(JsonlLearningsFile(path),
                                 PausingIndexFiles(path, pause_after=role), embedder)
    maintainer.ensure()


if __name__ == "__main__":
    main(sys.argv[1:])
