"""French administrative table (package data, see ``matching/data/SOURCE.md``) as a ZoneResolver.

Accepted zones: a point ``lat,lon`` (needs a radius), a postal code (``01220``), a département
code (``35``, ``2A``, ``974``), a region, département or commune name (accents, case and hyphens
do not matter; ``Saint-Denis (974)`` or ``Saint-Denis 974`` picks the département of an
ambiguous commune name; ``35000 Rennes`` is its postal code). Names are tried as region (with the
usual short names: PACA, IDF, Centre, AURA, BFC, HDF), then former region (``Nord-Pas-de-Calais``,
``Midi-Pyrénées``…: its départements, :data:`~grace.matching.domain.places_fr.FORMER_REGIONS`),
then département, then commune. An arrondissement of Paris, Lyon or Marseille is written with its
ordinal (``Paris 11e``, ``Paris 11ème``, ``Lyon 3e``, ``Marseille 1er``, ``Paris 11e
arrondissement``); ``Marseille 13`` stays « Marseille in département 13 ».

Several zones in one (issue 16): ``59, 62``, ``59,62``, ``Nord et Pas-de-Calais``, ``Gironde ou
Landes``, ``Lyon / Grenoble`` — the text is first resolved whole (a name may contain « et »), else
cut at ``,`` ``;`` ``/`` ``+`` ``&`` « et » « ou » and each piece resolved; the zone is their
union (kind ``several``, each part with its own circle when a radius is given). Two numbers
separated by a comma are départements when both are département codes (``59,62``, ``2A, 2B``),
else a point (``48.11,-1.68``; ``45,5`` is a point: ``5`` is not a département code, ``05`` is).

At import, :meth:`FrenchGeoTable.recode` turns a CEDEX code or an INSEE code found in a
postal-code field into a postal code of the venue's commune.
"""

from __future__ import annotations

import csv
import gzip
import re
from collections import defaultdict
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

from grace.errors import ZoneError
from grace.matching.domain.filters import Zone, ZoneKind
from grace.matching.domain.geo import Circle, haversine_km
from grace.matching.domain.places_fr import FORMER_REGIONS
from grace.text import fold as fold_accents

_POINT = re.compile(r"^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;]\s*(-?\d{1,3}(?:\.\d+)?)\s*$")
_POSTAL = re.compile(r"^\d{5}$")
_DEP = re.compile(r"^(0[1-9]|[1-8]\d|9[0-5]|2[AB]|97[1-6])$")
_ARM = re.compile(r"\s+\d+(er|e)\s+arrondissement$", re.IGNORECASE)
_WITH_DEP = re.compile(r"^(.*?)\s*\((\d{2,3}|2[AaBb])\)\s*$")
_POSTAL_THEN_NAME = re.compile(r"^(\d{5})\s+\D.*$")
_NAME_THEN_DEP = re.compile(r"^(.*\D)\s+(\d{2,3}|2[AaBb])$")
_ARRONDISSEMENT = re.compile(
    r"^(?:(paris|lyon|marseille)\s*(\d{1,2})\s*(?:er|ere|e|eme|°)(?:\s*arr(?:ondissement|t)?)?"
    r"|(\d{1,2})\s*(?:er|ere|e|eme|°)\s*arr(?:ondissement|t)?\s*(?:de\s+)?(paris|lyon|marseille))$")
"""« paris 11e », « lyon 3eme arrondissement », « 8e arrondissement de marseille » (folded)."""
_ARRONDISSEMENT_INSEE = {"paris": ("751{:02d}", 20), "lyon": ("6938{:d}", 9),
                         "marseille": ("132{:02d}", 16)}
"""INSEE code pattern of the arrondissements (municipal arrondissements, COG) and their count."""
_LIST_SEP = re.compile(r"\s*(?:[,;/+&]|\s(?:et|ou)\s)\s*", re.IGNORECASE)
_DEP_LIST = re.compile(r"^\s*[0-9AB]{2,3}(?:\s*[,;/+&]\s*[0-9AB]{2,3})+\s*$", re.IGNORECASE)
REGION_ALIASES = {
    "paca": "Provence-Alpes-Côte d'Azur", "idf": "Île-de-France",
    "centre": "Centre-Val de Loire", "aura": "Auvergne-Rhône-Alpes",
    "bfc": "Bourgogne-Franche-Comté", "hdf": "Hauts-de-France",
}
"""Names organisers use for regions (folded, see :func:`fold`)."""


DOMINANT_POPULATION_RATIO: Final = 10
"""A commune name shared across départements means the most populous one when it has at least
this many times the inhabitants of the next (« La Rochelle »: 78 535 in Charente-Maritime, 149
in Haute-Saône); otherwise the name is ambiguous (« Saint-Denis »: 93 and 974) and refused."""


