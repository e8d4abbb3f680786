//! The operator's routes, outside `/api/v1`, the OpenAPI document and the rate limiter
//! (docs/operate.md):
//!
//! - `GET /livez`: the process answers (always 200);
//! - `GET /readyz`: 200 while every served EVM network can be answered from some
//!   source, 503 while one cannot (its primary down and its node unreachable), with a
//!   JSON body naming each network, its source and why; 503 `stopping` from the moment
//!   a stop begins;
//! - `GET /metrics`: Prometheus text format.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::error::ApiError;
use crate::cache::CacheStore;
use crate::evm::EvmNetworks;
use crate::ops::metrics::Metrics;
use crate::ops::readiness::{self, NetworkReadiness};
use crate::state::{AppState, Host};

/// The operator's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/livez", get(live))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
}

#[derive(Debug, Serialize)]
struct Live {
    status: &'static str,
}

async fn live() -> Json<Live> {
    Json(Live { status: "live" })
}

#[derive(Debug, Serialize)]
struct Ready {
    /// `ready`, `unready` or `stopping`.
    status: &'static str,
    networks: Vec<NetworkReadiness>,
}

async fn ready(
    State(networks): State<Arc<EvmNetworks>>,
    State(host): State<Arc<Host>>,
) -> Response {
    // Checked first and without waiting on anything: a load balancer must see a
    // stopping server as unready at once, whatever its networks say.
    let (status, word, networks) = if host.stopping() {
        (StatusCode::SERVICE_UNAVAILABLE, "stopping", Vec::new())
    } else {
        let networks = readiness::check(&networks).await;
        if networks.iter().all(|network| network.ready) {
            (StatusCode::OK, "ready", networks)
        } else {
            (StatusCode::SERVICE_UNAVAILABLE, "unready", networks)
        }
    };
    let mut response = (
        status,
        Json(Ready {
            status: word,
            networks,
        }),
    )
        .into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    response
}

async fn metrics(
    State(networks): State<Arc<EvmNetworks>>,
    State(store): State<CacheStore>,
) -> Response {
    let Some(metrics) = Metrics::global() else {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "metrics_unavailable",
            "no metrics recorder is installed in this process",
        )
        .into_response();
    };
    let text = metrics.render(&networks, &store).await;
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}
