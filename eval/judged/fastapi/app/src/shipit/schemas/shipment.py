import uuid
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field


class ParcelIn(BaseModel):
    weight_grams: int = Field(gt=0, le=30_000)


class ShipmentCreate(BaseModel):
    reference: str = Field(min_length=3, max_length=32)
    carrier: str
    warehouse_id: uuid.UUID
    parcels: list[ParcelIn]


class ShipmentOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    reference: str
    carrier: str
    status: str
    created_at: datetime
