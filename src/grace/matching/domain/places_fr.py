"""French place names as organisers say them and as a French sentence needs them (issue 16).

Two public facts, written here by hand:

- the article of every département and region (current and former) name: *l’*Ain, *le* Nord,
  *les* Bouches-du-Rhône, *la* Gironde, no article for Paris or Mayotte; a sentence then says
  « du centre **du** Nord », « **de la** Gironde », « **des** Landes », « **de l’**Ain »
  (:func:`de`);
- the former regions (before the 2016 reform, law n° 2015-29) and their départements
  (:data:`FORMER_REGIONS`), so that « Nord-Pas-de-Calais » or « Midi-Pyrénées » is a zone.

Names are compared folded (case, accents, hyphens, apostrophes: :func:`key`). A commune name
is not in the tables: its article is read from the name itself (« Le Havre » → « du Havre »,
« Les Sables-d’Olonne » → « des Sables-d’Olonne », « La Rochelle » → « de La Rochelle »), and
elision follows the first letter (« d’Angoulême »; before *h* no elision, since h muet and
h aspiré cannot be told apart from the spelling).
"""

from __future__ import annotations

import re
from typing import Final, Literal

from grace.text import fold

Article = Literal["le", "la", "l’", "les", ""]
"""The definite article a name takes (``""``: none, as for a city)."""

_DEPARTEMENT_ARTICLES: Final[dict[str, Article]] = {
    "Ain": "l’", "Aisne": "l’", "Allier": "l’", "Alpes-de-Haute-Provence": "les",
    "Hautes-Alpes": "les", "Alpes-Maritimes": "les", "Ardèche": "l’", "Ardennes": "les",
    "Ariège": "l’", "Aube": "l’", "Aude": "l’", "Aveyron": "l’", "Bouches-du-Rhône": "les",
    "Calvados": "le", "Cantal": "le", "Charente": "la", "Charente-Maritime": "la", "Cher": "le",
    "Corrèze": "la", "Corse-du-Sud": "la", "Haute-Corse": "la", "Côte-d'Or": "la",
    "Côtes-d'Armor": "les", "Creuse": "la", "Dordogne": "la", "Doubs": "le", "Drôme": "la",
    "Eure": "l’", "Eure-et-Loir": "l’", "Finistère": "le", "Gard": "le", "Haute-Garonne": "la",
    "Gers": "le", "Gironde": "la", "Hérault": "l’", "Ille-et-Vilaine": "l’", "Indre": "l’",
    "Indre-et-Loire": "l’", "Isère": "l’", "Jura": "le", "Landes": "les", "Loir-et-Cher": "le",
    "Loire": "la", "Haute-Loire": "la", "Loire-Atlantique": "la", "Loiret": "le", "Lot": "le",
    "Lot-et-Garonne": "le", "Lozère": "la", "Maine-et-Loire": "le", "Manche": "la",
    "Marne": "la", "Haute-Marne": "la", "Mayenne": "la", "Meurthe-et-Moselle": "la",
    "Meuse": "la", "Morbihan": "le", "Moselle": "la", "Nièvre": "la", "Nord": "le",
    "Oise": "l’", "Orne": "l’", "Pas-de-Calais": "le", "Puy-de-Dôme": "le",
    "Pyrénées-Atlantiques": "les", "Hautes-Pyrénées": "les", "Pyrénées-Orientales": "les",
    "Bas-Rhin": "le", "Haut-Rhin": "le", "Rhône": "le", "Haute-Saône": "la",
    "Saône-et-Loire": "la", "Sarthe": "la", "Savoie": "la", "Haute-Savoie": "la", "Paris": "",
    "Seine-Maritime": "la", "Seine-et-Marne": "la", "Yvelines": "les", "Deux-Sèvres": "les",
    "Somme": "la", "Tarn": "le", "Tarn-et-Garonne": "le", "Var": "le", "Vaucluse": "le",
    "Vendée": "la", "Vienne": "la", "Haute-Vienne": "la", "Vosges": "les", "Yonne": "l’",
    "Territoire de Belfort": "le", "Essonne": "l’", "Hauts-de-Seine": "les",
    "Seine-Saint-Denis": "la", "Val-de-Marne": "le", "Val-d'Oise": "le", "Guadeloupe": "la",
    "Martinique": "la", "Guyane": "la", "La Réunion": "", "Mayotte": "",
    "Métropole de Lyon": "la",
}
"""The 101 départements (INSEE names) and the Métropole de Lyon, with their article."""

_REGION_ARTICLES: Final[dict[str, Article]] = {
    "Guadeloupe": "la", "Martinique": "la", "Guyane": "la", "La Réunion": "", "Mayotte": "",
    "Île-de-France": "l’", "Centre-Val de Loire": "le", "Bourgogne-Franche-Comté": "la",
    "Normandie": "la", "Hauts-de-France": "les", "Grand Est": "le", "Pays de la Loire": "les",
    "Bretagne": "la", "Nouvelle-Aquitaine": "la", "Occitanie": "l’",
    "Auvergne-Rhône-Alpes": "l’", "Provence-Alpes-Côte d'Azur": "la", "Corse": "la",
}
"""The 18 regions (INSEE names, 2016) with their article."""

