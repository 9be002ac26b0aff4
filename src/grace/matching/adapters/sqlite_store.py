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
from grace.matching.adapters.sql_common import (
    COLUMNS,
    clamp_cosine,
    member_params,
    row_to_member,
    stage1_where,
    unit_vectors,
)
from grace.matching.domain.filters import HardFilter
from grace.matching.domain.model import Availability, Member
from grace.matching.domain.ports import EmbeddingStatus, PendingEmbedding, Ranked
from grace.matching.domain.texts import member_text
from grace.vectors.topk import exact_top_k

SCHEMA_VERSION = 2
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
}
_CHUNK = 30_000  # below SQLite's default 32 766 host parameters
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

    def upsert_members(self, members: Sequence[Member]) -> int:
        with self._tx() as db:
            return self._upsert(db, members)

    def set_availability(self, rows: Sequence[Availability]) -> None:
        with self._tx() as db:
            self._set_availability(db, rows)

    def write_batch(self, members: Sequence[Member], availability: Sequence[Availability]) -> int:
        with self._tx() as db:
            queued = self._upsert(db, members)
            self._set_availability(db, availability)
        return queued

    def _upsert(self, db: sqlite3.Connection, members: Sequence[Member]) -> int:
        cols = ", ".join(COLUMNS)
        marks = ", ".join("?" * len(COLUMNS))
        updates = ", ".join(f"{c} = excluded.{c}" for c in COLUMNS[1:])
        queued = 0
        now = _now()
        for m in members:
            params = member_params(m)
            old = db.execute("SELECT text_hash FROM member WHERE code = ?",
                             (m.code,)).fetchone()
            (mid,) = db.execute(
                f"INSERT INTO member ({cols}) VALUES ({marks}) ON CONFLICT (code) DO UPDATE "
                f"SET {updates} RETURNING id", params).fetchone()
            db.execute("DELETE FROM member_geo WHERE id = ?", (mid,))
            if m.latitude is not None and m.longitude is not None:
                db.execute("INSERT INTO member_geo VALUES (?, ?, ?, ?, ?)",
                           (mid, m.latitude, m.latitude, m.longitude, m.longitude))
            if old is None or old[0] != params[-1]:
                db.execute("INSERT INTO member_outbox VALUES (?, ?) ON CONFLICT (member_id) "
                           "DO UPDATE SET queued_at = excluded.queued_at", (mid, now))
                queued += 1
        return queued

    def ids_for(self, codes: Sequence[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        uniq = sorted(set(codes))
        for i in range(0, len(uniq), _CHUNK):
            part = uniq[i:i + _CHUNK]
            q = f"SELECT code, id FROM member WHERE code IN ({', '.join('?' * len(part))})"
            out.update(self._run(q, part))
        return out

    def _set_availability(self, db: sqlite3.Connection, rows: Sequence[Availability]) -> None:
        ids = self.ids_for([r.code for r in rows])  # same connection: inside the transaction
        missing = sorted({r.code for r in rows} - ids.keys())
        if missing:
            raise MemberValidationError(f"availability for unknown member(s) "
                                        f"{', '.join(missing[:5])}: import the members first")
        db.executemany(
            "INSERT INTO availability VALUES (?, ?, ?) ON CONFLICT (member_id, day) DO "
            "UPDATE SET available = excluded.available",
            [(ids[r.code], r.day.isoformat(), int(r.available)) for r in rows])

    def get(self, code: str) -> Member | None:
        rows = self._run(f"SELECT {', '.join(COLUMNS)} FROM member WHERE code = ?", (code,))
        return row_to_member(rows[0]) if rows else None

    def count(self) -> int:
        return int(self._run("SELECT count(*) FROM member")[0][0])

    def stage1(self, criteria: HardFilter) -> list[int]:
        where, params = stage1_where(criteria, "sqlite")
        rows = self._run(f"SELECT m.id, m.latitude, m.longitude FROM member m WHERE {where} "
                         "ORDER BY m.id", params)
        circle = criteria.zone.circle if criteria.zone is not None else None
        if circle is None:
            return [r[0] for r in rows]
        return [r[0] for r in rows if circle.contains(r[1], r[2])]

    def _with_ids(self, ids: Sequence[int], sql: str, *extra: object) -> list[tuple[object, ...]]:
        # The ids travel as one JSON array (json_each), no temporary table to write; CROSS JOIN
        # keeps them as the outer loop: never a scan of every member's vector.
        payload = json.dumps([int(i) for i in ids])
        return self._run(sql, (payload, *extra))

    def rank(self, query: npt.NDArray[np.float32], ids: Sequence[int], *, k: int,
             model_key: str) -> list[Ranked]:
        rows = self._with_ids(ids, "SELECT m.id, m.embedding FROM json_each(?) w CROSS JOIN "
                              "member m WHERE m.id = w.value AND m.embedding_model = ? "
                              "ORDER BY m.id", model_key)
        have = np.array([r[0] for r in rows], dtype=np.int64)
        d = query.shape[0]
        matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32)  # type: ignore[misc]
        matrix = matrix.reshape(len(rows), d)
        if not np.allclose(np.einsum("ij,ij->i", matrix, matrix), 1.0, atol=1e-3):
            matrix = unit_vectors(matrix)  # rows written before vectors were normalised on write
        ranked = [Ranked(h.key, clamp_cosine(h.score))  # exact cosine, ties by id (the kernel)
                  for h in exact_top_k(query, matrix, k, keys=have)]
        if len(ranked) < k:
            embedded = set(have.tolist())
            rest = sorted(i for i in set(ids) if i not in embedded)
            ranked += [Ranked(i, None) for i in rest[: k - len(ranked)]]
        return ranked

    def pending(self, limit: int) -> list[PendingEmbedding]:
        rows = self._run(
            f"SELECT m.id, {', '.join('m.' + c for c in COLUMNS)} FROM member_outbox o "
            "JOIN member m ON m.id = o.member_id ORDER BY o.queued_at, o.member_id LIMIT ?",
            (limit,))
        return [PendingEmbedding(r[0], member_text(row_to_member(r[1:])), r[-1]) for r in rows]

    def store_embeddings(self, items: Sequence[PendingEmbedding],
                         vectors: npt.NDArray[np.float32], *, model_key: str) -> None:
        unit = unit_vectors(vectors)
        with self._tx() as db:
            for item, vec in zip(items, unit, strict=True):
                db.execute("UPDATE member SET embedding = ?, embedding_model = ?, "
                           "embedded_hash = ? WHERE id = ?",
                           (vec.tobytes(), model_key,
                            item.text_hash, item.member_id))
                db.execute("DELETE FROM member_outbox WHERE member_id = ? AND ? = "
                           "(SELECT text_hash FROM member WHERE id = ?)",
                           (item.member_id, item.text_hash, item.member_id))

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
        rows = self._with_ids(ids, "SELECT m.id, m.latitude, m.longitude FROM json_each(?) w "
                              "CROSS JOIN member m WHERE m.id = w.value AND m.latitude IS NOT "
                              "NULL")
        return {int(r[0]): (float(r[1]), float(r[2])) for r in rows}  # type: ignore[call-overload, arg-type]

    def close(self) -> None:
        self._db.close()
