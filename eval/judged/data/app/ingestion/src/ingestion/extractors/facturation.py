from datetime import datetime

import pandas as pd
from sqlalchemy import create_engine, text

from ingestion.db import charger_dataframe
import os

SOURCE_DSN = os.environ.get("FACTURATION_DSN", "postgresql+psycopg2://lecture@facturation/app")


def repliquer_depuis(depuis: datetime) -> int:
    source = create_engine(SOURCE_DSN)
    with source.connect() as conn:
        df = pd.read_sql(text("select * from factures where modifiee_le >= :d"), conn,
                         params={"d": depuis})
    return charger_dataframe(df, "factures", "raw_facturation")
