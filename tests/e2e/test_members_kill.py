"""``kill -9`` during ``grace members generate / import / worker`` (issue 14, fault 7).

Each command runs as a real subprocess on a SQLite file; a read-only connection polls the file
and the process is killed (SIGKILL, nothing runs on the way out) once some batches are
committed. "Nothing half-written is served" means, for the store that search reads:

* import: every member row visible to a reader (so to stage 1 of search) has all the
  availability rows the source gives it, in every snapshot seen while the import runs and after
  the kill: members and their availability are committed together, one batch at a time;
* worker: a member never carries a vector while still queued for the text it was embedded from
  (the vector and the outbox removal are committed together), so a rerun embeds each member once.

After the kill the file passes ``PRAGMA integrity_check`` and rerunning the same command yields
exactly the database of an uninterrupted run (same rows, compared by checksum).
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

pytestmark = pytest.mark.slow


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    env.update(GRACE_CACHE_DIR=str(tmp / "cache"), GRACE_EMBEDDER="fake", COLUMNS="200",
               PYTHONPATH=str(SRC))
    return env


def _argv(db: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "grace", "members", *args, "--db", f"sqlite:///{db}", "--json"]


def _run(db: Path, tmp: Path, *args: str) -> dict[str, object]:
    out = subprocess.run(_argv(db, *args), capture_output=True, text=True, env=_env(tmp),
                         timeout=600, check=False)
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout)
    return result


def _read_only(db: Path) -> closing[sqlite3.Connection]:
    return closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5))


def _kill_midway(db: Path, tmp: Path, args: tuple[str, ...],
                 snapshot: Callable[[sqlite3.Connection], tuple[int, list[str]]],
                 kill_at: int) -> list[str]:
    """Run ``grace members *args``, poll ``snapshot`` (progress, problems seen), SIGKILL the
    process once progress ≥ ``kill_at``. Returns every problem seen in any snapshot."""
    problems: list[str] = []
    proc = subprocess.Popen(_argv(db, *args), env=_env(tmp), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        while proc.poll() is None:
            time.sleep(0.02)
            if not db.exists():
                continue
            try:
                with _read_only(db) as conn:
                    progress, seen = snapshot(conn)
            except sqlite3.OperationalError:  # schema not created yet, or the WAL switch
                continue
            problems += seen
            if progress >= kill_at:
                os.kill(proc.pid, signal.SIGKILL)
                break
    finally:
        rc = proc.wait(timeout=60)
        stderr = proc.stderr.read() if proc.stderr else ""
        if proc.stderr:
            proc.stderr.close()
    assert rc == -signal.SIGKILL, f"finished (rc {rc}) before it could be killed: {stderr}"
    return problems


def _integrity(db: Path) -> str:
    with closing(sqlite3.connect(db)) as conn:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def _member_rows(db: Path) -> dict[str, str]:
    """code → checksum of its member row (store ids excluded) and its availability rows."""
    with _read_only(db) as conn:
        avail: dict[str, list[tuple[str, int]]] = {}
        for code, day, free in conn.execute(
                "SELECT m.code, a.day, a.available FROM availability a JOIN member m "
                "ON m.id = a.member_id ORDER BY m.code, a.day"):
            avail.setdefault(code, []).append((day, free))
        out = {}
        cur = conn.execute("SELECT * FROM member")
        cols = [d[0] for d in cur.description]
        for row in cur:
            values = dict(zip(cols, row, strict=True))
            del values["id"]  # store-assigned: compare members by code
            del values["rev"]  # the store's write counter (decision 0018): how many commits
            code = values["code"]
            out[code] = hashlib.sha256(repr((sorted(values.items()), avail.get(code, [])))
                                       .encode()).hexdigest()
        return out


def _outbox(db: Path) -> set[str]:
    with _read_only(db) as conn:
        return {r[0] for r in conn.execute(
            "SELECT m.code FROM member_outbox o JOIN member m ON m.id = o.member_id")}


def _availability_counts(conn: sqlite3.Connection) -> dict[str, int]:
    return dict(conn.execute("SELECT m.code, count(a.day) FROM member m LEFT JOIN availability a "
                             "ON a.member_id = m.id GROUP BY m.code"))


def _check_import_is_resumable(tmp: Path, args: tuple[str, ...], kill_at: int) -> None:
    reference = tmp / "reference.sqlite"
    _run(reference, tmp, *args)
    want = _member_rows(reference)
    with _read_only(reference) as conn:
        want_rows = _availability_counts(conn)
    assert sum(want_rows.values()) > 0

    def snapshot(conn: sqlite3.Connection) -> tuple[int, list[str]]:
        got = _availability_counts(conn)  # one statement: one consistent snapshot
        return len(got), [f"{code}: {n} of {want_rows[code]} availability rows visible"
                          for code, n in got.items() if n != want_rows[code]]

    db = tmp / "killed.sqlite"
    problems = _kill_midway(db, tmp, args, snapshot, kill_at)
    assert _integrity(db) == "ok"
    after_kill = _member_rows(db)
    assert 0 < len(after_kill) < len(want)
    # Nothing half-written, in any snapshot while it ran nor after the kill.
    assert problems == [], f"{len(problems)} half-written members seen, first {problems[:3]}"
    assert {c: h for c, h in after_kill.items() if want.get(c) != h} == {}

    report = _run(db, tmp, *args)
    assert report["members"] == len(want)
    assert _integrity(db) == "ok"
    assert _member_rows(db) == want
    assert _outbox(db) == _outbox(reference)


def test_generate_killed_mid_run_resumes_to_the_uninterrupted_result(tmp_path):
    # 20 000 members, 30 days each: 40 batches of 500 members and 15 000 availability rows.
    _check_import_is_resumable(
        tmp_path, ("generate", "--count", "20000", "--seed", "3", "--calendar-days", "30",
                   "--no-embed"), kill_at=4000)


def test_import_killed_mid_run_resumes_to_the_uninterrupted_result(tmp_path, shared_data):
    venues = shared_data / "venues" / "festivals_france.csv"  # 7 265 members, 15 batches
    _check_import_is_resumable(tmp_path, ("import", str(venues), "--seed", "5", "--no-embed"),
                               kill_at=1500)


def _embeddings(db: Path) -> dict[str, str]:
    with _read_only(db) as conn:
        return {code: hashlib.sha256(repr((vec, model, h)).encode()).hexdigest()
                for code, vec, model, h in conn.execute(
                    "SELECT code, embedding, embedding_model, embedded_hash FROM member")}


def _copy(src: Path, dst: Path) -> None:
    with closing(sqlite3.connect(src)) as a, closing(sqlite3.connect(dst)) as b:
        a.backup(b)


def test_worker_killed_mid_run_embeds_only_what_is_left(tmp_path):
    total = 8000
    fresh = tmp_path / "fresh.sqlite"
    _run(fresh, tmp_path, "generate", "--count", str(total), "--seed", "4", "--no-embed")
    reference, db = tmp_path / "reference.sqlite", tmp_path / "killed.sqlite"
    _copy(fresh, reference)
    _copy(fresh, db)
    full = _run(reference, tmp_path, "worker")
    assert full == {"embedded": total, "stale": 0, "members": total}
    want = _embeddings(reference)

    def snapshot(conn: sqlite3.Connection) -> tuple[int, list[str]]:
        embedded, torn, queued_twice = conn.execute(
            "SELECT count(embedding), "
            "count(*) FILTER (WHERE (embedding IS NULL) != (embedded_hash IS NULL) "
            "OR (embedding IS NULL) != (embedding_model IS NULL)), "
            "count(*) FILTER (WHERE embedded_hash = text_hash AND id IN "
            "(SELECT member_id FROM member_outbox)) FROM member").fetchone()
        seen = [f"{torn} members with a partial vector row"] if torn else []
        seen += [f"{queued_twice} embedded members still queued"] if queued_twice else []
        return int(embedded), seen

    problems = _kill_midway(db, tmp_path, ("worker",), snapshot, kill_at=1000)
    assert _integrity(db) == "ok"
    assert problems == [], problems[:3]
    with _read_only(db) as conn:
        done = int(conn.execute("SELECT count(embedding) FROM member").fetchone()[0])
    assert 0 < done < total
    assert len(_outbox(db)) == total - done

    rest = _run(db, tmp_path, "worker")
    assert rest == {"embedded": total - done, "stale": 0, "members": total}  # each one once
    assert _integrity(db) == "ok"
    assert _embeddings(db) == want
    assert _outbox(db) == set()
    assert _run(db, tmp_path, "status") == {"members": total, "embedded": total, "stale": 0}
