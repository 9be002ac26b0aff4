use rust_decimal::Decimal;
use sqlx::PgPool;
use uuid::Uuid;

pub async fn record(pool: &PgPool, invoice_id: Uuid, amount: Decimal, method: &str) -> Result<Uuid, sqlx::Error> {
    let id = Uuid::new_v4();
    sqlx::query("INSERT INTO payments (id, invoice_id, amount, paid_at, method) VALUES ($1, $2, $3, now(), $4)")
        .bind(id)
        .bind(invoice_id)
        .bind(amount)
        .bind(method)
        .execute(pool)
        .await?;
    Ok(id)
}
