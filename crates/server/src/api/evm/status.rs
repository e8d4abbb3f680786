//! `GET /api/v1/evm/{network}/status`: the chain's head and gas price (refreshed at
//! most every 10 s), which data source answers and the primary's health, the own
//! index's progress (indexed block, head, blocks per second, time to catch up, start
//! block, fills) and whether the token list has loaded. Chain reads that fail
//! leave their fields `null` with the reason; the route itself does not fail.

use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use tandem_indexer::progress::progress_text;

use super::views::SourceStatusView;
use crate::api::extract::EvmNet;
use crate::evm::own_index::IndexRole;
use crate::state::AppState;

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!("{}/status", crate::api::evm::params::BASE),
        get(status),
    )
}

/// What this server does for the own index.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum IndexRoleView {
    /// Opening the store and checking it holds this chain.
    Starting,
    /// This server writes the index.
    Writer,
    /// Another process writes it; this server waits to take over, serving reads.
    Standby,
    /// It serves a store another process writes (`write = false`).
    Reader,
    /// The index stopped on a problem someone must fix (`lastError`); what the store
    /// holds is still served.
    Stopped,
}

impl From<IndexRole> for IndexRoleView {
    fn from(role: IndexRole) -> Self {
        match role {
            IndexRole::Starting => Self::Starting,
            IndexRole::Writer => Self::Writer,
            IndexRole::Standby => Self::Standby,
            IndexRole::Reader => Self::Reader,
            IndexRole::Stopped => Self::Stopped,
        }
    }
}

/// Account fills since the server started.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FillCountsView {
    /// Fills begun.
    pub started: u64,
    /// Fills written.
    pub completed: u64,
    /// Attempts that failed.
    pub failed: u64,
    /// Running or queued now.
    pub active: u64,
}

/// The own index's progress.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndexerView {
    /// What this server does for the index.
    pub role: Option<IndexRoleView>,
    /// The first block the index holds (accounts are filled on demand below it).
    pub start_block: Option<u64>,
    /// Last committed block.
    pub indexed_block: Option<u64>,
    /// Chain head last seen.
    pub head_block: Option<u64>,
    /// Blocks between them.
    pub blocks_behind: Option<u64>,
    /// Blocks indexed per second over the last minute.
    #[schema(example = 850.0)]
    pub blocks_per_second: Option<f64>,
    /// Estimated seconds to catch up with the head at that rate (`null` while unknown or
    /// while the index does not gain on the head; 0 when caught up).
    pub seconds_to_catch_up: Option<u64>,
    /// The same figures as the server's progress log line.
    pub progress: String,
    /// The last block whose contracts and NFT metadata the index has read as well
    /// (names, symbols, media lag the blocks until this reaches `indexedBlock`).
    pub enriched_block: Option<u64>,
    /// Reorgs handled since start.
    pub reorgs: u64,
    /// That the last round failed (cleared by the next successful one) or that the index
    /// stopped, in a sentence; the cause is in the server's log and on `/readyz`.
    pub last_error: Option<String>,
    /// Account fills since start.
    pub fills: Option<FillCountsView>,
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
    /// That the node did not answer, in a sentence (the cause is in the server's log).
    pub rpc_error: Option<String>,
    /// The data source in use and the primary's health.
    pub source: SourceStatusView,
    /// The own index, on networks whose primary it is.
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
        rpc_error: chain
            .err()
            .map(|_| "the network's node did not answer".to_owned()),
        source: SourceStatusView::new(&evm),
        indexer: evm.indexer_status().map(|status| IndexerView {
            role: evm.index_role().map(|(role, _)| role.into()),
            start_block: status.start_block,
            indexed_block: status.indexed_block,
            head_block: status.head_block,
            blocks_behind: status.blocks_behind(),
            blocks_per_second: status
                .rate
                .map(|rate| (rate.blocks_per_second() * 10.0).round() / 10.0),
            seconds_to_catch_up: status
                .time_to_catch_up()
                .map(|eta| u64::try_from(eta.as_millis().div_ceil(1000)).unwrap_or(u64::MAX)),
            progress: progress_text(&status),
            enriched_block: status.enriched_block,
            reorgs: status.reorgs,
            last_error: status.last_error.as_ref().map(|_| {
                let stopped = matches!(evm.index_role(), Some((IndexRole::Stopped, _)));
                if stopped {
                    "the index stopped on a problem the operator must fix".to_owned()
                } else {
                    "the last indexing round failed; it is being retried".to_owned()
                }
            }),
            fills: evm.fill_counts().map(|counts| FillCountsView {
                started: counts.started,
                completed: counts.completed,
                failed: counts.failed,
                active: counts.active,
            }),
        }),
        token_list_loaded: evm.token_list().is_some(),
        prices_configured: evm.prices().is_configured(),
        network: name,
    })
}
