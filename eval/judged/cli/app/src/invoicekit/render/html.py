from __future__ import annotations

from jinja2 import Environment, PackageLoader, select_autoescape

from invoicekit.models.invoice import Invoice

env = Environment(
    loader=PackageLoader("invoicekit", "templates"),
    autoescape=select_autoescape(["html", "xml"]),
)


def render_html(invoice: Invoice, template: str = "invoice.html.j2") -> str:
    return env.get_template(template).render(invoice=invoice)
