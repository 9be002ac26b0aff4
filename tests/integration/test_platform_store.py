"""The platform tables on PostgreSQL (pgserver): versions written atomically, migrations,
projects and their enabled talents (issue 17)."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import overload

import psycopg
import pytest

from grace.errors import (
    CatalogError,
    CatalogStoreError,
    ConfigError,
    InvalidIdError,
    ProjectError,
    UnknownProjectError,
)
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.postgres_catalog import PlatformStore, PostgresCatalogReader
from grace.resolution.domain.talent import Talent
from tests.matching_support.pg import fresh_database


@pytest.fixture(scope="module")
def talents(example_catalog_dir: Path) -> Sequence[Talent]:
    return FilesystemCatalog(example_catalog_dir, strict=True).talents()


@pytest.fixture
def store(pg_server: str) -> Iterator[PlatformStore]:
    with PlatformStore(fresh_database(pg_server)) as s:
        yield s


class _Breaks(Sequence[Talent]):
    """The talents, but iterating them fails after ``at`` items (a crash mid-publish)."""

    def __init__(self, items: Sequence[Talent], at: int) -> None:
        self._items, self._at = list(items), at

    @overload
    def __getitem__(self, i: int) -> Talent: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Talent]: ...
    def __getitem__(self, i: int | slice) -> Talent | Sequence[Talent]:
        if isinstance(i, int) and i >= self._at:
            raise RuntimeError("publisher killed")
        return self._items[i]

    def __len__(self) -> int:
        return len(self._items)


def test_a_failure_mid_publish_leaves_the_previous_version_whole(
        store: PlatformStore, talents: Sequence[Talent]) -> None:
    first = store.publish("default", talents[:10])
    changed = [replace(t, summary=t.summary + " (v2)") for t in talents]
    with pytest.raises(RuntimeError, match="killed"):
        store.publish("default", _Breaks(changed, at=15))
    assert store.latest_version("default") == first.version
    reader = PostgresCatalogReader(store, "default")
    assert [t.id for t in reader.talents()] == [t.id for t in talents[:10]]
    with psycopg.connect(store.url) as db:  # no orphan rows of the failed version either
        row = db.execute("SELECT count(*) FROM catalog_talents").fetchone()
        assert row is not None and row[0] == 10


def test_a_reader_during_a_publish_sees_a_whole_version(
        store: PlatformStore, talents: Sequence[Talent]) -> None:
    store.publish("default", talents[:3])
    seen: set[int] = set()
    stop = threading.Event()

    def read() -> None:
        with PlatformStore(store.url) as other:
            while not stop.is_set():
                seen.add(len(PostgresCatalogReader(other, "default").talents()))

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for n in range(1, 6):
            store.publish("default", [replace(t, summary=f"{t.summary} {n}") for t in talents])
    finally:
        stop.set()
        reader.join()
    assert seen <= {3, len(talents)}, seen


def test_same_content_is_not_a_new_version(store: PlatformStore,
                                           talents: Sequence[Talent]) -> None:
    a = store.publish("default", talents)
    b = store.publish("default", talents)
    assert (a.created, b.created, b.version) == (True, False, a.version)
    c = store.publish("default", [replace(talents[0], priority=talents[0].priority + 1),
                                  *talents[1:]])
    assert c.created and c.version > a.version
    old = PostgresCatalogReader(store, "default", a.version)
    assert old.get(talents[0].id) == replace(talents[0], source=old.get(talents[0].id).source)  # type: ignore[union-attr]
    new = PostgresCatalogReader(store, "default")
    assert new.version == c.version
    assert new.get(talents[0].id).priority == talents[0].priority + 1  # type: ignore[union-attr]


def test_never_published_catalog_is_a_clear_error(store: PlatformStore) -> None:
    with pytest.raises(CatalogError, match=r"never published.*grace catalog publish"):
        PostgresCatalogReader(store, "team-a")


def test_migrations_are_idempotent_and_a_newer_schema_is_refused(store: PlatformStore) -> None:
    with PlatformStore(store.url):  # a second open migrates nothing
        pass
    with psycopg.connect(store.url, autocommit=True) as db:
        db.execute("INSERT INTO catalog_schema_version VALUES (99)")
    with pytest.raises(CatalogStoreError, match="newer than this GRACE"):
        PlatformStore(store.url)


def test_bad_urls_are_clear_errors(pg_server: str) -> None:
    with pytest.raises(ConfigError, match="postgresql://"):
        PlatformStore("sqlite:///x.db")
    with pytest.raises(CatalogStoreError, match="cannot connect"):
        PlatformStore(pg_server.replace("/postgres?", "/no_such_db?", 1))


def test_projects_enable_and_disable(store: PlatformStore) -> None:
    store.create_project("shop-api", languages=["Python"],
                         talents={"backend.repository": (True, False),
                                  "pattern.use-case": (True, True),
                                  "backend.orm-active-record": (False, False)})
    p = store.project("shop-api")
    assert p.catalog == "default"
    assert p.project.enabled == ("backend.repository", "pattern.use-case")
    assert p.project.always == ("pattern.use-case",)
    assert p.project.disabled == ("backend.orm-active-record",)
    assert p.project.languages == ("python",)
    changed, unchanged = store.set_enabled("shop-api", ["backend.orm-active-record",
                                                        "backend.repository"], enabled=True)
    assert (changed, unchanged) == (("backend.orm-active-record",), ("backend.repository",))
    store.set_enabled("shop-api", ["backend.repository"], enabled=False)
    assert store.project("shop-api").project.enabled == ("pattern.use-case",
                                                         "backend.orm-active-record")
    with pytest.raises(ProjectError, match="already exists"):
        store.create_project("shop-api")


def test_unknown_and_malformed_projects(store: PlatformStore) -> None:
    store.create_project("shop-api")
    with pytest.raises(UnknownProjectError, match="did you mean shop-api"):
        store.project("shop-apl")
    with pytest.raises(UnknownProjectError):
        store.set_enabled("nope", ["backend.repository"], enabled=True)
    with pytest.raises(InvalidIdError):
        store.project("x'; DROP TABLE projects; --")
    with pytest.raises(InvalidIdError):
        store.set_enabled("shop-api", ["../x"], enabled=True)
    assert store.project_names() == ["shop-api"]
