import uuid

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from shipit.models.parcel import Parcel
from shipit.models.shipment import Shipment
from shipit.schemas.shipment import ShipmentCreate


async def create_shipment(session: AsyncSession, payload: ShipmentCreate) -> Shipment:
    shipment = Shipment(reference=payload.reference, carrier=payload.carrier,
                        warehouse_id=payload.warehouse_id)
    shipment.parcels = [Parcel(weight_grams=p.weight_grams) for p in payload.parcels]
    session.add(shipment)
    await session.commit()
    return shipment


async def get_shipment(session: AsyncSession, shipment_id: uuid.UUID) -> Shipment | None:
    return await session.scalar(select(Shipment).where(Shipment.id == shipment_id))
