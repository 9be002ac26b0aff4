"""``grace members …``: import, generate, worker, status, search, match, feedback, similar,
stats, show (matching, seed 003)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from grace.bootstrap import MatchingApp, build_matching
from grace.entrypoints.cli.common import (
    JsonOpt,
    add_plain_row,
    err_console,
    handle_errors,
    opened,
    out_console,
    print_json,
    settings,
    to_jsonable,
)
from grace.entrypoints.cli.request_options import request_options
from grace.errors import MemberValidationError
from grace.matching.application.search import FunnelStage
from grace.matching.domain.history import CorrectionReason
from grace.matching.domain.model import EventRequest

app = typer.Typer(help="Members and event requests (matching: filters, vectors, explained "
                  "shortlist).",
                  no_args_is_help=True)

DbOpt = Annotated[str | None, typer.Option(
    "--db", help="Member store URL: sqlite:///PATH or postgresql://… (or GRACE_DATABASE_URL; "
    "default <GRACE_CACHE_DIR>/members.sqlite).", show_default=False)]


class _RateColumn(ProgressColumn):
    """Members per second over rich's recent window (``—`` before two updates)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("— members/s" if speed is None else f"{speed:,.0f} members/s",
                    style="progress.data.speed")


def _progress() -> Progress:
    """Bar, done/total, rate, elapsed and ETA (stderr; transient)."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    _RateColumn(), TimeElapsedColumn(), TextColumn("ETA"),
                    TimeRemainingColumn(), console=err_console, transient=True)


def _embed(m: MatchingApp, *, as_json: bool, limit: int | None = None) -> dict[str, Any]:
    worker = m.worker()
    with _progress() as bar:
        task = bar.add_task("embedding members", total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        report = worker(limit=limit, on_progress=None if as_json else tick)
    return {"embedded": report.embedded, "stale": report.status.stale,
            "members": report.status.members}


@app.command("import")
@handle_errors
def import_(
    path: Annotated[Path, typer.Argument(help="A venues CSV (shared/data/venues schema).")],
    seed: Annotated[int, typer.Option(help="Seed of the generated budgets and calendars.")] = 0,
    limit: Annotated[int | None, typer.Option(min=1, help="Import only the first N rows.")
                     ] = None,
    embed: Annotated[bool, typer.Option("--embed/--no-embed",
                                        help="Embed the queued members now.")] = True,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Import real French venues as members (budgets and calendars are generated, and labelled).

    Examples:

      grace members import ../shared/data/venues/festivals_france.csv

      grace members import festivals_france.csv --limit 500 --no-embed --json
    """
    if not path.is_file():
        raise MemberValidationError(f"{path}: no such venues file")
    m = opened(build_matching(settings(), database_url=db))
    with _progress() as bar:
        task = bar.add_task("importing venues", total=None)
        report = m.import_venues(path, seed=seed, limit=limit,
                                 on_progress=lambda n: bar.update(task, completed=n),
                                 on_total=lambda n: bar.update(task, total=n))
    out: dict[str, Any] = {"members": report.members, "queued": report.queued,
                           "availability_rows": report.availability, "skipped": report.skipped,
                           "postal_codes_recoded": report.recoded,
                           "postal_codes_unresolved": report.unresolved}
    if embed:
        out["embedding"] = _embed(m, as_json=as_json)
    _report(out, as_json, "imported")


