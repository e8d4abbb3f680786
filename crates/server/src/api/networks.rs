//! `GET /api/v1/networks` and `GET /api/v1/networks/{name}`: chain settings.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use tandem_domain::DomainError;
use tandem_domain::network::{ChainSettings, NetworkName};

use super::error::ApiError;
use crate::api::extract::Path;
use crate::state::AppState;

/// Every served network's chain settings.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NetworkList {
    /// Chain settings (spec §3 "Chain settings"), in the API's order.
    networks: Vec<ChainSettings>,
}

/// The served networks.
#[utoipa::path(
    get,
    path = "/api/v1/networks",
    tag = "server",
    responses((status = 200, description = "Every served network", body = NetworkList))
)]
pub async fn list(State(state): State<AppState>) -> Json<NetworkList> {
    Json(NetworkList {
        networks: state.networks().to_vec(),
    })
}

/// One network's chain settings.
#[utoipa::path(
    get,
    path = "/api/v1/networks/{name}",
    tag = "server",
    params(("name" = String, Path, description = "Network name, e.g. telos-evm")),
    responses(
        (status = 200, description = "The network's chain settings", body = ChainSettings),
        (status = 404, description = "Unknown or unserved network", body = super::error::ErrorBody),
    )
)]
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
