from __future__ import annotations

from pathlib import Path

from lxml import etree

from invoicekit.models.invoice import Invoice

NS = {
    None: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
    "cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
    "cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
}


def write_ubl(invoice: Invoice, target: Path) -> None:
    root = etree.Element("Invoice", nsmap=NS)
    etree.SubElement(root, f"{{{NS['cbc']}}}ID").text = invoice.number
    target.write_bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
