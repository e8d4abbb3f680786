//! `GET /api/v1/evm/{network}/status`: the chain's head and gas price (refreshed at
//! most every 10 s), which data source answers and the primary's health, the built-in
//! indexer's progress and whether the token list has loaded. Chain reads that fail
//! leave their fields `null` with the reason; the route itself does not fail.

use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use super::views::SourceStatusView;
use crate::api::extract::EvmNet;
use crate::state::AppState;

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!("{}/status", crate::api::evm::params::BASE),
        get(status),
    )
}

/// The built-in indexer's progress.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndexerView {
    /// Last committed block.
    pub indexed_block: Option<u64>,
    /// Chain head last seen.
    pub head_block: Option<u64>,
    /// The last block whose contracts and NFT metadata the index has read as well
    /// (names, symbols, media lag the blocks until this reaches `indexedBlock`).
    pub enriched_block: Option<u64>,
    /// Reorgs handled since start.
    pub reorgs: u64,
    /// The last error, cleared by the next successful round.
    pub last_error: Option<String>,
}

/// One EVM network's status.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusView {
    /// The network.
    pub network: String,
    /// EVM chain id.
    pub chain_id: u64,
    /// The newest block, when the node answered.
    pub block_number: Option<u64>,
    /// Gas price in wei, exact decimal text, when the node answered.
    #[schema(example = "499172244212")]
    pub gas_price: Option<String>,
    /// Why the node did not answer.
    pub rpc_error: Option<String>,
    /// The data source in use and the primary's health.
    pub source: SourceStatusView,
    /// The built-in indexer, on networks it follows.
    pub indexer: Option<IndexerView>,
    /// Whether the token list has loaded.
    pub token_list_loaded: bool,
    /// Whether any price source is configured.
    pub prices_configured: bool,
}

/// The status of an EVM network.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/status",
    tag = "evm",
    params(("network" = String, Path, description = "EVM network")),
    responses(
        (status = 200, description = "Chain head, gas price and data source", body = StatusView),
        (status = 400, description = "Unknown or non-EVM network", body = crate::api::error::ErrorBody),
    )
)]
pub async fn status(evm: EvmNet) -> Json<StatusView> {
    let chain = evm.chain_data().await;
    let name = evm.name().to_string();
    Json(StatusView {
        chain_id: evm.chain_id(),
        block_number: chain.as_ref().ok().map(|data| data.block_number),
        gas_price: chain.as_ref().ok().map(|data| data.gas_price.to_string()),
        rpc_error: chain.err().map(|error| error.to_string()),
        source: SourceStatusView::new(&name, &evm.health()),
        indexer: evm.indexer_status().map(|status| IndexerView {
            indexed_block: status.indexed_block,
            head_block: status.head_block,
            enriched_block: status.enriched_block,
            reorgs: status.reorgs,
            last_error: status.last_error,
        }),
        token_list_loaded: evm.token_list().is_some(),
        prices_configured: evm.prices().is_configured(),
        network: name,
    })
}
