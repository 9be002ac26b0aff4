import httpx

from shipit.core.config import settings
from shipit.schemas.tracking import TrackingEvent


class ColissimoClient:
    def __init__(self) -> None:
        self._client = httpx.AsyncClient(base_url="https://ws.colissimo.fr", timeout=10)

    async def create_label(self, shipment_reference: str, weight_grams: int) -> bytes:
        resp = await self._client.post("/sls-ws/SlsServiceWSRest/2.0/generateLabel",
                                       json={"apiKey": settings.colissimo_api_key,
                                             "ref": shipment_reference, "weight": weight_grams / 1000})
        resp.raise_for_status()
        return resp.content

    async def track(self, tracking_number: str) -> list[TrackingEvent]:
        resp = await self._client.get(f"/tracking/{tracking_number}")
        resp.raise_for_status()
        return []
