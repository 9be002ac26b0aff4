use axum::{
    extract::{Path, State},
    routing::post,
    Json, Router,
};
use rust_decimal::Decimal;
use serde::Deserialize;
use uuid::Uuid;

use crate::{db, error::ApiError, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new().route("/invoices/:id/payments", post(record_payment))
}

#[derive(Deserialize)]
pub struct NewPayment {
    amount: Decimal,
    method: String,
}

async fn record_payment(
    State(state): State<AppState>,
    Path(invoice_id): Path<Uuid>,
    Json(body): Json<NewPayment>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let id = db::payments::record(&state.pool, invoice_id, body.amount, &body.method).await?;
    Ok(Json(serde_json::json!({ "id": id })))
}
