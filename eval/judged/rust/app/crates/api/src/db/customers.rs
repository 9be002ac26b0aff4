use sqlx::PgPool;
use uuid::Uuid;

#[derive(sqlx::FromRow, serde::Serialize)]
pub struct CustomerRow {
    pub id: Uuid,
    pub name: String,
    pub email: String,
}

pub async fn create(pool: &PgPool, name: &str, email: &str) -> Result<CustomerRow, sqlx::Error> {
    sqlx::query_as::<_, CustomerRow>(
        "INSERT INTO customers (id, name, email) VALUES ($1, $2, $3) RETURNING id, name, email",
    )
    .bind(Uuid::new_v4())
    .bind(name)
    .bind(email)
    .fetch_one(pool)
    .await
}
