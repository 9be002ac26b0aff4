import uuid

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from shipit.db.base import Base


class Warehouse(Base):
    __tablename__ = "warehouses"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    city: Mapped[str]
    country: Mapped[str] = mapped_column(String(2))
