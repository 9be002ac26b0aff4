from datetime import date
from decimal import Decimal

from pydantic import BaseModel


class RatesResponse(BaseModel):
    base: str
    date: date
    rates: dict[str, Decimal]
