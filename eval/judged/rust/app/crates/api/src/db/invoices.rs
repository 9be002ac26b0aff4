use invoicing_domain::invoice::{Invoice, InvoiceStatus};
use sqlx::PgPool;
use uuid::Uuid;

#[derive(sqlx::FromRow)]
pub struct InvoiceRow {
    pub id: Uuid,
    pub customer_id: Uuid,
    pub number: String,
    pub status: String,
    pub currency: String,
}

pub async fn find_by_id(pool: &PgPool, id: Uuid) -> Result<Option<InvoiceRow>, sqlx::Error> {
    sqlx::query_as::<_, InvoiceRow>(
        "SELECT id, customer_id, number, status::text AS status, currency FROM invoices WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await
}

pub async fn list_for_customer(
    pool: &PgPool,
    customer_id: Uuid,
    limit: i64,
    offset: i64,
) -> Result<Vec<InvoiceRow>, sqlx::Error> {
    sqlx::query_as::<_, InvoiceRow>(
        "SELECT id, customer_id, number, status::text AS status, currency FROM invoices \
         WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2 OFFSET $3",
    )
    .bind(customer_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await
}

pub async fn insert(pool: &PgPool, invoice: &Invoice) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("INSERT INTO invoices (id, customer_id, number, currency) VALUES ($1, $2, $3, $4)")
        .bind(invoice.id)
        .bind(invoice.customer_id)
        .bind(&invoice.number)
        .bind(&invoice.currency)
        .execute(&mut *tx)
        .await?;
    for line in &invoice.lines {
        sqlx::query(
            "INSERT INTO invoice_lines (id, invoice_id, description, quantity, unit_price, vat_rate) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(Uuid::new_v4())
        .bind(invoice.id)
        .bind(&line.description)
        .bind(line.quantity)
        .bind(line.unit_price)
        .bind(line.vat_rate)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

pub async fn set_status(pool: &PgPool, id: Uuid, status: InvoiceStatus) -> Result<u64, sqlx::Error> {
    let s = serde_json::to_value(status).unwrap().as_str().unwrap().to_owned();
    let res = sqlx::query("UPDATE invoices SET status = $1::invoice_status WHERE id = $2")
        .bind(s)
        .bind(id)
        .execute(pool)
        .await?;
    Ok(res.rows_affected())
}
