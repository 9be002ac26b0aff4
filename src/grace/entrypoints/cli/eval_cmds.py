"""``grace eval relevance``: the relevance evaluation harness."""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from grace.entrypoints.cli.common import (
    JsonOpt,
    add_plain_row,
    err_console,
    handle_errors,
    opened,
    out_console,
    print_json,
    settings,
)
from grace.errors import GraceError

if TYPE_CHECKING:
    from grace.learnings.application.evaluation import (
        LabelledQuery,
        Ranker,
        SizeRow,
        SystemReport,
    )
    from grace.learnings.domain.entry import Learning
    from grace.matching.application.evaluation import MatchingEvalReport, Outcome
    from grace.resolution.application.evaluation import EvalReport, LabelledTask

app = typer.Typer(help="Evaluate GRACE's selection against labelled tasks.", no_args_is_help=True)


def _pct(x: float) -> str:
    return "—" if math.isnan(x) else f"{x:.1%}"


def _print(report: EvalReport, *, per_task: bool) -> None:
    if per_task:
        table = Table(title=escape(f"{report.label_set}: per task"), show_lines=False)
        for col in ("id", "area", "ood", "expected", "served", "recall", "prec.", "tokens on/off"):
            table.add_column(col, overflow="fold")
        for o in report.outcomes:
            add_plain_row(table,
                o.id, o.area, "yes" if o.out_of_domain else "", ", ".join(o.expected),
                ", ".join(o.served) or "∅",
                "—" if o.recall is None else f"{o.recall:.2f}",
                "—" if o.precision is None else f"{o.precision:.2f}",
                f"{o.tokens_on}/{o.tokens_off}",
            )
        out_console.print(table)
    out_console.print(
        f"[bold]{escape(report.label_set)}[/] · {escape(str(report.settings.get('variant', '')))}"
        f": {report.tasks} tasks ({report.in_domain} in domain, "
        f"{report.out_of_domain} out) · recall {_pct(report.recall)} (with the also-relevant "
        f"pointers: {_pct(report.recall_also)}) · precision "
        f"{_pct(report.precision)} (off: {_pct(report.precision_off)}) · nDCG@5 "
        f"{_nd(report.ndcg5)} · hit {_pct(report.hit_rate)} · token savings "
        f"{_pct(report.token_savings)} · out-of-domain rejected {_pct(report.ood_rejection)} · "
        f"in-domain rejected {_pct(report.false_rejection)} · p50 {report.p50_ms:.0f} ms",
        highlight=False,
    )


def _nd(x: float) -> str:
    return "—" if math.isnan(x) else f"{x:.3f}"


def _side_by_side(reports: list[EvalReport]) -> None:
    table = Table(title="relevance: variants side by side (same run)")
    for col in ("set", "variant", "tasks", "recall", "+ pointers", "precision", "nDCG@5",
                "OOD rejected",
                "in-domain rejected", "token savings", "p50 ms"):
        table.add_column(col, overflow="fold")
    for r in reports:
        add_plain_row(table,
            r.label_set, str(r.settings.get("variant", "")), str(r.tasks), _pct(r.recall),
            _pct(r.recall_also), _pct(r.precision), _nd(r.ndcg5), _pct(r.ood_rejection),
            _pct(r.false_rejection),
            _pct(r.token_savings), f"{r.p50_ms:.0f}",
        )
    out_console.print(table)


