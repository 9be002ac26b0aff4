"""Stages 1+2 on the in-memory index alone (no database), beside the numpy brute force, up to
1 000 000 members (decision 0018).

``benchmarks/matching.py`` measures the whole path through SQLite and PostgreSQL (the index plus
one revision read per call) but must generate and load the members first: at 1 000 000 that is
over an hour on a loaded 2-core machine. This script fills :class:`MemberIndex` directly, in
chunks of 100 000 (the incremental path of a refresh), with the same kind of members as the
generator — clustered around the 80 largest French communes (σ ≈ 12 km), 5 % unknown capacities
and budgets, 4 % inactive, a 14-day calendar with 20 % booked days — and synthetic unit vectors,
then runs the same requests as ``matching.py`` through ``MemberIndex.stage1`` + ``rank`` and
through the brute force (every cosine, vectorised filters, exact top 50), and checks that every
answer is the brute force's (same ids, same order, same cosines).

Reproduce:
    PYTHONPATH=src .venv/bin/python benchmarks/matching_index.py --members 1000000 --queries 100
"""

from __future__ import annotations

import argparse
import os
import time
from datetime import timedelta

import numpy as np
from matching import KEY, D, big_communes, brute, pct, requests  # benchmarks/matching.py

from grace.matching.adapters.generator import CALENDAR_START
from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.adapters.member_index import MemberIndex
from grace.matching.domain.model import FORMATS

CHUNK = 100_000


def columns(n: int, days: int, geo: FrenchGeoTable) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(1)
    big = big_communes(geo)
    w = np.array([c.population for c in big], dtype=np.float64) ** 0.6
    city = rng.choice(len(big), size=n, p=w / w.sum())
    lat = np.array([c.lat for c in big])[city] + rng.normal(0, 0.11, n)
    lon = np.array([c.lon for c in big])[city] + rng.normal(0, 0.15, n)
    top = rng.integers(2, 60, n) * 10.0
    unknown = rng.random(n) < 0.05
    caps = {"seated": top, "standing": np.floor(top * 1.5), "theatre": np.floor(top * 1.2),
            "meeting": np.maximum(1, np.floor(top * 0.4))}
    lo = np.round(rng.uniform(300, 8000, n) * 1.5, -2)
    hi = np.round(lo * rng.uniform(2, 6, n), -2)
    nobudget = rng.random(n) < 0.05
    out: dict[str, np.ndarray] = {
        "lat": lat, "lon": lon, "active": (rng.random(n) >= 0.04).astype(np.float64),
        "budget_min": np.where(nobudget, np.nan, lo), "budget_max": np.where(nobudget, np.nan, hi),
        "ids": np.arange(1, n + 1, dtype=np.int64),
        "avail": np.where(rng.random((n, days)) < 0.2, -1, 1).astype(np.int8),
    }
    for f in FORMATS:
        out[f] = np.where(unknown, np.nan, caps[f])
    vectors = rng.standard_normal((n, D)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    out["vectors"] = vectors
    return out


def fill(idx: MemberIndex, arr: dict[str, np.ndarray], days: int) -> float:
    """Apply the members to ``idx`` in chunks (as refreshes would); returns seconds."""
    n = len(arr["ids"])
    t0 = time.perf_counter()
    for start in range(0, n, CHUNK):
        sl = slice(start, min(n, start + CHUNK))
        ids = arr["ids"][sl]

        def val(col: str, i: int) -> float | None:
            v = arr[col][i]
            return None if np.isnan(v) else float(v)

        rows = [(int(ids[j]), "active" if arr["active"][i] else "inactive", "00000", None,
                 float(arr["lat"][i]), float(arr["lon"][i]), val("seated", i),
                 val("standing", i), val("theatre", i), val("meeting", i), val("budget_min", i),
                 val("budget_max", i), KEY, arr["vectors"][i].tobytes())
                for j, i in enumerate(range(sl.start, sl.stop))]
        avail = []
        for d in range(days):
            day = (CALENDAR_START + timedelta(d)).isoformat()
            col = arr["avail"][sl, d]
            for state, free in ((1, True), (-1, False)):
                avail.append((day, free, ",".join(map(str, ids[col == state].tolist()))))
        idx.apply(rows, avail, revision=start + 1)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--members", type=int, default=1_000_000)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--calendar-days", type=int, default=14)
    args = ap.parse_args()
    print(f"$ PYTHONPATH=src .venv/bin/python benchmarks/matching_index.py --members "
          f"{args.members} --queries {args.queries} --calendar-days {args.calendar_days}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    geo = FrenchGeoTable()
    arr = columns(args.members, args.calendar_days, geo)
    idx = MemberIndex()
    fill_s = fill(idx, arr, args.calendar_days)
    both, bf, kept, wrong = [], [], [], 0
    for f, q in requests(args.queries, args.calendar_days, geo):
        t0 = time.perf_counter()
        ids = idx.stage1(f)
        ranked = idx.rank(q, ids, k=50, model_key=KEY)
        t1 = time.perf_counter()
        want_ids, want_top = brute(arr, q, f)
        t2 = time.perf_counter()
        wrong += not (ids == want_ids
                      and [r.member_id for r in ranked] == [i for i, _ in want_top]
                      and all(r.similarity is not None and abs(r.similarity - s) < 1e-5
                              for r, (_, s) in zip(ranked, want_top, strict=True)))
        both.append((t1 - t0) * 1000)
        bf.append((t2 - t1) * 1000)
        kept.append(len(ids))
    p95, b95 = float(np.percentile(both, 95)), float(np.percentile(bf, 95))
    print("| members | index stages 1+2 p50/p95/p99 ms | brute force p50/p95/p99 ms | p95 ratio "
          "| survivors median (p95) | answers ≠ brute force | index fill |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {args.members:,} | {pct(both)} | {pct(bf)} | {p95 / b95:.2f} | "
          f"{int(np.median(kept))} ({np.percentile(kept, 95):.0f}) | {wrong} of {args.queries} "
          f"| {fill_s:.0f} s |")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
