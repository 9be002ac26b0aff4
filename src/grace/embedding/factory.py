"""Build the embedder named by ``GRACE_EMBEDDER`` (called by the composition root only)."""

from __future__ import annotations

from pathlib import Path

from grace.embedding.cache import CachedEmbedder
from grace.embedding.ports import TextEmbedder
from grace.errors import ConfigError


def make_embedder(spec: str, *, cache_dir: Path | None) -> TextEmbedder:
    """``e5`` | ``fake`` | ``openai`` | ``st:PATH``, wrapped in a persistent cache.

    Args:
        cache_dir: folder of ``vectors.sqlite``; ``None`` disables the cache.

    Raises:
        ConfigError: unknown spec, or the optional package of that adapter is missing.
    """
    inner: TextEmbedder
    if spec == "e5":
        from grace.embedding.e5 import E5Embedder

        inner = E5Embedder()
    elif spec == "fake":
        from grace.embedding.fake import FakeEmbedder

        inner = FakeEmbedder()
    elif spec == "openai":
        from grace.embedding.openai import OpenAIEmbedder

        inner = OpenAIEmbedder()
    elif spec.startswith("st:"):
        from grace.embedding.sentence_transformers import SentenceTransformerEmbedder

        inner = SentenceTransformerEmbedder(Path(spec[3:]))
    else:
        raise ConfigError(
            f"GRACE_EMBEDDER={spec!r}: use e5, fake, openai or st:/path/to/model-folder"
        )
    if cache_dir is None:
        return inner
    return CachedEmbedder(inner, cache_dir / "vectors.sqlite")
