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

SCHEMA_VERSION = 2
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
}
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

    def upsert_members(self, members: Sequence[Member]) -> int:
        marks = ", ".join("%s::jsonb" if c in _JSON_COLS else "%s" for c in COLUMNS)
        updates = ", ".join(f"{c} = excluded.{c}" for c in COLUMNS[1:])
        queued = 0
        with self._mapped("member upsert failed"), self._db.transaction():
            for m in members:
                params = member_params(m)
                old = self._db.execute("SELECT text_hash FROM member WHERE code = %s",
                                       (m.code,)).fetchone()
                row = self._db.execute(
                    f"INSERT INTO member ({_cols()}) VALUES ({marks}) ON CONFLICT (code) "
                    f"DO UPDATE SET {updates} RETURNING id", params).fetchone()
                assert row is not None
                if old is None or old[0] != params[-1]:
                    self._db.execute(
                        "INSERT INTO member_outbox (member_id) VALUES (%s) ON CONFLICT "
                        "(member_id) DO UPDATE SET queued_at = now()", (row[0],))
                    queued += 1
        return queued

    def ids_for(self, codes: Sequence[str]) -> dict[str, int]:
        rows = self._run("SELECT code, id FROM member WHERE code = ANY(%s)", (list(set(codes)),))
        return {str(c): int(i) for c, i in rows}

    def set_availability(self, rows: Sequence[Availability]) -> None:
        ids = self.ids_for([r.code for r in rows])
        missing = sorted({r.code for r in rows} - ids.keys())
        if missing:
            raise MemberValidationError(f"availability for unknown member(s) "
                                        f"{', '.join(missing[:5])}: import the members first")
        with (self._mapped("availability upsert failed"), self._db.transaction(),
              self._db.cursor() as cur):
            cur.executemany(
                "INSERT INTO availability VALUES (%s, %s, %s) ON CONFLICT (member_id, day) "
                "DO UPDATE SET available = excluded.available",
                [(ids[r.code], r.day, r.available) for r in rows])

    def write_batch(self, members: Sequence[Member], availability: Sequence[Availability]) -> int:
        # psycopg nests transaction() blocks as savepoints: one outer transaction commits both.
        with self._mapped("member batch write failed"), self._db.transaction():
            queued = self.upsert_members(members)
            self.set_availability(availability)
        return queued

    def get(self, code: str) -> Member | None:
        rows = self._run(f"SELECT {_cols()} FROM member WHERE code = %s", (code,))
        return row_to_member(rows[0]) if rows else None

    def count(self) -> int:
        return int(self._run("SELECT count(*) FROM member")[0][0])

    def stage1(self, criteria: HardFilter) -> list[int]:
        where, params = stage1_where(criteria, "postgres")
        rows = self._run(f"SELECT m.id, m.latitude, m.longitude FROM member m WHERE {where} "
                         "ORDER BY m.id", params)
        circle = criteria.zone.circle if criteria.zone is not None else None
        if circle is None:
            return [int(r[0]) for r in rows]
        return [int(r[0]) for r in rows if circle.contains(r[1], r[2])]

    def rank(self, query: npt.NDArray[np.float32], ids: Sequence[int], *, k: int,
             model_key: str) -> list[Ranked]:
        self._ready()
        rows = self._run(
            "SELECT m.id, 1 - (m.embedding <=> %s) AS similarity FROM member m "
            "WHERE m.id = ANY(%s) AND m.embedding_model = %s "
            "ORDER BY m.embedding <=> %s, m.id LIMIT %s",
            (np.asarray(query, dtype=np.float32), list(ids), model_key,
             np.asarray(query, dtype=np.float32), k))
        ranked = [Ranked(int(i), clamp_cosine(float(s))) for i, s in rows]
        if len(ranked) < k:
            got = {r.member_id for r in ranked}
            embedded = {int(r[0]) for r in self._run(
                "SELECT id FROM member WHERE id = ANY(%s) AND embedding_model = %s",
                (list(ids), model_key))}
            rest = sorted(i for i in set(ids) if i not in got and i not in embedded)
            ranked += [Ranked(i, None) for i in rest[: k - len(ranked)]]
        return ranked

    def pending(self, limit: int) -> list[PendingEmbedding]:
        rows = self._run(
            f"SELECT m.id, {_cols('m.')} FROM member_outbox o JOIN member m ON m.id = "
            "o.member_id ORDER BY o.queued_at, o.member_id LIMIT %s", (limit,))
        return [PendingEmbedding(int(r[0]), member_text(row_to_member(r[1:])), str(r[-1]))
                for r in rows]

    def store_embeddings(self, items: Sequence[PendingEmbedding],
                         vectors: npt.NDArray[np.float32], *, model_key: str) -> None:
        self._ready()
        unit = unit_vectors(vectors)
        with self._mapped("storing embeddings failed"), self._db.transaction():
            for item, vec in zip(items, unit, strict=True):
                self._db.execute(
                    "UPDATE member SET embedding = %s, embedding_model = %s, "
                    "embedded_hash = %s WHERE id = %s",
                    (vec, model_key, item.text_hash, item.member_id))
                self._db.execute(
                    "DELETE FROM member_outbox o USING member m WHERE o.member_id = %s "
                    "AND m.id = o.member_id AND m.text_hash = %s",
                    (item.member_id, item.text_hash))

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
        rows = self._run("SELECT id, latitude, longitude FROM member WHERE id = ANY(%s) AND "
                         "latitude IS NOT NULL", (list(ids),))
        return {int(r[0]): (float(r[1]), float(r[2])) for r in rows}

    def close(self) -> None:
        self._db.close()
