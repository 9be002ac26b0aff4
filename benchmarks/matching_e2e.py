"""Matching end to end (seed 003: < 5 s): stages 1–3 on 70 000 members, without and with an LLM.

Members: the seeded generator (clustered around the 80 largest French communes) with synthetic
unit vectors stored under the e5 model's key (embedding 70 000 texts with e5 takes hours here;
the timings of stages 1–2 do not depend on what the vectors mean). Requests: real e5 query
embeddings of French event descriptions, a point + 10–30 km radius (or a whole region for the
broad-zone rows), a format and headcount, a budget, one or two calendar dates. Every search goes
through ``MatchMembers`` (search log, similar requests and all), as the service runs it, on
SQLite (default) or PostgreSQL + pgvector (``--backend postgres``, started with pgserver).

Without an LLM: the deterministic ranker. With an LLM: the real anthropic SDK against the
loopback stand-in of the Messages API (``tests/matching_support/fake_anthropic.py``) answering
after ``--llm-delay`` seconds (seed 003: « ranking expliqué en 2-3 secondes »); the share of the
time spent outside the LLM is what GRACE adds.

Reproduce:
    .venv/bin/python benchmarks/matching_e2e.py --members 70000 --queries 200 --llm-queries 20
    .venv/bin/python benchmarks/matching_e2e.py --backend postgres --llm-queries 0
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import warnings
from datetime import timedelta
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.matching_support

from matching import big_communes, load  # benchmarks/matching.py: members + synthetic vectors
from tests.matching_support.fake_anthropic import from_schema, serve_fake_anthropic

from grace.bootstrap import build_matching
from grace.config import Settings
from grace.embedding.e5 import E5Embedder
from grace.matching.adapters.generator import CALENDAR_START
from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.domain.model import FORMATS, BudgetRange, EventRequest

DESCRIPTIONS = [
    "Séminaire de direction au calme avec salle de réunion et nuitées",
    "Dîner de gala pour une remise de prix, ambiance chic",
    "Festival de jazz en plein air avec food trucks",
    "Mariage champêtre dans une grange, dîner assis",
    "Soirée d'entreprise de fin d'année avec DJ",
    "Conférence avec amphithéâtre et traduction simultanée",
    "Cocktail de lancement de produit dans un lieu atypique",
    "Journée d'équipe avec activités sportives et déjeuner",
]
REGIONS = ["Île-de-France", "Auvergne-Rhône-Alpes", "Occitanie", "Nouvelle-Aquitaine",
           "Bretagne", "Provence-Alpes-Côte d'Azur"]


def requests(n: int, days: int, geo: FrenchGeoTable, *, broad: bool,
             seed: int) -> list[EventRequest]:
    rng = np.random.default_rng(seed)
    big = big_communes(geo)
    out = []
    for _ in range(n):
        lo = int(rng.integers(0, 5000))
        dates = tuple(CALENDAR_START + timedelta(int(d))
                      for d in rng.choice(days, size=int(rng.integers(1, 3)), replace=False))
        if broad:
            zone, radius = REGIONS[int(rng.integers(len(REGIONS)))], None
        else:
            city = big[int(rng.integers(len(big)))]
            zone, radius = f"{city.lat:.5f},{city.lon:.5f}", float(rng.uniform(10, 30))
        out.append(EventRequest(
            DESCRIPTIONS[int(rng.integers(len(DESCRIPTIONS)))], format=FORMATS[int(
                rng.integers(4))], headcount=int(rng.integers(20, 300)),
            budget=BudgetRange(lo, lo + int(rng.integers(1000, 20000))), zone=zone,
            radius_km=radius, dates=dates))
    return out


def pct(xs: list[float]) -> str:
    p = np.percentile(xs, [50, 95, 99])
    return f"{p[0]:.1f} / {p[1]:.1f} / {p[2]:.1f}"


def measure(app_settings: Settings, url: str, reqs: list[EventRequest], label: str) -> None:
    app = build_matching(app_settings, database_url=url)
    app.match(reqs[0])  # warm-up: loads the model and the geo table
    stages: dict[str, list[float]] = {k: [] for k in ("stage1", "embedding", "stage2", "stage3",
                                                      "total")}
    wall, kept, fallbacks = [], [], 0
    for r in reqs:
        t0 = time.perf_counter()
        res = app.match(r)
        wall.append((time.perf_counter() - t0) * 1000)
        rec = app.match.search_record(res.search_id)
        assert rec is not None
        for k in stages:
            stages[k].append(rec.stage_ms[k])
        kept.append(rec.funnel["stage1"])
        fallbacks += res.fallback is not None
    outside = [w - s3 for w, s3 in zip(wall, stages["stage3"], strict=True)]
    share = 100 * np.sum(outside) / np.sum(wall)
    print(f"| {label} | {len(reqs)} | {pct(stages['stage1'])} | {pct(stages['embedding'])} | "
          f"{pct(stages['stage2'])} | {pct(stages['stage3'])} | {pct(wall)} | "
          f"{pct(outside)} ({share:.1f} %) | {int(np.median(kept))} | {fallbacks} |", flush=True)
    app.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--members", type=int, default=70_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--llm-queries", type=int, default=20)
    ap.add_argument("--llm-delay", type=float, default=2.5, help="Stand-in latency (s).")
    ap.add_argument("--calendar-days", type=int, default=14)
    ap.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite",
                    help="postgres: a real PostgreSQL 16 + pgvector started with pgserver.")
    args = ap.parse_args()
    print(f"$ .venv/bin/python benchmarks/matching_e2e.py --members {args.members} --queries "
          f"{args.queries} --llm-queries {args.llm_queries} --llm-delay {args.llm_delay} "
          f"--backend {args.backend}")
    geo = FrenchGeoTable()
    tmp = Path(tempfile.mkdtemp(prefix="grace-e2e-"))
    srv = None
    try:
        if args.backend == "postgres":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import pgserver  # type: ignore[import-untyped]

                srv = pgserver.get_server(tmp / "pg", cleanup_mode="stop")
            url = srv.get_uri()
        else:
            url = f"sqlite:///{tmp / 'members.sqlite'}"
        base = build_matching(Settings(cache_dir=tmp), database_url=url)
        load(base.repo, args.members, args.calendar_days, geo, key=E5Embedder().identity.key)
        base.close()
        print("| run | searches | stage 1 p50/p95/p99 ms | request embedding | stage 2 | "
              "stage 3 | end to end | outside the LLM (share) | stage 1 kept (median) | "
              "fallbacks |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        det = Settings(cache_dir=tmp, embedder="e5", ranker="deterministic")
        measure(det, url, requests(args.queries, args.calendar_days, geo, broad=False, seed=5),
                "deterministic, city + radius")
        measure(det, url, requests(args.queries // 4, args.calendar_days, geo, broad=True,
                                   seed=6), "deterministic, whole region (500 closest)")
        if args.llm_queries <= 0:
            return
        with serve_fake_anthropic(delay_s=args.llm_delay, default=from_schema()) as api:
            llm = Settings(cache_dir=tmp, embedder="e5", ranker="claude",
                           anthropic_api_key="sk-bench", anthropic_base_url=api.base_url,
                           llm_timeout_s=args.llm_delay + 2.0)
            measure(llm, url, requests(args.llm_queries, args.calendar_days, geo, broad=False,
                                       seed=7), f"LLM stand-in ({args.llm_delay:g} s)")
    finally:
        if srv is not None:
            srv.cleanup()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
