-- name: CreateCustomer :one
INSERT INTO customers (id, tenant_id, name, vat_number, billing_email)
VALUES ($1, $2, $3, $4, $5) RETURNING *;

-- name: GetCustomer :one
SELECT * FROM customers WHERE id = $1;

-- name: ListCustomers :many
SELECT * FROM customers ORDER BY name;
