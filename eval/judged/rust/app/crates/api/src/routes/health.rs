use axum::{extract::State, routing::get, Router};

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(health))
}

async fn health(State(state): State<AppState>) -> &'static str {
    match sqlx::query("SELECT 1").execute(&state.pool).await {
        Ok(_) => "ok",
        Err(_) => "degraded",
    }
}
