"""Seeded random members, calendars and filters for oracle and contract tests."""

from __future__ import annotations

from datetime import date, timedelta

import numpy as np

from grace.matching.domain.model import (
    FORMATS,
    Availability,
    BudgetRange,
    Capacities,
    KnowledgeEntry,
    Member,
    Room,
)

DAY0 = date(2027, 6, 1)
WORDS = ["jazz", "mariage", "séminaire", "château", "péniche", "concert", "gala", "vignoble",
         "conférence", "rooftop", "grange", "théâtre"]


def random_members(n: int, seed: int, *, around: tuple[float, float] = (47.0, 2.0),
                   spread: float = 3.0) -> tuple[list[Member], list[Availability]]:
    """``n`` members with unknown facts mixed in, and sparse calendars over 10 days."""
    rng = np.random.default_rng(seed)
    members, cal = [], []
    for i in range(n):
        cap = [None if rng.random() < 0.15 else int(rng.integers(10, 500)) for _ in FORMATS]
        lo = None if rng.random() < 0.2 else int(rng.integers(0, 5000))
        hi = None if rng.random() < 0.2 else (lo or 0) + int(rng.integers(0, 8000))
        located = rng.random() > 0.05
        lat = float(np.clip(around[0] + rng.normal(0, spread), -90, 90)) if located else None
        lon = float(((around[1] + rng.normal(0, spread)) + 180) % 360 - 180) if located else None
        words = rng.choice(WORDS, size=3, replace=False)
        code = f"#{100 + i}"
        members.append(Member(
            code=code, name=f"Membre {i}", description=" ".join(words),
            postal_code=f"{int(rng.integers(1000, 99999)):05d}", commune="Ville",
            latitude=lat, longitude=lon, tags=(str(words[0]),),
            status="inactive" if rng.random() < 0.1 else "active",
            capacity=Capacities(*cap), budget=BudgetRange(lo, hi),
            rooms=(Room("Salle A", "grande salle", cap[0]),),
            knowledge=(KnowledgeEntry(f"note {words[1]}"),)))
        for d in range(10):
            r = rng.random()
            if r < 0.6:
                cal.append(Availability(code, DAY0 + timedelta(d), r < 0.5))
    return members, cal
