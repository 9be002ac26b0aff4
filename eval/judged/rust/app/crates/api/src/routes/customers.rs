use axum::{extract::State, routing::post, Json, Router};
use serde::Deserialize;

use crate::{db, error::ApiError, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new().route("/customers", post(create_customer))
}

#[derive(Deserialize)]
pub struct CreateCustomer {
    name: String,
    email: String,
}

async fn create_customer(
    State(state): State<AppState>,
    Json(body): Json<CreateCustomer>,
) -> Result<Json<db::customers::CustomerRow>, ApiError> {
    Ok(Json(db::customers::create(&state.pool, &body.name, &body.email).await?))
}
