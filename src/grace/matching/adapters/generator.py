"""Seeded generators: the made-up facts of real venues, and whole members for scale tests.

Everything here is invented (``numpy.random.default_rng(seed)``: same seed, same data) and is
labelled so: ``Member.generated`` names the invented fields, and a fully generated member has the
tag ``généré`` and says "Membre généré" in its description.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import numpy as np

from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.adapters.venues_csv import (
    DepartmentOf,
    Locator,
    Recode,
    read_venues_report,
)
from grace.matching.domain.model import (
    Availability,
    BudgetRange,
    Capacities,
    KnowledgeEntry,
    Member,
    Room,
)

CALENDAR_START = date(2027, 5, 1)
"""First day of generated calendars (a festival season)."""
CALENDAR_DAYS = 120
BOOKED_SHARE = 0.2
"""Share of generated calendar days that are booked."""

_KINDS = [
    ("Château", "château du XVIIIe siècle avec parc arboré", ["château", "mariage", "séminaire"]),
    ("Domaine", "domaine viticole avec chai et dégustation",
     ["vignoble", "dégustation", "mariage"]),
    ("Salle", "salle de réception modulable en centre-ville", ["réception", "gala", "cocktail"]),
    ("Péniche", "péniche amarrée sur le fleuve, terrasse sur l'eau", ["fluvial", "soirée"]),
    ("Rooftop", "toit-terrasse avec vue panoramique sur la ville", ["rooftop", "afterwork"]),
    ("Théâtre", "théâtre à l'italienne avec scène et régie son et lumière",
     ["spectacle", "conférence", "concert"]),
    ("Grange", "grange rénovée en pleine campagne, charpente apparente", ["champêtre", "fête"]),
    ("Hôtel", "hôtel avec salles de séminaire et hébergement", ["séminaire", "hébergement"]),
    ("Club", "club de jazz avec scène, piano et bar", ["jazz", "concert", "musique live"]),
    ("Espace", "ancien entrepôt industriel transformé en lieu événementiel",
     ["industriel", "salon", "lancement de produit"]),
]
_EXTRAS = [
    "Traiteur partenaire et cuisine sur place.", "Parking de 80 places.",
    "Accessible aux personnes à mobilité réduite.", "Sonorisation et vidéoprojecteur inclus.",
    "Jardin pour les cocktails en été.", "Hébergement possible pour 40 personnes.",
    "Accès en tramway à 5 minutes.", "Scène couverte pour concerts acoustiques.",
]
_ROOMS = ["Salon d'honneur", "Salle des voûtes", "Orangerie", "Auditorium", "Salle Molière",
          "Verrière", "Cave", "Terrasse", "Salle du conseil", "Atelier"]


def _budget(rng: np.random.Generator, scale: float = 1.0) -> BudgetRange:
    lo = int(round(rng.uniform(300, 8000) * scale, -2))
    return BudgetRange(lo, int(round(lo * rng.uniform(2, 6), -2)))


def _calendar(code: str, rng: np.random.Generator, start: date, days: int) -> list[Availability]:
    booked = rng.random(days) < BOOKED_SHARE
    return [Availability(code, start + timedelta(d), not bool(booked[d])) for d in range(days)]


def venue_extras(members: list[Member], *, seed: int, start: date = CALENDAR_START,
                 days: int = CALENDAR_DAYS) -> tuple[list[Member], list[Availability]]:
    """Add a generated budget range and availability calendar to real venues.

    Returns the members (``generated`` = ``("budget", "availability")``) and ``days`` rows each.
    """
    rng = np.random.default_rng(seed)
    out, cal = [], []
    for m in members:
        out.append(dataclasses.replace(m, budget=_budget(rng),
                                       generated=("budget", "availability")))
        cal += _calendar(m.code, rng, start, days)
    return out, cal


def generate_members(count: int, *, seed: int, geo: FrenchGeoTable, start: date = CALENDAR_START,
                     days: int = 0, cities: int = 80, first: int = 1,
                     ) -> Iterator[tuple[Member, list[Availability]]]:
    """``count`` realistic French members clustered around the ``cities`` most populous communes.

    Positions: a city then a normal offset of σ ≈ 12 km; postal code and commune of that city.
    Capacities follow the largest room (standing ×1.5, theatre ×1.2, meeting ×0.4); 5 % of
    capacities and budgets are unknown; 4 % of members are inactive. ``days`` > 0 adds a calendar.
    """
    rng = np.random.default_rng(seed)
    big = sorted((c for c in geo.communes.values() if c.kind == "COM" and c.lat is not None),
                 key=lambda c: -c.population)[:cities]
    weights = np.array([c.population for c in big], dtype=np.float64) ** 0.6
    weights /= weights.sum()
    for n in range(first, first + count):
        city = big[int(rng.choice(len(big), p=weights))]
        assert city.lat is not None and city.lon is not None
        lat = float(np.clip(city.lat + rng.normal(0, 0.11), -90, 90))
        lon = float(np.clip(city.lon + rng.normal(0, 0.15), -180, 180))
        kind, blurb, tags = _KINDS[int(rng.integers(len(_KINDS)))]
        rooms = tuple(
            Room(_ROOMS[int(i)], f"{_ROOMS[int(i)].lower()} lumineuse",
                 int(rng.integers(2, 60)) * 10)
            for i in rng.choice(len(_ROOMS), size=int(rng.integers(1, 5)), replace=False))
        top = max(r.capacity or 0 for r in rooms)
        unknown = rng.random() < 0.05
        caps = Capacities() if unknown else Capacities(top, int(top * 1.5), int(top * 1.2),
                                                       max(1, int(top * 0.4)))
        extras = [str(e) for e in rng.choice(_EXTRAS, size=2, replace=False)]
        code = f"#G{n}"
        member = Member(
            code=code, name=f"{kind} {city.name} {n}",
            description=f"Membre généré. {kind} à {city.name} : {blurb}. {' '.join(extras)}",
            postal_code=sorted(geo.postal_codes[city.insee])[0], commune=city.name,
            departement=city.dep,
            latitude=lat, longitude=lon, tags=(*tags, "généré"),
            status="inactive" if rng.random() < 0.04 else "active", capacity=caps,
            budget=BudgetRange() if rng.random() < 0.05 else _budget(rng, 1.5), rooms=rooms,
            knowledge=(KnowledgeEntry(f"Retour d'un organisateur : {extras[0].lower()}"),),
            generated=("all",),
        )
        yield member, (_calendar(code, rng, start, days) if days else [])


def venue_members(path: Path, *, seed: int, locate: Locator | None = None,
                  department: DepartmentOf | None = None, limit: int | None = None,
                  ) -> tuple[list[tuple[Member, list[Availability]]], int]:
    """The real venues of a CSV file (:func:`venue_members_report` without recoding) and the
    rows skipped."""
    report = venue_members_report(path, seed=seed, locate=locate, department=department,
                                  limit=limit)
    return report.items, report.skipped


@dataclass(frozen=True, slots=True)
class VenueMembers:
    """Members ready for import, and what reading them found (see
    :class:`~grace.matching.adapters.venues_csv.VenueRead`)."""

    items: list[tuple[Member, list[Availability]]]
    skipped: int
    recoded: int
    unresolved: int


def venue_members_report(path: Path, *, seed: int, locate: Locator | None = None,
                         department: DepartmentOf | None = None, recode: Recode | None = None,
                         limit: int | None = None) -> VenueMembers:
    """The real venues of a CSV file (:func:`read_venues_report`), each with a generated budget
    and calendar (:func:`venue_extras`, labelled in ``Member.generated``), ready for
    :class:`~grace.matching.application.importing.ImportMembers`; the rows skipped, and the
    CEDEX/INSEE codes recoded or not.

    Raises:
        MemberValidationError: unreadable file or missing columns.
    """
    read = read_venues_report(path, limit=limit, locate=locate, department=department,
                              recode=recode)
    members, calendar = venue_extras([r.member for r in read.rows], seed=seed)
    by_code: dict[str, list[Availability]] = {}
    for a in calendar:
        by_code.setdefault(a.code, []).append(a)
    return VenueMembers([(m, by_code.get(m.code, [])) for m in members], read.skipped,
                        read.recoded, read.unresolved)
