import uuid

from fastapi import APIRouter, HTTPException, status

from shipit.api.deps import SessionDep
from shipit.schemas.shipment import ShipmentCreate, ShipmentOut
from shipit.services import shipment_service
from shipit.workers.tasks import print_label

router = APIRouter()


@router.post("", response_model=ShipmentOut, status_code=status.HTTP_201_CREATED)
async def create_shipment(payload: ShipmentCreate, session: SessionDep) -> ShipmentOut:
    shipment = await shipment_service.create_shipment(session, payload)
    print_label.delay(str(shipment.id))
    return ShipmentOut.model_validate(shipment)


@router.get("/{shipment_id}", response_model=ShipmentOut)
async def get_shipment(shipment_id: uuid.UUID, session: SessionDep) -> ShipmentOut:
    shipment = await shipment_service.get_shipment(session, shipment_id)
    if shipment is None:
        raise HTTPException(status_code=404, detail="shipment not found")
    return ShipmentOut.model_validate(shipment)
