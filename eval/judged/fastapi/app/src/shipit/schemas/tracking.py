from datetime import datetime

from pydantic import BaseModel


class TrackingEvent(BaseModel):
    occurred_at: datetime
    location: str | None = None
    description: str
