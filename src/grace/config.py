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
    """

    model_config = SettingsConfigDict(env_prefix="GRACE_", extra="ignore", frozen=True)

    project: Path | None = None
    catalog: Path | None = None
    token_budget: int = Field(8000, ge=1, le=1_000_000)
    token_encoding: Literal["o200k_base", "cl100k_base", "heuristic"] = "o200k_base"


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
