"""What every app object of the composition root shares: it closes, and is a context manager."""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:
    from grace.embedding.ports import TextEmbedder


class Closing:
    """``with build_x(...) as app:`` closes ``app`` on the way out; ``close()`` is idempotent."""

    def close(self) -> None:
        """Release what the app opened (database connections, the vector cache)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def close_embedder(embedder: TextEmbedder | None) -> None:
    """Close an embedder that holds resources (the SQLite vector cache); others have nothing to
    close."""
    close = getattr(embedder, "close", None)
    if callable(close):
        close()
