from __future__ import annotations

import typer
from rich.table import Table
from rich.console import Console

from invoicekit.rates.client import RatesClient

rates_app = typer.Typer(help="Exchange rates.")


@rates_app.command("show")
def show(base: str = "EUR") -> None:
    with RatesClient() as client:
        rates = client.latest(base)
    table = Table("currency", "rate")
    for code, rate in sorted(rates.rates.items()):
        table.add_row(code, f"{rate:.4f}")
    Console().print(table)