@app.command("relevance")
@handle_errors
def relevance(
    labels: Annotated[
        list[Path] | None, typer.Argument(help="JSONL label files (eval/README.md).")
    ] = None,
    changelog: Annotated[
        bool, typer.Option("--changelog", help="Also run the real changelog set (shared/data).")
    ] = False,
    data: Annotated[
        Path, typer.Option(help="The shared data folder (for --changelog).")
    ] = Path("../shared/data"),
    per_stack: Annotated[int, typer.Option(min=1, max=200, help="Changelog tasks per stack.")] = 10,
    centring: Annotated[
        Literal["candidates", "catalog"] | None, typer.Option(help="Override the centring.")
    ] = None,
    text: Annotated[
        Literal["seed", "body"] | None, typer.Option(help="Override the talent text.")
    ] = None,
    algo: Annotated[
        list[str] | None,
        typer.Option(
            help="Algorithm(s) to compare: hybrid, seed (seed 000 exactly), off; repeat it. "
            "Default: GRACE_RELEVANCE_ALGO.",
        ),
    ] = None,
    per_task: Annotated[bool, typer.Option("--per-task", help="Print the per-task table.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Recall, precision, nDCG@5, token savings and out-of-domain rejection of relevance.

    Each variant runs on the same tasks in the same run, next to relevance off (the baseline
    its token savings are measured against).

    Examples:

      grace eval relevance eval/example_tasks.jsonl --per-task

      grace eval relevance eval/polyglot/tasks.jsonl --algo seed --algo hybrid --algo off

      grace eval relevance eval/example_tasks.jsonl --changelog --json
    """
    from grace.bootstrap import build_evaluation
    from grace.resolution.application.evaluation import evaluate, read_labels

    cfg = settings()
    update: dict[str, object] = {}
    if centring:
        update["relevance_centring"] = centring
    if text:
        update["relevance_text"] = text
    cfg = cfg.model_copy(update=update)
    if not labels and not changelog:
        raise GraceError("give a label file, --changelog, or both")
    sets: list[tuple[str, list[LabelledTask], Path]] = []
    for path in labels or []:
        sets.append((path.name, read_labels(path), path.parent))
    work = None
    if changelog:
        from grace.resolution.adapters.changelog_labels import build_changelog_set

        work = tempfile.TemporaryDirectory(prefix="grace-eval-")
        project, tasks = build_changelog_set(data, Path(work.name), per_stack=per_stack)
        sets.append(("changelog", tasks, project.parent))
    variants = list(dict.fromkeys(algo or [cfg.relevance_algo]))
    bad = [v for v in variants if v not in ("hybrid", "seed", "off")]
    if bad:
        raise GraceError(f"unknown --algo {', '.join(bad)}: use hybrid, seed or off")
    reports = []
    settings_seen = {
        k: v for k, v in cfg.model_dump().items() if k.startswith(("relevance", "embedder"))
    }
    try:
        for name, tasks, base in sets:
            off_resolvers = build_evaluation(cfg, base=base)
            for variant in variants:
                resolvers = (
                    off_resolvers if variant == "off"
                    else build_evaluation(cfg, base=base, algo=variant)
                )
                with Progress(
                    TextColumn(f"{name} · {variant}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err_console, transient=True,
                ) as progress:
                    bar = progress.add_task(name, total=len(tasks))

                    def advance(done: int, _total: int, bar: TaskID = bar) -> None:
                        progress.update(bar, completed=done)

                    report = evaluate(
                        name, tasks,
                        resolve_on=off_resolvers.off if variant == "off" else resolvers.on,
                        resolve_off=off_resolvers.off,
                        settings={**settings_seen, "variant": variant}, on_progress=advance,
                    )
                reports.append(report)
    finally:
        if work is not None:
            work.cleanup()
    if as_json:
        print_json(reports)
        return
    for report in reports:
        _print(report, per_task=per_task)
    if len(reports) > 1:
        _side_by_side(reports)


def _f3(x: float) -> str:
    return "—" if math.isnan(x) else f"{x:.3f}"


@app.command("learnings")
@handle_errors
def learnings(
    labels: Annotated[Path, typer.Argument(help="JSONL labelled queries "
                                           "(eval/learnings/README.md).")],
    file: Annotated[
        Path | None, typer.Option("--file", "-f", help="The learnings file (default: "
                                  "learnings.jsonl next to LABELS).", show_default=False)
    ] = None,
    system: Annotated[
        list[str] | None,
        typer.Option(help="System(s) to compare: product, e5 (bare cosine), bm25, rrf (the "
                     "previous ranking), grep (seed 002); repeat it. Default: product, e5, "
                     "bm25."),
    ] = None,
    sizes: Annotated[
        list[int] | None,
        typer.Option("--size", help="Also compare the index with grep on tags on seeded "
                     "subsets of this many entries (repeat it: --size 30 --size 100)."),
    ] = None,
    per_query: Annotated[
        bool, typer.Option("--per-query", help="Print each query's top 3 and metrics.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """MRR@5, recall@5 and nDCG@10 of learnings search, each system on the same queries in
    the same run (one embedder shared; the label folder is never written to).

    Examples:

      grace eval learnings eval/learnings/queries.jsonl

      grace eval learnings eval/learnings/queries.jsonl --system product --system rrf --json

      grace eval learnings eval/learnings/queries.jsonl --size 30 --size 100 --size 200
    """
    from grace.bootstrap import build_learnings_rankers, evaluation_embedder
    from grace.learnings.application.evaluation import compare_at_sizes, evaluate_system

    cfg = settings()
    queries, source, entries = _read_learnings_set(labels, file)
    systems = list(dict.fromkeys(system or ["product", "e5", "bm25"]))
    with (evaluation_embedder(cfg) as embedder,
          tempfile.TemporaryDirectory(prefix="grace-eval-learnings-") as work):
        with err_console.status("building the indexes", spinner="dots"):
            rankers = build_learnings_rankers(cfg, entries, Path(work) / "all", systems,
                                              embedder=embedder)
        reports = []
        for name, ranker in rankers.items():
            with Progress(
                TextColumn(name), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                console=err_console, transient=True,
            ) as progress:
                bar = progress.add_task(name, total=len(queries))

                def advance(done: int, _total: int, bar: TaskID = bar) -> None:
                    progress.update(bar, completed=done)

                reports.append(evaluate_system(name, queries, ranker, on_progress=advance))
        size_rows = []
        if sizes:
            counter = iter(range(10**9))

            def make(kept: Sequence[Learning]) -> Mapping[str, Ranker]:
                return build_learnings_rankers(
                    cfg, kept, Path(work) / f"size-{next(counter)}", ["product", "grep"],
                    embedder=embedder, threshold=0)

            with err_console.status("grep vs index on subsets", spinner="dots"):
                size_rows = compare_at_sizes(entries, queries, sizes, make)
    if as_json:
        print_json({"labels": str(labels), "learnings": str(source), "entries": len(entries),
                    "queries": len(queries), "embedder": cfg.embedder,
                    "threshold": cfg.learnings_threshold, "ranking": cfg.learnings_ranking,
                    "systems": reports, "sizes": size_rows})
        return
    _print_learnings(reports, size_rows, n_queries=len(queries), n_entries=len(entries),
                     source=source, per_query=per_query)


def _read_learnings_set(
    labels: Path, file: Path | None
) -> tuple[list[LabelledQuery], Path, list[Learning]]:
    """The labelled queries, the learnings file and its active entries.

    Raises:
        GraceError: unreadable or invalid file, or a relevant id that is not in it.
    """
    from grace.learnings.application.evaluation import read_query_labels
    from grace.learnings.domain.source import parse_source

    queries = read_query_labels(labels)
    source = file or labels.parent / "learnings.jsonl"
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise GraceError(f"cannot read the learnings file {source}: {exc}") from exc
    snap = parse_source(data)
    if snap.problems:
        p = snap.problems[0]
        raise GraceError(f"{source}:{p.line}: {p.message} (fix the label set's file)")
    entries = snap.active()
    unknown = sorted({i for q in queries for i in q.relevant} - {e.id for e in entries})
    if unknown:
        raise GraceError(f"{labels}: relevant ids not in {source}: {', '.join(unknown[:5])}")
    return queries, source, entries


def _print_learnings(
    reports: Sequence[SystemReport], size_rows: Sequence[SizeRow], *, n_queries: int,
    n_entries: int, source: Path, per_query: bool,
) -> None:
    """The learnings evaluation as tables (per query with ``per_query``, then per system, then
    the seeded subsets)."""
    if per_query:
        for r in reports:
            table = Table(title=escape(f"{r.system}: per query"))
            for col in ("id", "kind", "MRR@5", "R@5", "nDCG@10", "top 3"):
                table.add_column(col, overflow="fold")
            for o in r.outcomes:
                add_plain_row(table, o.id, o.kind, f"{o.mrr5:.2f}", f"{o.recall5:.2f}",
                              f"{o.ndcg10:.2f}", ", ".join(o.ranked[:3]))
            out_console.print(table)
    kinds = sorted({k for r in reports for k in r.by_kind})
    table = Table(title=escape(f"learnings search: {n_queries} queries over {n_entries} "
                               f"entries ({source}), same run"))
    for col in ("system", "MRR@5", "recall@5", "nDCG@10", "hit@5",
                *[f"{k} MRR/R@5" for k in kinds], "p50 / p95 ms"):
        table.add_column(col, overflow="fold")
    for r in reports:
        add_plain_row(table, r.system, _f3(r.mrr5), _f3(r.recall5), _f3(r.ndcg10), _pct(r.hit5),
                      *[f"{_f3(r.by_kind[k]['mrr5'])} / {_f3(r.by_kind[k]['recall5'])}"
                        if k in r.by_kind else "—" for k in kinds],
                      f"{r.p50_ms:.1f} / {r.p95_ms:.1f}")
    out_console.print(table)
    if size_rows:
        st = Table(title="index vs grep on tags, seeded subsets (means over samples)")
        for col in ("entries", "system", "samples", "queries", "MRR@5", "recall@5", "nDCG@10"):
            st.add_column(col)
        for row in size_rows:
            add_plain_row(st, str(row.size), "index" if row.system == "product" else row.system,
                          str(row.samples), f"{row.queries:.1f}", _f3(row.mrr5),
                          _f3(row.recall5), _f3(row.ndcg10))
        out_console.print(st)


@app.command("matching")
@handle_errors
def matching(
    labels: Annotated[Path, typer.Argument(help="JSONL labelled requests "
                                           "(eval/matching/README.md).")],
    db: Annotated[
        str | None, typer.Option("--db", help="Member store to evaluate: sqlite:///PATH or "
                                 "postgresql://… (default <GRACE_CACHE_DIR>/eval-matching.sqlite"
                                 "; filled from --venues and embedded when empty).",
                                 show_default=False)
    ] = None,
    venues: Annotated[
        Path, typer.Option(help="Venues CSV imported into an empty store.")
    ] = Path("../shared/data/venues/festivals_france.csv"),
    seed: Annotated[int, typer.Option(help="Seed of the generated budgets and calendars "
                                      "(import only).")] = 0,
    per_request: Annotated[
        bool, typer.Option("--per-request", help="Print each request's metrics per system.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """relevant@8, nDCG@8 and hard-filter exactness of matching, next to bare e5 and BM25 on
    the same stage 1 survivors in the same run (the search log is a throwaway one).

    Examples:

      grace eval matching eval/matching/requests.jsonl

      grace eval matching eval/matching/requests.jsonl --db sqlite:///festivals.sqlite --json
    """
    from grace.bootstrap.matching import build_matching
    from grace.matching.application.evaluation import read_request_labels

    cfg = settings()
    requests = read_request_labels(labels)
    url = db or f"sqlite:///{cfg.cache_dir}/eval-matching.sqlite"
    m = opened(build_matching(cfg, database_url=url))
    if m.repo.count() == 0:
        with err_console.status(f"importing {venues} (first run of this store)", spinner="dots"):
            m.import_venues(venues, seed=seed)
    if m.status().stale:
        with Progress(TextColumn("embedding members"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err_console, transient=True) as progress:
            bar = progress.add_task("embedding", total=None)
            m.worker()(on_progress=lambda done, total: progress.update(bar, completed=done,
                                                                       total=total))
    evaluate = m.evaluation()
    with Progress(TextColumn("matching"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err_console, transient=True) as progress:
        bar = progress.add_task("requests", total=len(requests))
        report = evaluate(requests, name=labels.name,
                          on_progress=lambda done, _t: progress.update(bar, completed=done))
    if as_json:
        print_json({"command": f"grace eval matching {labels}", "db": url,
                    "ranker": m.settings.ranker, "embedder": cfg.embedder,
                    "load_average": os.getloadavg(), "report": report})
        return
    _print_matching(report, per_request=per_request)
    out_console.print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
                      highlight=False)


def _cell(o: Outcome) -> str:
    flag = "" if o.exact is None or o.exact else " INEXACT"
    if o.relevant8 is None:
        return "—" + flag
    nd = "—" if o.ndcg8 is None else f"{o.ndcg8:.2f}"
    return f"{o.relevant8:.2f} / {nd}{flag}"


def _print_matching(report: MatchingEvalReport, *, per_request: bool) -> None:
    if per_request:
        table = Table(title=escape(f"{report.labels}: per request (relevant@8 / nDCG@8)"))
        table.add_column("id")
        table.add_column("kind")
        for s in report.systems:
            table.add_column(s.system)
        rows = zip(*(s.outcomes for s in report.systems), strict=True)
        for outcomes in rows:
            first = outcomes[0]
            add_plain_row(table, first.id, first.kind,
                          *[_cell(o) for o in outcomes])
        out_console.print(table)
    table = Table(title=escape(f"matching: {report.requests} requests ({report.ranked} themed) "
                               f"over {report.members} members, same run"))
    for col in ("system", "relevant@8", "nDCG@8", "hard-filter exactness",
                "p50 / p95 ms (all)", "p50 / p95 ms (ranking, no embedding)"):
        table.add_column(col)
    for s in report.systems:
        add_plain_row(table, s.system, _f3(s.relevant8), _f3(s.ndcg8),
                      "—" if s.exactness is None else _pct(s.exactness),
                      f"{s.p50_ms:.1f} / {s.p95_ms:.1f}",
                      "—" if math.isnan(s.ranking_p50_ms) else
                      f"{s.ranking_p50_ms:.1f} / {s.ranking_p95_ms:.1f}")
    out_console.print(table)
