from __future__ import annotations

from pathlib import Path

from weasyprint import HTML

from invoicekit.models.invoice import Invoice
from invoicekit.render.html import render_html


def render_pdf(invoice: Invoice, target: Path) -> None:
    HTML(string=render_html(invoice)).write_pdf(target)
