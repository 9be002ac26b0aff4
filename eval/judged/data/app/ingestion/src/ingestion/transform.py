import pandas as pd


def normaliser_siret(serie: pd.Series) -> pd.Series:
    """Garde 14 chiffres, None sinon."""
    propre = serie.astype("string").str.replace(r"\D", "", regex=True)
    return propre.where(propre.str.len() == 14)
