from shipit.carriers.base import CarrierClient
from shipit.carriers.colissimo import ColissimoClient
from shipit.carriers.dhl import DhlClient


def get_carrier(name: str) -> CarrierClient:
    return {"dhl": DhlClient, "colissimo": ColissimoClient}[name]()
