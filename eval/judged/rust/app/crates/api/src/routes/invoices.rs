use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
    routing::{get, post},
    Json, Router,
};
use serde::Deserialize;
use uuid::Uuid;

use crate::{db, error::ApiError, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/invoices/:id", get(get_invoice))
        .route("/customers/:id/invoices", get(list_invoices))
        .route("/invoices/:id/issue", post(issue_invoice))
}

#[derive(Deserialize)]
pub struct Pagination {
    #[serde(default = "default_limit")]
    limit: i64,
    #[serde(default)]
    offset: i64,
}

fn default_limit() -> i64 {
    50
}

#[tracing::instrument(skip(state))]
async fn get_invoice(
    State(state): State<AppState>,
    Path(id): Path<Uuid>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let row = db::invoices::find_by_id(&state.pool, id).await?.ok_or(ApiError::NotFound)?;
    Ok(Json(serde_json::json!({ "id": row.id, "number": row.number, "status": row.status })))
}

async fn list_invoices(
    State(state): State<AppState>,
    Path(customer_id): Path<Uuid>,
    Query(p): Query<Pagination>,
) -> Result<Json<Vec<serde_json::Value>>, ApiError> {
    let rows = db::invoices::list_for_customer(&state.pool, customer_id, p.limit, p.offset).await?;
    Ok(Json(rows.into_iter().map(|r| serde_json::json!({ "id": r.id, "number": r.number })).collect()))
}

async fn issue_invoice(
    State(state): State<AppState>,
    Path(id): Path<Uuid>,
) -> Result<StatusCode, ApiError> {
    let n = db::invoices::set_status(&state.pool, id, invoicing_domain::invoice::InvoiceStatus::Issued).await?;
    if n == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}
