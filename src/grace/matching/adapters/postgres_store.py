"""PostgreSQL + pgvector member store (scale-out), same contract as the SQLite store.

Spatial index: the built-in ``point`` type (x = longitude, y = latitude) with GiST (no PostGIS).
Vectors: ``vector`` column (pgvector) and no approximate index: stage 2 is the seed's exact
``ORDER BY embedding <=> $1 LIMIT k`` over the survivors (pgvector #671/#719: a filtered HNSW
or IVFFlat scan can return fewer rows than asked).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from datetime import date
from typing import Any

import numpy as np
import numpy.typing as npt
import psycopg
from pgvector.psycopg import register_vector

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
_MIGRATIONS: dict[int, list[str]] = {
    1: [
        "CREATE EXTENSION IF NOT EXISTS vector",
        """CREATE TABLE member (
            id BIGSERIAL PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL, description TEXT NOT NULL, tags JSONB NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
            postal_code TEXT NOT NULL CHECK (length(postal_code) = 5), commune TEXT NOT NULL,
            latitude DOUBLE PRECISION, longitude DOUBLE PRECISION,
            location POINT GENERATED ALWAYS AS (point(longitude, latitude)) STORED,
            cap_seated INTEGER, cap_standing INTEGER, cap_theatre INTEGER, cap_meeting INTEGER,
            budget_min INTEGER, budget_max INTEGER,
            rooms JSONB NOT NULL, knowledge JSONB NOT NULL, generated JSONB NOT NULL,
            text_hash TEXT NOT NULL,
            embedding VECTOR, embedding_model TEXT, embedded_hash TEXT)""",
        "CREATE INDEX member_postal_status ON member (postal_code, status)",
        "CREATE INDEX member_location ON member USING gist (location)",
        """CREATE TABLE availability (
            member_id BIGINT NOT NULL REFERENCES member (id) ON DELETE CASCADE,
            day DATE NOT NULL, available BOOLEAN NOT NULL,
            PRIMARY KEY (member_id, day))""",
        """CREATE TABLE member_outbox (
            member_id BIGINT PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
            queued_at TIMESTAMPTZ NOT NULL DEFAULT now())""",
    ],
    # the INSEE département of the member's commune (issue 14: a postal code shared by two);
    # rows written before stay NULL (zones then decide by postal code, as before)
    2: ["ALTER TABLE member ADD COLUMN departement TEXT"],
    # decision 0018: the revision counter that keeps in-memory indexes in step with the store
    # (its row lock serialises writers, so revisions commit in order; rows written before get
    # revision 1), and the outbox's queue order indexed (read once per worker batch)
    3: [
        "CREATE TABLE store_rev (id INT PRIMARY KEY CHECK (id = 1), rev BIGINT NOT NULL)",
        "INSERT INTO store_rev VALUES (1, 1)",
        "ALTER TABLE member ADD COLUMN rev BIGINT NOT NULL DEFAULT 1",
        "CREATE INDEX member_rev ON member (rev)",
        "CREATE INDEX member_outbox_queue ON member_outbox (queued_at, member_id)",
    ],
}
_STAGE = """CREATE TEMP TABLE IF NOT EXISTS member_stage (
    code TEXT, name TEXT, description TEXT, tags TEXT, status TEXT, postal_code TEXT,
    commune TEXT, latitude DOUBLE PRECISION, longitude DOUBLE PRECISION, cap_seated INTEGER,
    cap_standing INTEGER, cap_theatre INTEGER, cap_meeting INTEGER, budget_min INTEGER,
    budget_max INTEGER, rooms TEXT, knowledge TEXT, generated TEXT, departement TEXT,
    text_hash TEXT) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS availability_stage (
    member_id BIGINT, day DATE, available BOOLEAN) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS embedding_stage (
    member_id BIGINT, embedding VECTOR, text_hash TEXT) ON COMMIT DELETE ROWS"""
"""Per-connection staging tables of the bulk writes (COPY, then one INSERT … SELECT)."""
_SYNC_CHUNK = 50_000
"""Member rows per step of an index refresh (≈ 80 MB of rows at 384 dimensions)."""
_JSON_COLS = {"tags", "rooms", "knowledge", "generated"}
_DRIVER_ERRORS: dict[type[Exception], type[MemberStoreError]] = {psycopg.Error: MemberStoreError}


def _cols(prefix: str = "") -> str:
    return ", ".join(prefix + c for c in COLUMNS)


class PostgresMemberRepository:
    """:class:`~grace.matching.domain.ports.MemberRepository` on PostgreSQL 16 + pgvector.

    Raises:
        MemberStoreError: cannot connect, or a call fails (every driver call runs under one
            mapper, :meth:`_mapped`).
    """

    def __init__(self, url: str) -> None:
        with map_exceptions(_DRIVER_ERRORS, "cannot connect to the member store"):
            self._db = psycopg.connect(url, autocommit=True)
        self._vector_ready = False
        self._staged = False
        self._index = MemberIndex()

    def _mapped(self, what: str = "member store query failed"
                ) -> contextlib.AbstractContextManager[None]:
        return map_exceptions(_DRIVER_ERRORS, what)

    def _ready(self) -> None:
        if not self._vector_ready:
            with self._mapped():
                register_vector(self._db)
            self._vector_ready = True

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._mapped():
            cur = self._db.execute(sql, params)
            return cur.fetchall() if cur.description else []

    def migrate(self) -> None:
        with self._mapped("member store migration failed"), self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(60031)")
            self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INT)")
            row = self._db.execute("SELECT max(version) FROM schema_version").fetchone()
            current = (row[0] if row else None) or 0
            if current > SCHEMA_VERSION:
                raise MemberStoreError(f"member store schema {current} is newer than this "
                                       f"GRACE ({SCHEMA_VERSION}): upgrade GRACE")
            for v in range(current + 1, SCHEMA_VERSION + 1):
                for stmt in _MIGRATIONS[v]:
                    self._db.execute(stmt)
                self._db.execute("INSERT INTO schema_version VALUES (%s)", (v,))
        self._ready()

    def _next_rev(self) -> int:
        """The revision of the current write transaction (decision 0018): the counter's row
        lock is held until commit, so writers serialise and revisions commit in order."""
        row = self._db.execute("UPDATE store_rev SET rev = rev + 1 RETURNING rev").fetchone()
        assert row is not None
        return int(row[0])

    def _stage(self) -> None:
        """Create this connection's staging tables, outside any transaction (a rolled-back
        transaction would take them with it)."""
        self._ready()
        if not self._staged:
            for stmt in _STAGE.split(";"):
                self._db.execute(stmt)
            self._staged = True

    def upsert_members(self, members: Sequence[Member]) -> int:
        with self._mapped("staging tables"):
            self._stage()
        with self._mapped("member upsert failed"), self._db.transaction():
            return self._upsert(members, self._next_rev())[0]

    def _upsert(self, members: Sequence[Member], rev: int) -> tuple[int, dict[str, int], set[int]]:
        """Bulk upsert: COPY into a staging table, then one INSERT … ON CONFLICT; a code given
        twice keeps its last version. Returns how many members were queued for embedding, the
        id of each code written (all stamped ``rev``) and the ids that did not exist before."""
        if not members:
            return 0, {}, set()
        by_code = {m.code: member_params(m) for m in members}
        old: dict[str, str] = dict(self._db.execute(
            "SELECT code, text_hash FROM member WHERE code = ANY(%s)", (list(by_code),)).fetchall())
        with self._db.cursor() as cur:
            with cur.copy(f"COPY member_stage ({_cols()}) FROM STDIN") as copy:
                for p in by_code.values():
                    copy.write_row(p)
            sel = ", ".join(f"{c}::jsonb" if c in _JSON_COLS else c for c in COLUMNS)
            updates = ", ".join(f"{c} = excluded.{c}" for c in (*COLUMNS[1:], "rev"))
            ids: dict[str, int] = dict(cur.execute(
                f"INSERT INTO member ({_cols()}, rev) SELECT {sel}, %s FROM member_stage "
                f"ON CONFLICT (code) DO UPDATE SET {updates} RETURNING code, id",
                (rev,)).fetchall())
            changed = [ids[c] for c, p in by_code.items() if old.get(c) != p[-1]]
            cur.execute("INSERT INTO member_outbox (member_id) SELECT unnest(%s::bigint[]) "
                        "ON CONFLICT (member_id) DO UPDATE SET queued_at = now()", (changed,))
            cur.execute("TRUNCATE member_stage")
        return len(changed), ids, {ids[c] for c in by_code if c not in old}

    def ids_for(self, codes: Sequence[str]) -> dict[str, int]:
        rows = self._run("SELECT code, id FROM member WHERE code = ANY(%s)", (list(set(codes)),))
        return {str(c): int(i) for c, i in rows}

    def set_availability(self, rows: Sequence[Availability]) -> None:
        with self._mapped("staging tables"):
            self._stage()
        with self._mapped("availability upsert failed"), self._db.transaction():
            self._set_availability(rows, self._next_rev())

    def _set_availability(self, rows: Sequence[Availability], rev: int,
                          written: dict[str, int] | None = None,
                          created: set[int] | None = None) -> None:
        """Upsert ``rows`` (the last row of a (member, day) given twice wins) and stamp their
        members with ``rev``. ``written``: code → id of members this transaction already wrote
        at ``rev`` (no second lookup, no second stamp); ``created``: those of them that did not
        exist before, whose rows are COPYed straight into ``availability`` (nothing to
        conflict with); the others go through a staging table and one INSERT … ON CONFLICT.

        Raises:
            MemberValidationError: a code is not in the store.
        """
        if not rows:
            return
        written, created = written or {}, created or set()
        codes = {r.code for r in rows}
        ids = dict(written)
        if not codes <= written.keys():
            ids.update(self.ids_for(sorted(codes - written.keys())))
        missing = sorted(codes - ids.keys())
        if missing:
            raise MemberValidationError(f"availability for unknown member(s) "
                                        f"{', '.join(missing[:5])}: import the members first")
        last = {(ids[r.code], r.day): r.available for r in rows}  # the last given wins
        with self._db.cursor() as cur:
            fresh = [(m, d, a) for (m, d), a in last.items() if m in created]
            if fresh:
                with cur.copy("COPY availability (member_id, day, available) FROM STDIN") as cp:
                    for row in fresh:
                        cp.write_row(row)
            if len(fresh) < len(last):
                with cur.copy("COPY availability_stage FROM STDIN") as copy:
                    for (m, d), a in last.items():
                        if m not in created:
                            copy.write_row((m, d, a))
                cur.execute("INSERT INTO availability SELECT * FROM availability_stage "
                            "ON CONFLICT (member_id, day) DO UPDATE SET "
                            "available = excluded.available")
                cur.execute("TRUNCATE availability_stage")
            stamp = sorted({ids[c] for c in codes - written.keys()})
            if stamp:
                cur.execute("UPDATE member SET rev = %s WHERE id = ANY(%s)", (rev, stamp))

    def write_batch(self, members: Sequence[Member], availability: Sequence[Availability]) -> int:
        with self._mapped("staging tables"):
            self._stage()
        with self._mapped("member batch write failed"), self._db.transaction():
            rev = self._next_rev()
            queued, ids, created = self._upsert(members, rev)
            self._set_availability(availability, rev, ids, created)
        return queued

    def get(self, code: str) -> Member | None:
        rows = self._run(f"SELECT {_cols()} FROM member WHERE code = %s", (code,))
        return row_to_member(rows[0]) if rows else None

    def count(self) -> int:
        with self._index.lock:
            return len(self._synced())

    def _synced(self) -> MemberIndex:
        """The in-memory index, brought up to the store's committed revision (decision 0018):
        one indexed row read per call; when it moved, the changed rows are read in ONE
        REPEATABLE READ snapshot. Call with ``self._index.lock`` held."""
        idx = self._index
        (rev,) = self._run("SELECT rev FROM store_rev")[0]
        if int(rev) <= idx.revision:
            return idx
        self._ready()
        since = idx.revision
        with self._mapped(), self._db.transaction():
            self._db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            (rev,) = self._db.execute("SELECT rev FROM store_rev").fetchone() or (0,)
            if since == 0:
                (n,) = self._db.execute("SELECT count(*) FROM member").fetchone() or (0,)
                idx.reserve(n)
            with self._db.cursor("grace_index", binary=True) as cur:
                cur.itersize = _SYNC_CHUNK
                # a cold build reads in id order: rows appended, never re-sorted
                cur.execute(f"SELECT {', '.join(INDEX_COLUMNS)} FROM member WHERE rev > %s"
                            + (" ORDER BY id" if since == 0 else ""), (since,))
                while chunk := cur.fetchmany(_SYNC_CHUNK):
                    # pgvector's binary loader gives a Vector: as numpy
                    idx.apply([(*r[:-1], None if r[-1] is None else r[-1].to_numpy())
                               for r in chunk], (), int(rev), final=False)
            avail = [(d.isoformat(), bool(a), str(ids)) for d, a, ids in self._db.execute(
                "SELECT a.day, a.available, string_agg(a.member_id::text, ',') FROM member m "
                "JOIN availability a ON a.member_id = m.id WHERE m.rev > %s "
                "GROUP BY a.day, a.available", (since,))]
        idx.apply((), avail, int(rev))
        return idx

    def stage1(self, criteria: HardFilter) -> list[int]:
        with self._index.lock:
            return self._synced().stage1(criteria)

    def rank(self, query: npt.NDArray[np.float32], ids: Sequence[int], *, k: int,
             model_key: str) -> list[Ranked]:
        with self._index.lock:
            return self._synced().rank(query, ids, k=k, model_key=model_key)

    def pending(self, limit: int) -> list[PendingEmbedding]:
        rows = self._run(
            f"SELECT {', '.join('m.' + c for c in TEXT_COLUMNS)} FROM member_outbox o "
            "JOIN member m ON m.id = o.member_id ORDER BY o.queued_at, o.member_id LIMIT %s",
            (limit,))
        return [pending_item(r) for r in rows]

    def store_embeddings(self, items: Sequence[PendingEmbedding],
                         vectors: npt.NDArray[np.float32], *, model_key: str) -> None:
        unit = unit_vectors(vectors)
        if len(items) != len(unit):
            raise MemberStoreError(f"{len(items)} members but {len(unit)} vectors")
        with self._mapped("staging tables"):
            self._stage()
        with self._mapped("storing embeddings failed"), self._db.transaction():
            rev = self._next_rev()
            with self._db.cursor() as cur:
                with cur.copy("COPY embedding_stage FROM STDIN WITH (FORMAT BINARY)") as copy:
                    copy.set_types(["bigint", "vector", "text"])
                    for item, vec in zip(items, unit, strict=True):
                        copy.write_row((item.member_id, vec, item.text_hash))
                cur.execute("UPDATE member m SET embedding = s.embedding, embedding_model = %s, "
                            "embedded_hash = s.text_hash, rev = %s FROM embedding_stage s "
                            "WHERE m.id = s.member_id", (model_key, rev))
                cur.execute("DELETE FROM member_outbox o USING embedding_stage s, member m "
                            "WHERE o.member_id = s.member_id AND m.id = s.member_id "
                            "AND m.text_hash = s.text_hash")
                cur.execute("TRUNCATE embedding_stage")

    def requeue_other_models(self, model_key: str) -> int:
        with self._mapped("requeue failed"):
            cur = self._db.execute(
                "INSERT INTO member_outbox (member_id) SELECT id FROM member WHERE "
                "embedding_model IS DISTINCT FROM %s ON CONFLICT (member_id) DO NOTHING",
                (model_key,))
        return cur.rowcount

    def status(self, model_key: str) -> EmbeddingStatus:
        total, fresh = self._run(
            "SELECT count(*), count(*) FILTER (WHERE embedding_model = %s AND NOT EXISTS "
            "(SELECT 1 FROM member_outbox o WHERE o.member_id = m.id)) FROM member m",
            (model_key,))[0]
        return EmbeddingStatus(int(total), int(fresh), int(total) - int(fresh))

    def summaries(self, ids: Sequence[int]) -> dict[int, Member]:
        rows = self._run(f"SELECT m.id, {_cols('m.')} FROM member m WHERE m.id = ANY(%s)",
                         (list(ids),))
        return {int(r[0]): row_to_member(r[1:]) for r in rows}

    def availability(self, ids: Sequence[int], days: Sequence[date]) -> dict[int, dict[date, bool]]:
        out: dict[int, dict[date, bool]] = {}
        if not ids or not days:
            return out
        rows = self._run("SELECT member_id, day, available FROM availability WHERE member_id = "
                         "ANY(%s) AND day = ANY(%s::date[])",
                         (list(ids), sorted({d.isoformat() for d in days})))
        for mid, day, available in rows:
            out.setdefault(int(mid), {})[day] = bool(available)
        return out

    def positions(self, ids: Sequence[int]) -> dict[int, tuple[float, float]]:
        with self._index.lock:
            return self._synced().positions(ids)

    def revisions(self, ids: Sequence[int]) -> dict[int, int]:
        with self._index.lock:
            return self._synced().revisions(ids)

    def close(self) -> None:
        self._db.close()
