from pydantic import BaseModel
import os


class Parametres(BaseModel):
    dsn_entrepot: str = os.environ.get("ENTREPOT_DSN", "postgresql+psycopg2://dwh:dwh@localhost:5433/entrepot")
    api_sirene_url: str = "https://api.insee.fr/entreprises/sirene/V3.11"
    api_sirene_token: str = os.environ.get("SIRENE_TOKEN", "")
    taille_lot: int = 5000


parametres = Parametres()
