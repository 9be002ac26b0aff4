"""A place named in the description is the zone when the request gives none (issue 16:
« Festival de musique classique près de Lyon » without --zone searched all of France)."""

from __future__ import annotations

import pytest

from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.application.search import SearchMembers, zone_warnings
from grace.matching.domain.model import EventRequest
from grace.matching.domain.zone_words import NEAR_RADIUS_KM, place_mentions


@pytest.fixture(scope="module")
def search() -> SearchMembers:
    # understand() needs the zone table only (no store, no embedder)
    return SearchMembers(None, None, FrenchGeoTable())  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "zone", "radius", "words"), [
    ("Festival de musique classique près de Lyon, orchestre", "Lyon", NEAR_RADIUS_KM,
     "près de Lyon"),
    ("Bande dessinée, manga et illustration, pas loin d'Angoulême", "Angoulême",
     NEAR_RADIUS_KM, "pas loin d'Angoulême"),
    ("Cirque et arts de la rue dans le Nord", "Nord", None, "dans le Nord"),
    ("Théâtre de rue en Bretagne", "Bretagne", None, "en Bretagne"),
    ("Un festival à Paris 11e", "Paris 11e", None, "à Paris 11e"),
    ("Festival de jazz en plein air autour de Rennes", "Rennes", NEAR_RADIUS_KM,
     "autour de Rennes"),
    ("Hip-hop à Marseille et alentours", "Marseille", NEAR_RADIUS_KM,
     "à Marseille et alentours"),
    ("Danse dans les Pays de la Loire", "Pays de la Loire", None, "dans les Pays de la Loire"),
    ("Rock à 20 km de Rennes", "Rennes", 20.0, "à 20 km de Rennes"),
    ("électro dans le nord", "nord", None, "dans le nord"),
    ("jazz près de bordeaux", "bordeaux", NEAR_RADIUS_KM, "près de bordeaux"),
    ("Salon du livre dans le 13 pour 500 personnes", "13", None, "dans le 13"),
    ("Musiques du monde en Nord et Pas-de-Calais", "Nord et Pas-de-Calais", None,
     "en Nord et Pas-de-Calais"),
    ("Jazz dans l'Hérault", "Hérault", None, "dans l'Hérault"),
])
def test_a_place_in_the_description_becomes_the_zone(search, text, zone, radius, words):
    request, reading = search.understand(EventRequest(text))
    assert (request.zone, request.radius_km) == (zone, radius)
    assert reading is not None and reading.source == "description" and reading.understood
    assert reading.words == words
    label = search.criteria(request).zone
    assert label is not None
    assert zone_warnings(reading, label.label)[0].startswith(
        f"zone lue dans la description : « {words} » → {label.label}")


@pytest.mark.parametrize("text", [
    "Festival de musique classique en juillet", "Festival en plein air",
    "Festival de science-fiction, fantasy et littératures de l'imaginaire",
    "Concert à la campagne en été", "Festival pour 2000 personnes debout",
    "Un festival à 20 km", "Festival sur la plage",
])
def test_no_place_no_zone(search, text):
    request, reading = search.understand(EventRequest(text))
    assert request.zone is None and reading is None


def test_a_zone_given_wins_and_an_unknown_place_is_said(search):
    request, reading = search.understand(EventRequest("Jazz près de Lyon", zone="Rennes"))
    assert request.zone == "Rennes" and reading is not None and reading.source == "request"
    assert zone_warnings(reading, "Rennes (35)") == []
    request, reading = search.understand(EventRequest("Opéra et art lyrique en Provence"))
    assert request.zone is None and reading is not None and not reading.understood
    assert "« en Provence » : lieu non reconnu comme zone" in zone_warnings(reading, None)[0]
    # an ambiguous commune is not guessed
    request, reading = search.understand(EventRequest("Un festival à Saint-Denis"))
    assert request.zone is None and reading is not None and not reading.understood


def test_mentions_list_the_longer_names_first():
    (m,) = place_mentions("Musiques du monde en Nord et Pas-de-Calais")
    assert m.names == ("Nord et Pas-de-Calais", "Nord") and not m.near
    (m,) = place_mentions("un festival au Havre")
    assert m.names[0] == "Le Havre"
    (m,) = place_mentions("festival de jazz près du Havre")  # près de + Le Havre
    assert m.names[0] == "Le Havre" and m.near
    (m,) = place_mentions("concerts autour des Sables-d'Olonne")
    assert m.names[0] == "Les Sables-d'Olonne" and m.near
    (m,) = place_mentions("concert à Lyon 3e arrondissement")
    assert m.names[:2] == ("Lyon 3e arrondissement", "Lyon 3e")
