"""Column mapping for Stripe's 'Invoices' CSV export."""
STRIPE_COLUMNS = {"id": "invoice_number", "created": "date", "currency": "currency"}
