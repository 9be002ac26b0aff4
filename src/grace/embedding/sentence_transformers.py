"""``SentenceTransformerEmbedder``: any local sentence-transformers model folder (extra ``st``)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from grace.embedding.ports import Kind, Matrix, ModelIdentity, normalise_rows
from grace.errors import ConfigError


def folder_revision(folder: Path) -> str:
    """Digest of a model folder's file names and sizes (its weights' identity, cheaply)."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(f"{path.relative_to(folder)}:{path.stat().st_size}\n".encode())
    return h.hexdigest()[:12]


class SentenceTransformerEmbedder:
    """A local sentence-transformers model, loaded from a folder, never from a hub.

    Args:
        folder: the model folder (``config.json``, weights, ``modules.json``).
        query_prefix / passage_prefix: prefixes the model expects (e5 models: ``"query: "`` /
            ``"passage: "``; most models: none).

    Raises:
        ConfigError: the package is not installed or the folder is not a model.
    """

    def __init__(
        self, folder: Path, *, query_prefix: str = "", passage_prefix: str = ""
    ) -> None:
        if not (folder / "config.json").is_file() and not (folder / "modules.json").is_file():
            raise ConfigError(f"{folder} is not a sentence-transformers model folder")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ConfigError(
                "GRACE_EMBEDDER=st:… needs the optional extra: pip install 'grace[st]'"
            ) from exc
        self._model: Any = SentenceTransformer(str(folder), device="cpu", local_files_only=True)
        get_dim: Any = (  # renamed in sentence-transformers 6
            getattr(self._model, "get_embedding_dimension", None)
            or self._model.get_sentence_embedding_dimension
        )
        dim = get_dim()
        if not isinstance(dim, int):
            raise ConfigError(f"{folder}: the model does not report its embedding dimension")
        self._prefix = {"query": query_prefix, "passage": passage_prefix}
        self._identity = ModelIdentity(
            name=f"{folder.resolve().parent.name}/{folder.resolve().name}",
            revision=folder_revision(folder),
            dimensions=dim,
            query_prefix=query_prefix,
            passage_prefix=passage_prefix,
            max_tokens=int(getattr(self._model, "max_seq_length", 512) or 512),
        )

    @property
    def identity(self) -> ModelIdentity:
        return self._identity

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Matrix:
        d = self._identity.dimensions
        if not texts:
            return np.zeros((0, d), dtype=np.float32)
        prefixed = [self._prefix[kind] + t for t in texts]
        out = self._model.encode(prefixed, normalize_embeddings=True, convert_to_numpy=True)
        return normalise_rows(np.asarray(out, dtype=np.float32).reshape(len(texts), d))
