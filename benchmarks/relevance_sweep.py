"""Sweep the hybrid selector's weights, gate margins and cut on labelled sets.

Each task is resolved once with the hybrid step while its candidates' channels (dense, chunk,
hubness, BM25, triggers, glob) and the catalog's probe level are recorded; then every parameter
combination of the grid is replayed on the recorded channels with the domain selector alone,
the closure applied as ``resolve_context`` does. The dense channel's own parameters
(``chunk_weight``, ``hub_weight``) also move the probe calibration: change them with
``GRACE_RELEVANCE_HUB_WEIGHT`` … and ``grace eval relevance`` instead. Prints the defaults, then
the best combinations by the worst set's mean of recall, precision and out-of-domain rejection,
minus its in-domain rejection (recall, precision and rejections equal the harness'; nDCG@5 here
ranks kept talents then their prerequisites, the harness ranks the served order). Baselines
(seed, off) come from ``grace eval relevance --algo seed --algo off`` on the same sets.

    make eval-catalog
    .venv/bin/python benchmarks/relevance_sweep.py \
        eval/example_tasks.jsonl eval/polyglot/tasks.jsonl
"""

from __future__ import annotations

import itertools
import math
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from grace.bootstrap import ResolutionApp, build_evaluation
from grace.config import load_settings
from grace.resolution.application.evaluation import LabelledTask, ndcg_at, read_labels
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.hybrid import HybridCandidate, HybridParams, HybridSelector

GRID: dict[str, list[float]] = {
    "w_lex": [2.0, 3.0, 4.0],
    "w_head": [0.5, 1.0],
    "w_trigger": [0.2, 0.4],
    "w_glob": [0.4, 0.8],
    "probe_margin": [-0.01, 0.005, 0.02],
    "trigger_slack": [0.06, 0.12],
    "ratio": [0.6, 0.7, 0.8],
    "max_kept": [6, 8],
}


@dataclass
class Recorded:
    task: LabelledTask
    cands: list[HybridCandidate]
    level: float | None
    closure: dict[str, tuple[str, ...]]
    domain: tuple[float, float] | None = None
    code: bool = False


class Recorder(HybridSelector):
    """The default selector, remembering what it was asked."""

    def __init__(self, inner: HybridSelector) -> None:
        super().__init__(inner.params)
        self.last: tuple[
            list[HybridCandidate], float | None, tuple[float, float] | None, bool
        ] = ([], None, None, False)

    def select(  # type: ignore[no-untyped-def]
        self, cands, *, probe_level=None, domain=None, code=False
    ):
        self.last = (list(cands), probe_level, domain, code)
        return super().select(cands, probe_level=probe_level, domain=domain, code=code)


def record(path: Path) -> list[Recorded]:
    resolvers = build_evaluation(load_settings(), base=path.parent, algo="hybrid")
    rows = []
    for task in read_labels(path):
        app = resolvers.app(task.project, True)
        assert isinstance(app, ResolutionApp)
        step = app.relevance
        recorder = Recorder(step._selector)  # type: ignore[union-attr]
        step._selector = recorder  # type: ignore[union-attr]
        resolvers.on(task)
        active = frozenset(app.project_file.project.enabled)
        graph = DependencyGraph({t.id: t for t in app.catalog.talents()})
        cands, level, domain, code = recorder.last
        closure = {c.id: tuple(graph.closure([c.id], within=active)) for c in cands}
        rows.append(Recorded(task, cands, level, closure, domain, code))
    return rows


def score(rows: list[Recorded], params: HybridParams) -> tuple[float, ...]:
    selector = HybridSelector(params)
    rec, prec, nd, ood, rejected = [], [], [], [], []
    for r in rows:
        kept = (
            list(selector.select(
                r.cands, probe_level=r.level, domain=r.domain, code=r.code
            ).selection.kept)
            if r.cands else []
        )
        served = list(dict.fromkeys(x for k in kept for x in r.closure.get(k, (k,))))
        must, fine = set(r.task.expected), set(r.task.expected) | set(r.task.acceptable)
        if r.task.out_of_domain:
            ood.append(float(not served))
            continue
        rejected.append(float(not served))
        rec.append(len(must & set(served)) / len(must) if must else 1.0)
        if served:
            prec.append(len(fine & set(served)) / len(served))
        nd.append(ndcg_at(served, must, set(r.task.acceptable)))

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs) if xs else math.nan

    return mean(rec), mean(prec), mean(nd), mean(ood), mean(rejected)


def show(name: str, figures: tuple[float, ...]) -> None:
    r, p, n, o, f = figures
    print(f"  {name}: recall {r:.3f} precision {p:.3f} nDCG@5 {n:.3f} OOD rejected {o:.3f} "
          f"in-domain rejected {f:.3f}")


def main() -> None:
    sets = {Path(p).name: record(Path(p)) for p in sys.argv[1:]}
    print("defaults", HybridParams())
    for name, rows in sets.items():
        show(name, score(rows, HybridParams()))
    results = []
    for values in itertools.product(*GRID.values()):
        params = replace(HybridParams(), **dict(zip(GRID, values, strict=True)))
        per = {name: score(rows, params) for name, rows in sets.items()}
        objective = min((r + p + o) / 3 - f for r, p, _n, o, f in per.values())
        results.append((objective, values, per))
    results.sort(key=lambda x: -x[0])
    for objective, values, per in results[:10]:
        print(f"{objective:.3f}", dict(zip(GRID, values, strict=True)))
        for name, figures in per.items():
            show(name, figures)


if __name__ == "__main__":
    main()
