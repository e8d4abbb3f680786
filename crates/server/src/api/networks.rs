//! `GET /api/v1/networks` and `GET /api/v1/networks/{name}`: chain settings.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Serialize;
use tandem_domain::DomainError;
use tandem_domain::network::{ChainSettings, NetworkName};

use super::error::ApiError;
use crate::app::AppState;

#[derive(Debug, Serialize)]
pub struct NetworkList {
    networks: Vec<ChainSettings>,
}

pub async fn list(State(state): State<AppState>) -> Json<NetworkList> {
    Json(NetworkList {
        networks: state.networks().to_vec(),
    })
}

pub async fn one(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<ChainSettings>, ApiError> {
    let unknown = |error: DomainError| {
        ApiError::from_domain(StatusCode::NOT_FOUND, &error)
            .with_details(serde_json::json!({ "network": name }))
    };
    let network: NetworkName = name.parse().map_err(unknown)?;
    state
        .networks()
        .iter()
        .find(|settings| settings.name == network)
        .cloned()
        .map(Json)
        // A known network this deployment does not serve (the devnet without a
        // manifest) is as unknown to the client as a misspelt one.
        .ok_or_else(|| unknown(DomainError::InvalidNetwork(name.clone())))
}
