import httpx
import respx

from shipit.carriers.dhl import DhlClient


@respx.mock
async def test_track_parses_events() -> None:
    respx.get("https://api-eu.dhl.com/track/shipments").mock(return_value=httpx.Response(
        200, json={"shipments": [{"events": [{"timestamp": "2025-01-02T10:00:00Z",
                                             "description": "Delivered"}]}]}))
    events = await DhlClient().track("JD0001")
    assert events[0].description == "Delivered"
