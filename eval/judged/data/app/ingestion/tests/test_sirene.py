from unittest.mock import patch

from ingestion.extractors import sirene


def test_pages_s_arrete_quand_le_curseur_ne_change_plus():
    reponse = {"etablissements": [{"siret": "1"}], "header": {"curseurSuivant": "*"}}
    with patch("ingestion.extractors.sirene.requests.get") as get:
        get.return_value.json.return_value = reponse
        pages = list(sirene._pages("2024-01-01"))
    assert pages == [[{"siret": "1"}]]
