"""Every backend call maps a broken database to GRACE's error, never a raw driver error.

A real SQLite file is broken under each call of the member store, the search log and the vector
cache — its bytes overwritten (``database disk image is malformed``) or its tables dropped by
another connection (``no such table``) — and a real PostgreSQL connection is terminated under
each call of the two PostgreSQL adapters. Each call must raise the mapped
:class:`~grace.errors.UnavailableError` subclass, with the driver's error as its cause.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import psycopg
import pytest

from grace.bootstrap import open_member_store
from grace.embedding.cache import CachedEmbedder
from grace.embedding.fake import FakeEmbedder
from grace.errors import MemberStoreError, UnavailableError, VectorCacheError
from grace.matching.adapters.search_log import SqlSearchLog, open_search_log
from grace.matching.domain.filters import HardFilter
from grace.matching.domain.history import Feedback, SearchRecord, Suggestion
from grace.matching.domain.ports import MemberRepository, PendingEmbedding, SearchLog
from tests.matching_support.data import DAY0, random_members
from tests.matching_support.pg import fresh_database

KEY = "test-model"
MEMBERS, CALENDAR = random_members(30, seed=4)
QUERY = np.full(8, 8 ** -0.5, dtype=np.float32)
SID = "a" * 32


def _record(search_id: str = SID) -> SearchRecord:
    return SearchRecord(
        search_id=search_id, at=datetime(2027, 1, 2, tzinfo=UTC), mode="pipeline",
        request={"description": "gala"}, filter_key="f", embedding=QUERY, model_key=KEY,
        stage_ms={"total": 1.0}, funnel={"members": 30}, ranker="deterministic",
        fallback=None, input_tokens=0, output_tokens=0, cost_eur=0.0,
        suggestions=(Suggestion("#100", "recommended", "Proche."),))


# migrate runs when a store or a log is opened: test_opening_a_garbled_file_is_mapped_too.
STORE_CALLS: dict[str, Callable[[MemberRepository], object]] = {
    "upsert_members": lambda r: r.upsert_members(MEMBERS[:2]),
    "set_availability": lambda r: r.set_availability(CALENDAR[:3]),
    "write_batch": lambda r: r.write_batch(MEMBERS[:2], CALENDAR[:3]),
    "get": lambda r: r.get("#100"),
    "ids_for": lambda r: r.ids_for(["#100", "#101"]),
    "count": lambda r: r.count(),
    "stage1": lambda r: r.stage1(HardFilter()),
    "rank": lambda r: r.rank(QUERY, [1, 2, 3], k=2, model_key=KEY),
    "pending": lambda r: r.pending(10),
    "store_embeddings": lambda r: r.store_embeddings(
        [PendingEmbedding(1, "texte", "h")], QUERY[None, :], model_key=KEY),
    "requeue_other_models": lambda r: r.requeue_other_models(KEY),
    "status": lambda r: r.status(KEY),
    "summaries": lambda r: r.summaries([1, 2]),
    "availability": lambda r: r.availability([1, 2], [DAY0]),
    "positions": lambda r: r.positions([1, 2]),
    "revisions": lambda r: r.revisions([1, 2]),
}
LOG_CALLS: dict[str, Callable[[SqlSearchLog], object]] = {
    "record": lambda log: log.record(_record("b" * 32)),
    "get": lambda log: log.get(SID),
    "add_feedback": lambda log: log.add_feedback(
        Feedback(SID, "#100", "kept", datetime(2027, 1, 3, tzinfo=UTC))),
    "feedback": lambda log: log.feedback(),
    "records": lambda log: log.records(limit=5),
    "similar": lambda log: log.similar("f", QUERY, model_key=KEY, k=3, min_similarity=0.0),
}


def _port_methods(port: type) -> set[str]:
    return {n for n in vars(port) if not n.startswith("_") and n != "close"}


def test_every_backend_call_is_exercised():
    assert set(STORE_CALLS) | {"migrate"} == _port_methods(MemberRepository)
    assert set(LOG_CALLS) == _port_methods(SearchLog)


# --- SQLite: a real file, broken after the adapter opened it ---------------------------------

def _garble(path: Path) -> None:
    """Overwrite every byte of the database file (its size kept)."""
    path.write_bytes(bytes((7 * i + 3) % 256 for i in range(path.stat().st_size)))


def _drop(path: Path, tables: tuple[str, ...]) -> None:
    with sqlite3.connect(path) as other:
        for t in tables:
            other.execute(f"DROP TABLE {t}")  # fixed names of this test
    other.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A members database with members, calendars, vectors and one logged search (closed:
    one self-contained file)."""
    path = tmp_path_factory.mktemp("template") / "members.sqlite"
    url = f"sqlite:///{path}"
    store = open_member_store(url)
    store.upsert_members(MEMBERS)
    store.set_availability(CALENDAR)
    items = store.pending(100)
    store.store_embeddings(items, np.tile(QUERY, (len(items), 1)), model_key=KEY)
    log = open_search_log(url)
    log.record(_record())
    log.close()
    store.close()
    return path


