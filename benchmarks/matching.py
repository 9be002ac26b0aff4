"""Matching stages 1 and 2 on generated members, SQLite and PostgreSQL, beside a brute force.

Members come from the seeded generator (clustered around the 80 largest French communes);
their vectors are synthetic (random unit vectors of 384 dimensions, seeded), not e5 embeddings:
embedding 1 000 000 texts with e5 is out of reach here and does not change the timings measured.
Requests: a city of the generated set with a 10–30 km radius, a format and headcount, a budget
range and one or two dates of the generated calendar.

Brute-force baseline (same run, same requests): numpy over every member — cosine of all
vectors, then vectorised filters (status, haversine, capacity, budget, calendar) — then top 50.

Reproduce:
    .venv/bin/python benchmarks/matching.py --members 70000 --queries 200
    .venv/bin/python benchmarks/matching.py --members 1000000 --queries 100 --backends sqlite
"""

from __future__ import annotations

import argparse
import math
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
from grace.matching.domain.filters import HardFilter, Zone
from grace.matching.domain.geo import EARTH_RADIUS_KM, Circle
from grace.matching.domain.model import FORMATS, BudgetRange
from grace.matching.domain.ports import MemberRepository
from grace.vectors.topk import top_k

D = 384
KEY = "synthetic-384"


def load(repo: MemberRepository, n: int, days: int, geo: FrenchGeoTable, *,
         key: str = KEY) -> dict[str, object]:
    """Generate, store and give synthetic vectors (stored under model ``key``); return numpy
    columns for the brute force."""
    cols: dict[str, list[object]] = {k: [] for k in ("lat", "lon", "active", "budget_min",
                                                     "budget_max", *FORMATS)}
    avail = np.zeros((n, days), dtype=np.int8)  # 1 available, -1 booked
    batch, cal = [], []
    rng = np.random.default_rng(99)
    t0 = time.perf_counter()
    for i, (m, rows) in enumerate(generate_members(n, seed=1, geo=geo, days=days)):
        batch.append(m)
        cal += rows
        cols["lat"].append(m.latitude)
        cols["lon"].append(m.longitude)
        cols["active"].append(m.status == "active")
        cols["budget_min"].append(m.budget.min_eur)
        cols["budget_max"].append(m.budget.max_eur)
        for f in FORMATS:
            cols[f].append(m.capacity.for_format(f))
        for a in rows:
            avail[i, (a.day - CALENDAR_START).days] = 1 if a.available else -1
        if len(batch) == 5000:
            repo.upsert_members(batch)
            repo.set_availability(cal)
            batch, cal = [], []
    if batch:
        repo.upsert_members(batch)
        repo.set_availability(cal)
    vectors = rng.standard_normal((n, D)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    while pending := repo.pending(5000):
        idx = [p.member_id - 1 for p in pending]
        repo.store_embeddings(pending, vectors[idx], model_key=key)
    print(f"  loaded {n} members in {time.perf_counter() - t0:.0f} s", flush=True)
    arr: dict[str, object] = {k: np.array([np.nan if v is None else v for v in vals],
                                          dtype=np.float64) for k, vals in cols.items()}
    arr["vectors"], arr["avail"] = vectors, avail
    return arr


def brute(arr: dict[str, object], q: np.ndarray, f: HardFilter, k: int = 50) -> int:
    """numpy over all members, then the filters (unknown facts kept); returns survivors."""
    v: np.ndarray = arr["vectors"]  # type: ignore[assignment]
    sims = v @ q
    ok = arr["active"].astype(bool)  # type: ignore[attr-defined]
    assert f.zone is not None and f.zone.circle is not None
    c = f.zone.circle
    lat, lon = np.radians(arr["lat"]), np.radians(arr["lon"])  # type: ignore[call-overload]
    a = (np.sin((lat - math.radians(c.lat)) / 2) ** 2 + math.cos(math.radians(c.lat))
         * np.cos(lat) * np.sin((lon - math.radians(c.lon)) / 2) ** 2)
    ok &= 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.minimum(a, 1))) <= c.radius_km
    assert f.format is not None and f.headcount is not None
    cap = arr[f.format]
    ok &= np.isnan(cap) | (cap >= f.headcount)  # type: ignore[operator]
    bmin, bmax = np.nan_to_num(arr["budget_min"]), arr["budget_max"]  # type: ignore[call-overload]
    ok &= (np.isnan(bmax) | (bmax >= (f.budget.min_eur or 0))) & (bmin <= f.budget.max_eur)
    av: np.ndarray = arr["avail"]  # type: ignore[assignment]
    for d in f.dates:
        ok &= av[:, (d - CALENDAR_START).days] >= 0
    idx = np.flatnonzero(ok)
    top = top_k(sims[idx], k, keys=idx)  # the shared kernel's exact top-k
    assert len(top) == min(k, len(idx))
    return len(idx)


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


def run(backend: str, url: str, n: int, queries: int, days: int, geo: FrenchGeoTable) -> None:
    repo = open_member_store(url)
    arr = load(repo, n, days, geo)
    s1, s2, bf, kept, removed = [], [], [], [], []
    for f, q in requests(queries, days, geo):
        t0 = time.perf_counter()
        ids = repo.stage1(f)
        t1 = time.perf_counter()
        ranked = repo.rank(q, ids, k=50, model_key=KEY)
        t2 = time.perf_counter()
        n_bf = brute(arr, q, f)
        t3 = time.perf_counter()
        assert n_bf == len(ids), (n_bf, len(ids))
        assert len(ranked) == min(50, len(ids))
        s1.append((t1 - t0) * 1000)
        s2.append((t2 - t1) * 1000)
        bf.append((t3 - t2) * 1000)
        kept.append(len(ids))
        removed.append(100 * (1 - len(ids) / n))
    print(f"| {backend} | {n:,} | {pct(s1)} | {pct(s2)} | {pct(bf)} | "
          f"{int(np.median(kept))} ({np.percentile(kept, 95):.0f}) | "
          f"{np.median(removed):.2f} % | {min(removed):.2f} % |", flush=True)
    repo.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--members", type=int, default=70_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--calendar-days", type=int, default=14)
    ap.add_argument("--backends", default="sqlite,postgres")
    args = ap.parse_args()
    geo = FrenchGeoTable()
    print(f"$ .venv/bin/python benchmarks/matching.py --members {args.members} "
          f"--queries {args.queries} --calendar-days {args.calendar_days} "
          f"--backends {args.backends}")
    print("| backend | members | stage 1 p50/p95/p99 ms | stage 2 p50/p95/p99 ms | "
          "brute force p50/p95/p99 ms | survivors median (p95) | removed median | "
          "removed min |")
    print("|---|---|---|---|---|---|---|---|")
    tmp = Path(tempfile.mkdtemp(prefix="grace-bench-"))
    try:
        _run_all(args, tmp, geo)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # the stores take GBs at 1 000 000 members


def _run_all(args: argparse.Namespace, tmp: Path, geo: FrenchGeoTable) -> None:
    for backend in args.backends.split(","):
        if backend == "sqlite":
            run("SQLite", f"sqlite:///{tmp / 'members.sqlite'}", args.members, args.queries,
                args.calendar_days, geo)
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import pgserver  # type: ignore[import-untyped]

                srv = pgserver.get_server(tmp / "pg", cleanup_mode="stop")
            try:
                run("PostgreSQL 16 + pgvector", srv.get_uri(), args.members, args.queries,
                    args.calendar_days, geo)
            finally:
                srv.cleanup()


if __name__ == "__main__":
    main()
