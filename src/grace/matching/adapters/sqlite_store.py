"""SQLite member store (the embedded default): one file, nothing to install.

Spatial index: an R*Tree virtual table ``member_geo`` (one degenerate box per located member).
Vectors: ``float32`` BLOBs on the member row; stage 2 is an exact numpy dot product.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from grace.errors import MemberStoreError, MemberValidationError, map_exceptions
from grace.matching.adapters.member_index import INDEX_COLUMNS, MemberIndex
from grace.matching.adapters.sql_common import (
    COLUMNS,
    TEXT_COLUMNS,
    member_params,
    pending_item,
    row_to_member,
    unit_vectors,
)
from grace.matching.domain.filters import HardFilter
from grace.matching.domain.model import Availability, Member
from grace.matching.domain.ports import EmbeddingStatus, PendingEmbedding, Ranked

SCHEMA_VERSION = 3
_MIGRATIONS: dict[int, str] = {
    1: """
CREATE TABLE member (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    tags TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    postal_code TEXT NOT NULL CHECK (length(postal_code) = 5),
    commune TEXT NOT NULL,
    latitude REAL, longitude REAL,
    cap_seated INTEGER, cap_standing INTEGER, cap_theatre INTEGER, cap_meeting INTEGER,
    budget_min INTEGER, budget_max INTEGER,
    rooms TEXT NOT NULL, knowledge TEXT NOT NULL, generated TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    embedding BLOB, embedding_model TEXT, embedded_hash TEXT
);
CREATE INDEX member_postal_status ON member (postal_code, status);
CREATE VIRTUAL TABLE member_geo USING rtree (id, min_lat, max_lat, min_lon, max_lon);
CREATE TABLE availability (
    member_id INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    available INTEGER NOT NULL,
    PRIMARY KEY (member_id, day)
) WITHOUT ROWID;
CREATE TABLE member_outbox (
    member_id INTEGER PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
    queued_at TEXT NOT NULL
);
""",
    # the INSEE département of the member's commune (issue 14: a postal code shared by two);
    # rows written before stay NULL (zones then decide by postal code, as before)
    2: "ALTER TABLE member ADD COLUMN departement TEXT",
    # decision 0018: the revision counter that keeps in-memory indexes in step with the store
    # (rows written before get revision 1, read by every index's first load), and the outbox's
    # queue order indexed (the worker reads its oldest entries once per batch)
    3: """
