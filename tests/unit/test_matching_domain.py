"""Matching domain: geometry, validation, zones (French edge cases), ranking, search use case."""

from __future__ import annotations

import dataclasses
from datetime import date

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grace.embedding.fake import FakeEmbedder
from grace.errors import MemberValidationError, ZoneError
from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.adapters.sqlite_store import SqliteMemberRepository
from grace.matching.application.embed_worker import EmbedMembers
from grace.matching.application.search import SearchMembers
from grace.matching.domain.geo import Circle, haversine_km
from grace.matching.domain.model import BudgetRange, Capacities, EventRequest, Member
from grace.matching.domain.texts import member_text, request_text


@pytest.fixture(scope="module")
def geo() -> FrenchGeoTable:
    return FrenchGeoTable()


def test_haversine_known_distances():
    assert haversine_km(48.8566, 2.3522, 48.1173, -1.6778) == pytest.approx(308, abs=3)
    assert haversine_km(0, 0, 0, 180) == pytest.approx(np.pi * 6371.0088, rel=1e-9)
    assert haversine_km(10, 179.5, 10, -179.5) < 120


@settings(max_examples=300, deadline=None)
@given(st.floats(-89.99, 89.99), st.floats(-180, 180), st.floats(1, 3000),
       st.floats(-90, 90), st.floats(-180, 180))
def test_boxes_cover_the_circle(lat, lon, r, plat, plon):
    c = Circle(lat, lon, r)
    if c.contains(plat, plon):
        assert any(b.min_lat <= plat <= b.max_lat and b.min_lon <= plon <= b.max_lon
                   for b in c.boxes())


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"code": "102"}, "code"), ({"postal_code": "1220"}, "postal_code"),
    ({"postal_code": 1220}, "postal_code"), ({"latitude": 95.0, "longitude": 1.0}, "latitude"),
    ({"latitude": 1.0}, "latitude/longitude"), ({"status": "gone"}, "status"),
])
def test_member_validation_names_the_field(kwargs, field):
    base = {"code": "#102", "name": "Salle", "description": "", "postal_code": "01220",
            "commune": "Divonne-les-Bains"}
    with pytest.raises(MemberValidationError, match=field):
        Member(**{**base, **kwargs})


def test_value_validation():
    with pytest.raises(MemberValidationError, match="min_eur"):
        BudgetRange(5000, 100)
    with pytest.raises(MemberValidationError, match="seated"):
        Capacities(seated=-1)
    with pytest.raises(MemberValidationError, match="radius"):
        EventRequest("x", radius_km=10)
    with pytest.raises(MemberValidationError, match="description"):
        EventRequest(" ")
    with pytest.raises(MemberValidationError, match="zone"):
        EventRequest("x", zone=35)  # type: ignore[arg-type]
    with pytest.raises(MemberValidationError, match="headcount"):
        EventRequest("x", headcount=10**20)
    with pytest.raises(MemberValidationError, match="max_eur"):
        BudgetRange(None, 10**20)
    assert BudgetRange(100, 200).overlaps(BudgetRange(200, 300))  # inclusive
    assert not BudgetRange(100, 199).overlaps(BudgetRange(200, None))


@pytest.mark.parametrize(("text", "kind", "code_in"), [
    ("Rennes", "commune", "35000"), ("01220", "postal_code", "01220"),
    ("2A", "departement", "20000"), ("2b", "departement", "20200"),
    ("974", "departement", "97400"), ("Bretagne", "region", "29200"),
    ("ille et vilaine", "departement", "35000"), ("Saint-Denis (974)", "commune", "97400"),
    ("saint etienne", "commune", "42000"), ("Saint-Denis 974", "commune", "97400"),
    ("35000 Rennes", "postal_code", "35000"), ("Rennes 35", "commune", "35200"),
    ("PACA", "region", "13001"), ("Centre", "region", "45000"), ("idf", "region", "75001"),
])
def test_zones_french_details(geo, text, kind, code_in):
    z = geo.resolve(text, radius_km=None)
    assert z.kind == kind and code_in in z.postal_codes
    assert all(len(p) == 5 for p in z.postal_codes)


def test_zone_errors_and_radius(geo):
    with pytest.raises(ZoneError, match="ambiguous"):
        geo.resolve("Saint-Denis", radius_km=None)
    with pytest.raises(ZoneError, match="radius"):
        geo.resolve("48.1,-1.6", radius_km=None)
    with pytest.raises(ZoneError, match="99999"):
        geo.resolve("99999", radius_km=None)
    with pytest.raises(ZoneError, match="Atlantide"):
        geo.resolve("Atlantide", radius_km=None)
    z = geo.resolve("Rennes", radius_km=30)
    assert z.circle is not None and z.circle.radius_km == 30
    assert z.centre == pytest.approx((48.11593, -1.68844))


def test_embedded_texts_have_the_seed_fields():
    m = Member("#1", "Le Club", "club de jazz", "35000", "Rennes", tags=("jazz", "concert"))
    assert "club de jazz" in member_text(m) and "jazz, concert" in member_text(m)
    r = EventRequest("soirée jazz", extra="avec bar", format="standing", headcount=120,
                     budget=BudgetRange(None, 5000), zone="Rennes", radius_km=30)
    t = request_text(r, zone_label="Rennes (35)")
    for part in ("soirée jazz", "avec bar", "cocktail debout", "120 personnes", "5000 €",
                 "Rennes (35)", "30 km"):
        assert part in t


def test_search_use_case_funnel_and_radius(geo):
    repo = SqliteMemberRepository(":memory:")
    repo.migrate()
    near = Member("#1", "Jazz Club", "club de jazz et concerts", "35000", "Rennes", 48.11, -1.68)
    far = dataclasses.replace(near, code="#2", latitude=47.2, longitude=-1.55, postal_code="44000")
    other = dataclasses.replace(near, code="#3", description="salle de mariage champêtre")
    repo.upsert_members([near, far, other])
    emb = FakeEmbedder(32)
    EmbedMembers(repo, emb)()
    ticks = iter(range(100))
    search = SearchMembers(repo, emb, geo, clock=lambda: float(next(ticks)))
    res = search(EventRequest("festival de jazz", zone="Rennes", radius_km=30,
                              dates=(date(2027, 6, 1),)))
    assert [c.code for c in res.candidates] == ["#1", "#3"]
    assert [s.kept for s in res.funnel] == [3, 2, 1, 2]
    assert res.funnel[1].ms == 1000.0
    assert all(c.distance_km is not None and c.distance_km <= 30 for c in res.candidates)


def test_cities_with_arrondissements(geo):
    z = geo.resolve("Lyon", radius_km=None)
    assert z.label == "Lyon (69)" and {"69001", "69009"} <= z.postal_codes
    assert "75015" in geo.resolve("Paris", radius_km=None).postal_codes
    assert "13008" in geo.resolve("Marseille", radius_km=None).postal_codes
