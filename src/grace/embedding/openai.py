"""``OpenAIEmbedder``: ``text-embedding-3-small`` over the OpenAI API (extra ``openai``)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from grace.embedding.ports import Kind, Matrix, ModelIdentity, normalise_rows
from grace.errors import ConfigError, EmbeddingServiceError

MAX_INPUT_TOKENS: Final = 8191
"""OpenAI's per-input limit for the text-embedding-3 models (cl100k_base tokens)."""
BATCH: Final = 256


class OpenAIEmbedder:
    """The seed 002 recommendation: ``text-embedding-3-small`` (1536 dimensions).

    The key comes from ``OPENAI_API_KEY`` (and ``OPENAI_BASE_URL`` if set, e.g. a proxy). No
    prefixes (the model has none). Inputs longer than 8 191 tokens are truncated with the
    cl100k_base tokenizer shipped by ``bpe-openai``. Vectors are re-normalised.

    Raises:
        ConfigError: the ``openai`` package or the API key is missing.
    """

    def __init__(
        self,
        model: str = "text-embedding-3-small",
        *,
        dimensions: int = 1536,
        client: Any = None,
        timeout_s: float = 30.0,
    ) -> None:
        if client is None:
            try:
                import openai
            except ImportError as exc:
                raise ConfigError(
                    "GRACE_EMBEDDER=openai needs the optional extra: pip install 'grace[openai]'"
                ) from exc
            if not os.environ.get("OPENAI_API_KEY"):
                raise ConfigError("GRACE_EMBEDDER=openai needs OPENAI_API_KEY in the environment")
            client = openai.OpenAI(timeout=timeout_s, max_retries=2)
        import bpe_openai

        self._client = client
        self._model = model
        self._encoding = bpe_openai.get_encoding("cl100k_base")
        self._identity = ModelIdentity(model, "api", dimensions, max_tokens=MAX_INPUT_TOKENS)

    @property
    def identity(self) -> ModelIdentity:
        return self._identity

    def _clip(self, text: str) -> str:
        tokens = self._encoding.encode_ordinary(text)
        if len(tokens) <= MAX_INPUT_TOKENS:
            return text or " "
        return str(self._encoding.decode(tokens[:MAX_INPUT_TOKENS]))

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix:
        d = self._identity.dimensions
        if not texts:
            return np.zeros((0, d), dtype=np.float32)
        rows: list[list[float]] = []
        for start in range(0, len(texts), BATCH):
            chunk = [self._clip(t) for t in texts[start : start + BATCH]]
            try:
                response = self._client.embeddings.create(model=self._model, input=chunk)
            except Exception as exc:  # the SDK's errors: APIError, timeouts, connection
                raise EmbeddingServiceError(f"OpenAI embeddings failed: {exc}") from exc
            data = sorted(response.data, key=lambda item: item.index)
            if len(data) != len(chunk) or any(len(item.embedding) != d for item in data):
                raise EmbeddingServiceError(
                    f"OpenAI returned {len(data)} vectors for {len(chunk)} texts, or not {d}-d"
                )
            rows.extend(item.embedding for item in data)
        return normalise_rows(np.asarray(rows, dtype=np.float32))
