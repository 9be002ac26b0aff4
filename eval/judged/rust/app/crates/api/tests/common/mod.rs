use axum::Router;
use sqlx::PgPool;

pub fn test_app(pool: PgPool) -> Router {
    invoicing_api::app(invoicing_api::state::AppState::new(pool))
}
