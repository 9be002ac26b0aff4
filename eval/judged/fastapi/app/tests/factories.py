import uuid

import factory

from shipit.models.shipment import Shipment
from shipit.models.warehouse import Warehouse


class WarehouseFactory(factory.Factory):
    class Meta:
        model = Warehouse

    id = factory.LazyFunction(uuid.uuid4)
    code = factory.Sequence(lambda n: f"WH{n:03d}")
    city = "Lyon"
    country = "FR"


class ShipmentFactory(factory.Factory):
    class Meta:
        model = Shipment

    reference = factory.Sequence(lambda n: f"SHP-{n:05d}")
    carrier = "dhl"
