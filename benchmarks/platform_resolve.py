"""Platform catalog benchmark (issue 17; not a test): resolve latency from the catalog folder
(the baseline) and from the platform database (PostgreSQL), for the bundled example.

Run:  .venv/bin/python benchmarks/platform_resolve.py [--repeat 50] [--db postgresql://…]

Without ``--db`` a throw-away PostgreSQL (pgserver) is started in a temporary folder. Measures,
in one process, relevance off (seed 001) and the default token counter:
1. loading the catalog: ``FilesystemCatalog`` (folder) vs ``PostgresCatalogReader`` (two
   queries: manifests, bodies);
2. publishing it (``grace catalog publish``: doctor's checks + one transaction);
3. a warm resolve, median / p95 (ms) over ``--repeat`` calls per task: the folder app, the
   platform app once fetched, and a platform request as a server serves one (``app(name)``:
   the project and the latest version read from the database, then the resolve).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from grace.bootstrap import build_resolution, bundled_catalog, example_project
from grace.bootstrap.platform import PlatformResolution
from grace.config import Settings
from grace.resolution.adapters.filesystem_catalog import FilesystemCatalog
from grace.resolution.adapters.postgres_catalog import PostgresCatalogReader

TASKS = [
    ("backend", "Ajouter le use case UpdateProject et son repository SQL"),
    ("frontend", "Un formulaire accessible de création de facture"),
    ("architect", "Revoir les dépendances entre couches"),
]


def ms(samples: list[float]) -> str:
    s = sorted(samples)
    p95 = s[min(len(s) - 1, int(0.95 * len(s)))]
    return f"{statistics.median(s) * 1e3:8.3f} / {p95 * 1e3:8.3f}"


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


@contextmanager
def database(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver
    with tempfile.TemporaryDirectory(prefix="grace-bench-pg-") as tmp:
        srv = pgserver.get_server(tmp, cleanup_mode="stop")  # type: ignore[attr-defined]
        try:
            yield srv.get_uri()
        finally:
            srv.cleanup()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--db", default=None, help="an empty PostgreSQL database (default: pgserver)")
    args = ap.parse_args()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; repeat {args.repeat}")
    with tempfile.TemporaryDirectory() as cache, database(args.db) as url:
        settings = Settings(usage="off", relevance="off", cache_dir=Path(cache))
        with PlatformResolution(settings, url) as platform, \
                build_resolution(settings, example=True) as folder:
            t0 = time.perf_counter()
            published = platform.publisher(None)("bench").published
            publish_s = time.perf_counter() - t0
            project = f"bench-{published.version}"
            platform.import_project(project, example_project(), catalog="bench", languages=())
            print(f"publish {published.talents} talents: {publish_s * 1e3:.1f} ms "
                  f"(version {published.version})")
            print("\nload the catalog (ms, median / p95)")
            from_folder_s = timed(lambda: FilesystemCatalog(bundled_catalog()), 10)
            print(f"  folder (baseline)   {ms(from_folder_s)}")
            print(f"  postgresql          "
                  f"{ms(timed(lambda: PostgresCatalogReader(platform.store, 'bench'), 10))}")
            served = platform.app(project, path=folder.project_file.path)
            print("\nwarm resolve (ms, median / p95)")
            print(f"  {'role':10} {'folder (baseline)':>19} {'postgresql app':>19} "
                  f"{'pg per request':>19}")
            for role, task in TASKS:
                def from_folder(role: str = role, task: str = task) -> object:
                    return folder.resolve(folder.project, role=role, task=task, token_budget=8000)

                def from_platform(role: str = role, task: str = task) -> object:
                    return served.resolve(served.project, role=role, task=task,
                                          token_budget=8000)

                def per_request(role: str = role, task: str = task) -> object:
                    app = platform.app(project)
                    return app.resolve(app.project, role=role, task=task, token_budget=8000)

                for fn in (from_folder, from_platform, per_request):
                    fn()  # warm: blocks and token counts cached
                print(f"  {role:10} {ms(timed(from_folder, args.repeat)):>19} "
                      f"{ms(timed(from_platform, args.repeat)):>19} "
                      f"{ms(timed(per_request, args.repeat)):>19}")


if __name__ == "__main__":
    main()
