pub async fn run(pool: &sqlx::PgPool, since: Option<&str>) -> anyhow::Result<()> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT number, status::text FROM invoices WHERE ($1::timestamptz IS NULL OR created_at >= $1::timestamptz)",
    )
    .bind(since)
    .fetch_all(pool)
    .await?;
    let mut w = csv::Writer::from_writer(std::io::stdout());
    for (number, status) in rows {
        w.write_record([number, status])?;
    }
    w.flush()?;
    Ok(())
}
