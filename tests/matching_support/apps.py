"""Matching apps for the service tests: a store of seeded random members on either backend, and
a small subset of the real festivals."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from grace.bootstrap import MatchingApp, build_matching
from grace.config import Settings
from tests.matching_support.data import random_members
from tests.matching_support.pg import fresh_database


def seeded_app(url: str, tmp_path: Path, **overrides: object) -> MatchingApp:
    """A matching app on ``url`` (fake embedder) holding 300 seeded random members, embedded."""
    s = Settings(cache_dir=tmp_path, embedder="fake", **overrides)
    app = build_matching(s, database_url=url)
    members, cal = random_members(300, seed=5)
    app.repo.upsert_members(members)
    app.repo.set_availability(cal)
    app.worker()()
    return app


def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database URL of a fixture parametrised ``sqlite`` / ``postgres`` (a fresh database of
    the session's pgserver)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'm.sqlite'}"
    return fresh_database(request.getfixturevalue("pg_server"))


def breton_festivals(shared_data: Path, tmp_path: Path) -> tuple[Path, int]:
    """The real festivals of Ille-et-Vilaine and Loire-Atlantique (postal codes 35, 44) written
    to a CSV in ``tmp_path``: (its path, its row count)."""
    src = shared_data / "venues" / "festivals_france.csv"
    with src.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        rows = [r for r in reader if r["postal_code"].startswith(("35", "44"))]
        fields = reader.fieldnames
    assert fields is not None
    subset = tmp_path / "venues.csv"
    with subset.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    return subset, len(rows)
