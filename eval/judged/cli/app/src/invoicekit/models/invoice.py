from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator

from invoicekit.models.party import Party


class LineItem(BaseModel):
    model_config = ConfigDict(frozen=True)

    description: str
    quantity: Decimal = Field(gt=0)
    unit_price: Decimal
    vat_rate: Decimal = Field(ge=0, le=1)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def net(self) -> Decimal:
        return (self.quantity * self.unit_price).quantize(Decimal("0.01"))


class Invoice(BaseModel):
    number: str
    issue_date: date
    due_date: date | None = None
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    seller: Party
    buyer: Party
    lines: list[LineItem]

    @field_validator("lines")
    @classmethod
    def not_empty(cls, v: list[LineItem]) -> list[LineItem]:
        if not v:
            raise ValueError("an invoice needs at least one line")
        return v

    @property
    def total_net(self) -> Decimal:
        return sum((line.net for line in self.lines), Decimal("0"))
