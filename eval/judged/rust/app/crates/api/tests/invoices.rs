mod common;

use axum::{body::Body, http::{Request, StatusCode}};
use sqlx::PgPool;
use tower::ServiceExt;

#[sqlx::test(migrations = "../../migrations", fixtures("../../../fixtures/customers.sql", "../../../fixtures/invoices.sql"))]
async fn get_invoice_returns_200(pool: PgPool) {
    let app = common::test_app(pool);
    let res = app
        .oneshot(Request::get("/api/v1/invoices/6f1c6a4e-0000-4000-8000-000000000001").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../../migrations")]
async fn unknown_invoice_is_404(pool: PgPool) {
    let app = common::test_app(pool);
    let res = app
        .oneshot(Request::get("/api/v1/invoices/00000000-0000-4000-8000-000000000000").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}
