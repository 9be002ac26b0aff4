"""Zones as organisers say them (issue 16, item 3): lists of zones, former regions,
arrondissements, CEDEX/INSEE codes at import, French articles of place names, tag lists."""

from __future__ import annotations

import pytest

from grace.errors import ZoneError
from grace.matching.adapters.geo_table import FrenchGeoTable
from grace.matching.adapters.venues_csv import split_list
from grace.matching.domain.filters import HardFilter
from grace.matching.domain.geo import haversine_km
from grace.matching.domain.history import filter_key
from grace.matching.domain.places_fr import FORMER_REGIONS, article, de
from grace.matching.domain.ranking import from_centre


@pytest.fixture(scope="module")
def geo() -> FrenchGeoTable:
    return FrenchGeoTable()


def _codes(geo: FrenchGeoTable, *zones: str) -> frozenset[str]:
    return frozenset().union(*(geo.resolve(z, radius_km=None).postal_codes for z in zones))


# ---- several zones in one ----------------------------------------------------------------


@pytest.mark.parametrize(("text", "singles"), [
    ("59, 62", ("59", "62")), ("59,62", ("59", "62")), ("59 ; 62", ("59", "62")),
    ("Nord et Pas-de-Calais", ("Nord", "Pas-de-Calais")),
    ("Gironde ou Landes", ("Gironde", "Landes")), ("2A, 2B", ("2A", "2B")),
    ("Bretagne, Normandie", ("Bretagne", "Normandie")),
    ("Rennes / Nantes", ("Rennes", "Nantes")), ("59, 62, 80", ("59", "62", "80")),
])
def test_a_list_is_the_union_of_its_zones(geo, text, singles):
    z = geo.resolve(text, radius_km=None)
    parts = [geo.resolve(s, radius_km=None) for s in singles]
    assert z.kind == "several" and z.parts == tuple(parts)
    assert z.postal_codes == _codes(geo, *singles)
    assert z.departements == frozenset().union(*(p.departements for p in parts))
    assert z.label == ", ".join(p.label for p in parts[:-1]) + " ou " + parts[-1].label


def test_a_member_of_either_part_is_in_the_list_and_no_other(geo):
    z = geo.resolve("Nord et Pas-de-Calais", radius_km=None)
    arras = sorted(geo.resolve("Arras", radius_km=None).postal_codes)[0]
    lille = sorted(geo.resolve("Lille", radius_km=None).postal_codes)[0]
    amiens = sorted(geo.resolve("Amiens", radius_km=None).postal_codes)[0]
    assert z.admits(arras, "62", None, None) and z.admits(lille, "59", None, None)
    assert not z.admits(amiens, "80", 49.89, 2.3)
    assert not z.admits(arras, "59", None, None)  # the postal code of one, the département of
    # the other: in neither part (the flat union of codes and départements would keep it)


def test_a_list_with_a_radius_is_a_union_of_circles(geo):
    z = geo.resolve("Lyon ou Grenoble", radius_km=20)
    lyon, grenoble = z.parts
    assert lyon.circle is not None and grenoble.circle is not None and z.circle is None
    assert z.admits("", None, *grenoble.centre) and z.admits("", None, *lyon.centre)
    middle = ((lyon.centre[0] + grenoble.centre[0]) / 2, (lyon.centre[1] + grenoble.centre[1]) / 2)
    assert not z.admits("", None, *middle)  # 45 km from both
    near = (grenoble.centre[0] + 0.01, grenoble.centre[1])
    (glat, glon) = grenoble.centre
    assert z.distance_km(*near) == pytest.approx(haversine_km(glat, glon, *near))


def test_two_numbers_are_a_point_unless_both_are_departement_codes(geo):
    assert geo.resolve("45,5", radius_km=10).kind == "point"
    assert geo.resolve("48.11,-1.68", radius_km=10).kind == "point"
    assert geo.resolve("45,05", radius_km=None).departements == frozenset({"45", "05"})
    with pytest.raises(ZoneError, match="radius"):
        geo.resolve("45,5", radius_km=None)


def test_a_name_with_et_in_it_is_not_cut(geo):
    z = geo.resolve("Ille-et-Vilaine", radius_km=None)
    assert z.kind == "departement" and z.departements == frozenset({"35"})
    assert geo.resolve("Saint-Denis (974), Nord", radius_km=None).departements == frozenset(
        {"974", "59"})


def test_a_list_names_the_piece_it_does_not_understand(geo):
    with pytest.raises(ZoneError, match="Atlantide"):
        geo.resolve("Nord et Atlantide", radius_km=None)
    with pytest.raises(ZoneError, match="ambiguous"):
        geo.resolve("Saint-Denis ou Nord", radius_km=None)


def test_a_repeated_zone_is_one_zone(geo):
    assert geo.resolve("59, 59", radius_km=None) == geo.resolve("59", radius_km=None)


