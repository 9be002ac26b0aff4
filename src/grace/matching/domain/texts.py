"""The texts that are embedded (seed 003): what a member is, what a request asks.

Member: description + tags + knowledge entries + rooms (names, descriptions, capacities).
Request: description + extra information + format + headcount + budget + zone.
The embedder adds the e5 prefixes itself (``passage:`` for members, ``query:`` for requests).
"""

from __future__ import annotations

import hashlib

from grace.matching.domain.model import FORMAT_LABELS_FR, EventRequest, Member


def member_text(m: Member) -> str:
    """French text embedded for a member (passage side)."""
    parts = [m.description.strip() or m.name]
    if m.tags:
        parts.append("Tags : " + ", ".join(m.tags) + ".")
    parts.extend(k.text.strip() for k in m.knowledge)
    for r in m.rooms:
        cap = f" ({r.capacity} personnes)" if r.capacity is not None else ""
        desc = f" : {r.description.strip()}" if r.description.strip() else ""
        parts.append(f"Salle {r.name}{cap}{desc}.")
    return "\n".join(parts)


def member_text_hash(m: Member) -> str:
    """SHA-256 (hex) of :func:`member_text`: a change queues a re-embedding."""
    return hashlib.sha256(member_text(m).encode("utf-8")).hexdigest()


def request_text(r: EventRequest, *, zone_label: str | None = None) -> str:
    """French text embedded for a request (query side)."""
    parts = [r.description.strip()]
    if r.extra.strip():
        parts.append(r.extra.strip())
    if r.format is not None:
        parts.append(f"Format : {FORMAT_LABELS_FR[r.format]}.")
    if r.headcount is not None:
        parts.append(f"{r.headcount} personnes.")
    lo, hi = r.budget.min_eur, r.budget.max_eur
    if lo is not None and hi is not None:
        parts.append(f"Budget : {lo} à {hi} €.")
    elif hi is not None:
        parts.append(f"Budget : jusqu'à {hi} €.")
    elif lo is not None:
        parts.append(f"Budget : à partir de {lo} €.")
    zone = zone_label or r.zone
    if zone:
        radius = f" dans un rayon de {r.radius_km:g} km" if r.radius_km else ""
        parts.append(f"Zone : {zone}{radius}.")
    return " ".join(parts)
