use clap::{Parser, Subcommand};

mod commands;

#[derive(Parser)]
#[command(name = "invoicing", version, about = "Invoicing admin CLI")]
struct Cli {
    #[arg(long, env = "DATABASE_URL")]
    database_url: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run pending migrations
    Migrate,
    /// Insert demo customers and invoices
    Seed { #[arg(long, default_value_t = 10)] count: u32 },
    /// Export invoices as CSV
    Export { #[arg(long)] since: Option<String> },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt::init();
    let cli = Cli::parse();
    let pool = sqlx::PgPool::connect(&cli.database_url).await?;
    match cli.command {
        Command::Migrate => commands::migrate::run(&pool).await,
        Command::Seed { count } => commands::seed::run(&pool, count).await,
        Command::Export { since } => commands::export::run(&pool, since.as_deref()).await,
    }
}
