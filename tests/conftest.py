"""Shared fixtures: paths to the bundled example and to ../shared/data."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from grace.bootstrap import bundled_catalog, example_project

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` next to the repository (CI lays it there too)."""
    assert SHARED_DATA.is_dir(), f"shared data not found at {SHARED_DATA}"
    return SHARED_DATA


@pytest.fixture(scope="session")
def example_catalog_dir() -> Path:
    return bundled_catalog()


@pytest.fixture(scope="session")
def example_project_file() -> Path:
    return example_project()


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real PostgreSQL 16 + pgvector (pgserver), data folder in a tmp dir, stopped at the end.

    Fails (never skips) when the server cannot start.
    """
    from tests.matching_support.pg import start_server

    yield from start_server(tmp_path_factory.mktemp("pgdata"))


@pytest.fixture(autouse=True)
def _no_real_llm(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test may reach the real Anthropic API with a developer's key (stage 3 picks Claude
    when a key is set): tests that need an LLM point the real SDK at a loopback stand-in."""
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "GRACE_ANTHROPIC_API_KEY",
                 "GRACE_ANTHROPIC_BASE_URL", "GRACE_RANKER"):
        monkeypatch.delenv(name, raising=False)
