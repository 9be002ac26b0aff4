"""An organiser's request as it arrives from outside — the HTTP body, the MCP tool arguments, the
CLI's ``--request`` file and its options — parsed by one schema into one
:class:`~grace.matching.domain.model.EventRequest`.

:class:`SearchBody` is the API's documented body (its OpenAPI example is :data:`EXAMPLE`); the
field types below (:data:`Description`, :data:`Dates`…) are also the MCP tools' argument types, so
the three entry points accept the same fields with the same limits. Two conveniences stay on
top, each translated into these fields: the CLI's ``--budget MIN-MAX`` (:func:`parse_budget`)
and, in a request file, the search log's ``budget: {min_eur, max_eur}`` layout
(:func:`request_from_document`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Annotated, Any, Final, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, JsonValue, ValidationError

from grace.errors import MemberValidationError
from grace.matching.domain.model import MAX_TEXT, BudgetRange, EventFormat, EventRequest

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")

EXAMPLE: Final[dict[str, JsonValue]] = {
    "description": "Festival de musique en plein air, scène ouverte et food trucks",
    "extra": "Accès PMR indispensable",
    "format": "standing",
    "headcount": 300,
    "budget_min_eur": 2000,
    "budget_max_eur": 8000,
    "zone": "Bretagne",
    "radius_km": None,
    "dates": ["2027-06-12"],
    "codes": [],
}
"""The API's example body (OpenAPI), also valid as a ``grace members … --request`` file."""


def _iso_text(value: object) -> object:
    """Dates are ``YYYY-MM-DD`` text (or a :class:`date` from Python), never timestamps."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    if not isinstance(value, str) or not _DAY.match(value):
        raise ValueError("a date is text like 2027-06-12 (YYYY-MM-DD)")
    return value


IsoDate = Annotated[date, BeforeValidator(_iso_text)]
Description = Annotated[str, Field(min_length=1, max_length=MAX_TEXT,
                                   description="What the organiser wants (free text, French); "
                                   "member codes in it (#102) are served directly.")]
Extra = Annotated[str, Field(max_length=MAX_TEXT, description="Extra information.")]
Format = Annotated[EventFormat | None, Field(
    description="Event format: seated meal, standing, theatre, meeting (with headcount, the "
    "capacity checked).")]
Headcount = Annotated[int | None, Field(ge=0, le=1_000_000, strict=True,
                                        description="Guests (persons).")]
MinEuros = Annotated[int | None, Field(ge=0, le=1_000_000_000, strict=True,
                                       description="Lowest budget (€).")]
MaxEuros = Annotated[int | None, Field(ge=0, le=1_000_000_000, strict=True,
                                       description="Highest budget (€).")]
ZoneText = Annotated[str | None, Field(
    max_length=200,
    description="Commune (Rennes), postal code, département (35), region (also a former one: "
    "Nord-Pas-de-Calais), arrondissement (Paris 11e), several at once ('59, 62', 'Gironde ou "
    "Landes'), or 'lat,lon'.")]
Radius = Annotated[float | None, Field(gt=0, le=20_000,
                                       description="Radius around the zone's centre (km).")]
Dates = Annotated[list[IsoDate] | None, Field(
    max_length=366, description="Dates the member must be available on (YYYY-MM-DD).")]
Codes = Annotated[list[Annotated[str, Field(max_length=41)]] | None, Field(
    max_length=50, description="Member codes asked for explicitly (#102): served directly.")]


class SearchBody(BaseModel):
    """An organiser's request (the fields of :class:`EventRequest`, budget as two bounds)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [EXAMPLE]})

    description: Description
    extra: Extra = ""
    format: Format = None
    headcount: Headcount = None
    budget_min_eur: MinEuros = None
    budget_max_eur: MaxEuros = None
    zone: ZoneText = None
    radius_km: Radius = None
    dates: Dates = None
    codes: Codes = None

    def to_request(self) -> EventRequest:
        """The domain request.

        Raises:
            MemberValidationError: a rule across fields (min above max, a radius without a
                zone…), the field and its fix named.
        """
        return EventRequest(
            description=self.description, extra=self.extra, format=self.format,
            headcount=self.headcount,
            budget=BudgetRange(self.budget_min_eur, self.budget_max_eur), zone=self.zone or None,
            radius_km=self.radius_km, dates=tuple(self.dates or ()),
            codes=tuple(self.codes or ()))


class SimilarBody(SearchBody):
    """A request, and how many past requests to return."""

    model_config = ConfigDict(extra="forbid",
                              json_schema_extra={"examples": [{**EXAMPLE, "k": 5}]})

    k: int = Field(5, ge=1, le=20, strict=True, description="Past requests to return at most.")