CREATE TABLE store_rev (id INTEGER PRIMARY KEY CHECK (id = 1), rev INTEGER NOT NULL);
INSERT INTO store_rev VALUES (1, 1);
ALTER TABLE member ADD COLUMN rev INTEGER NOT NULL DEFAULT 1;
CREATE INDEX member_rev ON member (rev);
CREATE INDEX member_outbox_queue ON member_outbox (queued_at, member_id);
""",
}
_CHUNK = 30_000  # below SQLite's default 32 766 host parameters
_SYNC_CHUNK = 50_000
"""Member rows per step of an index refresh (≈ 80 MB of rows at 384 dimensions)."""
_DRIVER_ERRORS: dict[type[Exception], type[MemberStoreError]] = {
    sqlite3.Error: MemberStoreError, OSError: MemberStoreError}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SqliteMemberRepository:
    """:class:`~grace.matching.domain.ports.MemberRepository` on a SQLite file.

    Args:
        path: the database file (created with its folder), ``":memory:"``, or a SQLite
            ``file:`` URI (a named in-memory database shared with the search log).

    Raises:
        MemberStoreError: the file cannot be opened, or any call fails in SQLite (a locked,
            truncated or corrupt file…): every query runs under one mapper (:meth:`_run`,
            :meth:`_tx`), never a raw ``sqlite3`` error.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = path
        with map_exceptions(_DRIVER_ERRORS, f"cannot open the member store {path}"):
            uri = str(path).startswith("file:")
            if str(path) != ":memory:" and not uri:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False,
                                       uri=uri)
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.execute("PRAGMA journal_mode = WAL")
        self._index = MemberIndex()

    def _mapped(self) -> contextlib.AbstractContextManager[None]:
        return map_exceptions(_DRIVER_ERRORS, f"member store {self.path}")

    def _run(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._mapped():
            return list(self._db.execute(sql, params).fetchall())

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._mapped():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                with suppress(sqlite3.Error):  # the file may be gone: keep the first error
                    self._db.execute("ROLLBACK")
                raise

    def migrate(self) -> None:
        with self._tx() as db:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = db.execute("SELECT max(version) FROM schema_version").fetchone()
            current = row[0] or 0
            if current > SCHEMA_VERSION:
                raise MemberStoreError(f"member store {self.path} has schema {current}, newer "
                                       f"than this GRACE ({SCHEMA_VERSION}): upgrade GRACE")
            for v in range(current + 1, SCHEMA_VERSION + 1):
                for stmt in _MIGRATIONS[v].split(";"):
                    if stmt.strip():
                        db.execute(stmt)
                db.execute("INSERT INTO schema_version VALUES (?)", (v,))

    @staticmethod
    def _next_rev(db: sqlite3.Connection) -> int:
        """The revision of this write transaction (decision 0018; BEGIN IMMEDIATE serialises)."""
        return int(db.execute("UPDATE store_rev SET rev = rev + 1 RETURNING rev").fetchone()[0])

    def upsert_members(self, members: Sequence[Member]) -> int:
        with self._tx() as db:
            return self._upsert(db, members, self._next_rev(db))[0]

    def set_availability(self, rows: Sequence[Availability]) -> None:
        with self._tx() as db:
            self._set_availability(db, rows, self._next_rev(db))

    def write_batch(self, members: Sequence[Member], availability: Sequence[Availability]) -> int:
        with self._tx() as db:
            rev = self._next_rev(db)
            queued, ids = self._upsert(db, members, rev)
            self._set_availability(db, availability, rev, ids)
        return queued

    def _upsert(self, db: sqlite3.Connection, members: Sequence[Member], rev: int
                ) -> tuple[int, dict[str, int]]:
        """Bulk upsert (executemany, inside the caller's transaction); a code given twice keeps
        its last version. Returns how many members were queued for embedding, and the id of
        each code written (all of them carry revision ``rev``)."""
        if not members:
            return 0, {}
        by_code = {m.code: m for m in members}
        params = {c: member_params(m) for c, m in by_code.items()}
        old = dict(self._in_chunks("SELECT code, text_hash FROM member WHERE code IN ({})",
                                   list(by_code)))
        cols = ", ".join(COLUMNS)
        marks = ", ".join("?" * (len(COLUMNS) + 1))
        updates = ", ".join(f"{c} = excluded.{c}" for c in (*COLUMNS[1:], "rev"))
        db.executemany(f"INSERT INTO member ({cols}, rev) VALUES ({marks}) ON CONFLICT (code) "
                       f"DO UPDATE SET {updates}", [(*p, rev) for p in params.values()])
        ids = self.ids_for(list(by_code))
        # only members that existed have a box to replace
        db.executemany("DELETE FROM member_geo WHERE id = ?", [(ids[c],) for c in old])
        db.executemany("INSERT INTO member_geo VALUES (?, ?, ?, ?, ?)",
                       [(ids[c], m.latitude, m.latitude, m.longitude, m.longitude)
                        for c, m in by_code.items()
                        if m.latitude is not None and m.longitude is not None])
        now = _now()
        changed = [ids[c] for c, p in params.items() if old.get(c) != p[-1]]
        db.executemany("INSERT INTO member_outbox VALUES (?, ?) ON CONFLICT (member_id) "
                       "DO UPDATE SET queued_at = excluded.queued_at",
                       [(i, now) for i in changed])
        return len(changed), ids

    def _in_chunks(self, sql: str, values: Sequence[object]) -> list[tuple[Any, ...]]:
        """``sql`` with ``{}`` replaced by up to :data:`_CHUNK` placeholders, over ``values``."""
        out: list[tuple[Any, ...]] = []
        for i in range(0, len(values), _CHUNK):
            part = values[i:i + _CHUNK]
            out += self._run(sql.format(", ".join("?" * len(part))), part)
        return out

    def ids_for(self, codes: Sequence[str]) -> dict[str, int]:
        rows = self._in_chunks("SELECT code, id FROM member WHERE code IN ({})",
                               sorted(set(codes)))
        return {str(c): int(i) for c, i in rows}

    def _set_availability(self, db: sqlite3.Connection, rows: Sequence[Availability],
                          rev: int, written: dict[str, int] | None = None) -> None:
        """Upsert ``rows`` (the last of a (member, day) given twice wins) and stamp their
        members with ``rev``. ``written``: code → id of members this transaction already wrote
        at ``rev`` (no second lookup, no second stamp)."""
        if not rows:
            return
        written = written or {}
        codes = {r.code for r in rows}
        ids = dict(written)
        if not codes <= written.keys():  # same connection: inside the transaction
            ids.update(self.ids_for(sorted(codes - written.keys())))
        missing = sorted(codes - ids.keys())
        if missing:
            raise MemberValidationError(f"availability for unknown member(s) "
                                        f"{', '.join(missing[:5])}: import the members first")
        db.executemany(
            "INSERT INTO availability VALUES (?, ?, ?) ON CONFLICT (member_id, day) DO "
            "UPDATE SET available = excluded.available",
            [(ids[r.code], r.day.isoformat(), int(r.available)) for r in rows])
        db.executemany("UPDATE member SET rev = ? WHERE id = ?",
                       [(rev, ids[c]) for c in sorted(codes - written.keys())])

    def get(self, code: str) -> Member | None:
        rows = self._run(f"SELECT {', '.join(COLUMNS)} FROM member WHERE code = ?", (code,))
        return row_to_member(rows[0]) if rows else None

    def count(self) -> int:
        with self._index.lock:
            return len(self._synced())

    def _synced(self) -> MemberIndex:
        """The in-memory index, brought up to the store's committed revision (decision 0018).
        Call with ``self._index.lock`` held."""
        idx = self._index
        (rev,) = self._run("SELECT rev FROM store_rev")[0]
        if int(rev) > idx.revision:
            with self._mapped():
                self._db.execute("BEGIN")  # one snapshot (WAL) for the counter and the rows
                try:
                    (rev,) = self._db.execute("SELECT rev FROM store_rev").fetchone()
                    since = idx.revision
                    if since == 0:
                        idx.reserve(self._db.execute("SELECT count(*) FROM member").fetchone()[0])
                    # a cold build reads the table in id order (rows appended, never
                    # re-sorted); a refresh reads the rev index (any order: no ORDER BY, or
                    # SQLite would scan the table by id)
                    cur = self._db.execute(
                        f"SELECT {', '.join(INDEX_COLUMNS)} FROM member WHERE rev > ?"
                        + (" ORDER BY id" if since == 0 else ""), (since,))
                    while chunk := cur.fetchmany(_SYNC_CHUNK):
                        idx.apply(chunk, (), int(rev), final=False)
                    avail = [(str(d), bool(a), str(ids)) for d, a, ids in self._db.execute(
                        "SELECT a.day, a.available, group_concat(a.member_id) FROM member m "
                        "JOIN availability a ON a.member_id = m.id WHERE m.rev > ? "
                        "GROUP BY a.day, a.available", (since,))]
                finally:
                    self._db.execute("COMMIT")
            idx.apply((), avail, int(rev))
        return idx

    def stage1(self, criteria: HardFilter) -> list[int]:
        with self._index.lock:
            return self._synced().stage1(criteria)

    def _with_ids(self, ids: Sequence[int], sql: str, *extra: object) -> list[tuple[object, ...]]:
        # The ids travel as one JSON array (json_each), no temporary table to write; CROSS JOIN
        # keeps them as the outer loop: never a scan of every member's vector.
        payload = json.dumps([int(i) for i in ids])
        return self._run(sql, (payload, *extra))

    def rank(self, query: npt.NDArray[np.float32], ids: Sequence[int], *, k: int,
             model_key: str) -> list[Ranked]:
        with self._index.lock:
            return self._synced().rank(query, ids, k=k, model_key=model_key)

    def pending(self, limit: int) -> list[PendingEmbedding]:
        rows = self._run(
            f"SELECT {', '.join('m.' + c for c in TEXT_COLUMNS)} FROM member_outbox o "
            "JOIN member m ON m.id = o.member_id ORDER BY o.queued_at, o.member_id LIMIT ?",
            (limit,))
        return [pending_item(r) for r in rows]

    def store_embeddings(self, items: Sequence[PendingEmbedding],
                         vectors: npt.NDArray[np.float32], *, model_key: str) -> None:
        unit = unit_vectors(vectors)
        if len(items) != len(unit):
            raise MemberStoreError(f"{len(items)} members but {len(unit)} vectors")
        with self._tx() as db:
            rev = self._next_rev(db)
            db.executemany("UPDATE member SET embedding = ?, embedding_model = ?, "
                           "embedded_hash = ?, rev = ? WHERE id = ?",
                           [(vec.tobytes(), model_key, item.text_hash, rev, item.member_id)
                            for item, vec in zip(items, unit, strict=True)])
            db.executemany("DELETE FROM member_outbox WHERE member_id = ? AND ? = "
                           "(SELECT text_hash FROM member WHERE id = ?)",
                           [(i.member_id, i.text_hash, i.member_id) for i in items])

    def requeue_other_models(self, model_key: str) -> int:
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO member_outbox SELECT id, ? FROM member WHERE embedding_model IS NULL "
                "OR embedding_model != ? ON CONFLICT (member_id) DO NOTHING", (_now(), model_key))
            return cur.rowcount

    def status(self, model_key: str) -> EmbeddingStatus:
        total, fresh = self._run(
            "SELECT count(*), coalesce(sum(embedding_model = ? AND NOT EXISTS (SELECT 1 FROM "
            "member_outbox o WHERE o.member_id = m.id)), 0) FROM member m", (model_key,))[0]
        return EmbeddingStatus(int(total), int(fresh), int(total) - int(fresh))

    def summaries(self, ids: Sequence[int]) -> dict[int, Member]:
        rows = self._with_ids(ids, f"SELECT m.id, {', '.join('m.' + c for c in COLUMNS)} "
                              "FROM json_each(?) w CROSS JOIN member m WHERE m.id = w.value")
        return {int(r[0]): row_to_member(r[1:]) for r in rows}  # type: ignore[call-overload]

    def availability(self, ids: Sequence[int], days: Sequence[date]) -> dict[int, dict[date, bool]]:
        out: dict[int, dict[date, bool]] = {}
        if not ids or not days:
            return out
        wanted = sorted({d.isoformat() for d in days})
        rows = self._with_ids(
            ids, "SELECT a.member_id, a.day, a.available FROM json_each(?) w CROSS JOIN "
            "availability a WHERE a.member_id = w.value AND a.day IN "
            f"({', '.join('?' * len(wanted))})", *wanted)
        for mid, day, available in rows:
            out.setdefault(int(mid), {})[date.fromisoformat(str(day))] = bool(available)  # type: ignore[call-overload]
        return out

    def positions(self, ids: Sequence[int]) -> dict[int, tuple[float, float]]:
        with self._index.lock:
            return self._synced().positions(ids)

    def revisions(self, ids: Sequence[int]) -> dict[int, int]:
        with self._index.lock:
            return self._synced().revisions(ids)

    def close(self) -> None:
        self._db.close()