def test_the_filter_key_tells_lists_apart(geo):
    def key(text: str, radius: float | None = None) -> str:
        return filter_key(HardFilter(zone=geo.resolve(text, radius_km=radius)))

    assert key("59, 62") == key("Nord et Pas-de-Calais") == key("62,59")
    assert key("59, 62") != key("59") and key("59, 62") != key("59, 80")
    assert key("Lyon ou Grenoble", 20) != key("Lyon ou Grenoble", 30)


# ---- former regions ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(FORMER_REGIONS))
def test_former_regions_are_their_departements(geo, name):
    deps = FORMER_REGIONS[name][1]
    z = geo.resolve(name, radius_km=None)
    assert z.kind == "region" and z.departements == frozenset(deps)
    assert z.postal_codes == _codes(geo, *deps)
    assert geo.resolve(name.upper().replace("-", " "), radius_km=None) == z


@pytest.mark.parametrize(("region", "former"), [
    ("Hauts-de-France", ("Nord-Pas-de-Calais", "Picardie")),
    ("Grand Est", ("Alsace", "Lorraine", "Champagne-Ardenne")),
    ("Occitanie", ("Languedoc-Roussillon", "Midi-Pyrénées")),
    ("Nouvelle-Aquitaine", ("Aquitaine", "Limousin", "Poitou-Charentes")),
    ("Auvergne-Rhône-Alpes", ("Auvergne", "Rhône-Alpes")),
    ("Bourgogne-Franche-Comté", ("Bourgogne", "Franche-Comté")),
    ("Normandie", ("Haute-Normandie", "Basse-Normandie")),
])
def test_the_2016_regions_are_exactly_their_former_regions(geo, region, former):
    """The hand-written table against INSEE's: each merged region is the disjoint union of
    the former ones."""
    deps = [d for f in former for d in FORMER_REGIONS[f][1]]
    assert len(deps) == len(set(deps))
    assert geo.resolve(region, radius_km=None).departements == frozenset(deps)


# ---- arrondissements -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "code"), [
    ("Paris 11e", "75011"), ("Paris 11ème", "75011"), ("paris 11eme", "75011"),
    ("Paris 11e arrondissement", "75011"), ("Paris 1er", "75001"), ("Lyon 3e", "69003"),
    ("Marseille 8e", "13008"), ("8e arrondissement de Marseille", "13008"),
    ("Paris 20e", "75020"), ("Lyon 9e", "69009"),
])
def test_arrondissements(geo, text, code):
    z = geo.resolve(text, radius_km=None)
    assert z.kind == "commune" and code in z.postal_codes
    assert z.postal_codes < geo.resolve(text.split()[0] if text[0].isalpha() else "Marseille",
                                        radius_km=None).postal_codes
    assert z.postal_codes == geo.resolve(code, radius_km=None).postal_codes


def test_arrondissement_edges(geo):
    with pytest.raises(ZoneError, match="1 to 9"):
        geo.resolve("Lyon 12e", radius_km=None)
    # a bare number stays « commune (département) »: Marseille 13 is Marseille in the 13
    assert geo.resolve("Marseille 13", radius_km=None) == geo.resolve("Marseille",
                                                                      radius_km=None)
    z = geo.resolve("Paris 11e", radius_km=2)
    assert z.circle is not None and z.circle.radius_km == 2


# ---- French articles -----------------------------------------------------------------------


@pytest.mark.parametrize(("label", "want"), [
    ("Ain (01)", "de l’Ain (01)"), ("Nord (59)", "du Nord (59)"),
    ("Bouches-du-Rhône (13)", "des Bouches-du-Rhône (13)"),
    ("Gironde (33)", "de la Gironde (33)"), ("Paris", "de Paris"), ("Paris (75)", "de Paris (75)"),
    ("Haut-Rhin (68)", "du Haut-Rhin (68)"), ("Hautes-Alpes (05)", "des Hautes-Alpes (05)"),
    ("Yvelines (78)", "des Yvelines (78)"), ("Territoire de Belfort (90)",
                                            "du Territoire de Belfort (90)"),
    ("La Réunion (974)", "de La Réunion (974)"), ("Mayotte (976)", "de Mayotte (976)"),
    ("Île-de-France", "de l’Île-de-France"), ("Grand Est", "du Grand Est"),
    ("Hauts-de-France", "des Hauts-de-France"), ("Bretagne", "de la Bretagne"),
    ("Nord-Pas-de-Calais (59, 62)", "du Nord-Pas-de-Calais (59, 62)"),
    ("Midi-Pyrénées (09, 12)", "de Midi-Pyrénées (09, 12)"),
    ("Angoulême (16)", "d’Angoulême (16)"), ("Rennes (35)", "de Rennes (35)"),
    ("Le Havre (76)", "du Havre (76)"), ("Les Sables-d'Olonne (85)", "des Sables-d'Olonne (85)"),
    ("La Rochelle (17)", "de La Rochelle (17)"), ("L'Isle-Adam (95)", "de L'Isle-Adam (95)"),
    ("Lesneven (29)", "de Lesneven (29)"), ("Évry-Courcouronnes (91)",
                                                  "d’Évry-Courcouronnes (91)"),
    ("Nord (59) ou Pas-de-Calais (62)", "du Nord (59) ou du Pas-de-Calais (62)"),
    ("Gironde (33), Landes (40) ou Ain (01)",
     "de la Gironde (33), des Landes (40) ou de l’Ain (01)"),
    ("01220 (Divonne-les-Bains, Grilly)", "du 01220 (Divonne-les-Bains, Grilly)"),
])
def test_de_with_the_article(label, want):
    assert de(label) == want


