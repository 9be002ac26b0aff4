from __future__ import annotations

from collections.abc import Iterable

from invoicekit.models.invoice import Invoice


def rows_to_invoices(rows: Iterable[dict[str, str]]) -> list[Invoice]:
    grouped: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        grouped.setdefault(row["invoice_number"], []).append(row)
    return [Invoice.model_validate(_to_payload(number, lines)) for number, lines in grouped.items()]


def _to_payload(number: str, rows: list[dict[str, str]]) -> dict[str, object]:
    first = rows[0]
    return {"number": number, "issue_date": first["date"], "currency": first["currency"],
            "seller": {}, "buyer": {}, "lines": rows}
