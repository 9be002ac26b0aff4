"""Members, their availability, and event requests (seed 003, issue 6), validated on construction.

Every value object is a frozen dataclass; a bad field raises
:class:`~grace.errors.MemberValidationError` naming the member (or request), the field and the fix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from grace.errors import MemberValidationError

EventFormat = Literal["seated", "standing", "theatre", "meeting"]
"""Event formats with their own capacity: seated meal, standing/cocktail, theatre, meeting."""
FORMATS: tuple[EventFormat, ...] = ("seated", "standing", "theatre", "meeting")
FORMAT_LABELS_FR: dict[EventFormat, str] = {
    "seated": "repas assis",
    "standing": "cocktail debout",
    "theatre": "théâtre",
    "meeting": "réunion",
}
MemberStatus = Literal["active", "inactive"]
STATUSES: tuple[MemberStatus, ...] = ("active", "inactive")

CODE_RE = re.compile(r"^#[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")
"""Member codes: ``#`` then 1–40 letters, digits, ``_`` or ``-`` (``#102``, ``#FEST_35238_7``)."""
POSTAL_RE = re.compile(r"^\d{5}$")
"""French postal codes: five digits as a string (leading zero kept: ``01220``; Corsica ``20xxx``;
overseas ``97xxx``)."""
DEPARTEMENT_RE = re.compile(r"^(0[1-9]|[1-8]\d|9[0-5]|2[AB]|97[1-6])$")
"""INSEE département codes: ``01``–``95`` (``2A``/``2B`` for Corsica), ``971``–``976``."""
MAX_TEXT = 20_000
"""Longest accepted free text (characters) of a description, knowledge entry or request."""
MAX_COUNT = 1_000_000_000
"""Largest accepted count (persons, €): beyond it a value is a typo, and SQL integers overflow."""


def _fail(owner: str, name: str, reason: str) -> MemberValidationError:
    return MemberValidationError(f"{owner}: field '{name}': {reason}")


def _check_text(owner: str, name: str, value: str, *, required: bool) -> None:
    if not isinstance(value, str):
        raise _fail(owner, name, f"must be text, got {type(value).__name__}")
    if required and not value.strip():
        raise _fail(owner, name, "must not be empty")
    if len(value) > MAX_TEXT:
        raise _fail(owner, name, f"{len(value)} characters, at most {MAX_TEXT}")
    check_storable(owner, name, value)


def check_storable(owner: str, name: str, value: str) -> None:
    """Text that a store can keep: no NUL character (PostgreSQL text refuses it) and no lone
    surrogate such as ``\\ud800`` (no UTF-8 encoding exists).

    Raises:
        MemberValidationError: either is found (owner and field named): bad input, not a store
            failure.
    """
    if "\x00" in value:
        raise _fail(owner, name, "contains a NUL character (\\x00)")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise _fail(owner, name, f"is not valid Unicode (lone surrogate {value[exc.start]!r} "
                    f"at character {exc.start})") from None


