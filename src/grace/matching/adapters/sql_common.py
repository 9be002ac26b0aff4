"""What the SQLite and PostgreSQL stores share: the member row codec, the stage 1 WHERE clause
and the vector boundary (unit rows in, cosines in [−1, 1] out).

SQL is always parameterised; the only identifiers built from input are capacity column names,
chosen from a fixed mapping.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import Matrix, normalise_rows
from grace.errors import MemberStoreError
from grace.matching.domain.filters import HardFilter, Zone
from grace.matching.domain.model import (
    BudgetRange,
    Capacities,
    EventFormat,
    KnowledgeEntry,
    Member,
    Room,
)
from grace.matching.domain.texts import member_text_hash

Dialect = Literal["sqlite", "postgres"]

CAPACITY_COLUMN: dict[EventFormat, str] = {
    "seated": "cap_seated",
    "standing": "cap_standing",
    "theatre": "cap_theatre",
    "meeting": "cap_meeting",
}
COLUMNS = (
    "code", "name", "description", "tags", "status", "postal_code", "commune", "latitude",
    "longitude", "cap_seated", "cap_standing", "cap_theatre", "cap_meeting", "budget_min",
    "budget_max", "rooms", "knowledge", "generated", "departement", "text_hash",
)
"""Member columns written by an upsert, in this order."""


def member_params(m: Member) -> tuple[Any, ...]:
    """Values of :data:`COLUMNS` for ``m`` (lists as JSON text)."""
    rooms = [{"name": r.name, "description": r.description, "capacity": r.capacity}
             for r in m.rooms]
    return (
        m.code, m.name, m.description, json.dumps(list(m.tags), ensure_ascii=False), m.status,
        m.postal_code, m.commune, m.latitude, m.longitude, m.capacity.seated,
        m.capacity.standing, m.capacity.theatre, m.capacity.meeting, m.budget.min_eur,
        m.budget.max_eur, json.dumps(rooms, ensure_ascii=False),
        json.dumps([k.text for k in m.knowledge], ensure_ascii=False),
        json.dumps(list(m.generated)), m.departement, member_text_hash(m),
    )


def unit_vectors(vectors: npt.ArrayLike) -> Matrix:
    """Member vectors as the stores keep them: ``(n, d) float32`` rows of unit L2 norm.

    Stage 2 scores a dot product as a cosine, so a row of norm 3 (an embedder's raw output)
    ranked with « similarité 3,00 » (issue 14); an all-zero row stays zero (cosine 0).

    Raises:
        MemberStoreError: a value is NaN or infinite (no cosine can be computed).
    """
    m = np.asarray(vectors, dtype=np.float32)
    if not np.isfinite(m).all():
        raise MemberStoreError("a member vector holds NaN or infinity: check the embedder")
    return normalise_rows(m)


def clamp_cosine(value: float) -> float:
    """``value`` within [−1, 1]: a float32 dot product of unit rows can overshoot by an ulp."""
    return min(1.0, max(-1.0, value))


def _load(v: Any) -> Any:
    return json.loads(v) if isinstance(v, str) else v


def row_to_member(row: Sequence[Any]) -> Member:
    """A :class:`Member` from a row of :data:`COLUMNS` (``text_hash`` ignored)."""
    (code, name, desc, tags, status, postal, commune, lat, lon, cs, cst, ct, cm, bmin, bmax,
     rooms, knowledge, generated, departement) = row[:19]
    return Member(
        code=code, name=name, description=desc, postal_code=postal, commune=commune,
        latitude=lat, longitude=lon, tags=tuple(_load(tags)), status=status,
        capacity=Capacities(cs, cst, ct, cm), budget=BudgetRange(bmin, bmax),
        rooms=tuple(Room(r["name"], r["description"], r["capacity"]) for r in _load(rooms)),
        knowledge=tuple(KnowledgeEntry(t) for t in _load(knowledge)),
        generated=tuple(_load(generated)), departement=departement,
    )


def _zone_where(zone: Zone, dialect: Dialect) -> tuple[list[str], list[Any]]:
    """Stage 1's geography: the spatial index's boxes for a circle, else the zone's postal codes
    and, when known, its INSEE départements (:meth:`Zone.holds`)."""
    where: list[str] = []
    params: list[Any] = []
    if zone.circle is not None:
        boxes = zone.circle.boxes()
        if dialect == "sqlite":
            cond = " OR ".join(["(min_lat >= ? AND max_lat <= ? AND min_lon >= ? AND max_lon <= ?)"]
                               * len(boxes))
            where.append(f"m.id IN (SELECT id FROM member_geo WHERE {cond})")
            for b in boxes:
                params += [b.min_lat, b.max_lat, b.min_lon, b.max_lon]
        else:
            cond = " OR ".join(["m.location <@ box(point(%s, %s), point(%s, %s))"] * len(boxes))
            where.append(f"({cond})")
            for b in boxes:
                params += [b.min_lon, b.min_lat, b.max_lon, b.max_lat]
    else:
        codes = sorted(zone.postal_codes)
        deps = sorted(zone.departements)
        if dialect == "sqlite":
            where.append(f"m.postal_code IN ({', '.join('?' * len(codes)) or 'NULL'})")
            params += codes
            if deps:  # the INSEE département wins over a postal code shared by two (Zone.holds)
                where.append(f"(m.departement IS NULL OR m.departement IN "
                             f"({', '.join('?' * len(deps))}))")
                params += deps
        else:
            where.append("m.postal_code = ANY(%s)")
            params.append(codes)
            if deps:
                where.append("(m.departement IS NULL OR m.departement = ANY(%s))")
                params.append(deps)
    return where, params


def stage1_where(f: HardFilter, dialect: Dialect) -> tuple[str, list[Any]]:
    """The stage 1 WHERE clause on ``member m`` (without the exact circle test) and its params.

    Geography: with a circle, the spatial index's boxes (R*Tree table ``member_geo`` on SQLite,
    GiST on ``m.location`` on PostgreSQL); else ``postal_code`` in the zone's codes (composite
    index ``(postal_code, status)``). Unknown facts follow ``f.unknown`` (decision 0008).
    """
    ph = "?" if dialect == "sqlite" else "%s"
    keep = f.unknown == "keep"
    where = ["m.status = 'active'"]
    params: list[Any] = []
    if f.zone is not None:
        clauses, zone_params = _zone_where(f.zone, dialect)
        where += clauses
        params += zone_params
    if f.format is not None and f.headcount is not None:
        col = CAPACITY_COLUMN[f.format]
        where.append(f"(m.{col} >= {ph}" + (f" OR m.{col} IS NULL)" if keep else ")"))
        params.append(f.headcount)
    if f.budget.known:
        lo = f.budget.min_eur or 0
        overlap = f"(m.budget_max IS NULL OR m.budget_max >= {ph})"
        params.append(lo)
        if f.budget.max_eur is not None:
            overlap += f" AND COALESCE(m.budget_min, 0) <= {ph}"
            params.append(f.budget.max_eur)
        unknown = "m.budget_min IS NULL AND m.budget_max IS NULL"
        where.append(f"(({overlap}) AND NOT ({unknown}))" if not keep else f"({overlap})")
    days = sorted({d.isoformat() for d in f.dates})
    if days:
        if dialect == "sqlite":
            inlist = f"a.day IN ({', '.join('?' * len(days))})"
            day_params: list[Any] = list(days)
        else:
            inlist = "a.day = ANY(%s::date[])"
            day_params = [days]
        where.append("NOT EXISTS (SELECT 1 FROM availability a WHERE a.member_id = m.id AND "
                     f"{inlist} AND a.available = {'0' if dialect == 'sqlite' else 'false'})")
        params += day_params
        if not keep:
            yes = "1" if dialect == "sqlite" else "true"
            where.append(f"(SELECT count(*) FROM availability a WHERE a.member_id = m.id AND "
                         f"{inlist} AND a.available = {yes}) = {ph}")
            params += [*day_params, len(days)]
    return " AND ".join(where), params
