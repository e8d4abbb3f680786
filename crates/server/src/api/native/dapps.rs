//! `GET /api/v1/native/{network}/dapps?q=`: the curated list of native-chain apps
//! ([`crate::native::dapps`]), searched by name, category and description. Every entry
//! is served on every native network, marked with whether it runs there, those that do
//! first, so a testnet or the devnet still shows the directory.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::api::error::ApiError;
use crate::api::extract::{NativeNet, Query};
use crate::native::dapps::Dapp;

/// Longest search text accepted.
const MAX_QUERY_CHARS: usize = 100;

/// Query of `…/dapps`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct DappQuery {
    /// Words to search for (every one must match); all apps when empty. At most 100 characters.
    q: Option<String>,
}

/// One app in the answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DappView {
    id: String,
    name: String,
    category: String,
    description: String,
    url: String,
    networks: Vec<String>,
    /// Whether the app runs on the network asked about.
    runs_on_network: bool,
}

impl DappView {
    fn new(dapp: &Dapp, runs_on_network: bool) -> Self {
        Self {
            id: dapp.id.clone(),
            name: dapp.name.clone(),
            category: dapp.category.clone(),
            description: dapp.description.clone(),
            url: dapp.url.clone(),
            networks: dapp.networks.clone(),
            runs_on_network,
        }
    }
}

/// `GET …/dapps`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DappsView {
    network: String,
    query: String,
    total: usize,
    /// Those that run on the network first.
    dapps: Vec<DappView>,
}

/// The curated apps matching every word of `q` (all when empty).
#[utoipa::path(
    get,
    operation_id = "native_dapps",
    path = "/api/v1/native/{network}/dapps",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), DappQuery),
    responses(
        (status = 200, description = "Matching apps", body = DappsView),
        (status = 400, description = "Unknown network or a search too long", body = crate::api::error::ErrorBody),
    )
)]
pub async fn dapps(
    native: NativeNet,
    Query(query): Query<DappQuery>,
) -> Result<Json<DappsView>, ApiError> {
    let text = query.q.unwrap_or_default();
    if text.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "validation.invalid_parameter",
            format!("q can have at most {MAX_QUERY_CHARS} characters"),
        )
        .with_details(serde_json::json!({ "parameter": "q" })));
    }
    let name = native.settings.name.to_string();
    let dapps: Vec<DappView> = native
        .dapps()
        .search(&name, &text)
        .into_iter()
        .map(|(dapp, runs)| DappView::new(dapp, runs))
        .collect();
    Ok(Json(DappsView {
        network: name,
        query: text.trim().to_owned(),
        total: dapps.len(),
        dapps,
    }))
}
