import pandas as pd
import requests

from ingestion.config import parametres
from ingestion.db import charger_dataframe

COLONNES = ["siret", "siren", "enseigne_1", "code_postal", "code_commune",
            "activite_principale", "etat_administratif", "date_creation"]


def _pages(depuis: str):
    curseur = "*"
    while True:
        r = requests.get(
            f"{parametres.api_sirene_url}/siret",
            params={"q": f"dateDernierTraitementEtablissement:[{depuis} TO *]", "curseur": curseur,
                    "nombre": 1000},
            headers={"Authorization": f"Bearer {parametres.api_sirene_token}"},
            timeout=30,
        )
        r.raise_for_status()
        corps = r.json()
        yield corps["etablissements"]
        suivant = corps["header"]["curseurSuivant"]
        if suivant == curseur:
            return
        curseur = suivant


def extraire_mises_a_jour(depuis: str) -> int:
    lignes = [e for page in _pages(depuis) for e in page]
    df = pd.json_normalize(lignes).reindex(columns=COLONNES)
    df["_charge_le"] = pd.Timestamp.now(tz="Europe/Paris")
    return charger_dataframe(df, "etablissements", "raw_sirene")
