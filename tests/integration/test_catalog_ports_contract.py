"""One contract for the catalog ports on both backends: the catalog folder and the platform
database (PostgreSQL, pgserver; issue 17, decision 0015-platform-catalog)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from grace.errors import InvalidIdError, UnknownTalentError
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog, FilesystemTalentContent
from grace.resolution.adapters.postgres_catalog import (
    PlatformStore,
    PostgresCatalogReader,
    PostgresTalentContent,
)
from grace.resolution.domain.ports import CatalogReader, TalentContentSource
from grace.resolution.domain.talent import DEPTHS
from tests.matching_support.pg import fresh_database

Backend = tuple[CatalogReader, TalentContentSource]


@pytest.fixture(scope="module")
def folder(example_catalog_dir: Path) -> FilesystemCatalog:
    return FilesystemCatalog(example_catalog_dir, strict=True)


@pytest.fixture(scope="module")
def platform(pg_server: str, folder: FilesystemCatalog) -> Iterator[PlatformStore]:
    with PlatformStore(fresh_database(pg_server)) as store:
        store.publish("default", folder.talents())
        yield store


@pytest.fixture(params=["folder", "postgresql"])
def backend(request: pytest.FixtureRequest, folder: FilesystemCatalog) -> Backend:
    if request.param == "folder":
        return folder, FilesystemTalentContent(folder)
    store: PlatformStore = request.getfixturevalue("platform")
    reader = PostgresCatalogReader(store, "default")
    return reader, PostgresTalentContent(store, reader.version)


def test_talents_are_the_folders_sorted_by_id(backend: Backend,
                                              folder: FilesystemCatalog) -> None:
    reader, _ = backend
    ids = [t.id for t in reader.talents()]
    assert ids == sorted(ids)
    assert ids == [t.id for t in folder.talents()]
    assert len(ids) >= 20
    assert reader.problems() == [] or list(reader.problems()) == []


def test_get_returns_the_same_talent_as_the_folder(backend: Backend,
                                                   folder: FilesystemCatalog) -> None:
    reader, _ = backend
    for expected in folder.talents():
        got = reader.get(expected.id)
        assert got is not None
        assert replace(got, source="") == replace(expected, source="")
    assert reader.get("no.such-talent") is None


def test_content_source_serves_every_depth_of_every_talent(backend: Backend) -> None:
    reader, content = backend
    for t in reader.talents():
        bodies = content.bodies(t.id)
        assert tuple(bodies) == DEPTHS
        assert dict(bodies) == dict(t.bodies)
        assert all(bodies[d].strip() for d in DEPTHS)


@pytest.mark.parametrize("bad", ["../etc/passwd", "a/b", "", "x" * 200, "Robert'); DROP"])
def test_content_source_refuses_malformed_ids(backend: Backend, bad: str) -> None:
    _, content = backend
    with pytest.raises(InvalidIdError):
        content.bodies(bad)


def test_content_source_unknown_id(backend: Backend) -> None:
    _, content = backend
    with pytest.raises(UnknownTalentError, match=r"no\.such-talent"):
        content.bodies("no.such-talent")
