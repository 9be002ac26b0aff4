import uuid

from shipit.carriers.registry import get_carrier
from shipit.db.session import SessionLocal
from shipit.services.shipment_service import get_shipment


async def generate_label(shipment_id: str) -> None:
    async with SessionLocal() as session:
        shipment = await get_shipment(session, uuid.UUID(shipment_id))
        if shipment is None:
            return
        client = get_carrier(shipment.carrier)
        for parcel in shipment.parcels:
            await client.create_label(shipment.reference, parcel.weight_grams)
        await session.commit()
