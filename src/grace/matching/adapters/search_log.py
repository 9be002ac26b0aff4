"""The search log (past searches, feedback) on SQLite or PostgreSQL, beside the member store.

Request vectors are stored as ``float32`` bytes: similar requests are compared only within one
``filter_key`` (a handful of rows), so an exact numpy cosine is enough and no vector index is
needed. SQL is parameterised; the two dialects differ only in placeholders and column types.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import psycopg

from grace.errors import GraceError, MemberStoreError, UnknownSearchError, map_exceptions
from grace.matching.domain.history import (
    Feedback,
    SearchRecord,
    SimilarRequest,
    Suggestion,
    latest_verdicts,
)
from grace.vectors.topk import exact_top_k

Dialect = Literal["sqlite", "postgres"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS search_log (
    search_id TEXT PRIMARY KEY,
    at TEXT NOT NULL,
    mode TEXT NOT NULL,
    request TEXT NOT NULL,
    filter_key TEXT NOT NULL,
    embedding {blob},
    model_key TEXT NOT NULL,
    stage_ms TEXT NOT NULL,
    funnel TEXT NOT NULL,
    ranker TEXT NOT NULL,
    fallback TEXT,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    cost_eur {real} NOT NULL,
    suggestions TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS search_log_filter ON search_log (filter_key, model_key);
CREATE TABLE IF NOT EXISTS search_feedback (
    id {serial},
    search_id TEXT NOT NULL REFERENCES search_log (search_id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('kept', 'corrected')),
    comment TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS search_feedback_search ON search_feedback (search_id);
"""
SCHEMA_VERSION = 2
"""Version of the search log's tables, recorded in ``search_log_version`` (the member store's
scheme: numbered migrations, each run once, in one transaction)."""
_MIGRATIONS: dict[int, str] = {
    1: _SCHEMA,
    # Issue 16: a correction says why (wrong place, wrong theme, too small, too expensive,
    # other). Old rows keep NULL.
    2: "ALTER TABLE search_feedback ADD COLUMN reason TEXT CHECK (reason IS NULL OR reason IN "
       "('wrong_place', 'wrong_theme', 'too_small', 'too_expensive', 'other'))",
}
_TYPES = {
    "sqlite": {"blob": "BLOB", "real": "REAL", "serial": "INTEGER PRIMARY KEY AUTOINCREMENT"},
    "postgres": {"blob": "BYTEA", "real": "DOUBLE PRECISION", "serial": "BIGSERIAL PRIMARY KEY"},
}
_COLS = ("search_id, at, mode, request, filter_key, embedding, model_key, stage_ms, funnel, "
         "ranker, fallback, input_tokens, output_tokens, cost_eur, suggestions")
MAX_COMMENT = 2000
_DRIVER_ERRORS: dict[type[Exception], type[MemberStoreError]] = {
    sqlite3.Error: MemberStoreError, psycopg.Error: MemberStoreError, OSError: MemberStoreError}
"""Longest feedback comment kept (characters)."""


def _suggestions(raw: str) -> tuple[Suggestion, ...]:
    return tuple(Suggestion(s["code"], s["group"], s["explanation"], s.get("source", ""))
                 for s in json.loads(raw))


def _row_to_record(row: Sequence[Any]) -> SearchRecord:
    (sid, at, mode, request, fkey, emb, model_key, stage_ms, funnel, ranker, fallback, tin, tout,
     cost, sugg) = row
    vec = None if emb is None else np.frombuffer(bytes(emb), dtype=np.float32).copy()
    return SearchRecord(
        search_id=sid, at=datetime.fromisoformat(at), mode=mode, request=json.loads(request),
        filter_key=fkey, embedding=vec, model_key=model_key, stage_ms=json.loads(stage_ms),
        funnel=json.loads(funnel), ranker=ranker, fallback=fallback, input_tokens=int(tin),
        output_tokens=int(tout), cost_eur=float(cost), suggestions=_suggestions(sugg))


