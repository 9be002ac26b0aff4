"""Import the real French venues (``shared/data/venues/*.csv``, 26-column schema) as members.

Real columns: name, text (→ description), category + subcategory (→ tags), postal code, commune,
coordinates, capacity_min/max (Montpellier ERP subset). Nothing in the sources has prices or
availability: :func:`grace.matching.adapters.generator.venue_extras` adds them, seeded, and the
member's ``generated`` field says so. A row without a five-digit postal code takes its commune's
(from the INSEE code), else it is skipped. Codes are
``#`` + the source ``venue_id``; a broken or duplicated id gets ``-L<line>`` appended.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from grace.errors import MemberValidationError
from grace.matching.domain.model import Capacities, Member

_POSTAL = re.compile(r"^\d{5}$")
_ID = re.compile(r"[^A-Za-z0-9_-]")
_NUMBERING = re.compile(r"^\s*\d{1,2}\s*-\s*")
"""Numbering in front of some subcategories (``03- Jazz`` → ``Jazz``)."""
REQUIRED = ("venue_id", "name", "postal_code", "commune", "latitude", "longitude", "text")


@dataclass(frozen=True, slots=True)
class VenueRow:
    """A venue read from the CSV, before generated extras."""

    member: Member
    line: int


def _int(v: str) -> int | None:
    return int(float(v)) if v.strip() else None


Locator = Callable[[str], str | None]
"""INSEE commune code → a postal code of that commune (``None`` if unknown)."""
DepartmentOf = Callable[[str, str, str], str | None]
"""(INSEE commune code, postal code, commune name) → its INSEE département (``None``: unknown)."""


def read_venues(path: Path, *, limit: int | None = None, locate: Locator | None = None,
                department: DepartmentOf | None = None) -> tuple[list[VenueRow], int]:
    """Members of a venues CSV file and the number of skipped rows.

    A row without a postal code but with an INSEE commune code gets the commune's postal code
    (the smallest, for a commune with several) from ``locate`` (the Montpellier ERP file has no
    postal codes); rows with neither are skipped. ``department`` gives each member its INSEE
    département (a postal code can be shared by communes of two: issue 14). Missing coordinates
    stay missing (no made-up
    precision): such members are found by commune, postal code, département or region zones,
    never by a radius.

    Raises:
        MemberValidationError: missing file or columns, or an invalid row (file and line named).
    """
    if not path.is_file():
        raise MemberValidationError(f"{path}: no such venues file")
    out: list[VenueRow] = []
    seen: set[str] = set()
    skipped = 0
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise MemberValidationError(f"{path}: missing column(s) {', '.join(missing)} "
                                        "(expected the venues_fr.csv schema)")
        rows: Iterator[dict[str, str]] = iter(reader)
        for line, row in enumerate(rows, 2):
            if limit is not None and len(out) >= limit:
                break
            if not _POSTAL.match(row["postal_code"].strip()):
                found = locate(row.get("insee_code", "").strip()) if locate else None
                if found is None:
                    skipped += 1
                    continue
                row = {**row, "postal_code": found}
            try:
                code = "#" + _ID.sub("_", row["venue_id"].strip()).strip("_")[:30]
                if code == "#" or code in seen:  # broken ('#REF!') or duplicated source ids
                    code = f"{code if code != '#' else '#ROW'}-L{line}"
                seen.add(code)
                dep = department(row.get("insee_code", ""), row["postal_code"].strip(),
                                 row["commune"].strip()) if department else None
                out.append(VenueRow(_member(row, code, dep), line))
            except (MemberValidationError, ValueError) as exc:
                raise MemberValidationError(f"{path}:{line}: {exc}") from exc
    return out, skipped


def _member(row: dict[str, str], code: str, departement: str | None) -> Member:
    lat, lon = row["latitude"].strip(), row["longitude"].strip()
    tags = [row.get("category", "").strip()]
    tags += [_NUMBERING.sub("", t).strip() for t in re.split(r"[,;]", row.get("subcategory", ""))]
    hi = _int(row.get("capacity_max", ""))
    caps = Capacities(seated=hi, standing=hi, theatre=hi, meeting=hi) if hi else Capacities()
    return Member(
        code=code,
        name=row["name"].strip() or row["venue_id"],
        description=row["text"].strip(),
        postal_code=row["postal_code"].strip(),
        commune=row["commune"].strip(),
        latitude=float(lat) if lat and lon else None,
        longitude=float(lon) if lat and lon else None,
        tags=tuple(dict.fromkeys(t for t in tags if t)),
        capacity=caps,
        departement=departement,
    )
