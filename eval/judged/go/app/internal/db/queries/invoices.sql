-- name: CreateInvoice :one
INSERT INTO invoices (id, tenant_id, customer_id, currency, net_total, vat_total)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: GetInvoice :one
SELECT * FROM invoices WHERE id = $1;

-- name: GetInvoiceForUpdate :one
SELECT * FROM invoices WHERE id = $1 FOR UPDATE;

-- name: ListInvoicesByCustomer :many
SELECT * FROM invoices WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2;

-- name: NextInvoiceNumber :one
INSERT INTO invoice_sequences (tenant_id, last_value) VALUES ($1, 1)
ON CONFLICT (tenant_id) DO UPDATE SET last_value = invoice_sequences.last_value + 1
RETURNING last_value;

-- name: IssueInvoice :one
UPDATE invoices SET number = $2, status = 'issued', issued_at = now() WHERE id = $1 RETURNING *;
