pub mod config;
pub mod db;
pub mod error;
pub mod middleware;
pub mod routes;
pub mod state;

use axum::Router;
use tower_http::trace::TraceLayer;

pub fn app(state: state::AppState) -> Router {
    Router::new()
        .merge(routes::health::router())
        .nest("/api/v1", routes::router())
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
