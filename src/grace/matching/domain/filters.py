"""Stage 1 criteria (the hard filters) and their plain-Python reference semantics.

The stores translate :class:`HardFilter` into SQL; :func:`passes` is the same rule written
naively, used as the oracle in tests and by the brute-force baseline of the benchmark.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from grace.matching.domain.geo import Circle, haversine_km
from grace.matching.domain.model import BudgetRange, EventFormat, Member

UnknownRule = Literal["keep", "drop"]
"""What a hard filter does with an unknown fact (capacity for the format, both budget bounds, a
date with no availability row): ``keep`` (default: a filter removes only members known not to
fit; the candidate is shown with the fact unknown) or ``drop``. Decision 0008."""

ZoneKind = Literal["commune", "postal_code", "departement", "region", "point", "several"]
"""``several``: a list of zones (« 59, 62 », « Gironde ou Landes »), their union (issue 16)."""


@dataclass(frozen=True, slots=True)
class Zone:
    """A resolved search zone.

    Attributes:
        kind: what the organiser named.
        label: human label (``Rennes (35)``, ``Bretagne``).
        postal_codes: the zone's postal codes (five-digit strings), used when there is no circle.
        centre: (lat, lon) degrees of the zone's centre (commune, IGN centre of a département or
            region, mean of a postal code's communes).
        circle: the radius search, when a radius was given (or the zone is a point).
        departements: INSEE départements of the zone's communes; a member whose département is
            known and not one of them is outside the zone even when its postal code is in
            ``postal_codes`` (a postal code shared by communes of two départements). Empty: no
            département check.
        parts: for ``several``, the zones named (each with its own circle when a radius was
            given); the zone is their union, ``postal_codes`` and ``departements`` hold the
            unions of theirs (for display and keys) and ``centre`` the mean of their centres.
    """

    kind: ZoneKind
    label: str
    postal_codes: frozenset[str]
    centre: tuple[float, float]
    circle: Circle | None = None
    departements: frozenset[str] = frozenset()
    parts: tuple[Zone, ...] = ()

    def holds(self, postal_code: str, departement: str | None) -> bool:
        """Whether a member with this postal code and département is in the zone (no circle):
        its postal code is one of the zone's, and its INSEE département, when known, too (for
        ``several``: in one of the parts)."""
        if self.parts:
            return any(p.holds(postal_code, departement) for p in self.parts)
        if postal_code not in self.postal_codes:
            return False
        return departement is None or not self.departements or departement in self.departements

    def admits(self, postal_code: str, departement: str | None, latitude: float | None,
               longitude: float | None) -> bool:
        """The stage 1 zone rule for one member: inside the circle (exact haversine; unknown
        coordinates are outside) when there is one, else :meth:`holds`; for ``several``,
        admitted by one of the parts."""
        if self.parts:
            return any(p.admits(postal_code, departement, latitude, longitude)
                       for p in self.parts)
        if self.circle is not None:
            return (latitude is not None and longitude is not None
                    and self.circle.contains(latitude, longitude))
        return self.holds(postal_code, departement)

    def distance_km(self, latitude: float, longitude: float) -> float:
        """Haversine km from the zone's centre to a point (degrees); for ``several``, from the
        nearest of its parts' centres (« à 12 km du centre du Nord (59) ou du
        Pas-de-Calais (62) »)."""
        if self.parts:
            return min(p.distance_km(latitude, longitude) for p in self.parts)
        return haversine_km(self.centre[0], self.centre[1], latitude, longitude)


@dataclass(frozen=True, slots=True)
class HardFilter:
    """Stage 1: every condition must hold (active status always).

    Attributes:
        zone: ``None`` = anywhere. With a circle: inside the circle (exact haversine); else the
            member's postal code is one of the zone's and its département, when known, too.
        format / headcount: capacity for ``format`` ≥ ``headcount`` persons (both needed).
        budget: inclusive overlap with the member's range (open bounds reach 0 € / +∞).
        dates: available on every date.
        unknown: rule for unknown facts (:data:`UnknownRule`).
    """

    zone: Zone | None = None
    format: EventFormat | None = None
    headcount: int | None = None
    budget: BudgetRange = field(default_factory=BudgetRange)
    dates: tuple[date, ...] = ()
    unknown: UnknownRule = "keep"


def passes(member: Member, days: Mapping[date, bool], f: HardFilter) -> bool:
    """Naive reference of stage 1 for one member; ``days`` maps a date to available/booked."""
    keep = f.unknown == "keep"
    if member.status != "active":
        return False
    if f.zone is not None and not f.zone.admits(member.postal_code, member.departement,
                                                member.latitude, member.longitude):
        return False
    if f.format is not None and f.headcount is not None:
        cap = member.capacity.for_format(f.format)
        if (cap is None and not keep) or (cap is not None and cap < f.headcount):
            return False
    if f.budget.known:
        if not member.budget.known and not keep:
            return False
        if member.budget.known and not member.budget.overlaps(f.budget):
            return False
    for d in f.dates:
        state = days.get(d)
        if state is False or (state is None and not keep):
            return False
    return True
