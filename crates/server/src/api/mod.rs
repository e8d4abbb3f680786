//! The HTTP API under `/api/v1`, one module per resource.

mod client_config;
pub mod error;
pub mod evm;
pub mod export;
pub mod extract;
mod health;
pub mod limits;
pub mod media;
pub mod native;
mod networks;
pub mod openapi;
pub mod ops;
pub mod public_errors;
pub mod yield_view;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/api/v1` routes. Unknown `/api` paths and wrong methods are answered by the
/// app's fallbacks; malformed requests by the extractors' rejections
/// ([`extract`]), all with the one JSON error body.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/health", get(health::health))
        .route("/api/v1/client-config", get(client_config::client_config))
        .route("/api/v1/networks", get(networks::list))
        .route("/api/v1/networks/{name}", get(networks::one))
        .route("/api/v1/openapi.json", get(openapi::openapi_json))
        .merge(native::routes())
        .merge(evm::routes())
}

/// The routes outside the request rate (whose clients are still known, for their
/// expensive-work slots): the media proxy.
pub fn unmetered_routes() -> Router<AppState> {
    Router::new().route("/api/v1/media", get(media::media))
}
