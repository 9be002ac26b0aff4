import pandas as pd

from ingestion.transform import normaliser_siret


def test_normaliser_siret_garde_14_chiffres():
    s = pd.Series(["552 100 554 00015", "123", None])
    assert normaliser_siret(s).tolist() == ["55210055400015", pd.NA, pd.NA]
