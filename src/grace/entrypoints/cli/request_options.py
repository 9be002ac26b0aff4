"""The request options shared by ``grace members search``, ``match`` and ``similar``: one set,
declared once, parsed through the API's schema
(:mod:`grace.matching.application.request_schema`)."""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from grace.errors import MemberValidationError
from grace.matching.application.request_schema import (
    SearchBody,
    parse_body,
    parse_budget,
    request_from_document,
)
from grace.matching.domain.model import BudgetRange, EventFormat, EventRequest


def _options(
    description: Annotated[str | None, typer.Argument(
        help="What the organiser wants (member codes like #102 in it are served directly).",
        show_default=False)] = None,
    request_file: Annotated[Path | None, typer.Option(
        "--request", help="A JSON request file: the API's body (description, extra, format, "
        "headcount, budget_min_eur, budget_max_eur, zone, radius_km, dates, codes), or budget "
        "as 'MIN-MAX' or {min_eur, max_eur}.", show_default=False)] = None,
    extra: Annotated[str, typer.Option(help="Extra information.")] = "",
    format_: Annotated[EventFormat | None, typer.Option("--format", help="Event format.")
                       ] = None,
    headcount: Annotated[int | None, typer.Option(
        min=0, help="Guests (persons); with --format, a minimum capacity.")] = None,
    budget: Annotated[str | None, typer.Option(help="Budget in €: MAX, MIN-MAX or MIN-.")
                      ] = None,
    zone: Annotated[str | None, typer.Option(
        help="Commune, postal code, département, region (former ones too), arrondissement "
        "('Paris 11e'), several ('59, 62', 'Gironde ou Landes'), or 'lat,lon'.")] = None,
    radius: Annotated[float | None, typer.Option(help="Radius around the zone (km).")] = None,
    dates: Annotated[list[str] | None, typer.Option(
        "--date", help="A required date (YYYY-MM-DD), repeatable.")] = None,
) -> EventRequest:
    """The request given by the options (or by ``--request FILE`` alone).

    Raises:
        MemberValidationError: no description, a file and options together, a bad file, or a
            field the schema refuses (named).
    """
    if request_file is not None:
        given = [n for n, v in (("DESCRIPTION", description), ("--extra", extra),
                                ("--format", format_), ("--headcount", headcount),
                                ("--budget", budget), ("--zone", zone), ("--radius", radius),
                                ("--date", dates)) if v]
        if given:
            raise MemberValidationError(f"--request FILE holds the whole request: drop "
                                        f"{', '.join(given)} (or put them in the file)")
        return request_from_document(_read_json(request_file), where=str(request_file))
    if not description:
        raise MemberValidationError("give a description (argument) or --request FILE")
    bounds = parse_budget(budget) if budget else BudgetRange()
    body = parse_body({
        "description": description, "extra": extra, "format": format_, "headcount": headcount,
        "budget_min_eur": bounds.min_eur, "budget_max_eur": bounds.max_eur, "zone": zone,
        "radius_km": radius, "dates": dates}, SearchBody, where="options")
    return body.to_request()


def _read_json(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except RecursionError:
        raise MemberValidationError(f"{path}: JSON nested too deeply") from None
    except (OSError, ValueError) as exc:
        raise MemberValidationError(f"{path}: not a readable JSON request: {exc}") from exc


_PARAMS = tuple(inspect.signature(_options, eval_str=True).parameters.values())


def request_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give a command the request options (a DESCRIPTION argument, ``--request``, ``--extra``,
    ``--format``, ``--headcount``, ``--budget``, ``--zone``, ``--radius``, ``--date``) before its
    own, and call it with ``request=`` the parsed :class:`EventRequest` instead."""
    own = [p for p in inspect.signature(command, eval_str=True).parameters.values()
           if p.name != "request"]
    names = {p.name for p in _PARAMS}

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        request = _options(**{n: kwargs.pop(n) for n in names})
        command(request=request, **kwargs)

    params = [*_PARAMS, *own]
    wrapper.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    del wrapper.__wrapped__  # typer reads __signature__, not the command's own parameters
    return wrapper


__all__ = ["request_options"]