def fold(name: str) -> str:
    """Compare names without case, accents, hyphens or apostrophes (``Saint-Étienne`` =
    ``saint etienne``; ``St`` = ``Saint``)."""
    s = fold_accents(name.casefold())
    s = re.sub(r"[-'’_.,]", " ", s)
    s = re.sub(r"\s+", " ", s).strip()
    return re.sub(r"^(st|ste) ", lambda m: "saint " if m.group(1) == "st" else "sainte ", s)


@dataclass(frozen=True, slots=True)
class _Commune:
    insee: str
    dep: str
    reg: str
    name: str  # with its article, as people say it: « Le Havre », « La Rochelle »
    kind: str
    lat: float | None
    lon: float | None
    population: int
    bare: str = ""  # INSEE's sorting form without the article: « Havre »


def _rows(path: Path) -> list[dict[str, str]]:
    with gzip.open(path, "rt", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _f(v: str) -> float | None:
    return float(v) if v.strip() else None


class FrenchGeoTable:
    """Communes, départements and regions of France, loaded once from gzip CSV files.

    Args:
        folder: where ``communes.csv.gz``, ``departements.csv.gz``, ``regions.csv.gz`` are;
            default the package data.
    """

    def __init__(self, folder: Path | None = None) -> None:
        root = folder or Path(str(resources.files("grace.matching") / "data"))
        self.communes: dict[str, _Commune] = {}
        self.postal_codes: dict[str, set[str]] = defaultdict(set)  # insee → postal codes
        self.by_postal: dict[str, set[str]] = defaultdict(set)  # postal code → insee
        for r in _rows(root / "communes.csv.gz"):
            c = _Commune(r["insee_com"], r["insee_dep"], r["insee_reg"],
                         r.get("commune_article") or r["commune"], r["commune_type"],
                         _f(r["lat"]), _f(r["lng"]), int(r["population_2021"] or 0),
                         bare=r["commune"])
            self.communes.setdefault(c.insee, c)
            self.postal_codes[c.insee].add(r["code_postal"])
            self.by_postal[r["code_postal"]].add(c.insee)
        self.deps = {r["insee_dep"]: r for r in _rows(root / "departements.csv.gz")}
        self.regions = {r["insee_reg"]: r for r in _rows(root / "regions.csv.gz")}
        self._names: dict[str, list[str]] = defaultdict(list)
        for c in self.communes.values():
            for spelling in dict.fromkeys((fold(c.name), fold(c.bare))):  # Le Havre, Havre
                self._names[spelling].append(c.insee)
            if c.kind == "ARM":  # Paris, Lyon, Marseille exist only as arrondissements here
                self._names[fold(_ARM.sub("", c.name))].append(c.insee)

    def departement_centres(self) -> list[tuple[str, str, float, float]]:
        """Every département as ``(INSEE code, name, latitude, longitude)`` of its centre
        (degrees WGS84, the package's ``departements.csv.gz``), in code order: the base of
        the organiser page's map."""
        return [(code, r["departement"], float(r["lat"]), float(r["lng"]))
                for code, r in sorted(self.deps.items()) if r["lat"] and r["lng"]]

    def _codes(self, insees: set[str] | list[str]) -> frozenset[str]:
        return frozenset(p for i in insees for p in self.postal_codes[i])

    def _deps(self, insees: set[str] | list[str]) -> frozenset[str]:
        return frozenset(self.communes[i].dep for i in insees)

    def _centre(self, insees: list[str]) -> tuple[float, float]:
        pts = [(c.lat, c.lon) for i in insees if (c := self.communes[i]).lat is not None
               and c.lon is not None]
        if not pts:
            dep = self.deps[self.communes[insees[0]].dep]
            return float(dep["lat"]), float(dep["lng"])
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    def department_of(self, postal_code: str, commune: str) -> str | None:
        """Département code of a (postal code, commune name) pair, ``None`` when unknown."""
        insees = self.by_postal.get(postal_code, set())
        named = [i for i in insees
                 if fold(commune) in (fold(self.communes[i].name), fold(self.communes[i].bare))]
        pick = named or sorted(insees)
        return self.communes[pick[0]].dep if pick else None

    def department(self, insee: str, postal_code: str, commune: str) -> str | None:
        """The INSEE département of a member's commune: from its INSEE code when the table knows
        it, else from its (postal code, commune name) (:meth:`department_of`); ``None`` when
        neither is known."""
        known = self.communes.get(insee.strip())
        return known.dep if known is not None else self.department_of(postal_code, commune)

    def locate(self, insee: str) -> str | None:
        """A commune's smallest postal code from its INSEE code (``None`` when unknown)."""
        codes = sorted(self.postal_codes.get(insee, ()))
        return codes[0] if codes else None

    def resolve(self, text: str, *, radius_km: float | None) -> Zone:
        """Resolve a zone, or several (see the module docstring).

        Raises:
            ZoneError: unknown or ambiguous name, unknown code, or a point without a radius
                (for a list, the first piece not understood is named).
        """
        raw = text.strip()
        if _DEP_LIST.match(raw) and all(_DEP.match(p.strip().upper())
                                        for p in re.split(r"[,;/+&]", raw)):
            return self._several(re.split(r"[,;/+&]", raw), radius_km)
        try:
            return self._resolve_one(raw, radius_km=radius_km)
        except ZoneError:
            pieces = [p for p in _LIST_SEP.split(raw) if p.strip()]
            if len(pieces) < 2 or _POINT.match(raw):
                raise
        return self._several(pieces, radius_km)

    def _several(self, pieces: list[str], radius_km: float | None) -> Zone:
        parts: list[Zone] = []
        for piece in pieces:
            try:
                z = self._resolve_one(piece.strip(), radius_km=radius_km)
            except ZoneError as exc:
                raise ZoneError(f"{exc} (in the list {', '.join(p.strip() for p in pieces)!r}: "
                                "each piece is a zone)") from None
            if z not in parts:
                parts.append(z)
        if len(parts) == 1:
            return parts[0]
        labels = [p.label for p in parts]
        label = f"{', '.join(labels[:-1])} ou {labels[-1]}"
        centre = (sum(p.centre[0] for p in parts) / len(parts),
                  sum(p.centre[1] for p in parts) / len(parts))
        return Zone("several", label, frozenset().union(*(p.postal_codes for p in parts)),
                    centre, None, frozenset().union(*(p.departements for p in parts)),
                    tuple(parts))

    def _resolve_one(self, text: str, *, radius_km: float | None) -> Zone:
        raw = text.strip()
        if not raw:
            raise ZoneError("empty zone: give a commune, postal code, département, region or "
                            "'lat,lon'")
        if m := _POSTAL_THEN_NAME.match(raw):  # "35000 Rennes": the postal code decides
            raw = m.group(1)
        elif m := _NAME_THEN_DEP.match(raw):  # "Rennes 35" = "Rennes (35)"
            raw = f"{m.group(1)} ({m.group(2)})"
        raw = REGION_ALIASES.get(fold(raw), raw)
        if m := _POINT.match(raw):
            lat, lon = float(m.group(1)), float(m.group(2))
            if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                raise ZoneError(f"zone {raw!r}: latitude must be in [-90, 90] and longitude in "
                                "[-180, 180] degrees")
            if radius_km is None:
                raise ZoneError(f"zone {raw!r} is a point: give a radius in km (radius_km, "
                                "or --radius KM on the command line)")
            return Zone("point", f"{lat:g},{lon:g}", frozenset(), (lat, lon),
                        Circle(lat, lon, radius_km))
        if _POSTAL.match(raw):
            insees = sorted(self.by_postal.get(raw, ()))
            if not insees:
                raise ZoneError(f"postal code {raw} is not in the French postal code table "
                                "(five digits, leading zero kept: 01220)")
            names = ", ".join(sorted({self.communes[i].name for i in insees})[:3])
            return self._zone("postal_code", f"{raw} ({names})", frozenset({raw}),
                              self._centre(insees), radius_km, self._deps(insees))
        if _DEP.match(raw.upper()):
            return self._department(raw.upper(), radius_km)
        if m := _ARRONDISSEMENT.match(fold(raw)):
            return self._arrondissement(m.group(1) or m.group(4), int(m.group(2) or m.group(3)),
                                        raw, radius_km)
        wanted_dep: str | None = None
        if m := _WITH_DEP.match(raw):
            raw, wanted_dep = m.group(1), m.group(2).upper()
        key = fold(raw)
        if wanted_dep is None:
            for code, r in self.regions.items():
                if fold(r["region"]) == key:
                    insees = [i for i, c in self.communes.items() if c.reg == code]
                    return self._zone("region", r["region"], self._codes(insees),
                                      (float(r["lat"]), float(r["lng"])), radius_km,
                                      self._deps(insees))
            for name, (_, deps) in FORMER_REGIONS.items():
                if fold(name) == key:
                    return self._former_region(name, deps, radius_km)
            for code, r in self.deps.items():
                if fold(r["departement"]) == key:
                    return self._department(code, radius_km)
        return self._commune(raw, key, wanted_dep, radius_km)

    def _former_region(self, name: str, deps: tuple[str, ...], radius_km: float | None) -> Zone:
        """A region before 2016 as the union of its départements; centre: the mean of their
        IGN centres."""
        insees = [i for i, c in self.communes.items() if c.dep in deps]
        rows = [self.deps[d] for d in deps]
        centre = (sum(float(r["lat"]) for r in rows) / len(rows),
                  sum(float(r["lng"]) for r in rows) / len(rows))
        return self._zone("region", f"{name} ({', '.join(deps)})", self._codes(insees), centre,
                          radius_km, frozenset(deps))

    def _arrondissement(self, city: str, n: int, raw: str, radius_km: float | None) -> Zone:
        pattern, count = _ARRONDISSEMENT_INSEE[city]
        c = self.communes.get(pattern.format(n)) if 1 <= n <= count else None
        if c is None:
            raise ZoneError(f"zone {raw!r}: {city.capitalize()} has arrondissements 1 to {count}")
        label = c.name.replace(" Arrondissement", " arrondissement")
        return self._zone("commune", f"{label} ({c.dep})", self._codes([c.insee]),
                          self._centre([c.insee]), radius_km, frozenset({c.dep}))

    def recode(self, postal_code: str, insee: str, commune: str, departement: str = "",
               latitude: float | None = None, longitude: float | None = None) -> str | None:
        """A postal code the table knows for a venue's address, or ``None``.

        ``postal_code`` itself when the table knows it. Else (a CEDEX code such as ``62030``,
        an INSEE code such as ``59350``, ``69000``, or nothing): the commune named ``commune``
        (folded; Paris, Lyon, Marseille are their arrondissements) in the département of the
        code's prefix (``62``…, ``97x``, ``20`` → 2A/2B), of the INSEE code, or named
        ``departement``; of several, the nearest to (``latitude``, ``longitude``) when given,
        else the smallest INSEE code; its smallest postal code. Else the INSEE commune's
        smallest postal code (:meth:`locate`). ``None`` when none of these is known."""
        pc = postal_code.strip()
        if pc in self.by_postal:
            return pc
        insee = insee.strip()
        deps: set[str] = set()
        if re.fullmatch(r"\d{5}|2[AB]\d{3}", pc):
            head = pc[:3] if pc[:2] in ("97", "98") else pc[:2]
            deps |= {"2A", "2B"} if head == "20" else {head}
        if insee in self.communes:
            deps.add(self.communes[insee].dep)
        deps |= {c for c, r in self.deps.items() if fold(r["departement"]) == fold(departement)}
        named = [i for i in self._names.get(fold(commune), []) if self.communes[i].dep in deps]
        current = [i for i in named if self.communes[i].kind in ("COM", "ARM")]
        named = sorted(current or named)
        if named:
            if latitude is not None and longitude is not None and len(named) > 1:
                located = [i for i in named if self.communes[i].lat is not None]
                if located:
                    named = sorted(located, key=lambda i: haversine_km(
                        latitude, longitude, self.communes[i].lat or 0.0,
                        self.communes[i].lon or 0.0))
            return self.locate(named[0])
        return self.locate(insee) if insee else None

    def _department(self, code: str, radius_km: float | None) -> Zone:
        r = self.deps.get(code)
        if r is None:
            raise ZoneError(f"département {code} is not in the table")
        insees = [i for i, c in self.communes.items() if c.dep == code]
        return self._zone("departement", f"{r['departement']} ({code})", self._codes(insees),
                          (float(r["lat"]), float(r["lng"])), radius_km, frozenset({code}))

    def _commune(self, raw: str, key: str, dep: str | None, radius_km: float | None) -> Zone:
        found = [i for i in self._names.get(key, []) if dep is None or self.communes[i].dep == dep]
        current = [i for i in found if self.communes[i].kind == "COM"]
        found = current or found
        if not found:
            raise ZoneError(f"zone {raw!r}: no French commune, département or region of that "
                            "name (check the spelling, or give a postal code or 'lat,lon')")
        if len({self.communes[i].dep for i in found}) > 1:
            by_size = sorted(found, key=lambda i: -self.communes[i].population)
            first, second = (self.communes[i].population for i in by_size[:2])
            if first >= DOMINANT_POPULATION_RATIO * max(second, 1):  # La Rochelle (17), not (70)
                found = [by_size[0]]
        if len({self.communes[i].dep for i in found}) > 1:
            where = ", ".join(sorted(f"{raw} ({self.communes[i].dep})" for i in found)[:6])
            raise ZoneError(f"zone {raw!r} is ambiguous: {where}; add the département in "
                            "parentheses or give a postal code")
        c = self.communes[found[0]]
        centre = self._centre(found)  # one commune: its own point
        name = c.name if len(found) == 1 else _ARM.sub("", c.name)
        return self._zone("commune", f"{name} ({c.dep})", self._codes(found), centre,
                          radius_km, self._deps(found))

    @staticmethod
    def _zone(kind: ZoneKind, label: str, codes: frozenset[str], centre: tuple[float, float],
              radius_km: float | None, deps: frozenset[str]) -> Zone:
        circle = Circle(centre[0], centre[1], radius_km) if radius_km is not None else None
        return Zone(kind, label, codes, centre, circle, deps)
