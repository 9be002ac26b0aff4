"""The real festivals (``shared/data/venues/festivals_france.csv``) imported with their CEDEX and
INSEE codes recoded, and found by département and region (issue 16, item 3)."""

from __future__ import annotations

import csv
import re
from collections import defaultdict

import pytest

from grace.bootstrap import build_matching
from grace.config import Settings
from grace.matching.adapters.geo_table import FrenchGeoTable, fold
from grace.matching.adapters.venues_csv import read_venues_report
from grace.matching.domain.filters import HardFilter


@pytest.fixture(scope="module")
def festivals(shared_data):
    path = shared_data / "venues" / "festivals_france.csv"
    with path.open(encoding="utf-8", newline="") as f:
        return path, list(csv.DictReader(f))


@pytest.fixture(scope="module")
def geo() -> FrenchGeoTable:
    return FrenchGeoTable()


def test_cedex_and_insee_codes_get_a_postal_code_a_departement_and_a_region(festivals, geo):
    path, rows = festivals
    odd = [r for r in rows if re.fullmatch(r"\d{5}", r["postal_code"].strip())
           and r["postal_code"].strip() not in geo.by_postal]
    read = read_venues_report(path, locate=geo.locate, department=geo.department,
                              recode=geo.recode)
    assert odd and read.recoded + read.unresolved == len(odd)
    by_line = {i: r for i, r in enumerate(rows, 2)}
    recoded = [v for v in read.rows if v.source_postal_code is not None]
    assert len(recoded) == read.recoded
    region_agrees = 0
    for v in recoded:
        m, row = v.member, by_line[v.line]
        assert v.source_postal_code == row["postal_code"].strip()
        assert m.postal_code in geo.by_postal and m.departement is not None
        insees = geo.by_postal[m.postal_code]
        assert m.departement in {geo.communes[i].dep for i in insees}
        region = geo.regions[geo.deps[m.departement]["insee_reg"]]["region"]
        region_agrees += region == row["region"]
    # the CSV's own region column agrees with the région found from the recoded commune
    assert region_agrees >= 0.95 * len(recoded)
    # what stays unresolved is not in the table: no commune of that name in the code's
    # département, no INSEE code known (overseas collectivities: Saint-Martin, Papeete…)
    unresolved = [v for v in read.rows if v.member.postal_code not in geo.by_postal]
    assert len(unresolved) == read.unresolved
    for v in unresolved:
        row, code = by_line[v.line], v.member.postal_code
        assert row["insee_code"].strip() not in geo.communes
        assert not [c for c in geo.communes.values()
                    if fold(c.name) == fold(row["commune"]) and code.startswith(c.dep)]


def test_the_import_reports_the_codes_and_departement_zones_find_them(festivals, geo,
                                                                      tmp_path):
    path, _ = festivals
    app = build_matching(Settings(cache_dir=tmp_path, embedder="fake", ranker="deterministic"),
                         database_url=f"sqlite:///{tmp_path / 'fest.sqlite'}")
    try:
        report = app.import_venues(path, seed=0)
        read = read_venues_report(path, locate=geo.locate, department=geo.department,
                                  recode=geo.recode)
        assert (report.recoded, report.unresolved, report.members) == (
            read.recoded, read.unresolved, len(read.rows))
        codes_by_dep: dict[str, set[str]] = defaultdict(set)
        for v in read.rows:
            if v.source_postal_code is not None and v.member.departement is not None:
                codes_by_dep[v.member.departement].add(v.member.code)
        ids = app.repo.ids_for([c for cs in codes_by_dep.values() for c in cs])
        for dep, codes in codes_by_dep.items():
            found = set(app.repo.stage1(HardFilter(zone=geo.resolve(dep, radius_km=None))))
            assert {ids[c] for c in codes} <= found, dep
        # and by the 2016 region, and by a list of départements
        ((dep, codes),) = [max(codes_by_dep.items(), key=lambda kv: len(kv[1]))]
        region = geo.regions[geo.deps[dep]["insee_reg"]]["region"]
        other = next(d for d in sorted(geo.deps) if d != dep)
        for zone in (region, f"{dep}, {other}", f"{other} ou {dep}"):
            found = set(app.repo.stage1(HardFilter(zone=geo.resolve(zone, radius_km=None))))
            assert {ids[c] for c in codes} <= found, zone
    finally:
        app.close()


def test_subcategories_keep_their_parentheses(festivals, geo):
    path, rows = festivals
    read = read_venues_report(path, locate=geo.locate, department=geo.department,
                              recode=geo.recode)
    assert all(t.count("(") == t.count(")") for v in read.rows for t in v.member.tags)
    listed = re.compile(r"\([^)]*,[^)]*\)")  # a comma inside parentheses
    by_line = {i: r for i, r in enumerate(rows, 2)}
    with_lists = [v for v in read.rows if listed.search(by_line[v.line]["subcategory"])]
    assert with_lists
    for v in with_lists:
        kept = [m.group(0) for m in listed.finditer(by_line[v.line]["subcategory"])]
        assert all(any(k in t for t in v.member.tags) for k in kept), v.member.tags
    reunion = [v for v in with_lists if "maloya" in by_line[v.line]["subcategory"]]
    assert reunion and all(
        any(t.startswith("Musique de la Réunion (maloya, séga, etc.)") for t in v.member.tags)
        and "séga" not in v.member.tags for v in reunion)
