import httpx

from shipit.core.config import settings
from shipit.schemas.tracking import TrackingEvent

BASE_URL = "https://api-eu.dhl.com"


class DhlClient:
    def __init__(self, client: httpx.AsyncClient | None = None) -> None:
        self._client = client or httpx.AsyncClient(
            base_url=BASE_URL, timeout=settings.carrier_timeout_s,
            headers={"DHL-API-Key": settings.dhl_api_key})

    async def create_label(self, shipment_reference: str, weight_grams: int) -> bytes:
        resp = await self._client.post("/parcel/de/shipping/v2/orders",
                                       json={"reference": shipment_reference, "weight": weight_grams})
        resp.raise_for_status()
        return resp.content

    async def track(self, tracking_number: str) -> list[TrackingEvent]:
        resp = await self._client.get("/track/shipments", params={"trackingNumber": tracking_number})
        resp.raise_for_status()
        return [TrackingEvent(occurred_at=e["timestamp"], description=e["description"])
                for e in resp.json()["shipments"][0]["events"]]