@app.command("generate")
@handle_errors
def generate(
    count: Annotated[int, typer.Option("--count", min=1, max=2_000_000,
                                       help="Members to generate.")],
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same data).")] = 0,
    calendar_days: Annotated[int, typer.Option(help="Generated calendar length (days).")] = 0,
    embed: Annotated[bool, typer.Option("--embed/--no-embed",
                                        help="Embed the generated members now.")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Generate realistic French members for scale tests (labelled as generated).

    Examples:

      grace members generate --count 1000 --seed 7 --calendar-days 60 --embed

      grace members generate --count 70000 --seed 1 --db sqlite:///bench.sqlite --json
    """
    m = opened(build_matching(settings(), database_url=db))
    with _progress() as bar:
        task = bar.add_task("generating members", total=count)
        report = m.generate(count, seed=seed, calendar_days=calendar_days,
                            on_progress=lambda n: bar.update(task, completed=n))
    out: dict[str, Any] = {"members": report.members, "queued": report.queued,
                           "availability_rows": report.availability}
    if embed:
        out["embedding"] = _embed(m, as_json=as_json)
    _report(out, as_json, "generated")


@app.command("worker")
@handle_errors
def worker(
    limit: Annotated[int | None, typer.Option(help="Embed at most N members.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Re-embed members queued in the outbox (changed, new, or embedded with another model).

    Stops cleanly at any point: a later run resumes where this one stopped.

    Examples:

      grace members worker

      grace members worker --limit 1000 --json
    """
    m = opened(build_matching(settings(), database_url=db))
    _report(_embed(m, as_json=as_json, limit=limit), as_json, "worker")


@app.command("status")
@handle_errors
def status(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """How many members there are and how many embeddings are stale.

    Examples:

      grace members status

      grace members status --json
    """
    s = opened(build_matching(settings(), database_url=db)).status()
    _report({"members": s.members, "embedded": s.embedded, "stale": s.stale}, as_json, "status")


def _report(values: dict[str, Any], as_json: bool, title: str) -> None:
    if as_json:
        print_json(values)
        return
    table = Table(title=title)
    table.add_column("what")
    table.add_column("value", justify="right")
    for k, v in values.items():
        add_plain_row(table, k, json.dumps(v, ensure_ascii=False) if isinstance(v, dict) else v)
    out_console.print(table)


def _read_words(source: str | None, words: str | None) -> str | None:
    """The words a zone was read from, when it comes from the description."""
    return words if source == "description" else None


def _print_funnel(zone: str | None, funnel: tuple[FunnelStage, ...], *,
                  zone_words: str | None = None) -> None:
    where = zone or "anywhere"
    if zone_words:
        where += f" (read in the description: « {zone_words} »)"
    table = Table(title=f"funnel — zone: {where}")
    for col in ("stage", "kept", "ms"):
        table.add_column(col, justify="left" if col == "stage" else "right")
    for st in funnel:
        add_plain_row(table, st.stage, st.kept, f"{st.ms:.1f}")
    out_console.print(table)


def _warn_if_empty(funnel: tuple[FunnelStage, ...]) -> None:
    """On stderr: the store holds no member (a first run, or --db naming a new file), so
    "0 candidates" is not the answer to the request (``match`` says it in its warnings)."""
    if funnel and funnel[0].stage == "members" and funnel[0].kept == 0:
        err_console.print("warning: the member store holds no member (--db, GRACE_DATABASE_URL "
                          "or <GRACE_CACHE_DIR>/members.sqlite): add some with `grace members "
                          "import CSV` or `grace members generate`", highlight=False)


@app.command("search")
@handle_errors
@request_options
def search(
    request: EventRequest,
    limit: Annotated[int, typer.Option(min=1, help="Candidates to print.")] = 20,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Candidates of stages 1–2 (hard filters, vector ranking; no stage 3) and the funnel.

    For the explained shortlist (4 recommended + 4 compatible), use ``grace members match``.

    Examples:

      grace members search "festival de jazz en plein air" --zone Rennes --radius 30

      grace members search "séminaire" --format meeting --headcount 80 --budget 2000-6000
      --zone 2A --date 2027-06-12

      grace members search --request demande.json --json
    """
    result = opened(build_matching(settings(), database_url=db)).search(request)
    if as_json:
        print_json(result)
        return
    _print_funnel(result.zone, result.funnel, zone_words=_read_words(result.zone_source,
                                                                     result.zone_words))
    table = Table(title=f"{len(result.candidates)} candidates (first {limit})")
    for col in ("#", "code", "name", "commune", "km", "score", "similarity", "generated"):
        table.add_column(col, overflow="fold")
    for c in result.candidates[:limit]:
        sim = "—" if c.similarity is None else f"{c.similarity:.3f}"
        score = "—" if c.score is None else f"{c.score:.3f}"
        km = "—" if c.distance_km is None else f"{c.distance_km:.1f}"
        add_plain_row(table, c.rank, c.code, c.name, f"{c.commune} ({c.postal_code})", km,
                      score, sim, ", ".join(c.generated))
    out_console.print(table)
    _warn_if_empty(result.funnel)
    for w in result.warnings:
        err_console.print(escape(f"warning: {w}"), highlight=False)
    if result.narrowed:
        err_console.print(escape(result.narrowed), highlight=False)


@app.command("match")
@handle_errors
@request_options
def match(
    request: EventRequest,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The shortlist for a request: 4 recommended + 4 compatible, each explained in one sentence.

    Stages 1–2, then stage 3: Claude when ANTHROPIC_API_KEY is set (GRACE_RANKER), else the
    deterministic ranker; any LLM failure falls back to it and says so. Member codes in the
    description (#102 et #157) are served directly. Every search is logged for ``stats``,
    ``feedback`` and reuse.

    Examples:

      grace members match "festival de jazz en plein air" --zone Rennes --radius 30

      grace members match "soirée de gala" --format seated --headcount 200 --budget 5000-15000
      --zone Bretagne --date 2027-06-12

      grace members match "je veux #102 et #157" --json
    """
    result = opened(build_matching(settings(), database_url=db)).match(request)
    if as_json:
        print_json(result)
        return
    _print_funnel(result.zone, result.funnel, zone_words=_read_words(result.zone_source,
                                                                     result.zone_words))
    for title, group in (("Recommandés", result.recommended), ("Compatibles", result.compatible)):
        table = Table(title=f"{title} ({len(group)})")
        for col in ("code", "name", "commune", "km", "explanation"):
            table.add_column(col, overflow="fold")
        for c in group:
            km = "—" if c.distance_km is None else f"{c.distance_km:.1f}"
            add_plain_row(table, c.code, c.name, f"{c.commune} ({c.postal_code})", km,
                          c.explanation)
        out_console.print(table)
    notes = [f"warning: {w}" for w in result.warnings]
    notes.append(f"ranker: {result.ranker}")
    if result.fallback:
        notes.append(f"fallback: {result.fallback}")
    if result.narrowed:
        notes.append(result.narrowed)
    for r in result.rejected:
        notes.append(f"rejected {r.code} ({r.name}): {r.reason}")
    for p in result.similar_requests:
        notes.append(f"similar past request {p.search_id} ({p.similarity:.2f}): "
                     f"{p.description[:80]}")
    if result.input_tokens:
        notes.append(f"tokens: {result.input_tokens} in / {result.output_tokens} out, "
                     f"{result.cost_eur:.4f} €")
    for n in notes:
        err_console.print(escape(n), highlight=False)
    # On stdout, with the tables: `> file` keeps what feedback needs.
    out_console.print(escape(f"search id: {result.search_id} — grace members feedback "
                             f"{result.search_id} CODE --kept|--corrected"), highlight=False)


@app.command("feedback")
@handle_errors
def feedback(
    search_id: Annotated[str, typer.Argument(help="The search id printed by `match`.")],
    code: Annotated[str, typer.Argument(help="A suggested member code (#102).")],
    kept: Annotated[bool, typer.Option("--kept/--corrected",
                                       help="The organiser kept or corrected it.")],
    comment: Annotated[str, typer.Option(help="Why (optional; required with --reason other).")
                       ] = "",
    reason: Annotated[CorrectionReason | None, typer.Option(
        help="Why it was corrected (with --corrected): wrong_place, wrong_theme, too_small, "
        "too_expensive, other.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Record whether the organiser kept or corrected a suggestion (acceptance rate in stats).

    Examples:

      grace members feedback 3f2a…9c "#FEST_35238_7" --kept

      grace members feedback 3f2a…9c "#102" --corrected --reason wrong_place

      grace members feedback 3f2a…9c "#102" --corrected --reason other --comment "fermé l'été"
    """
    fb = opened(build_matching(settings(), database_url=db)).match.feedback(
        search_id, code, "kept" if kept else "corrected", comment=comment, reason=reason)
    _report({"search_id": fb.search_id, "code": fb.code, "verdict": fb.verdict,
             "reason": fb.reason}, as_json, "feedback recorded")


@app.command("similar")
@handle_errors
@request_options
def similar(
    request: EventRequest,
    min_similarity: Annotated[float | None, typer.Option(
        min=-1.0, max=1.0, help="Cosine threshold (default GRACE_MATCHING_REUSE_SIMILARITY).")
    ] = None,
    k: Annotated[int, typer.Option("-k", min=1, max=50, help="At most K past requests.")] = 5,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Past requests with the same hard filters (zone, dates, capacity, budget) that say the
    same thing: their shortlist can be reused (find_similar_requests, seed 003).

    Examples:

      grace members similar "festival de jazz" --zone Rennes --radius 30

      grace members similar --request demande.json --min-similarity 0.9 --json
    """
    found = opened(build_matching(settings(), database_url=db)).match.similar_requests(
        request, k=k, min_similarity=min_similarity)
    if as_json:
        print_json(found)
        return
    table = Table(title=f"{len(found)} similar past requests")
    for col in ("search id", "when", "similarity", "description", "kept", "corrected"):
        table.add_column(col, overflow="fold")
    for p in found:
        add_plain_row(table, p.search_id, p.at.isoformat(timespec="seconds"),
                      f"{p.similarity:.3f}", p.description[:120], ", ".join(p.kept),
                      ", ".join(p.corrected))
    out_console.print(table)


@app.command("stats")
@handle_errors
def stats(
    last: Annotated[int | None, typer.Option(min=1, help="Only the last N searches.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Seed 003's metrics: p50/p95/p99 per stage, funnel averages, rankers and fallbacks,
    cost per search, acceptance rate of suggestions (kept / corrected feedback), overall and
    by ranker.

    Examples:

      grace members stats

      grace members stats --last 1000 --json
    """
    s = opened(build_matching(settings(), database_url=db)).match.stats(last=last)
    if as_json:
        print_json(s)
        return
    lat = Table(title=f"latency over {s.searches} searches (ms)")
    for col in ("stage", "n", "p50", "p95", "p99"):
        lat.add_column(col, justify="left" if col == "stage" else "right")
    for stage, p in s.latency_ms.items():
        add_plain_row(lat, stage, p.count, f"{p.p50:.1f}", f"{p.p95:.1f}", f"{p.p99:.1f}")
    out_console.print(lat)
    rate = "—" if s.acceptance_rate is None else f"{s.acceptance_rate:.1%}"
    _report({
        **{f"funnel mean: {k}": round(v, 1) for k, v in s.funnel_mean.items()},
        **{f"ranker: {k}": v for k, v in s.rankers.items()},
        "LLM fallbacks": s.fallbacks,
        "cost per search (€)": round(s.cost_eur_per_search, 5),
        "LLM tokens per search": round(s.tokens_per_search, 1),
        "LLM explanations checked": s.llm_explanations,
        "LLM explanations replaced (stated something false)": s.llm_explanations_replaced,
        "LLM answers topped up": s.topped_up_searches,
        "members added by top-ups": s.topped_up_suggestions,
        "kept": s.kept, "corrected": s.corrected, "acceptance rate": rate,
        **{f"corrected: {k}": v for k, v in s.corrected_by_reason.items()},
        **{f"acceptance: {k}": f"{'—' if a.rate is None else f'{a.rate:.1%}'} ({a.kept} kept, "
                               f"{a.corrected} corrected)"
           for k, a in s.acceptance_by_ranker.items()},
    }, False, "funnel, cost, acceptance")


@app.command("show")
@handle_errors
def show(
    code: Annotated[str, typer.Argument(help="A member code (#102).")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """One member's record.

    Examples:

      grace members show "#FEST_35238_7" --json
    """
    m = opened(build_matching(settings(), database_url=db)).match.member(code)
    if m is None:
        raise MemberValidationError(f"no member {code}")
    if as_json:
        print_json(m)
        return
    table = Table(title=f"member {m.code}")
    table.add_column("field")
    table.add_column("value", overflow="fold")
    for k, v in to_jsonable(m).items():
        if isinstance(v, list):
            v = "; ".join(json.dumps(x, ensure_ascii=False) if isinstance(x, dict) else str(x)
                          for x in v)
        elif isinstance(v, dict):
            v = ", ".join(f"{a}: {b}" for a, b in v.items() if b is not None)
        add_plain_row(table, k, "—" if v is None or v == "" else v)
    out_console.print(table)
