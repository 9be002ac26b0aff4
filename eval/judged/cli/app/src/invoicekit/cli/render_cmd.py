from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import track

from invoicekit.importers.csv_reader import read_invoices
from invoicekit.render.pdf import render_pdf
from invoicekit.ubl.writer import write_ubl


class OutputFormat(str, Enum):
    pdf = "pdf"
    ubl = "ubl"


def render(
    csv_file: Annotated[Path, typer.Argument(exists=True, dir_okay=False)],
    fmt: Annotated[OutputFormat, typer.Option("--format", "-f")] = OutputFormat.pdf,
    out: Annotated[Path, typer.Option("--out", "-o", file_okay=False)] = Path("invoices"),
    currency: Annotated[str | None, typer.Option(help="Convert totals to this currency")] = None,
) -> None:
    """Render every invoice of CSV_FILE."""
    out.mkdir(parents=True, exist_ok=True)
    for invoice in track(read_invoices(csv_file), description="Rendering"):
        if fmt is OutputFormat.pdf:
            render_pdf(invoice, out / f"{invoice.number}.pdf")
        else:
            write_ubl(invoice, out / f"{invoice.number}.xml")
