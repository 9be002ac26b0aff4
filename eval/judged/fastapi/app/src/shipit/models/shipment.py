import enum
import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, String, func
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shipit.db.base import Base


class ShipmentStatus(enum.StrEnum):
    CREATED = "created"
    LABELLED = "labelled"
    IN_TRANSIT = "in_transit"
    DELIVERED = "delivered"


class Shipment(Base):
    __tablename__ = "shipments"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    reference: Mapped[str] = mapped_column(String(32), unique=True)
    carrier: Mapped[str] = mapped_column(String(16))
    status: Mapped[ShipmentStatus] = mapped_column(default=ShipmentStatus.CREATED)
    warehouse_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("warehouses.id"))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())

    parcels: Mapped[list["Parcel"]] = relationship(back_populates="shipment")  # noqa: F821
