mod common;

use axum::{body::Body, http::{header, Request, StatusCode}};
use sqlx::PgPool;
use tower::ServiceExt;

#[sqlx::test(migrations = "../../migrations")]
async fn create_customer(pool: PgPool) {
    let app = common::test_app(pool);
    let req = Request::post("/api/v1/customers")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(r#"{"name":"Acme","email":"billing@acme.test"}"#))
        .unwrap();
    let res = app.oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}
