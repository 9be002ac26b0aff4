"""What the SQLite and PostgreSQL stores share: the member row codec and the vector boundary
(unit rows in, cosines in [−1, 1] out). Stages 1 and 2 run on the in-memory index
(:mod:`grace.matching.adapters.member_index`, decision 0018).

SQL is always parameterised.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from grace.embedding.ports import Matrix, normalise_rows
from grace.errors import MemberStoreError
from grace.matching.domain.model import (
    BudgetRange,
    Capacities,
    EventFormat,
    KnowledgeEntry,
    Member,
    Room,
)
from grace.matching.domain.ports import PendingEmbedding
from grace.matching.domain.texts import compose_member_text, member_text_hash

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
TEXT_COLUMNS = ("id", "name", "description", "tags", "knowledge", "rooms", "text_hash")
"""Member columns the outbox reads (:func:`pending_item`), in this order."""


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


def pending_item(row: Sequence[Any]) -> PendingEmbedding:
    """An outbox entry from a row of :data:`TEXT_COLUMNS` (JSON as text or decoded): the
    member's text composed from its columns, as :func:`~grace.matching.domain.texts.member_text`
    of the whole member gives it, without rebuilding (and re-validating) the member."""
    mid, name, desc, tags, knowledge, rooms, text_hash = row
    return PendingEmbedding(
        int(mid),
        compose_member_text(name, desc, _load(tags), _load(knowledge),
                            [(r["name"], r["description"], r["capacity"]) for r in _load(rooms)]),
        str(text_hash))
