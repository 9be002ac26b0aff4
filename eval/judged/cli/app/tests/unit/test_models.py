from decimal import Decimal

from hypothesis import given, strategies as st

from invoicekit.models.invoice import LineItem


@given(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("1000"), places=2))
def test_net_is_rounded(price: Decimal) -> None:
    line = LineItem(description="x", quantity=Decimal(1), unit_price=price, vat_rate=Decimal(0))
    assert line.net == price
