import asyncio

from alembic import context
from sqlalchemy.ext.asyncio import async_engine_from_config

from shipit.db.base import Base
from shipit.models import parcel, shipment, warehouse  # noqa: F401

target_metadata = Base.metadata


def do_run_migrations(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


async def run_migrations_online() -> None:
    engine = async_engine_from_config(context.config.get_section("alembic") or {}, prefix="sqlalchemy.")
    async with engine.connect() as connection:
        await connection.run_sync(do_run_migrations)


asyncio.run(run_migrations_online())
