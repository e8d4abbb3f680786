//! The HTTP metrics of every answer: `tandem_http_requests_total{route, method,
//! status}` and `tandem_http_request_duration_seconds{route, method}`. The route is the
//! matched template (`/api/v1/evm/{network}/accounts/{address}/balances`), never the raw
//! path, so the series stay few whatever clients ask; anything no route matched (the
//! web app's pages, unknown `/api` paths) is `fallback`.

use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;

/// Records one request (a middleware for `axum::middleware::from_fn`).
pub async fn record(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "fallback".to_owned(), |path| path.as_str().to_owned());
    let method = method_label(request.method());
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_str().to_owned();
    metrics::histogram!(
        "tandem_http_request_duration_seconds",
        "route" => route.clone(),
        "method" => method
    )
    .record(started.elapsed().as_secs_f64());
    metrics::counter!(
        "tandem_http_requests_total",
        "route" => route,
        "method" => method,
        "status" => status
    )
    .increment(1);
    response
}

/// The standard methods by name; any other is `other` (a client cannot add series).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}
