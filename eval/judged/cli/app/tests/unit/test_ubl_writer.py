from pathlib import Path

from invoicekit.models.invoice import Invoice
from invoicekit.ubl.writer import write_ubl


def test_writes_invoice_id(invoice: Invoice, tmp_path: Path) -> None:
    target = tmp_path / "f.xml"
    write_ubl(invoice, target)
    assert b"F-001" in target.read_bytes()