def _check_count(owner: str, name: str, value: int | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise _fail(owner, name, f"must be a whole number in [0, {MAX_COUNT}] or unknown, "
                    f"got {value!r}")


@dataclass(frozen=True, slots=True)
class Capacities:
    """Guests a member can host per format (persons); ``None`` = unknown (decision 0008 rule)."""

    seated: int | None = None
    standing: int | None = None
    theatre: int | None = None
    meeting: int | None = None

    def __post_init__(self) -> None:
        for f in FORMATS:
            _check_count("capacity", f, getattr(self, f))

    def for_format(self, fmt: EventFormat) -> int | None:
        """Capacity for ``fmt`` (persons), ``None`` when unknown."""
        value: int | None = getattr(self, fmt)
        return value


@dataclass(frozen=True, slots=True)
class BudgetRange:
    """A budget range in euros, bounds inclusive; ``None`` = open on that side.

    Raises:
        MemberValidationError: a negative bound, or ``min_eur > max_eur``.
    """

    min_eur: int | None = None
    max_eur: int | None = None

    def __post_init__(self) -> None:
        _check_count("budget", "min_eur", self.min_eur)
        _check_count("budget", "max_eur", self.max_eur)
        if self.min_eur is not None and self.max_eur is not None and self.min_eur > self.max_eur:
            raise _fail("budget", "min_eur", f"{self.min_eur} € is above max_eur {self.max_eur} €")

    @property
    def known(self) -> bool:
        """At least one bound is known."""
        return self.min_eur is not None or self.max_eur is not None

    def overlaps(self, other: BudgetRange) -> bool:
        """Inclusive overlap; an open bound reaches 0 € or +∞."""
        lo1, hi1 = self.min_eur or 0, self.max_eur
        lo2, hi2 = other.min_eur or 0, other.max_eur
        return (hi2 is None or lo1 <= hi2) and (hi1 is None or lo2 <= hi1)


@dataclass(frozen=True, slots=True)
class Room:
    """A room of a member: name, description, capacity (persons, ``None`` = unknown)."""

    name: str
    description: str = ""
    capacity: int | None = None

    def __post_init__(self) -> None:
        _check_text("room", "name", self.name, required=True)
        _check_text("room", "description", self.description, required=False)
        _check_count("room", "capacity", self.capacity)


@dataclass(frozen=True, slots=True)
class KnowledgeEntry:
    """A knowledge entry of a member (seed: transcribed audio, structured notes)."""

    text: str

    def __post_init__(self) -> None:
        _check_text("knowledge entry", "text", self.text, required=True)


@dataclass(frozen=True, slots=True)
class Member:
    """A member (a venue or provider) that can be matched to requests.

    Attributes:
        code: ``#102`` style code, unique in a store.
        latitude / longitude: WGS84 degrees, or both ``None`` (then no radius search finds it).
        generated: names of fields that a generator made up (``budget``, ``availability``, or
            ``all`` for a fully generated member); empty for real data.
        departement: INSEE département of the member's commune (``03``, ``2A``, ``974``), or
            ``None`` when unknown. It wins over the postal code for zones: 42620 is shared by
            Saint-Pierre-Laval (03) and Saint-Martin-d'Estréaux (42).
    """

    code: str
    name: str
    description: str
    postal_code: str
    commune: str
    latitude: float | None = None
    longitude: float | None = None
    tags: tuple[str, ...] = ()
    status: MemberStatus = "active"
    capacity: Capacities = field(default_factory=Capacities)
    budget: BudgetRange = field(default_factory=BudgetRange)
    rooms: tuple[Room, ...] = ()
    knowledge: tuple[KnowledgeEntry, ...] = ()
    generated: tuple[str, ...] = ()
    departement: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.code, str) or not CODE_RE.match(self.code):
            raise _fail("member", "code", f"{self.code!r} is not like '#102' ('#' + 1–40 "
                        "letters, digits, '_' or '-')")
        owner = f"member {self.code}"
        _check_text(owner, "name", self.name, required=True)
        _check_text(owner, "description", self.description, required=False)
        _check_text(owner, "commune", self.commune, required=False)
        if not isinstance(self.postal_code, str) or not POSTAL_RE.match(self.postal_code):
            raise _fail(owner, "postal_code", f"{self.postal_code!r} is not five digits as text "
                        "(keep the leading zero: '01220')")
        if self.departement is not None and not (
            isinstance(self.departement, str) and DEPARTEMENT_RE.match(self.departement)
        ):
            raise _fail(owner, "departement", f"{self.departement!r} is not an INSEE département "
                        "code ('03', '2A', '974')")
        if self.status not in STATUSES:
            raise _fail(owner, "status", f"{self.status!r}: use one of {', '.join(STATUSES)}")
        check_point(owner, self.latitude, self.longitude)
        for t in self.tags:
            _check_text(owner, "tags", t, required=True)


