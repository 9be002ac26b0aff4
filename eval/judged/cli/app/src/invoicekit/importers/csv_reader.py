from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

from invoicekit.models.invoice import Invoice


def read_rows(path: Path) -> Iterator[dict[str, str]]:
    with path.open(newline="", encoding="utf-8-sig") as fh:
        yield from csv.DictReader(fh)


def read_invoices(path: Path) -> list[Invoice]:
    from invoicekit.importers.mapping import rows_to_invoices

    return rows_to_invoices(read_rows(path))
