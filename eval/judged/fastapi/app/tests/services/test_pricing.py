from shipit.services.pricing import price_cents


def test_price_grows_with_weight() -> None:
    assert price_cents(1000, "dhl") > price_cents(100, "dhl")
