CREATE TABLE invoices (
    id          UUID PRIMARY KEY,
    tenant_id   TEXT NOT NULL,
    customer_id UUID NOT NULL REFERENCES customers(id),
    number      TEXT,
    currency    CHAR(3) NOT NULL,
    status      TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft','issued','paid','void')),
    net_total   NUMERIC(14,2) NOT NULL DEFAULT 0,
    vat_total   NUMERIC(14,2) NOT NULL DEFAULT 0,
    issued_at   TIMESTAMPTZ,
    due_at      TIMESTAMPTZ,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, number)
);
CREATE TABLE invoice_lines (
    id          BIGSERIAL PRIMARY KEY,
    invoice_id  UUID NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
    description TEXT NOT NULL,
    quantity    NUMERIC(12,3) NOT NULL,
    unit_price  NUMERIC(14,2) NOT NULL,
    vat_rate    NUMERIC(5,4) NOT NULL
);
CREATE TABLE invoice_sequences (
    tenant_id TEXT PRIMARY KEY,
    last_value BIGINT NOT NULL DEFAULT 0
);
