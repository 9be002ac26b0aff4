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

import argparse
import itertools
import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from grace.bootstrap import ResolutionApp, build_evaluation
from grace.config import load_settings
from grace.resolution.application.evaluation import LabelledTask, ndcg_at, read_labels
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.hybrid import (
    HybridColumns,
    HybridParams,
    HybridSelection,
    HybridSelector,
)

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
    cols: HybridColumns | None
    context: dict[str, Any]
    closure: dict[str, tuple[str, ...]]


class Recorder(HybridSelector):
    """The default selector, remembering the columns and arguments it was asked to select."""

    def __init__(self, inner: HybridSelector) -> None:
        super().__init__(inner.params)
        self.last: tuple[HybridColumns | None, dict[str, Any]] = (None, {})

    def select_columns(self, cols: HybridColumns, **context: Any) -> HybridSelection:
        self.last = (cols, context)
        return super().select_columns(cols, **context)


def record(path: Path) -> list[Recorded]:
    resolvers = build_evaluation(load_settings(), base=path.parent, algo="hybrid")
    rows = []
    for task in read_labels(path):
        app = resolvers.app(task.project, True)
        assert isinstance(app, ResolutionApp)
        step = app.relevance
        recorder = Recorder(step._selector)  # type: ignore[union-attr]
        step._selector = recorder  # type: ignore[union-attr]
        recorder.last = (None, {})
        resolvers.on(task)
        active = frozenset(app.project_file.project.enabled)
        graph = DependencyGraph({t.id: t for t in app.catalog.talents()})
        cols, context = recorder.last
        ids = cols.ids if cols is not None else []
        closure = {i: tuple(graph.closure([i], within=active)) for i in ids}
        rows.append(Recorded(task, cols, context, closure))
    return rows


def score(rows: list[Recorded], params: HybridParams) -> tuple[float, ...]:
    selector = HybridSelector(params)
    rec, prec, nd, ood, rejected = [], [], [], [], []
    for r in rows:
        kept = (list(selector.select_columns(r.cols, **r.context).selection.kept)
                if r.cols is not None else [])
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("labels", nargs="+", type=Path, help="JSONL label files")
    parser.add_argument("--grid", action="append", default=[], metavar="NAME=V1,V2",
                        help="sweep these values of a HybridParams field instead of the "
                             "default grid (repeat it), e.g. --grid ratio=0.6,0.7")
    parser.add_argument("--top", type=int, default=10, help="combinations printed")
    args = parser.parse_args()
    grid = GRID
    if args.grid:
        grid = {}
        for item in args.grid:
            name, _, values = item.partition("=")
            if name not in HybridParams.__dataclass_fields__ or not values:
                parser.error(f"--grid {item!r}: expected a HybridParams field=V1,V2")
            grid[name] = [float(v) for v in values.split(",")]
    sets = {p.name: record(p) for p in args.labels}
    print("defaults", HybridParams())
    for name, rows in sets.items():
        show(name, score(rows, HybridParams()))
    results = []
    for values in itertools.product(*grid.values()):
        params = replace(HybridParams(), **dict(zip(grid, values, strict=True)))
        per = {name: score(rows, params) for name, rows in sets.items()}
        objective = min((r + p + o) / 3 - f for r, p, _n, o, f in per.values())
        results.append((objective, values, per))
    results.sort(key=lambda x: -x[0])
    for objective, values, per in results[: args.top]:
        print(f"{objective:.3f}", dict(zip(grid, values, strict=True)))
        for name, figures in per.items():
            show(name, figures)


if __name__ == "__main__":
    main()
