from pydantic import BaseModel


class Address(BaseModel):
    street: str
    city: str
    postcode: str
    country: str  # ISO 3166-1 alpha-2


class Party(BaseModel):
    name: str
    vat_id: str | None = None
    address: Address
