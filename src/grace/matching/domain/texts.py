"""The texts that are embedded (seed 003): what a member is, what a request asks.

Member: description + tags + knowledge entries + rooms (names, descriptions, capacities).
Request: description + extra information + format + headcount + budget + zone.
The embedder adds the e5 prefixes itself (``passage:`` for members, ``query:`` for requests).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from grace.matching.domain.model import FORMAT_LABELS_FR, EventRequest, Member
from grace.text import fold


def member_text(m: Member) -> str:
    """French text embedded for a member (passage side)."""
    return compose_member_text(m.name, m.description, m.tags, [k.text for k in m.knowledge],
                               [(r.name, r.description, r.capacity) for r in m.rooms])


def compose_member_text(name: str, description: str, tags: Sequence[str],
                        knowledge: Sequence[str],
                        rooms: Sequence[tuple[str, str, int | None]]) -> str:
    """:func:`member_text` from a member's stored fields, without building a :class:`Member`
    (the stores' outbox reads columns: decision 0018, "Bulk writes").

    Args:
        rooms: (name, description, capacity in persons or ``None``) per room.
    """
    parts = [description.strip() or name]
    if tags:
        parts.append("Tags : " + ", ".join(tags) + ".")
    parts.extend(k.strip() for k in knowledge)
    for r_name, r_desc, r_cap in rooms:
        cap = f" ({r_cap} personnes)" if r_cap is not None else ""
        desc = f" : {r_desc.strip()}" if r_desc.strip() else ""
        parts.append(f"Salle {r_name}{cap}{desc}.")
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


_PLACE_LEAD = (
    r"(?:(?:tout\s+)?pres\s+d(?:e\s+|')|pas\s+loin\s+d(?:e\s+|')|autour\s+d(?:e\s+|')|"
    r"aux\s+alentours\s+d(?:e\s+|')|du\s+cote\s+d(?:e\s+|')|aux\s+environs\s+d(?:e\s+|')|"
    r"dans\s+(?:le\s+|la\s+|les\s+|l')?(?:departement\s+|region\s+)?(?:d(?:e\s+|u\s+|es\s+|'))?|"
    r"en\s+|a\s+|au\s+|aux\s+|sur\s+|vers\s+|de\s+|d'|du\s+|des\s+)?"
)
"""A place's lead-in, folded (« près de », « pas loin d' », « dans le », « en », « à »…)."""
_PLACE_TAIL = r"(?:\s+et\s+(?:ses\s+)?(?:alentours|environs))?"


def _folded_map(text: str) -> tuple[str, list[int]]:
    """``text`` folded (lower case, no accents, apostrophes and hyphens as in the original) and,
    for each folded character, the index of the original character it comes from."""
    out, where = [], []
    for i, ch in enumerate(text):
        f = fold(ch).replace("’", "'")
        out.append(f)
        where += [i] * len(f)
    return "".join(out), where


def zone_names(zone_text: str | None, zone_label: str | None) -> tuple[str, ...]:
    """The words a request uses for its zone: the zone as written (``Angoulême``, ``13``) and
    its resolved label without the département number (``Angoulême (16)`` → ``Angoulême``;
    ``75011 (Paris 11e Arrondissement)`` → ``75011`` and ``Paris 11e Arrondissement``)."""
    names: list[str] = []
    for raw in (zone_text, zone_label):
        if not raw or not raw.strip():
            continue
        head, _, rest = raw.partition("(")
        names.append(head.strip())
        inner = rest.rstrip(") ").strip()
        if inner and any(c.isalpha() for c in inner):
            names.append(inner)
    return tuple(dict.fromkeys(n for n in names if n))


def without_zone(text: str, names: tuple[str, ...]) -> str:
    """``text`` without the mentions of its zone: each name (accents, case, hyphens and spaces
    ignored), with its lead-in (« près de Lyon », « pas loin d'Angoulême », « en
    Île-de-France », « dans le 13 ») and a trailing « et alentours ». The zone is a hard filter
    of stage 1, not a topic: left in the text it pulls every member of that town up, whatever
    its theme (issue 16: Angoulême music festivals for a comics request)."""
    if not names:
        return text
    folded, where = _folded_map(text)
    spans: list[tuple[int, int]] = []
    for name in names:
        parts = [re.escape(p) for p in re.split(r"[\s\-'’]+", fold(name).replace("’", "'")) if p]
        if not parts:
            continue
        body = r"[\s\-']+".join(parts)
        pattern = re.compile(rf"(?<![\w]){_PLACE_LEAD}{body}{_PLACE_TAIL}(?![\w])")
        spans += [(m.start(), m.end()) for m in pattern.finditer(folded)]
    if not spans:
        return text
    keep = [True] * len(text)
    for start, end in spans:
        for j in range(where[start], where[end - 1] + 1):
            keep[j] = False
    out = "".join(ch for ch, k in zip(text, keep, strict=True) if k)
    out = re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"\s{2,}", " ", out))
    return out.strip(" ,;:-")


def topic_text(r: EventRequest, *, zone_label: str | None = None) -> str:
    """What the request is *about*, for stage 2's ranking (query side): the description and
    extra information without the zone's mentions (:func:`without_zone`) and without the
    facts stage 1 already enforces (format, headcount, budget, zone, dates). Falls back to the
    description when nothing else is left (« Lyon »)."""
    names = zone_names(r.zone, zone_label)
    parts = [without_zone(t.strip(), names) for t in (r.description, r.extra) if t.strip()]
    text = " ".join(p for p in parts if p)
    return text or r.description.strip()
