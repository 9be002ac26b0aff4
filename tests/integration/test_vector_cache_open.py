"""Opening the vector cache while another process switches the new file's journal."""

from __future__ import annotations

import sqlite3

import pytest

from grace.embedding import cache


class Locked:
    """A connection whose first ``fails`` statements answer "database is locked" at once, as
    SQLite does to ``PRAGMA journal_mode=WAL`` while another connection switches it."""

    def __init__(self, fails: int, message: str = "database is locked") -> None:
        self.real = sqlite3.connect(":memory:")
        self.fails, self.message, self.rollbacks = fails, message, 0

    def execute(self, sql: str):
        if self.fails:
            self.fails -= 1
            raise sqlite3.OperationalError(self.message)
        return self.real.execute(sql)

    def commit(self) -> None:
        self.real.commit()

    def rollback(self) -> None:
        self.rollbacks += 1


def test_the_set_up_is_retried_while_the_file_is_locked():
    db = Locked(fails=3)
    cache._set_up(db)  # type: ignore[arg-type]
    assert db.rollbacks == 3
    assert db.real.execute("SELECT count(*) FROM vectors").fetchone() == (0,)


def test_the_set_up_gives_up_after_the_retry_limit_or_on_another_error(monkeypatch):
    monkeypatch.setattr(cache, "OPEN_RETRY_S", 0.05)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        cache._set_up(Locked(fails=10**6))  # type: ignore[arg-type]
    other = Locked(fails=1, message="disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        cache._set_up(other)  # type: ignore[arg-type]
    assert other.rollbacks == 0
