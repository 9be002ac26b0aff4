from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from invoicekit.cli.render_cmd import render
from invoicekit.cli.rates_cmd import rates_app

app = typer.Typer(no_args_is_help=True, help="Turn CSV exports into invoices.")
app.command()(render)
app.add_typer(rates_app, name="rates")
console = Console(stderr=True)


@app.command()
def validate(csv_file: Annotated[Path, typer.Argument(exists=True, dir_okay=False)]) -> None:
    """Check a CSV export without rendering anything."""
    from invoicekit.importers.csv_reader import read_rows

    rows = list(read_rows(csv_file))
    console.print(f"[green]{len(rows)} rows OK[/green]")
