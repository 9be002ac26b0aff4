pub mod customers;
pub mod health;
pub mod invoices;
pub mod payments;

use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(customers::router())
        .merge(invoices::router())
        .merge(payments::router())
}