def test_every_departement_and_region_of_the_table_has_its_article(geo):
    """No name of the INSEE tables falls through to the commune rule (a typo in the hand-written
    table would): only the cities without article are allowed an empty one."""
    names = [r["departement"] for r in geo.deps.values()] + [r["region"]
                                                              for r in geo.regions.values()]
    no_article = {"Paris", "La Réunion", "Mayotte"}
    assert [n for n in names if not article(n) and n not in no_article] == []


def test_explanations_use_the_article():
    assert from_centre("Nord (59)") == "du centre du Nord (59)"
    assert from_centre("Ain (01)") == "du centre de l’Ain (01)"
    assert from_centre("48.1,-1.68") == "du point 48.1,-1.68"


# ---- import: lists and codes ---------------------------------------------------------------


@pytest.mark.parametrize(("text", "want"), [
    ("Jazz, Musique de la Réunion (maloya, séga, etc.)",
     ["Jazz", "Musique de la Réunion (maloya, séga, etc.)"]),
    ("Rock; Pop ,  Électro", ["Rock", "Pop", "Électro"]),
    ("A (b, c) ; D [e; f], G", ["A (b, c)", "D [e; f]", "G"]),
    ("Chanson (française, rock", ["Chanson (française, rock"]),
    ("", []), (" , ,", []),
])
def test_split_list_keeps_parentheses(text, want):
    assert split_list(text) == want


def test_recode_a_cedex_or_insee_code_to_the_commune(geo):
    arras = geo.resolve("Arras", radius_km=None).postal_codes
    assert geo.recode("62030", "", "Arras") in arras  # CEDEX
    assert "92014" not in geo.by_postal and "62030" not in geo.by_postal
    bourg = geo.resolve("Bourg-la-Reine", radius_km=None).postal_codes
    assert geo.recode("92014", "92014", "Bourg-la-Reine") in bourg  # its INSEE code
    assert geo.recode("35000", "", "n'importe") == "35000"  # a known code is kept
    assert geo.recode("98713", "98735", "Papeete") is None  # not in the table
    # the département prefix tells namesakes apart; the row's INSEE code is the last resort
    valence_26 = geo.resolve("Valence (26)", radius_km=None).postal_codes
    assert geo.recode("26010", "", "Valence") in valence_26
    assert geo.recode("99999", "35238", "Nom inconnu") == geo.locate("35238")


def test_recode_a_city_by_its_nearest_arrondissement(geo):
    third = geo.resolve("Lyon 3e", radius_km=None)
    assert geo.recode("69000", "69123", "Lyon", "", *third.centre) in third.postal_codes
    assert geo.recode("69000", "69123", "Lyon") in geo.resolve("Lyon", radius_km=None).postal_codes


def test_tags_repeated_in_another_case_are_one(tmp_path):
    from grace.matching.adapters.venues_csv import read_venues

    head = "venue_id,name,category,subcategory,postal_code,commune,latitude,longitude,text\n"
    row = 'F1,Fest,Musique,"jazz, blues ; 03- Jazz, Blues (a, b)",35000,Rennes,48.1,-1.68,t\n'
    (tmp_path / "v.csv").write_text(head + row, encoding="utf-8")
    rows, _ = read_venues(tmp_path / "v.csv")
    assert rows[0].member.tags == ("Musique", "jazz", "blues", "Blues (a, b)")


@pytest.mark.parametrize(("zone", "label"), [
    ("Le Havre", "Le Havre (76)"), ("Havre", "Le Havre (76)"), ("le havre", "Le Havre (76)"),
    ("Le Mans", "Le Mans (72)"), ("Les Sables-d'Olonne", "Les Sables-d'Olonne (85)"),
    ("La Rochelle", "La Rochelle (17)"),  # 78 535 inhabitants against 149 in the Haute-Saône
    ("76600", "76600 (Le Havre)"),
])
def test_communes_are_found_and_shown_with_their_article(geo, zone, label):
    assert geo.resolve(zone, radius_km=None).label == label


def test_a_name_no_commune_dominates_stays_ambiguous(geo):
    with pytest.raises(ZoneError, match="ambiguous"):
        geo.resolve("Saint-Denis", radius_km=None)  # 93 and 974 are both large
