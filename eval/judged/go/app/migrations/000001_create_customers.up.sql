CREATE TABLE customers (
    id            UUID PRIMARY KEY,
    tenant_id     TEXT NOT NULL,
    name          TEXT NOT NULL,
    vat_number    TEXT NOT NULL DEFAULT '',
    billing_email TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX customers_tenant_idx ON customers (tenant_id);
