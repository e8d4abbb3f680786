//! The EVM wallet API under `/api/v1/evm/{network}/…`, one module per resource. Each
//! module exposes `routes() -> Router<AppState>` and is merged below; its handlers get
//! the network from the `EvmNet` extractor (a 400 `antelope.chain.error_invalid_network`
//! for unknown or non-EVM networks), check every other input with [`params`] before any
//! upstream call, and ask the services of [`crate::evm`]. Each handler carries a `#[utoipa::path]` annotation and is listed
//! in `crate::api::openapi`.

pub mod account_params;
pub mod approval_check;
pub mod approvals;
pub mod balances;
pub mod contracts;
pub mod coverage;
pub mod export;
pub mod history;
pub mod nfts;
pub mod params;
pub mod portfolio;
pub mod prepare;
pub mod prices;
pub mod staking;
pub mod status;
pub mod transaction;
pub mod views;

use axum::Router;

use crate::state::AppState;

/// The `/api/v1/evm/{network}/…` routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .merge(balances::routes())
        .merge(prices::routes())
        .merge(contracts::routes())
        .merge(status::routes())
        .merge(staking::routes())
        .merge(prepare::routes())
        .merge(history::routes())
        .merge(transaction::routes())
        .merge(nfts::routes())
        .merge(approvals::routes())
        .merge(approval_check::routes())
        .merge(export::routes())
        .merge(portfolio::routes())
}
