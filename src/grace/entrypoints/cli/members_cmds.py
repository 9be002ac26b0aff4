"""``grace members …``: import, generate, worker, status and search (matching, seed 003)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from grace.bootstrap import MatchingApp, build_matching
from grace.entrypoints.cli.common import (
    JsonOpt,
    add_plain_row,
    err_console,
    handle_errors,
    out_console,
    print_json,
    settings,
)
from grace.errors import MemberValidationError
from grace.matching.domain.model import BudgetRange, EventFormat, EventRequest

app = typer.Typer(help="Members and event requests (matching: hard filters, vector ranking).",
                  no_args_is_help=True)

DbOpt = Annotated[str | None, typer.Option(
    "--db", help="Member store URL: sqlite:///PATH or postgresql://… (or GRACE_DATABASE_URL; "
    "default <GRACE_CACHE_DIR>/members.sqlite).", show_default=False)]


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err_console, transient=True)


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
    limit: Annotated[int | None, typer.Option(help="Import only the first N rows.")] = None,
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
    m = build_matching(settings(), database_url=db)
    with _progress() as bar:
        task = bar.add_task("importing venues", total=None)
        report = m.import_venues(path, seed=seed, limit=limit,
                                 on_progress=lambda n: bar.update(task, completed=n))
    out: dict[str, Any] = {"members": report.members, "queued": report.queued,
                           "availability_rows": report.availability, "skipped": report.skipped}
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
    m = build_matching(settings(), database_url=db)
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
    m = build_matching(settings(), database_url=db)
    _report(_embed(m, as_json=as_json, limit=limit), as_json, "worker")


@app.command("status")
@handle_errors
def status(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """How many members there are and how many embeddings are stale.

    Examples:

      grace members status

      grace members status --json
    """
    s = build_matching(settings(), database_url=db).status()
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


def _budget(text: str | None) -> BudgetRange:
    if not text:
        return BudgetRange()
    try:
        lo, _, hi = text.replace("€", "").replace(" ", "").partition("-")
        if not hi:
            return BudgetRange(None, int(lo))
        return BudgetRange(int(lo) if lo else None, int(hi))
    except ValueError:
        raise MemberValidationError(f"--budget {text!r}: use MAX, MIN-MAX or MIN- in euros "
                                    "(5000, 2000-5000, 2000-)") from None


def _request_from_file(path: Path) -> EventRequest:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise MemberValidationError(f"{path}: not a readable JSON request: {exc}") from exc
    if not isinstance(data, dict):
        raise MemberValidationError(f"{path}: a request is a JSON object")
    allowed = {"description", "extra", "format", "headcount", "budget", "zone", "radius_km",
               "dates"}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise MemberValidationError(f"{path}: unknown field(s) {', '.join(unknown)} "
                                    f"(allowed: {', '.join(sorted(allowed))})")
    try:
        budget = data.get("budget")
        return EventRequest(
            description=data.get("description", ""), extra=data.get("extra", ""),
            format=data.get("format"), headcount=data.get("headcount"),
            budget=_budget(str(budget)) if budget is not None else BudgetRange(),
            zone=data.get("zone"), radius_km=data.get("radius_km"),
            dates=tuple(date.fromisoformat(d) for d in data.get("dates", [])))
    except (TypeError, ValueError) as exc:
        raise MemberValidationError(f"{path}: {exc}") from exc


@app.command("search")
@handle_errors
def search(
    description: Annotated[str | None, typer.Argument(help="What the organiser wants.")] = None,
    request_file: Annotated[Path | None, typer.Option(
        "--request", help="A JSON request file (fields: description, extra, format, headcount, "
        "budget, zone, radius_km, dates).")] = None,
    extra: Annotated[str, typer.Option(help="Extra information.")] = "",
    format_: Annotated[EventFormat | None, typer.Option("--format", help="Event format.")] = None,
    headcount: Annotated[int | None, typer.Option(
        min=0, help="Guests (persons); with --format, a minimum capacity.")] = None,
    budget: Annotated[str | None, typer.Option(
        help="Budget in €: MAX, MIN-MAX or MIN-.")] = None,
    zone: Annotated[str | None, typer.Option(
        help="Commune, postal code, département, region, or 'lat,lon'.")] = None,
    radius: Annotated[float | None, typer.Option(help="Radius around the zone (km).")] = None,
    dates: Annotated[list[str] | None, typer.Option(
        "--date", help="A required date (YYYY-MM-DD), repeatable.")] = None,
    limit: Annotated[int, typer.Option(min=1, help="Candidates to print.")] = 20,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Search members for a request (stages 1–2, no LLM) and print the funnel.

    Examples:

      grace members search "festival de jazz en plein air" --zone Rennes --radius 30

      grace members search "séminaire" --format meeting --headcount 80 --budget 2000-6000
      --zone 2A --date 2027-06-12

      grace members search --request demande.json --json
    """
    if request_file is not None:
        request = _request_from_file(request_file)
    else:
        if not description:
            raise MemberValidationError("give a description (argument) or --request FILE")
        try:
            days = tuple(date.fromisoformat(d) for d in dates or [])
        except ValueError as exc:
            raise MemberValidationError(f"--date: {exc} (use YYYY-MM-DD)") from None
        request = EventRequest(description=description, extra=extra, format=format_,
                               headcount=headcount, budget=_budget(budget), zone=zone,
                               radius_km=radius, dates=days)
    result = build_matching(settings(), database_url=db).search(request)
    if as_json:
        print_json(result)
        return
    funnel = Table(title=f"funnel — zone: {result.zone or 'anywhere'}")
    for col in ("stage", "kept", "ms"):
        funnel.add_column(col, justify="left" if col == "stage" else "right")
    for st in result.funnel:
        add_plain_row(funnel, st.stage, st.kept, f"{st.ms:.1f}")
    out_console.print(funnel)
    table = Table(title=f"{len(result.candidates)} candidates (first {limit})")
    for col in ("#", "code", "name", "commune", "km", "similarity", "generated"):
        table.add_column(col, overflow="fold")
    for c in result.candidates[:limit]:
        sim = "—" if c.similarity is None else f"{c.similarity:.3f}"
        km = "—" if c.distance_km is None else f"{c.distance_km:.1f}"
        add_plain_row(table, c.rank, c.code, c.name, f"{c.commune} ({c.postal_code})", km, sim,
                      ", ".join(c.generated))
    out_console.print(table)
