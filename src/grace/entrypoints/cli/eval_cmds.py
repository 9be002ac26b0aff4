"""``grace eval relevance``: the relevance evaluation harness."""

from __future__ import annotations

import math
import tempfile
from pathlib import Path
from typing import Annotated, Literal

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

from grace.bootstrap import build_evaluation
from grace.entrypoints.cli.common import (
    JsonOpt,
    add_plain_row,
    err_console,
    handle_errors,
    out_console,
    print_json,
    settings,
)
from grace.errors import GraceError
from grace.resolution.application.evaluation import (
    EvalReport,
    LabelledTask,
    evaluate,
    read_labels,
)

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
        f"{report.out_of_domain} out) · recall {_pct(report.recall)} · precision "
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
    for col in ("set", "variant", "tasks", "recall", "precision", "nDCG@5", "OOD rejected",
                "in-domain rejected", "token savings", "p50 ms"):
        table.add_column(col, overflow="fold")
    for r in reports:
        add_plain_row(table,
            r.label_set, str(r.settings.get("variant", "")), str(r.tasks), _pct(r.recall),
            _pct(r.precision), _nd(r.ndcg5), _pct(r.ood_rejection), _pct(r.false_rejection),
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
