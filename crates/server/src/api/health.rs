//! `GET /api/v1/health`: is the server up, which version, which networks, and which
//! data source each EVM network reads from.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use tandem_domain::network::NetworkName;

use super::evm::views::SourceStatusView;
use crate::state::{AppState, ClientSettings};

/// The server's health.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Health {
    /// Always `ok` when the server answers.
    #[schema(example = "ok")]
    status: &'static str,
    /// Tandem's own version (the crate version).
    version: &'static str,
    uptime_seconds: u64,
    /// The served networks' names.
    #[schema(value_type = Vec<String>)]
    networks: Vec<NetworkName>,
    /// Per EVM network: which source serves balances and which serves lists, the
    /// primary's health, and the own index's lag where it is the primary.
    evm_sources: Vec<SourceStatusView>,
    /// Settings the operator left unset that change what users can do (never shown to
    /// the users themselves).
    operator_notes: Vec<OperatorNoteView>,
}

/// One unset setting and what it turns off.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperatorNoteView {
    /// The configuration key, e.g. `wallet_connect_project_id`.
    setting: &'static str,
    /// What is off while it is unset, and how to set it.
    note: &'static str,
}

/// Is the server up.
#[utoipa::path(
    get,
    path = "/api/v1/health",
    tag = "server",
    responses((status = 200, description = "The server is up", body = Health))
)]
pub async fn health(
    State(state): State<AppState>,
    State(client): State<Arc<ClientSettings>>,
) -> Json<Health> {
    Json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        uptime_seconds: state.host().uptime().as_secs(),
        networks: state
            .networks()
            .iter()
            .map(|settings| settings.name)
            .collect(),
        evm_sources: state
            .evm_networks()
            .iter()
            .map(SourceStatusView::new)
            .collect(),
        operator_notes: client
            .operator_notes()
            .into_iter()
            .map(|note| OperatorNoteView {
                setting: note.setting,
                note: note.note,
            })
            .collect(),
    })
}
