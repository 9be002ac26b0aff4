"""Shared fixtures: paths to the bundled example and to ../shared/data."""

from __future__ import annotations

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
