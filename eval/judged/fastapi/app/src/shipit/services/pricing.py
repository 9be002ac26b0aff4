def price_cents(weight_grams: int, carrier: str) -> int:
    base = {"dhl": 890, "colissimo": 620}[carrier]
    return base + (weight_grams // 500) * 110
