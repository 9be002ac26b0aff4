from invoicekit.importers.mapping import rows_to_invoices


def test_groups_rows_by_invoice_number() -> None:
    assert rows_to_invoices([]) == []
