"""Label ``requests.jsonl`` of the matching evaluation set from the festivals CSV (see README.md).

Run from the repository root:

    PYTHONPATH=src .venv/bin/python eval/matching/build_labels.py          # rewrite the labels
    PYTHONPATH=src .venv/bin/python eval/matching/build_labels.py --check  # exit 1 if they moved

Each request line carries its ``label`` rule (a theme of :data:`THEMES` and a zone written with
the CSV's own fields); this script computes ``relevant`` (the member codes, as ``grace members
import`` writes them) from ``../shared/data/venues/festivals_france.csv`` and nothing else:

    relevant = the row is in the label's zone (CSV columns)  AND
               fold(category + " | " + subcategory) matches the theme's pattern

Deterministic: the same CSV gives the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import sys
from pathlib import Path

from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.adapters.venues_csv import read_venues
from grace.text import fold

HERE = Path(__file__).resolve().parent
REQUESTS = HERE / "requests.jsonl"
EARTH_RADIUS_KM = 6371.0088

MUSIC, LIVE, CINEMA, BOOKS, VISUAL = (r"^musique", r"^spectacle vivant", r"^cinema",
                                      r"^livre", r"^arts visuels")
THEMES: dict[str, tuple[str, str]] = {
    # music
    "jazz": (r"\bjazz\b|musiques? improvisees?", MUSIC),
    "blues": (r"\bblues\b", MUSIC),
    "classique": (r"musiques? classiques?|musiques? savantes?|classiques et savantes|\bopera\b"
                  r"|lyrique|baroque|musique ancienne|musique de chambre", MUSIC),
    "opera": (r"\bopera\b|lyrique", MUSIC),
    "electro": (r"electro|techno|\bhouse\b", MUSIC),
    "rock": (r"\brock\b|\bmetal\b|punk", MUSIC),
    "rap": (r"\brap\b|hip.?hop", MUSIC),
    "reggae": (r"reggae|\bska\b|\bdub\b", MUSIC),
    "monde": (r"musiques? du monde|musiques? traditionnelles?|world|musiques? trad\b", MUSIC),
    "chanson": (r"chanson|variete francaise", MUSIC),
    "pop": (r"\bpop\b|varietes? internationales?", MUSIC),
    # live shows ("fiction (roman, theatre, etc.)" is a book genre, not theatre)
    "theatre": (r"^(?!livre).*theatre", LIVE),
    "danse": (r"\bdanse", LIVE),
    "cirque_rue": (r"cirque|arts de la rue", LIVE),
    "marionnettes": (r"marionnette", LIVE),
    "humour": (r"humour|cafe.?theatre|one.?man", LIVE),
    "conte": (r"\bcontes?\b", LIVE),
    # cinema
    "cinema": (r"^cinema", CINEMA),
    "court_metrage": (r"^cinema.*court.?metrage", CINEMA),
    "documentaire_film": (r"^cinema.*documentaire", CINEMA),
    "animation": (r"^cinema.*animat", CINEMA),
    # books
    "livre": (r"^livre", BOOKS),
    "bd": (r"bande.?dessinee|manga|comics|\bbd\b", BOOKS),
    "polar": (r"polar|polici|roman noir", BOOKS),
    "sf": (r"science.?fiction|fantasy|imaginaire|fantastique", BOOKS),
    "poesie": (r"poesie", BOOKS),
    "jeunesse_livre": (r"^livre.*jeunesse", BOOKS),
    # visual arts
    "photo": (r"photo", VISUAL),
    "numerique": (r"numerique", VISUAL),
    "street_art": (r"street.?art", VISUAL),
    "arts_visuels": (r"^arts visuels", VISUAL),
    # out of theme: no festival is labelled with it
    "none": (r"(?!)", r"(?!)"),
}
"""Theme → (genre pattern over ``fold(category + " | " + subcategory)``, discipline pattern over
``fold(category)``). Grade 2 (relevant): the genre pattern matches. Grade 1 (possible): the
subcategory is empty and the discipline matches (a festival whose genre the CSV does not say)."""


def haversine_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    h = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2)
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def in_zone(row: dict[str, str], zone: dict[str, object]) -> bool:
    """The label's zone, read from the CSV's columns only (empty: anywhere)."""
    if "radius_km" in zone:
        lat, lon = row["latitude"].strip(), row["longitude"].strip()
        if not (lat and lon):
            return False
        centre = zone["centre"]
        assert isinstance(centre, list)
        return haversine_km((float(centre[0]), float(centre[1])),
                            (float(lat), float(lon))) <= float(zone["radius_km"])  # type: ignore[arg-type]
    for field in ("region", "departement", "commune", "postal_code"):
        if field in zone:
            wanted = zone[field]
            options = wanted if isinstance(wanted, list) else [wanted]
            if fold(row[field].strip()) not in {fold(str(o)) for o in options}:
                return False
    return True


def grade(row: dict[str, str], theme: str) -> int:
    """2: the genre matches; 1: no genre given and the discipline matches; else 0."""
    genre, discipline = THEMES[theme]
    if re.search(genre, fold(f"{row['category']} | {row['subcategory']}")):
        return 2
    if not row["subcategory"].strip() and re.search(discipline, fold(row["category"])):
        return 1
    return 0


def label(lines: list[dict[str, object]], csv_path: Path) -> list[dict[str, object]]:
    geo = FrenchGeoTable()
    venues, _ = read_venues(csv_path, locate=geo.locate, department=geo.department)
    with csv_path.open(encoding="utf-8", newline="") as f:
        rows = {line: row for line, row in enumerate(csv.DictReader(f), 2)}
    out = []
    for item in lines:
        rule = item["label"]
        assert isinstance(rule, dict)
        theme, zone = str(rule["theme"]), rule.get("zone", {})
        relevant: list[str] = []
        possible: list[str] = []
        if theme == "explicit":
            relevant = sorted(str(c) for c in rule["codes"])
        else:
            assert isinstance(zone, dict)
            for v in venues:
                row = rows[v.line]
                g = grade(row, theme) if in_zone(row, zone) else 0
                (relevant if g == 2 else possible if g == 1 else []).append(v.member.code)
        out.append({**item, "relevant": sorted(relevant), "possible": sorted(possible)})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--check", action="store_true", help="Exit 1 if the labels are not current.")
    args = ap.parse_args()
    lines = [json.loads(x) for x in REQUESTS.read_text(encoding="utf-8").splitlines() if x]
    labelled = label(lines, args.data / "venues" / "festivals_france.csv")
    text = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in labelled)
    if args.check:
        same = text == REQUESTS.read_text(encoding="utf-8")
        print("labels current" if same else "labels differ: rerun without --check")  # noqa: T201
        return 0 if same else 1
    REQUESTS.write_text(text, encoding="utf-8")
    for x in labelled:
        request = x["request"]
        assert isinstance(request, dict)
        print(f"{x['id']}\t{len(x['relevant'])}\t{len(x['possible'])}\t"  # type: ignore[arg-type]  # noqa: T201
              f"{request['description'][:60]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