@pytest.fixture
def copy(template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "members.sqlite"
    shutil.copy(template, path)
    return path


def _assert_mapped(err: pytest.ExceptionInfo[Exception], cls: type[Exception],
                   driver: type[Exception] = sqlite3.Error) -> None:
    assert isinstance(err.value, cls) and isinstance(err.value, UnavailableError)
    assert isinstance(err.value.__cause__, driver), repr(err.value.__cause__)


@pytest.mark.parametrize("breakage", ["garbled", "dropped"])
@pytest.mark.parametrize("call", STORE_CALLS)
def test_sqlite_member_store_maps_a_broken_file(copy, call, breakage):
    store = open_member_store(f"sqlite:///{copy}")
    try:
        if breakage == "garbled":
            _garble(copy)
        else:
            _drop(copy, ("availability", "member_outbox", "member_geo", "member"))
        with pytest.raises(MemberStoreError) as err:
            STORE_CALLS[call](store)
        _assert_mapped(err, MemberStoreError)
    finally:
        store.close()


@pytest.mark.parametrize("breakage", ["garbled", "dropped"])
@pytest.mark.parametrize("call", LOG_CALLS)
def test_sqlite_search_log_maps_a_broken_file(copy, call, breakage):
    log = open_search_log(f"sqlite:///{copy}")
    try:
        if breakage == "garbled":
            _garble(copy)
        else:
            _drop(copy, ("search_feedback", "search_log"))
        with pytest.raises(MemberStoreError) as err:
            LOG_CALLS[call](log)
        _assert_mapped(err, MemberStoreError)
    finally:
        log.close()


@pytest.mark.parametrize("breakage", ["garbled", "dropped"])
@pytest.mark.parametrize("step", ["read", "write"])
def test_vector_cache_maps_a_broken_file(tmp_path, breakage, step):
    path = tmp_path / "vectors.sqlite"
    cache = CachedEmbedder(FakeEmbedder(), path)
    cache.embed(["déjà là"], kind="passage")
    cache.close()
    cache = CachedEmbedder(FakeEmbedder(), path)
    try:
        if breakage == "garbled":
            _garble(path)
        else:
            _drop(path, ("vectors",))
        texts = ["déjà là"] if step == "read" else ["nouveau texte"]
        with pytest.raises(VectorCacheError) as err:
            cache.embed(texts, kind="passage")
        _assert_mapped(err, VectorCacheError)
    finally:
        cache.close()


def test_opening_a_garbled_file_is_mapped_too(copy):
    """Opening runs ``migrate`` (the schema is read then, and kept in SQLite's cache)."""
    _garble(copy)
    for open_it in (lambda: open_member_store(f"sqlite:///{copy}"),
                    lambda: open_search_log(f"sqlite:///{copy}")):
        with pytest.raises(MemberStoreError) as err:
            open_it()
        _assert_mapped(err, MemberStoreError)
    with pytest.raises(VectorCacheError) as cache_err:
        CachedEmbedder(FakeEmbedder(), copy)
    _assert_mapped(cache_err, VectorCacheError)


# --- PostgreSQL: the server ends the adapter's session under each call -----------------------

def _terminate_others(url: str) -> None:
    """End every other session on the database, waiting (up to 5 s each) until they are gone."""
    with psycopg.connect(url, autocommit=True) as admin:
        ended = admin.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = "
            "current_database() AND pid <> pg_backend_pid()").fetchall()
    assert ended and all(ok for (ok,) in ended)


@pytest.fixture(scope="module")
def pg_seeded(pg_server: str) -> str:
    url = fresh_database(pg_server)
    store = open_member_store(url)
    store.upsert_members(MEMBERS)
    store.close()
    return url


@pytest.mark.postgres
@pytest.mark.parametrize("call", [*STORE_CALLS, "migrate"])
def test_postgres_member_store_maps_a_lost_connection(pg_seeded, call):
    store = open_member_store(pg_seeded)
    try:
        _terminate_others(pg_seeded)
        with pytest.raises(MemberStoreError) as err:
            STORE_CALLS.get(call, lambda r: r.migrate())(store)
        _assert_mapped(err, MemberStoreError, psycopg.Error)
    finally:
        store.close()


@pytest.mark.postgres
@pytest.mark.parametrize("call", [*LOG_CALLS, "migrate"])
def test_postgres_search_log_maps_a_lost_connection(pg_seeded, call):
    log = open_search_log(pg_seeded)
    try:
        _terminate_others(pg_seeded)
        with pytest.raises(MemberStoreError) as err:
            LOG_CALLS.get(call, lambda g: g.migrate())(log)
        _assert_mapped(err, MemberStoreError, psycopg.Error)
    finally:
        log.close()
