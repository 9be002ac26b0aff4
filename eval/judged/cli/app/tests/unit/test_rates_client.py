import httpx
import respx

from invoicekit.rates.client import RatesClient


@respx.mock
def test_latest_parses_rates() -> None:
    respx.get("https://api.frankfurter.app/latest").mock(
        return_value=httpx.Response(200, json={"base": "EUR", "date": "2024-06-01", "rates": {"USD": 1.08}})
    )
    with RatesClient() as client:
        assert client.latest().rates["USD"] > 1