Body = TypeVar("Body", bound=SearchBody)


def validation_message(exc: ValidationError, *, allowed: tuple[str, ...] = ()) -> str:
    """One line naming every refused field and why (``dates.0: a date is text like …``);
    unknown fields are listed together with the ``allowed`` ones."""
    unknown = sorted(str(e["loc"][0]) for e in exc.errors()
                     if e["type"] == "extra_forbidden" and len(e["loc"]) == 1)
    parts = [f"{'.'.join(str(p) for p in e['loc']) or 'request'}: "
             f"{str(e['msg']).removeprefix('Value error, ')}"
             for e in exc.errors() if not (e["type"] == "extra_forbidden" and len(e["loc"]) == 1)]
    if unknown:
        parts.insert(0, f"unknown field(s) {', '.join(unknown)}"
                     + (f" (allowed: {', '.join(allowed)})" if allowed else ""))
    return "; ".join(parts)


def parse_body(data: Mapping[str, Any], model: type[Body], *, where: str = "request") -> Body:
    """Validate ``data`` against ``model``.

    Raises:
        MemberValidationError: a field is unknown, of the wrong type or out of range (each
            named, prefixed with ``where``).
    """
    try:
        return model.model_validate(dict(data))
    except ValidationError as exc:
        allowed = tuple(sorted(model.model_fields))
        raise MemberValidationError(f"{where}: {validation_message(exc, allowed=allowed)}"
                                    ) from None


def parse_budget(text: str) -> BudgetRange:
    """The CLI's budget shorthand in euros: ``5000`` (at most), ``2000-5000``, ``2000-`` (at
    least); spaces and ``€`` are ignored.

    Raises:
        MemberValidationError: anything else.
    """
    try:
        lo, dash, hi = text.replace("€", "").replace(" ", "").partition("-")
        if not (lo or hi):
            raise ValueError(text)
        if not dash:
            return BudgetRange(None, int(lo))
        return BudgetRange(int(lo) if lo else None, int(hi) if hi else None)
    except ValueError:
        raise MemberValidationError(f"budget {text!r}: use MAX, MIN-MAX or MIN- in euros "
                                    "(5000, 2000-5000, 2000-)") from None


def _bounds(budget: object) -> dict[str, Any]:
    """``budget_min_eur``/``budget_max_eur`` from a file's ``budget``: the shorthand text (or a
    number, a maximum) or the search log's ``{min_eur, max_eur}``."""
    if budget is None:
        return {}
    if isinstance(budget, dict):
        extra = sorted(set(budget) - {"min_eur", "max_eur"})
        if extra:
            raise MemberValidationError(f"budget: unknown key(s) {', '.join(extra)} "
                                        "(min_eur, max_eur)")
        return {"budget_min_eur": budget.get("min_eur"), "budget_max_eur": budget.get("max_eur")}
    if isinstance(budget, str | int) and not isinstance(budget, bool):
        b = parse_budget(str(budget))
        return {"budget_min_eur": b.min_eur, "budget_max_eur": b.max_eur}
    raise MemberValidationError(f"budget: use 'MIN-MAX' text or {{min_eur, max_eur}}, got "
                                f"{type(budget).__name__}")


def request_from_document(data: object, *, where: str = "request") -> EventRequest:
    """The request held by a JSON document (a ``--request`` file): the fields of
    :class:`SearchBody` (the API's body, its OpenAPI example included), or ``budget`` instead of
    the two bounds, as ``"MIN-MAX"`` text or the search log's ``{min_eur, max_eur}``.

    Raises:
        MemberValidationError: not an object, an unknown or invalid field (named), or both
            ``budget`` and a bound.
    """
    if not isinstance(data, dict):
        raise MemberValidationError(f"{where}: a request is a JSON object")
    fields = dict(data)
    try:
        if "budget" in fields:
            both = sorted({"budget_min_eur", "budget_max_eur"} & fields.keys())
            if both:
                raise MemberValidationError(f"give budget or {' and '.join(both)}, not both")
            fields.update(_bounds(fields.pop("budget")))
        return parse_body(fields, SearchBody, where=where).to_request()
    except MemberValidationError as exc:
        if str(exc).startswith(f"{where}: "):
            raise
        raise MemberValidationError(f"{where}: {exc}") from None


__all__ = ["EXAMPLE", "SearchBody", "SimilarBody", "parse_body", "parse_budget",
           "request_from_document", "validation_message"]
