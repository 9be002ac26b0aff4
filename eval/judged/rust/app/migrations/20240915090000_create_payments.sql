CREATE TABLE payments (
    id UUID PRIMARY KEY,
    invoice_id UUID NOT NULL REFERENCES invoices(id),
    amount NUMERIC(12,2) NOT NULL,
    paid_at TIMESTAMPTZ NOT NULL,
    method TEXT NOT NULL
);
CREATE INDEX payments_invoice_id_idx ON payments(invoice_id);
