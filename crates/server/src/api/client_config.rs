//! `GET /api/v1/client-config`: what the browser app needs to know about this
//! server's configuration, so one build of the app serves every deployment.

use axum::Json;
use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;

use crate::state::ClientSettings;

/// Settings for the browser app.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientConfig {
    /// The connection-protocol (WalletConnect v2) project id; `null` when this server
    /// has none, and mobile wallets cannot connect through the protocol.
    wallet_connect_project_id: Option<String>,
}

/// The browser app's settings.
#[utoipa::path(
    get,
    path = "/api/v1/client-config",
    tag = "server",
    responses((status = 200, description = "The app's settings", body = ClientConfig))
)]
pub async fn client_config(State(client): State<Arc<ClientSettings>>) -> Json<ClientConfig> {
    Json(ClientConfig {
        wallet_connect_project_id: client.wallet_connect_project_id.clone(),
    })
}