def check_point(owner: str, lat: float | None, lon: float | None) -> None:
    """Both or neither coordinate, latitude in [-90, 90], longitude in [-180, 180] degrees.

    Raises:
        MemberValidationError: otherwise.
    """
    if (lat is None) != (lon is None):
        raise _fail(owner, "latitude/longitude", "give both or neither")
    if lat is None or lon is None:
        return
    if not (-90.0 <= lat <= 90.0):
        raise _fail(owner, "latitude", f"{lat} is outside [-90, 90] degrees")
    if not (-180.0 <= lon <= 180.0):
        raise _fail(owner, "longitude", f"{lon} is outside [-180, 180] degrees")


@dataclass(frozen=True, slots=True)
class Availability:
    """Whether member ``code`` is available (``True``) or booked (``False``) on ``day``.

    No row for a (member, day) means unknown (decision 0008 rule).
    """

    code: str
    day: date
    available: bool


@dataclass(frozen=True, slots=True)
class EventRequest:
    """An organiser's request.

    Attributes:
        headcount: guests (persons), ``None`` when not said (no capacity filter).
        budget: the organiser's budget range in euros (``BudgetRange(None, 5000)`` = up to 5 000 €).
        zone: as organisers say it (``Rennes``, ``35000``, ``35``, ``Bretagne``,
            ``48.11,-1.68``), ``None`` = anywhere.
        radius_km: circle around the zone's centre (km), ``None`` = the zone itself.
        dates: every date the member must be available on.
        codes: member codes the organiser asked for explicitly (``#102``): served directly,
            without the pipeline (seed 003); codes written in the description count too.
    """

    description: str
    extra: str = ""
    format: EventFormat | None = None
    headcount: int | None = None
    budget: BudgetRange = field(default_factory=BudgetRange)
    zone: str | None = None
    radius_km: float | None = None
    dates: tuple[date, ...] = ()
    codes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_text("request", "description", self.description, required=True)
        if len(self.codes) > 50:
            raise _fail("request", "codes", f"{len(self.codes)} codes, at most 50")
        for c in self.codes:
            if not isinstance(c, str) or not CODE_RE.match(c):
                raise _fail("request", "codes", f"{c!r} is not a member code like '#102'")
        _check_text("request", "extra", self.extra, required=False)
        if self.format is not None and self.format not in FORMATS:
            raise _fail("request", "format", f"{self.format!r}: use one of {', '.join(FORMATS)}")
        _check_count("request", "headcount", self.headcount)
        if self.zone is not None and not isinstance(self.zone, str):
            raise _fail("request", "zone", f"must be text (a commune, postal code, département, "
                        f"region or 'lat,lon'), got {type(self.zone).__name__}")
        if self.zone is not None:
            _check_text("request", "zone", self.zone, required=False)
        if self.radius_km is not None and (isinstance(self.radius_km, bool) or not isinstance(
                self.radius_km, int | float)):
            raise _fail("request", "radius_km", f"must be a number of km, got {self.radius_km!r}")
        if not isinstance(self.dates, tuple) or not all(isinstance(d, date) for d in self.dates):
            raise _fail("request", "dates", "must be dates (YYYY-MM-DD)")
        if self.radius_km is not None and not (0 < self.radius_km <= 20_000):
            raise _fail("request", "radius_km", f"{self.radius_km} must be in (0, 20000] km")
        if self.radius_km is not None and not self.zone:
            raise _fail("request", "radius_km", "a radius needs a zone (a commune or a point)")
        if len(self.dates) > 366:
            raise _fail("request", "dates", f"{len(self.dates)} dates, at most 366")


def request_to_dict(r: EventRequest) -> dict[str, object]:
    """The request as JSON-able fields (dates ISO, budget as min/max euros)."""
    return {"description": r.description, "extra": r.extra, "format": r.format,
            "headcount": r.headcount,
            "budget": {"min_eur": r.budget.min_eur, "max_eur": r.budget.max_eur},
            "zone": r.zone, "radius_km": r.radius_km,
            "dates": [d.isoformat() for d in r.dates], "codes": list(r.codes)}
