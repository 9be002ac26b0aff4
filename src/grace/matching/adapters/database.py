"""``Database``: the one database of the member store and the search log, named by a URL."""

from __future__ import annotations

import uuid
from typing import Literal

from grace.errors import ConfigError
from grace.matching.adapters.search_log import SqlSearchLog, open_search_log
from grace.matching.domain.ports import MemberRepository

Dialect = Literal["sqlite", "postgres"]


class Database:
    """The database named by ``GRACE_DATABASE_URL``: ``sqlite:///PATH``, ``sqlite:///:memory:``
    or ``postgresql://…`` (``postgres://`` too).

    The member store and the search log are opened through the same object, so they always live
    in one database. ``sqlite:///:memory:`` becomes one named in-memory database with a shared
    cache (``file:grace-<uuid>?mode=memory&cache=shared``), which each connection of this object
    opens — two plain ``:memory:`` connections would be two separate, empty databases. It lasts
    while one of its connections is open.

    Raises:
        ConfigError: an unknown scheme.
    """

    def __init__(self, url: str) -> None:
        if url.startswith("sqlite:///"):
            self.dialect: Dialect = "sqlite"
            if url.removeprefix("sqlite:///") == ":memory:":
                url = f"sqlite:///file:grace-{uuid.uuid4().hex}?mode=memory&cache=shared"
        elif url.startswith(("postgresql://", "postgres://")):
            self.dialect = "postgres"
        else:
            raise ConfigError(f"GRACE_DATABASE_URL={url!r}: use sqlite:///PATH or postgresql://…")
        self.url = url

    def member_store(self) -> MemberRepository:
        """The member store, migrated.

        Raises:
            MemberStoreError: the store cannot be opened or migrated.
        """
        repo: MemberRepository
        if self.dialect == "sqlite":
            from grace.matching.adapters.sqlite_store import SqliteMemberRepository

            repo = SqliteMemberRepository(self.url.removeprefix("sqlite:///"))
        else:
            from grace.matching.adapters.postgres_store import PostgresMemberRepository

            repo = PostgresMemberRepository(self.url)
        repo.migrate()
        return repo

    def search_log(self) -> SqlSearchLog:
        """The search log, beside the members, migrated.

        Raises:
            MemberStoreError: the database cannot be opened or migrated.
        """
        return open_search_log(self.url)
