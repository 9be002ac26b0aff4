from typing import Protocol

from shipit.schemas.tracking import TrackingEvent


class CarrierClient(Protocol):
    async def create_label(self, shipment_reference: str, weight_grams: int) -> bytes: ...
    async def track(self, tracking_number: str) -> list[TrackingEvent]: ...
