"""Sweep the hybrid selector's parameters on labelled sets (channels computed once).

Each task is resolved once with the hybrid step while its candidates' channels (dense,
lexical, glob, tokens) are recorded; then every parameter combination of the grid is replayed
on the recorded channels with the domain selector alone, the closure applied as
``resolve_context`` does. Prints the best combinations by a balanced objective next to the
defaults, per label set, and the seed/off figures of ``grace eval relevance`` are the baselines.

    .venv/bin/python benchmarks/relevance_sweep.py eval/example_tasks.jsonl eval/polyglot/tasks.jsonl
"""

from __future__ import annotations

import itertools
import math
import sys
from dataclasses import replace
from pathlib import Path

from grace.bootstrap import EvaluationResolvers
from grace.config import load_settings
from grace.resolution.application.evaluation import ndcg_at, read_labels
from grace.resolution.domain.graph import DependencyGraph
from grace.resolution.domain.hybrid import HybridParams, HybridSelector


class Recorder(HybridSelector):
    def __init__(self, inner: HybridSelector) -> None:
        super().__init__(inner.params)
        self.last: list = []

    def select(self, cands, **gate):  # type: ignore[no-untyped-def]
        self.last = list(cands)
        return super().select(cands, **gate)


def record(path: Path):  # type: ignore[no-untyped-def]
    tasks = read_labels(path)
    resolvers = EvaluationResolvers(load_settings(), base=path.parent, algo="hybrid")
    rows = []
    for t in tasks:
        app = resolvers._app(t.project, True)
        step = app.relevance
        rec = Recorder(step._selector)  # type: ignore[union-attr]
        step._selector = rec  # type: ignore[union-attr]
        ctx = resolvers.on(t)
        active = frozenset(app.project_file.project.enabled)
        graph = DependencyGraph({x.id: x for x in app.catalog.talents()})
        rows.append((t, list(rec.last), graph, active, ctx))
    return rows


def score(rows, params):  # type: ignore[no-untyped-def]
    sel = HybridSelector(params)
    rec, prec, nd, ood, fr = [], [], [], [], []
    for t, cands, graph, active, _ctx in rows:
        kept = list(sel.select(cands).selection.kept) if cands else []
        served = graph.closure(kept, within=active) if kept else []
        order = kept + [s for s in served if s not in kept]
        must, fine = set(t.expected), set(t.expected) | set(t.acceptable)
        if t.out_of_domain:
            ood.append(float(not order))
            continue
        fr.append(float(not order))
        rec.append(len(must & set(order)) / len(must) if must else 1.0)
        if order:
            prec.append(len(fine & set(order)) / len(order))
        nd.append(ndcg_at(order, must, set(t.acceptable)))
    m = lambda xs: sum(xs) / len(xs) if xs else math.nan  # noqa: E731
    return m(rec), m(prec), m(nd), m(ood), m(fr)


def main() -> None:
    sets = {Path(p).name: record(Path(p)) for p in sys.argv[1:]}
    grid = {
        "w_lex": [0.3, 0.6, 1.0, 1.5],
        "w_glob": [0.0, 0.1, 0.2, 0.4],
        "floor": [0.15, 0.2, 0.25, 0.3],
        "lex_floor": [0.08, 0.12, 0.2, 0.3],
        "margin": [0.05, 0.1, 0.15],
        "ratio": [0.6, 0.75, 0.85],
        "max_kept": [3, 4, 6],
    }
    keys = list(grid)
    results = []
    for values in itertools.product(*grid.values()):
        params = replace(HybridParams(), **dict(zip(keys, values, strict=True)))
        per = {name: score(rows, params) for name, rows in sets.items()}
        # balanced objective: the worst set's mean of recall, precision, OOD rejection
        obj = min((r + p + o) / 3 - fr for r, p, _n, o, fr in per.values())
        results.append((obj, values, per))
    results.sort(key=lambda x: -x[0])
    default = {name: score(rows, HybridParams()) for name, rows in sets.items()}
    print("defaults", HybridParams())
    for name, (r, p, n, o, fr) in default.items():
        print(f"  {name}: recall {r:.3f} precision {p:.3f} nDCG@5 {n:.3f} OOD {o:.3f} FR {fr:.3f}")
    for obj, values, per in results[:15]:
        print(f"{obj:.3f}", dict(zip(keys, values, strict=True)))
        for name, (r, p, n, o, fr) in per.items():
            print(f"  {name}: recall {r:.3f} precision {p:.3f} nDCG@5 {n:.3f} OOD {o:.3f} "
                  f"FR {fr:.3f}")


if __name__ == "__main__":
    main()
