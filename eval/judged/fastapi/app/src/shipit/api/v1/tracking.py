from fastapi import APIRouter

from shipit.carriers.registry import get_carrier
from shipit.schemas.tracking import TrackingEvent

router = APIRouter()


@router.get("/{carrier}/{tracking_number}", response_model=list[TrackingEvent])
async def track(carrier: str, tracking_number: str) -> list[TrackingEvent]:
    client = get_carrier(carrier)
    return await client.track(tracking_number)
