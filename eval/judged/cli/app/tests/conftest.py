from datetime import date
from decimal import Decimal

import pytest

from invoicekit.models.invoice import Invoice, LineItem
from invoicekit.models.party import Address, Party


@pytest.fixture
def invoice() -> Invoice:
    party = Party(name="ACME", address=Address(street="1 rue", city="Lyon", postcode="69001", country="FR"))
    return Invoice(number="F-001", issue_date=date(2024, 6, 1), currency="EUR", seller=party,
                   buyer=party, lines=[LineItem(description="Work", quantity=Decimal(2),
                                                unit_price=Decimal("50"), vat_rate=Decimal("0.2"))])
