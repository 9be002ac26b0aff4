mod common;

use axum::{body::Body, http::Request};
use sqlx::PgPool;
use tower::ServiceExt;

#[tokio::test]
async fn placeholder_runtime_works() {
    assert_eq!(1 + 1, 2);
}

#[sqlx::test(migrations = "../../migrations")]
async fn healthz_ok(pool: PgPool) {
    let res = common::test_app(pool)
        .oneshot(Request::get("/healthz").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert!(res.status().is_success());
}
