from functools import lru_cache

import pandas as pd
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from ingestion.config import parametres


@lru_cache(maxsize=1)
def moteur() -> Engine:
    return create_engine(parametres.dsn_entrepot, pool_pre_ping=True)


def charger_dataframe(df: pd.DataFrame, table: str, schema: str) -> int:
    """Remplace le contenu de schema.table par df, dans une transaction."""
    with moteur().begin() as conn:
        conn.execute(text(f'truncate table "{schema}"."{table}"'))
        df.to_sql(table, conn, schema=schema, if_exists="append", index=False, method="multi",
                  chunksize=parametres.taille_lot)
    return len(df)
