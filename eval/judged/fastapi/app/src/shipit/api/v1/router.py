from fastapi import APIRouter

from shipit.api.v1 import shipments, tracking, warehouses

api_router = APIRouter()
api_router.include_router(shipments.router, prefix="/shipments", tags=["shipments"])
api_router.include_router(tracking.router, prefix="/tracking", tags=["tracking"])
api_router.include_router(warehouses.router, prefix="/warehouses", tags=["warehouses"])