class SqlSearchLog:
    """:class:`~grace.matching.domain.ports.SearchLog` on a DB-API connection.

    Args:
        conn: a ``sqlite3`` connection (autocommit) or a ``psycopg`` connection (autocommit).
        dialect: ``sqlite`` or ``postgres``.

    Raises:
        MemberStoreError: a call fails in the driver (every query and transaction runs under
            one mapper, :meth:`_mapped`).
    """

    def __init__(self, conn: Any, dialect: Dialect) -> None:
        self._db, self._dialect = conn, dialect
        self._ph = "?" if dialect == "sqlite" else "%s"

    def _sql(self, sql: str) -> str:
        return sql.replace("?", self._ph)

    def _mapped(self) -> contextlib.AbstractContextManager[None]:
        return map_exceptions(_DRIVER_ERRORS, "search log query failed")

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._mapped():
            cur = self._db.execute(self._sql(sql), tuple(params))
            return list(cur.fetchall()) if cur.description else []

    @contextmanager
    def _tx(self) -> Iterator[None]:
        with self._mapped():
            if self._dialect == "sqlite":
                self._run("BEGIN IMMEDIATE")
                try:
                    yield
                    self._run("COMMIT")
                except BaseException:
                    with contextlib.suppress(GraceError):  # keep the first error
                        self._run("ROLLBACK")
                    raise
            else:
                with self._db.transaction():
                    yield

    def migrate(self) -> None:
        """Bring the tables to :data:`SCHEMA_VERSION` (idempotent): the migrations not yet
        recorded in ``search_log_version`` run in order, in one transaction. A log created
        before the version table (issue 7's tables) starts at 0: migration 1 only creates
        what is missing.

        Raises:
            MemberStoreError: the database is newer than this GRACE, or a statement fails.
        """
        with self._tx():
            if self._dialect == "postgres":
                self._run("SELECT pg_advisory_xact_lock(60032)")
            self._run("CREATE TABLE IF NOT EXISTS search_log_version (version INTEGER NOT NULL)")
            current = int(self._run("SELECT max(version) FROM search_log_version")[0][0] or 0)
            if current > SCHEMA_VERSION:
                raise MemberStoreError(f"the search log is at version {current}, newer than "
                                       f"this GRACE ({SCHEMA_VERSION}): upgrade GRACE")
            for version in range(current + 1, SCHEMA_VERSION + 1):
                for stmt in _MIGRATIONS[version].format(**_TYPES[self._dialect]).split(";"):
                    if stmt.strip():
                        self._run(stmt)
                self._run("INSERT INTO search_log_version VALUES (?)", (version,))

    def record(self, rec: SearchRecord) -> None:
        """Append one search (its id must be new)."""
        emb = None if rec.embedding is None else np.asarray(rec.embedding, np.float32).tobytes()
        sugg = [{"code": s.code, "group": s.group, "explanation": s.explanation,
                 "source": s.source} for s in rec.suggestions]
        self._run(f"INSERT INTO search_log ({_COLS}) VALUES ({', '.join('?' * 15)})", (
            rec.search_id, rec.at.isoformat(), rec.mode,
            json.dumps(rec.request, ensure_ascii=False), rec.filter_key, emb, rec.model_key,
            json.dumps(rec.stage_ms), json.dumps(rec.funnel), rec.ranker, rec.fallback,
            rec.input_tokens, rec.output_tokens, rec.cost_eur,
            json.dumps(sugg, ensure_ascii=False)))

    def get(self, search_id: str) -> SearchRecord | None:
        """The search ``search_id``, or ``None``."""
        rows = self._run(f"SELECT {_COLS} FROM search_log WHERE search_id = ?", (search_id,))
        return _row_to_record(rows[0]) if rows else None

    def add_feedback(self, fb: Feedback) -> None:
        """Record a verdict on a suggestion of a past search.

        Raises:
            UnknownSearchError: no such search, or ``fb.code`` was not one of its suggestions.
        """
        rec = self.get(fb.search_id)
        if rec is None:
            raise UnknownSearchError(f"no search {fb.search_id!r} in the search log")
        if fb.code not in {s.code for s in rec.suggestions}:
            raise UnknownSearchError(f"search {fb.search_id} did not suggest {fb.code}")
        self._run("INSERT INTO search_feedback (search_id, code, verdict, comment, at, reason) "
                  "VALUES (?, ?, ?, ?, ?, ?)", (fb.search_id, fb.code, fb.verdict,
                                                fb.comment[:MAX_COMMENT], fb.at.isoformat(),
                                                fb.reason))

    def feedback(self, search_id: str | None = None) -> list[Feedback]:
        """Every verdict (or those of one search), oldest first."""
        where, params = ("WHERE search_id = ?", (search_id,)) if search_id else ("", ())
        rows = self._run(f"SELECT search_id, code, verdict, at, comment, reason FROM "
                         f"search_feedback {where} ORDER BY id", params)
        return [Feedback(r[0], r[1], r[2], datetime.fromisoformat(r[3]), r[4], r[5])
                for r in rows]

    def records(self, *, limit: int | None = None) -> list[SearchRecord]:
        """The latest ``limit`` searches (all when ``None``), oldest first."""
        if limit is None:
            rows = self._run(f"SELECT {_COLS} FROM search_log ORDER BY at DESC, search_id")
        else:
            rows = self._run(f"SELECT {_COLS} FROM search_log ORDER BY at DESC, search_id "
                             "LIMIT ?", (int(limit),))
        return [_row_to_record(r) for r in reversed(rows)]

    def similar(self, filter_key: str, query: npt.NDArray[np.float32], *, model_key: str, k: int,
                min_similarity: float, exclude: str | None = None) -> list[SimilarRequest]:
        """Past pipeline searches with the same ``filter_key`` and model whose request vector
        has cosine ≥ ``min_similarity`` with ``query`` ``(d,) float32``, best first, at most
        ``k``, with the latest verdict per member of each (``verdicts``; ``kept`` /
        ``corrected`` follow it). ``exclude``: a search id to leave out (the current one)."""
        # Only ids and vectors are read for the comparison; the k kept are then read whole.
        rows = [(sid, np.frombuffer(bytes(emb), dtype=np.float32)) for sid, emb in self._run(
            "SELECT search_id, embedding FROM search_log WHERE filter_key = ? AND model_key = ? "
            "AND embedding IS NOT NULL AND mode = 'pipeline' AND suggestions != '[]' "
            "ORDER BY at DESC LIMIT 1000", (filter_key, model_key))]  # '[]': nothing to reuse
        rows = [(sid, vec) for sid, vec in rows if sid != exclude and vec.shape == query.shape]
        if not rows:
            return []
        out: list[SimilarRequest] = []
        # Rows are newest first: equal similarities keep the newest (ties by ascending row).
        for row, sim in exact_top_k(query, np.stack([vec for _, vec in rows]), k,
                                    min_score=min_similarity):
            r = self.get(rows[row][0])
            assert r is not None
            verdicts = tuple(latest_verdicts(self.feedback(r.search_id)))
            out.append(SimilarRequest(
                r.search_id, r.at, str(r.request.get("description", "")), sim, r.suggestions,
                tuple(f.code for f in verdicts if f.verdict == "kept"),
                str(r.request.get("extra") or ""),
                tuple(f.code for f in verdicts if f.verdict == "corrected"), verdicts))
        return out

    def close(self) -> None:
        self._db.close()


def open_search_log(url: str) -> SqlSearchLog:
    """The search log in the database named by ``url`` (the member store's URL), migrated.

    Raises:
        MemberStoreError: the database cannot be opened or migrated.
    """
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        with map_exceptions(_DRIVER_ERRORS, f"cannot open the search log {path}"):
            uri = path.startswith("file:")  # Database's shared in-memory database
            if path != ":memory:" and not uri:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, uri=uri)
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA busy_timeout = 5000")
        log = SqlSearchLog(conn, "sqlite")
    else:
        with map_exceptions(_DRIVER_ERRORS, "cannot connect to the search log"):
            pg = psycopg.connect(url, autocommit=True)
        log = SqlSearchLog(pg, "postgres")
    log.migrate()
    return log
