pub async fn run(pool: &sqlx::PgPool, count: u32) -> anyhow::Result<()> {
    for i in 0..count {
        sqlx::query("INSERT INTO customers (id, name, email) VALUES (gen_random_uuid(), $1, $2)")
            .bind(format!("Customer {i}"))
            .bind(format!("c{i}@example.test"))
            .execute(pool)
            .await?;
    }
    Ok(())
}
