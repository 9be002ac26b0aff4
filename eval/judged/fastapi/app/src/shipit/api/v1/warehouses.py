from fastapi import APIRouter
from sqlalchemy import select

from shipit.api.deps import SessionDep
from shipit.models.warehouse import Warehouse

router = APIRouter()


@router.get("")
async def list_warehouses(session: SessionDep) -> list[dict[str, str]]:
    rows = (await session.scalars(select(Warehouse))).all()
    return [{"code": w.code, "city": w.city} for w in rows]
