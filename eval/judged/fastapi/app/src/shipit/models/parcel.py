import uuid

from sqlalchemy import ForeignKey
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shipit.db.base import Base


class Parcel(Base):
    __tablename__ = "parcels"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    shipment_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("shipments.id"))
    weight_grams: Mapped[int]
    tracking_number: Mapped[str | None]
    label_url: Mapped[str | None]

    shipment: Mapped["Shipment"] = relationship(back_populates="parcels")  # noqa: F821