FORMER_REGIONS: Final[dict[str, tuple[Article, tuple[str, ...]]]] = {
    "Alsace": ("l’", ("67", "68")),
    "Aquitaine": ("l’", ("24", "33", "40", "47", "64")),
    "Auvergne": ("l’", ("03", "15", "43", "63")),
    "Basse-Normandie": ("la", ("14", "50", "61")),
    "Bourgogne": ("la", ("21", "58", "71", "89")),
    "Champagne-Ardenne": ("la", ("08", "10", "51", "52")),
    "Franche-Comté": ("la", ("25", "39", "70", "90")),
    "Haute-Normandie": ("la", ("27", "76")),
    "Languedoc-Roussillon": ("le", ("11", "30", "34", "48", "66")),
    "Limousin": ("le", ("19", "23", "87")),
    "Lorraine": ("la", ("54", "55", "57", "88")),
    "Midi-Pyrénées": ("", ("09", "12", "31", "32", "46", "65", "81", "82")),
    "Nord-Pas-de-Calais": ("le", ("59", "62")),
    "Picardie": ("la", ("02", "60", "80")),
    "Poitou-Charentes": ("le", ("16", "17", "79", "86")),
    "Rhône-Alpes": ("", ("01", "07", "26", "38", "42", "69", "73", "74")),
}
"""Regions before 1 January 2016 (law n° 2015-29 of 16 January 2015) whose name is no longer a
region: article and INSEE départements. « Midi-Pyrénées » and « Rhône-Alpes » take no article
by usage (« la région Midi-Pyrénées », « en Rhône-Alpes »). Regions that kept their territory
(Bretagne, Corse, Pays de la Loire…) or only changed name (Centre) are today's regions."""


def key(name: str) -> str:
    """``name`` folded for comparison: no case, accents, hyphens, apostrophes or double
    spaces (« Côte-d’Or » = « cote d or »)."""
    s = re.sub(r"[-'’_.]", " ", fold(name.casefold()))
    return re.sub(r"\s+", " ", s).strip()


_ARTICLES: Final[dict[str, Article]] = {
    key(n): a
    for table in (_REGION_ARTICLES, {n: a for n, (a, _) in FORMER_REGIONS.items()},
                  _DEPARTEMENT_ARTICLES)
    for n, a in table.items()
}
_ELIDE = set("AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸ")
_CODE_SUFFIX = re.compile(r"^(.*?)(\s*\([^()]*\))$")
_LEADING_ARTICLE = re.compile(r"^(Les|Le|La)\s+(.+)$")


def article(name: str) -> Article:
    """The article of a département or region name (« Nord » → ``le``), ``""`` for a name the
    tables do not hold (a commune: see :func:`de`)."""
    return _ARTICLES.get(key(name), "")


def _de_one(name: str) -> str:
    m = _CODE_SUFFIX.match(name)
    bare, suffix = (m.group(1), m.group(2)) if m and m.group(1) else (name, "")
    art = _ARTICLES.get(key(bare))
    if art is None:  # a commune: its own leading article, else elision by the first letter
        lead = _LEADING_ARTICLE.match(bare)
        if lead and lead.group(1) != "La":
            contracted = "du" if lead.group(1) == "Le" else "des"
            return f"{contracted} {lead.group(2)}{suffix}"
        art = ""
    if art == "le":
        return f"du {bare}{suffix}"
    if art == "les":
        return f"des {bare}{suffix}"
    if art in ("la", "l’"):
        return f"de {art}{' ' if art == 'la' else ''}{bare}{suffix}"
    return f"{'d’' if bare[:1].upper() in _ELIDE else 'de '}{bare}{suffix}"


def _split_top(label: str) -> list[tuple[str, str]]:
    """``label`` cut at ``, `` / `` et `` / `` ou `` outside parentheses: (joiner, piece)."""
    out: list[tuple[str, str]] = []
    depth, start, joiner, i = 0, 0, "", 0
    while i < len(label):
        ch = label[i]
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            for sep in (", ", " et ", " ou "):
                if label.startswith(sep, i):
                    out.append((joiner, label[start:i]))
                    joiner, start = sep, i + len(sep)
                    i += len(sep) - 1
                    break
        i += 1
    out.append((joiner, label[start:]))
    return out


def de(label: str) -> str:
    """« de » + a place label, in French: « de l’Ain (01) », « du Nord (59) », « des
    Bouches-du-Rhône (13) », « de la Gironde (33) », « de Paris », « d’Angoulême (16) »,
    « du Havre (76) »; a list (« Nord (59) ou Pas-de-Calais (62) ») takes « de » on each name
    (« du Nord (59) ou du Pas-de-Calais (62) »). A trailing ``(…)`` (the département code) is
    kept as written; a label that starts with a digit (a postal code) takes « du » (« du 75011
    (Paris 11e Arrondissement) »)."""
    parts = []
    for joiner, piece in _split_top(label.strip()):
        if not piece:
            continue
        parts.append(joiner + (f"du {piece}" if piece[:1].isdigit() else _de_one(piece)))
    return "".join(parts)
