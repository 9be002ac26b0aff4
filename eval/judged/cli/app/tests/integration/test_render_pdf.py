from pathlib import Path

import pytest

from invoicekit.models.invoice import Invoice
from invoicekit.render.pdf import render_pdf


@pytest.mark.slow
def test_renders_pdf(invoice: Invoice, tmp_path: Path) -> None:
    target = tmp_path / "f.pdf"
    render_pdf(invoice, target)
    assert target.read_bytes().startswith(b"%PDF")
