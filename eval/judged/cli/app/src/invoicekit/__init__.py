"""invoicekit: CSV exports to PDF and UBL invoices."""
from importlib.metadata import version

__version__ = version("invoicekit")
