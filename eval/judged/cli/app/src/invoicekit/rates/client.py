from __future__ import annotations

from types import TracebackType

import httpx

from invoicekit.rates.models import RatesResponse

DEFAULT_BASE_URL = "https://api.frankfurter.app"


class RatesClient:
    def __init__(self, base_url: str = DEFAULT_BASE_URL, timeout: float = 10.0) -> None:
        self._client = httpx.Client(base_url=base_url, timeout=timeout)

    def latest(self, base: str = "EUR") -> RatesResponse:
        response = self._client.get("/latest", params={"from": base})
        response.raise_for_status()
        return RatesResponse.model_validate(response.json())

    def __enter__(self) -> RatesClient:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._client.close()
