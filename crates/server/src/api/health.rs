//! `GET /api/v1/health`: is the server up, which version, which networks.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use tandem_domain::network::NetworkName;

use crate::app::AppState;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Health {
    status: &'static str,
    /// Tandem's own version (the crate version).
    version: &'static str,
    uptime_seconds: u64,
    networks: Vec<NetworkName>,
}

pub async fn health(State(state): State<AppState>) -> Json<Health> {
    Json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        uptime_seconds: state.uptime().as_secs(),
        networks: state
            .networks()
            .iter()
            .map(|settings| settings.name)
            .collect(),
    })
}
