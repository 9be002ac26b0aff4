"""Matching stages 1 and 2 on generated members, SQLite and PostgreSQL, beside a brute force.

Members come from the seeded generator (clustered around the 80 largest French communes) and are
written the way ``grace members generate`` writes them (``ImportMembers``: 500 members and their
calendar per transaction); their vectors are synthetic (random unit vectors of 384 dimensions,
seeded), not e5 embeddings: embedding 1 000 000 texts with e5 is out of reach here and does not
change the timings measured. Requests: a city of the generated set with a 10–30 km radius, a
format and headcount, a budget range and one or two dates of the generated calendar.

Brute-force baseline (same run, same requests): numpy over every member — cosine of ALL
vectors, then vectorised filters (status, haversine, capacity, budget, calendar) — then the exact
top 50. It is also the exactness oracle: every answer of the store (stage 1 ids, stage 2 order
and cosines) is compared with it (same members, same order; ties by id on both sides).

Also measured: the load (members + availability; then the vectors), the index's cold build (the
first request of a fresh process), and the refresh after a write made through ANOTHER store
instance on the same database (what a second GRACE process pays to stay exact, decision 0018).

``--load-only`` measures loading alone (decision 0018, "Bulk writes"): members + availability
through ``write_batch`` (500 per transaction, as ``ImportMembers``), the vectors through the
outbox (``pending`` + ``store_embeddings``, 5 000 at a time), and the index's cold build (first
answer of a second store instance); beside it, in the same run, the **raw baseline**: the same
rows (``member_params`` of the same generated members, ids given, same calendar rows) written by
the bare driver into the same migrated schema, 500 members per transaction — SQLite
``executemany``, PostgreSQL ``COPY`` — with no outbox, revision, R*Tree or conflict handling:
the floor of what the database itself costs.

Reproduce:
    PYTHONPATH=src .venv/bin/python benchmarks/matching.py --members 70000 --queries 200
    PYTHONPATH=src .venv/bin/python benchmarks/matching.py --members 1000000 --queries 100
    PYTHONPATH=src .venv/bin/python benchmarks/matching.py --load-only --members 70000
    PYTHONPATH=src .venv/bin/python benchmarks/matching.py --load-only --members 1000000 \
        --no-baseline
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import shutil
import tempfile
import time
import warnings
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np

from grace.bootstrap import open_member_store
from grace.matching.adapters.generator import CALENDAR_START, generate_members
from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.adapters.sql_common import COLUMNS, member_params
from grace.matching.domain.filters import HardFilter, Zone
from grace.matching.domain.geo import EARTH_RADIUS_KM, Circle
from grace.matching.domain.model import FORMATS, Availability, BudgetRange, Member
from grace.matching.domain.ports import MemberRepository
from grace.vectors.topk import top_k

D = 384
KEY = "synthetic-384"
K = 50
BATCH = 500
"""Members per write transaction, as ``grace members generate/import`` (ImportMembers)."""


def load(repo: MemberRepository, n: int, days: int, geo: FrenchGeoTable, *,
         key: str = KEY) -> dict[str, Any]:
    """Write ``n`` generated members (the writes timed, not the generator), then their synthetic
    vectors under model ``key`` (timed); return numpy columns for the brute force (row i = the
    i-th member)."""
    cols: dict[str, list[Any]] = {k: [] for k in ("lat", "lon", "active", "budget_min",
                                                  "budget_max", *FORMATS)}
    avail = np.zeros((n, days), dtype=np.int8)  # 1 available, -1 booked
    codes: list[str] = []

    write_s, avail_rows = 0.0, 0
    batch: list[Member] = []
    cal: list[Availability] = []

    def flush() -> None:
        nonlocal write_s, avail_rows
        t = time.perf_counter()
        repo.write_batch(batch, cal)  # what ImportMembers does per batch (one transaction)
        write_s += time.perf_counter() - t
        avail_rows += len(cal)
        batch.clear()
        cal.clear()

    for i, (m, rows) in enumerate(generate_members(n, seed=1, geo=geo, days=days)):
        codes.append(m.code)
        cols["lat"].append(m.latitude)
        cols["lon"].append(m.longitude)
        cols["active"].append(m.status == "active")
        cols["budget_min"].append(m.budget.min_eur)
        cols["budget_max"].append(m.budget.max_eur)
        for f in FORMATS:
            cols[f].append(m.capacity.for_format(f))
        for a in rows:
            avail[i, (a.day - CALENDAR_START).days] = 1 if a.available else -1
        batch.append(m)
        cal += rows
        if len(batch) == BATCH:
            flush()
    if batch:
        flush()
    t1 = time.perf_counter()
    rng = np.random.default_rng(99)
    vectors = rng.standard_normal((n, D), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ids = repo.ids_for(codes)
    row_of = {ids[c]: i for i, c in enumerate(codes)}
    while pending := repo.pending(5000):
        repo.store_embeddings(pending, vectors[[row_of[p.member_id] for p in pending]],
                              model_key=key)
    t2 = time.perf_counter()
    arr: dict[str, Any] = {k: np.array([np.nan if v is None else v for v in vals],
                                       dtype=np.float64) for k, vals in cols.items()}
    arr["vectors"], arr["avail"] = vectors, avail
    arr["ids"] = np.array([ids[c] for c in codes], dtype=np.int64)
    arr["load_s"], arr["vectors_s"] = write_s, t2 - t1
    arr["availability_rows"] = avail_rows
    return arr


def brute(arr: dict[str, Any], q: np.ndarray, f: HardFilter, k: int = K
          ) -> tuple[list[int], list[tuple[int, float]]]:
    """numpy over ALL members: every cosine, then the filters (unknown facts kept), then the
    exact top ``k`` (ties by id). Returns (survivor ids ascending, [(id, cosine)] best first)."""
    v: np.ndarray = arr["vectors"]
    sims = v @ q
    ok = arr["active"].astype(bool)
    assert f.zone is not None and f.zone.circle is not None
    c = f.zone.circle
    lat, lon = np.radians(arr["lat"]), np.radians(arr["lon"])
    a = (np.sin((lat - math.radians(c.lat)) / 2) ** 2 + math.cos(math.radians(c.lat))
         * np.cos(lat) * np.sin((lon - math.radians(c.lon)) / 2) ** 2)
    ok &= 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.minimum(a, 1))) <= c.radius_km
    assert f.format is not None and f.headcount is not None
    cap = arr[f.format]
    ok &= np.isnan(cap) | (cap >= f.headcount)
    bmin, bmax = np.nan_to_num(arr["budget_min"]), arr["budget_max"]
    ok &= (np.isnan(bmax) | (bmax >= (f.budget.min_eur or 0))) & (bmin <= f.budget.max_eur)
    av: np.ndarray = arr["avail"]
    for d in f.dates:
        ok &= av[:, (d - CALENDAR_START).days] >= 0
    idx = np.flatnonzero(ok)
    ids = arr["ids"]
    top = top_k(sims[idx], k, keys=ids[idx])  # the shared kernel's exact top-k, ties by id
    return sorted(int(i) for i in ids[idx]), [(h.key, h.score) for h in top]


def big_communes(geo: FrenchGeoTable, n: int = 80) -> list[Any]:
    """The ``n`` most populated located communes (the generator clusters members there)."""
    return sorted((c for c in geo.communes.values() if c.kind == "COM" and c.lat is not None),
                  key=lambda c: -c.population)[:n]


def requests(n: int, days: int, geo: FrenchGeoTable) -> list[tuple[HardFilter, np.ndarray]]:
    rng = np.random.default_rng(5)
    big = big_communes(geo)
    out = []
    for _ in range(n):
        city = big[int(rng.integers(len(big)))]
        assert city.lat is not None and city.lon is not None
        circle = Circle(city.lat, city.lon, float(rng.uniform(10, 30)))
        lo = int(rng.integers(0, 5000))
        dates = tuple(CALENDAR_START + timedelta(int(d))
                      for d in rng.choice(days, size=int(rng.integers(1, 3)), replace=False))
        f = HardFilter(zone=Zone("point", city.name, frozenset(), (city.lat, city.lon), circle),
                       format=FORMATS[int(rng.integers(4))], headcount=int(rng.integers(20, 300)),
                       budget=BudgetRange(lo, lo + int(rng.integers(1000, 20000))), dates=dates)
        q = rng.standard_normal(D).astype(np.float32)
        out.append((f, q / np.linalg.norm(q)))
    return out


def pct(xs: list[float]) -> str:
    p = np.percentile(xs, [50, 95, 99])
    return f"{p[0]:.1f} / {p[1]:.1f} / {p[2]:.1f}"


def _differs(repo: MemberRepository, arr: dict[str, Any], f: HardFilter, q: np.ndarray
             ) -> tuple[bool, float, float, int]:
    """One request through the store (stages 1+2) and the brute force; returns (answers
    differ, store ms, brute ms, survivors)."""
    t0 = time.perf_counter()
    ids = repo.stage1(f)
    ranked = repo.rank(q, ids, k=K, model_key=KEY)
    t1 = time.perf_counter()
    want_ids, want_top = brute(arr, q, f)
    t2 = time.perf_counter()
    same = (ids == want_ids and [r.member_id for r in ranked] == [i for i, _ in want_top]
            and all(r.similarity is not None and abs(r.similarity - s) < 1e-5
                    for r, (_, s) in zip(ranked, want_top, strict=True)))
    return not same, (t1 - t0) * 1000, (t2 - t1) * 1000, len(ids)


def run(backend: str, url: str, n: int, queries: int, days: int, geo: FrenchGeoTable) -> None:
    repo = open_member_store(url)
    arr = load(repo, n, days, geo)
    reqs = requests(queries, days, geo)
    t0 = time.perf_counter()
    repo.count()  # the first request of a fresh process builds the in-memory index
    build_s = time.perf_counter() - t0
    both, bf, kept, wrong = [], [], [], 0
    for f, q in reqs:
        bad, ms, bms, survivors = _differs(repo, arr, f, q)
        wrong += bad
        both.append(ms)
        bf.append(bms)
        kept.append(survivors)
    p95, b95 = float(np.percentile(both, 95)), float(np.percentile(bf, 95))
    target = 50 if n <= 70_000 else 250
    print(f"| {backend} | {n:,} | {pct(both)} | {pct(bf)} | {p95 / b95:.2f} | "
          f"≤ {target} ms and ≤ 1.5× | {int(np.median(kept))} ({np.percentile(kept, 95):.0f}) | "
          f"{wrong} of {queries} |", flush=True)
    lag = _refresh(repo, url, arr, reqs)
    print(f"    {backend}: load {arr['load_s']:.1f} s ({n:,} members + "
          f"{arr['availability_rows']:,} availability rows, {BATCH} per transaction), "
          f"vectors {arr['vectors_s']:.1f} s, index cold build {build_s:.2f} s; "
          f"{lag}", flush=True)
    repo.close()


def _refresh(writer: MemberRepository, url: str, arr: dict[str, Any],
             reqs: list[tuple[HardFilter, np.ndarray]]) -> str:
    """Writes through ``writer``, answers through a second instance (another process's view):
    the first answer after each write pays the refresh; every answer is checked exact."""
    other = open_member_store(url)
    other.count()
    rng = np.random.default_rng(3)
    costs, steady, wrong = [], [], 0
    f, q = reqs[0]
    for batch in (1, 100, 1000):
        rows = rng.choice(len(arr["ids"]), size=batch, replace=False)
        codes = {int(arr["ids"][r]): r for r in rows}
        members = other.summaries(list(codes))
        flipped = []
        for mid, m in members.items():  # toggle status: leaves / joins stage 1
            active = m.status != "active"
            flipped.append(dataclasses.replace(m, status="active" if active else "inactive"))
            arr["active"][codes[mid]] = active
        writer.upsert_members(flipped)
        bad, ms, _, _ = _differs(other, arr, f, q)
        wrong += bad
        costs.append(f"{batch}: {ms:.0f} ms")
        bad2, ms2, _, _ = _differs(other, arr, f, q)
        wrong += bad2
        steady.append(ms2)
    other.close()
    return (f"first answer of ANOTHER instance after a write of N members (includes the "
            f"refresh) {', '.join(costs)}; next answer {np.median(steady):.1f} ms; "
            f"{wrong} inexact")


def raw_load(url: str, n: int, days: int, geo: FrenchGeoTable) -> float:
    """The baseline: the same generated members and calendar rows written by the bare driver
    (ids given, 500 members per transaction) into the freshly migrated schema at ``url``.
    Returns the seconds spent writing (not generating)."""
    open_member_store(url).close()  # the schema, as the product has it
    cols = ", ".join(("id", *COLUMNS))
    write_s = 0.0
    members: list[tuple[Any, ...]] = []
    cal: list[tuple[int, str, bool]] = []
    if url.startswith("sqlite"):
        import sqlite3

        db = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        marks = ", ".join("?" * (len(COLUMNS) + 1))

        def flush() -> None:
            nonlocal write_s
            t = time.perf_counter()
            db.execute("BEGIN")
            db.executemany(f"INSERT INTO member ({cols}) VALUES ({marks})",  # noqa: S608 (constants)
                           [(i, *member_params(m)) for i, m in members])  # type: ignore[misc]
            db.executemany("INSERT INTO availability VALUES (?, ?, ?)", cal)
            db.execute("COMMIT")
            write_s += time.perf_counter() - t
    else:
        import psycopg

        db = psycopg.connect(url, autocommit=True)  # type: ignore[assignment]

        def flush() -> None:
            nonlocal write_s
            t = time.perf_counter()
            with db.transaction(), db.cursor() as cur:  # type: ignore[attr-defined]
                with cur.copy(f"COPY member ({cols}) FROM STDIN") as cp:
                    for i, m in members:
                        cp.write_row((i, *member_params(m)))
                with cur.copy("COPY availability FROM STDIN") as cp:
                    for row in cal:
                        cp.write_row(row)
            write_s += time.perf_counter() - t

    for i, (m, rows) in enumerate(generate_members(n, seed=1, geo=geo, days=days), start=1):
        members.append((i, m))  # type: ignore[arg-type]
        cal += [(i, a.day.isoformat(), a.available) for a in rows]
        if len(members) == BATCH:
            flush()
            members.clear()
            cal.clear()
    if members:
        flush()
    db.close()
    return write_s


def run_load(backend: str, url: str, raw_url: str | None, n: int, days: int,
             geo: FrenchGeoTable) -> None:
    """``--load-only``: the product's load (members + availability, vectors, cold build) and,
    when ``raw_url`` is given, the raw baseline on a second empty database, same run."""
    repo = open_member_store(url)
    arr = load(repo, n, days, geo)
    repo.close()
    t0 = time.perf_counter()
    fresh = open_member_store(url)
    size = fresh.count()  # a fresh process's first answer: the index's cold build
    build_s = time.perf_counter() - t0
    fresh.close()
    assert size == n, (size, n)
    raw = raw_load(raw_url, n, days, geo) if raw_url else None
    target = 30 if backend == "SQLite" else 60
    base = f"{raw:.1f} s" if raw is not None else "—"
    ratio = f"{arr['load_s'] / raw:.2f}" if raw else "—"
    print(f"| {backend} | {n:,} | {arr['availability_rows']:,} | {arr['load_s']:.1f} s | "
          f"{base} | {ratio} | ≤ {target} s (70 000) | {arr['vectors_s']:.1f} s | "
          f"{build_s:.2f} s | {' '.join(f'{x:.1f}' for x in os.getloadavg())} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--members", type=int, default=70_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--calendar-days", type=int, default=14)
    ap.add_argument("--backends", default="sqlite,postgres")
    ap.add_argument("--load-only", action="store_true",
                    help="measure loading alone (members + availability, vectors, cold build) "
                    "beside the raw driver baseline")
    ap.add_argument("--no-baseline", action="store_true",
                    help="with --load-only: skip the raw baseline (halves the time at 1 000 000)")
    args = ap.parse_args()
    geo = FrenchGeoTable()
    flags = (" --load-only" if args.load_only else "") + (" --no-baseline" if args.no_baseline
                                                           else "")
    print(f"$ PYTHONPATH=src .venv/bin/python benchmarks/matching.py --members {args.members} "
          f"--queries {args.queries} --calendar-days {args.calendar_days} "
          f"--backends {args.backends}{flags}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.load_only:
        print("| backend | members | availability rows | load (write_batch) | raw driver, same "
              "rows | ratio | target | vectors (outbox) | index cold build | load average |")
        print("|---|---|---|---|---|---|---|---|---|---|")
    else:
        print("| backend | members | stages 1+2 p50/p95/p99 ms | brute force p50/p95/p99 ms | "
              "p95 ratio | target | survivors median (p95) | answers ≠ brute force |")
        print("|---|---|---|---|---|---|---|---|")
    tmp = Path(tempfile.mkdtemp(prefix="grace-bench-"))
    try:
        _run_all(args, tmp, geo)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # the stores take GBs at 1 000 000 members
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _run_all(args: argparse.Namespace, tmp: Path, geo: FrenchGeoTable) -> None:
    n, days = args.members, args.calendar_days
    for backend in args.backends.split(","):
        if backend == "sqlite":
            url = f"sqlite:///{tmp / 'members.sqlite'}"
            if args.load_only:
                raw = None if args.no_baseline else f"sqlite:///{tmp / 'raw.sqlite'}"
                run_load("SQLite", url, raw, n, days, geo)
            else:
                run("SQLite", url, n, args.queries, days, geo)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import pgserver  # type: ignore[import-untyped]

            srv = pgserver.get_server(tmp / "pg", cleanup_mode="stop")
        try:
            name = "PostgreSQL 16 + pgvector"
            if args.load_only:
                raw = None
                if not args.no_baseline:
                    srv.psql("CREATE DATABASE raw_baseline;")
                    raw = srv.get_uri("raw_baseline")
                run_load(name, srv.get_uri(), raw, n, days, geo)
            else:
                run(name, srv.get_uri(), n, args.queries, days, geo)
        finally:
            srv.cleanup()


if __name__ == "__main__":
    main()
