"""The composition root: one database for the member store and the search log, apps that
close, and the evaluation harness wired from settings."""

from __future__ import annotations

import sqlite3
from datetime import date

from grace.bootstrap import build_learnings, build_matching, build_resolution
from grace.config import Settings
from grace.matching.adapters.database import Database
from grace.matching.domain.model import EventRequest


def tables(url: str) -> set[str]:
    conn = sqlite3.connect(url.removeprefix("sqlite:///"), uri=True)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


def test_in_memory_store_and_search_log_are_one_database_closed_with_the_app(tmp_path):
    settings = Settings(cache_dir=tmp_path, embedder="fake", ranker="deterministic")
    with build_matching(settings, database_url="sqlite:///:memory:") as app:
        app.generate(40, seed=3, calendar_days=2)
        app.worker()()
        result = app.match(EventRequest(description="séminaire d'entreprise",
                                        dates=(date(2027, 6, 1),)))
        assert app.match.search_record(result.search_id) is not None
        # A third connection to the same URL sees the members and the logged search together.
        assert {"member", "search_log"} <= tables(app.url)
        conn = sqlite3.connect(app.url.removeprefix("sqlite:///"), uri=True)
        assert conn.execute("SELECT count(*) FROM member").fetchone() == (40,)
        assert conn.execute("SELECT count(*) FROM search_log").fetchone() == (1,)
        conn.close()
    # Both connections closed: the in-memory database is gone.
    assert tables(app.url) == set()
    app.close()  # idempotent


def test_two_in_memory_databases_are_distinct():
    a, b = Database("sqlite:///:memory:"), Database("sqlite:///:memory:")
    assert a.url != b.url and a.dialect == b.dialect == "sqlite"
    store = a.member_store()
    try:
        assert "member" in tables(a.url) and tables(b.url) == set()
    finally:
        store.close()


def test_resolution_and_learnings_apps_close_their_vector_cache(tmp_path, example_project_file):
    s = Settings(cache_dir=tmp_path, embedder="fake", relevance="embeddings")
    with build_resolution(s, project=example_project_file) as app:
        r = app.resolve(app.project, role="backend", task="pagination", token_budget=4000)
        assert r.markdown.startswith("# GRACE context")
    with build_learnings(s, tmp_path / "learnings.jsonl") as learnings:
        learnings.add(story="Export", tags=["pdf"], learning="Fonts embedded")
    assert (tmp_path / "vectors.sqlite").is_file()
