from fastapi import FastAPI

from shipit.api.v1.router import api_router
from shipit.core.logging import configure_logging

configure_logging()
app = FastAPI(title="ShipIt API", version="0.4.2")
app.include_router(api_router, prefix="/api/v1")


@app.get("/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}
