"""Stage 1 criteria (the hard filters) and their plain-Python reference semantics.

The stores translate :class:`HardFilter` into SQL; :func:`passes` is the same rule written
naively, used as the oracle in tests and by the brute-force baseline of the benchmark.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from grace.matching.domain.geo import Circle
from grace.matching.domain.model import BudgetRange, EventFormat, Member

UnknownRule = Literal["keep", "drop"]
"""What a hard filter does with an unknown fact (capacity for the format, both budget bounds, a
date with no availability row): ``keep`` (default: a filter removes only members known not to
fit; the candidate is shown with the fact unknown) or ``drop``. Decision 0008."""

ZoneKind = Literal["commune", "postal_code", "departement", "region", "point"]


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
    """

    kind: ZoneKind
    label: str
    postal_codes: frozenset[str]
    centre: tuple[float, float]
    circle: Circle | None = None
    departements: frozenset[str] = frozenset()

    def holds(self, postal_code: str, departement: str | None) -> bool:
        """Whether a member with this postal code and département is in the zone (no circle):
        its postal code is one of the zone's, and its INSEE département, when known, too."""
        if postal_code not in self.postal_codes:
            return False
        return departement is None or not self.departements or departement in self.departements


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
    if f.zone is not None:
        if f.zone.circle is not None:
            if member.latitude is None or member.longitude is None:
                return False
            if not f.zone.circle.contains(member.latitude, member.longitude):
                return False
        elif not f.zone.holds(member.postal_code, member.departement):
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
