"""The place an organiser names in the description (« près de Lyon », « en Bretagne », « dans le
Nord », « à Paris 11e »), for a request that gives no zone (issue 16).

Pure domain: :func:`place_mentions` finds where a description names a place and which words
could be its name, longest first; the application (:meth:`SearchMembers.understand`) asks the
zone resolver which of them is a place, and uses the first one understood as the request's zone
(reported as such). A place is a name after a lead-in:

- **near** (« près de », « pas loin de », « autour de », « aux alentours de », « aux environs
  de », « du côté de », « non loin de », « à proximité de », « proche de », « vers », « à N km
  de »), or a name followed by « et (ses) alentours / environs »: the zone is a circle around a
  commune or postal code (:data:`NEAR_RADIUS_KM`, or the « N km » the text says); a
  département or region named so is the département or region itself;
- **in** (« à », « en », « sur », « au », « aux », « dans le / la / les / l' », « dans le
  département du », « dans la région »): the place itself.

A name starts with a capital letter (« en plein air » is not a place) and may go on with
capitalised words joined by « de », « du », « la », « sur », « et »… (« Pays de la Loire »,
« Nord et Pas-de-Calais »); a département code (« dans le 13 »), a postal code, an arrondissement
(« Paris 11e », « Lyon 3e arrondissement ») count too. After a *near* lead-in a lower-case name
counts (« près de lyon »); after an *in* lead-in a lower-case name must be a département or a
region (:attr:`PlaceMention.capitalised`: the application checks the kind). A number followed
by a unit (« 20 km », « 500 personnes », « 3000 € ») is not a place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

NEAR_RADIUS_KM: Final = 30.0
"""Radius of « près de X » when the text gives none (km): the labelled set's reading of « près
de Lyon » (eval/matching, mq-01) and about half an hour by road around a town."""

_D = r"(?:d(?:e\s+|['’]\s*)|du\s+|des\s+)"  # « près du Havre » = près de + Le Havre
_NEAR = (
    rf"(?:tout\s+)?pr[èe]s\s+{_D}|pas\s+(?:tr[èe]s\s+)?loin\s+{_D}|non\s+loin\s+{_D}|"
    rf"autour\s+{_D}|aux\s+alentours\s+{_D}|aux\s+environs\s+{_D}|du\s+c[ôo]t[ée]\s+{_D}|"
    rf"[àa]\s+proximit[ée]\s+{_D}|proches?\s+{_D}|vers\s+|"
    rf"[àa]\s+(?:moins\s+de\s+)?(?P<km>\d{{1,3}})\s*km\s+(?:autour\s+)?{_D}"
)
_IN = (
    r"[àa]\s+|en\s+|sur\s+|(?P<au>au|aux)\s+|"
    r"dans\s+(?:le\s+|la\s+|les\s+|l['’]\s*)?(?:d[ée]partement\s+|r[ée]gion\s+)?"
    r"(?:du\s+|des\s+|de\s+la\s+|de\s+l['’]\s*|de\s+|d['’]\s*)?"
)
_CAP = r"[A-ZÀ-ÖØ-Þ][^\W\d_]*(?:['’\-][^\W\d_]+)*"
_LOW = r"[a-zß-öø-ÿ][^\W\d_]*(?:['’\-][^\W\d_]+)*"
_UNIT = r"[.,]\d|km\b|kilom|m\b|pers|invit|places|€|eur|h\b|%|°|ans\b"
_NUM = rf"(?:\d{{5}}|\d{{2,3}}|2[AaBb])(?!\s*(?:{_UNIT}))(?![\w])"
_ORD = r"\s*\d{1,2}\s*(?:er|[èe]re|re|[èe]me|e|°)(?:\s+arr(?:ondissement|t)?)?"
_LINK = r"(?:de|du|des|la|le|les|sur|sous|en|et|ou|lès)"
_JOIN = rf"(?:(?:\s+{_LINK}(?=\s))*\s+(?:[dl]['’]\s*)?|\s*-\s*)"
_TAIL = re.compile(r"\s+et\s+(?:ses\s+|leurs\s+)?(?:alentours|environs)\b", re.IGNORECASE)
_WORD = rf"(?:{_CAP}|{_NUM})(?:{_ORD}(?![\w]))?"
_CAP_NAME = rf"(?:{_NUM}|{_WORD}(?:{_JOIN}{_WORD})*)"
_PATTERN = re.compile(
    rf"(?<![\w'’])(?:(?P<near>{_NEAR})|(?P<in>{_IN}))(?P<name>{_CAP_NAME}|(?P<low>{_LOW}))",
)
_AFTER_NAME = re.compile(rf"(?:\s+{_LINK})+$|\s+[dl]['’]$")


@dataclass(frozen=True, slots=True)
class PlaceMention:
    """Where a description may name a place.

    Attributes:
        words: the mention as written, lead-in included (« près de Lyon », « dans le Nord »).
        names: what could be the place's name, longest first (« Nord et Pas-de-Calais », then
            « Nord »; « Le Havre » for « au Havre »).
        near: a « près de » kind of lead-in (a circle around a commune) rather than « à / en ».
        radius_km: the radius the text gives (« à 20 km de Rennes »), else ``None``.
        capitalised: the name starts with a capital letter or a digit (« Lyon », « 13 »); a
            lower-case name is a place only after a *near* lead-in, or when it is a
            département or region.
    """

    words: str
    names: tuple[str, ...]
    near: bool
    radius_km: float | None = None
    capitalised: bool = True


def _prefixes(name: str) -> list[str]:
    """``name`` then each shorter prefix ending on a word (« Nord et Pas-de-Calais », « Nord »;
    « Paris 11e », « Paris »)."""
    out = [name]
    for m in reversed(list(re.finditer(r"\s+", name))):
        head = _AFTER_NAME.sub("", name[: m.start()]).strip(" ,-")
        if head and head not in out:
            out.append(head)
    return out


def place_mentions(text: str) -> list[PlaceMention]:
    """The places ``text`` may name, in the order written (see the module docstring).

    ``place_mentions("Festival de musique classique près de Lyon")`` →
    ``[PlaceMention("près de Lyon", ("Lyon",), near=True)]``.
    """
    out: list[PlaceMention] = []
    for m in _PATTERN.finditer(text):
        name = m.group("name").strip()
        low = m.group("low") is not None
        near = m.group("near") is not None
        end = m.end("name")
        tail = _TAIL.match(text, end)
        if tail:
            near, end = True, tail.end()
        names = _prefixes(name) if not low else [name]
        lead = (m.group("near") or "").lower().split()
        contracted = m.group("au") or (lead[-1] if lead and lead[-1] in ("du", "des") else None)
        if contracted:  # « au Havre » = à + Le Havre, « près des Sables-d'Olonne » = de + Les …
            article = "Le" if contracted.lower() in ("au", "du") else "Les"
            names = [n for p in names for n in (f"{article} {p}", p)]
        km = m.group("km")
        out.append(PlaceMention(text[m.start():end].strip(), tuple(dict.fromkeys(names)), near,
                                float(km) if km else None, not low))
    return out
