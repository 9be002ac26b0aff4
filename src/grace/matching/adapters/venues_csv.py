"""Import the real French venues (``shared/data/venues/*.csv``, 26-column schema) as members.

Real columns: name, text (→ description), category + subcategory (→ tags), postal code, commune,
coordinates, capacity_min/max (Montpellier ERP subset). Nothing in the sources has prices or
availability: :func:`grace.matching.adapters.generator.venue_extras` adds them, seeded, and the
member's ``generated`` field says so. A row without a five-digit postal code takes its commune's
(from the INSEE code), else it is skipped. A five-digit code that is not a postal code (a CEDEX
code ``62030``, an INSEE code ``59350``: 191 rows of ``festivals_france.csv``) is replaced by a
postal code of the row's commune when a ``recode`` function is given (the geo table's), and the
rows so resolved or not are counted (:class:`VenueRead`). Subcategories are a list cut at commas
and semicolons outside parentheses (« Musique de la Réunion (maloya, séga, etc.) » is one tag).
Codes are ``#`` + the source ``venue_id``; a broken or duplicated id gets ``-L<line>`` appended.
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
    """A venue read from the CSV, before generated extras; ``source_postal_code``: the code
    the CSV gave when it was not a postal code and was replaced (else ``None``)."""

    member: Member
    line: int
    source_postal_code: str | None = None


@dataclass(frozen=True, slots=True)
class VenueRead:
    """What :func:`read_venues_report` read.

    Attributes:
        rows: the venues. skipped: rows without any postal code or INSEE commune code known.
        recoded: rows whose five-digit postal-code field was not a postal code (CEDEX, INSEE
            code) and now hold a postal code of their commune. unresolved: such rows that
            nothing resolved (kept with the code as written: found by a radius, not by a
            commune, postal code, département or region zone).
    """

    rows: list[VenueRow]
    skipped: int
    recoded: int = 0
    unresolved: int = 0


def split_list(text: str) -> list[str]:
    """``text`` cut at ``,`` and ``;`` outside parentheses, pieces stripped, empty ones
    dropped: ``"Jazz, Musique de la Réunion (maloya, séga, etc.)"`` →
    ``["Jazz", "Musique de la Réunion (maloya, séga, etc.)"]``. An unclosed ``(`` keeps the rest
    of the text in one piece."""
    out: list[str] = []
    piece: list[str] = []
    depth = 0
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        if ch in ",;" and depth == 0:
            out.append("".join(piece))
            piece = []
        else:
            piece.append(ch)
    out.append("".join(piece))
    return [p.strip() for p in out if p.strip()]


def _int(v: str) -> int | None:
    return int(float(v)) if v.strip() else None


Locator = Callable[[str], str | None]
"""INSEE commune code → a postal code of that commune (``None`` if unknown)."""
DepartmentOf = Callable[[str, str, str], str | None]
"""(INSEE commune code, postal code, commune name) → its INSEE département (``None``: unknown)."""
Recode = Callable[[str, str, str, str, float | None, float | None], str | None]
"""(postal-code field, INSEE code, commune, département name, latitude, longitude) → a known
postal code of that address (the field itself when known), ``None`` when nothing resolves it
(:meth:`grace.matching.adapters.geo_table.FrenchGeoTable.recode`)."""


def read_venues(path: Path, *, limit: int | None = None, locate: Locator | None = None,
                department: DepartmentOf | None = None) -> tuple[list[VenueRow], int]:
    """Members of a venues CSV file and the number of skipped rows (:func:`read_venues_report`
    without recoding)."""
    read = read_venues_report(path, limit=limit, locate=locate, department=department)
    return read.rows, read.skipped


def _float(v: str) -> float | None:
    try:
        return float(v) if v.strip() else None
    except ValueError:
        return None


def read_venues_report(path: Path, *, limit: int | None = None, locate: Locator | None = None,
                       department: DepartmentOf | None = None,
                       recode: Recode | None = None) -> VenueRead:
    """Members of a venues CSV file, the skipped rows and the recoded ones.

    A row without a postal code but with an INSEE commune code gets the commune's postal code
    (the smallest, for a commune with several) from ``locate`` (the Montpellier ERP file has no
    postal codes); rows with neither are skipped. ``department`` gives each member its INSEE
    département (a postal code can be shared by communes of two: issue 14). ``recode`` replaces
    a five-digit field that is not a postal code (CEDEX, INSEE code) by a postal code of the
    row's commune, and is tried before ``locate`` for an empty one. Missing coordinates
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
    skipped = recoded = unresolved = 0
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
            given = row["postal_code"].strip()
            source: str | None = None
            if recode is not None:
                found = recode(given, row.get("insee_code", ""), row["commune"],
                               row.get("departement", ""), _float(row["latitude"]),
                               _float(row["longitude"]))
                if _POSTAL.match(given):
                    if found is None:
                        unresolved += 1
                    elif found != given:
                        recoded += 1
                        source = given
                        row = {**row, "postal_code": found}
                elif found is not None:
                    row = {**row, "postal_code": found}
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
                out.append(VenueRow(_member(row, code, dep), line, source))
            except (MemberValidationError, ValueError) as exc:
                raise MemberValidationError(f"{path}:{line}: {exc}") from exc
    return VenueRead(out, skipped, recoded, unresolved)


def _unique_tags(tags: list[str]) -> tuple[str, ...]:
    """Non-empty tags in order, a repeat that differs only by case dropped (« jazz » then
    « Jazz »: the first spelling is kept)."""
    seen: dict[str, str] = {}
    for t in tags:
        if t and t.casefold() not in seen:
            seen[t.casefold()] = t
    return tuple(seen.values())


def _member(row: dict[str, str], code: str, departement: str | None) -> Member:
    lat, lon = row["latitude"].strip(), row["longitude"].strip()
    tags = [row.get("category", "").strip()]
    tags += [_NUMBERING.sub("", t).strip() for t in split_list(row.get("subcategory", ""))]
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
        tags=_unique_tags(tags),
        capacity=caps,
        departement=departement,
    )
