pub async fn run(pool: &sqlx::PgPool) -> anyhow::Result<()> {
    sqlx::migrate!("../../migrations").run(pool).await?;
    tracing::info!("migrations applied");
    Ok(())
}
