//! Staking routes (spec §3 "Staking data per chain", §7 "Contract calls (EVM)"):
//!
//! - `GET …/staking`: STLOS↔TLOS ratios (`previewDeposit` / `previewRedeem` of one
//!   unit), vault and escrow totals, the lock period, and the APY of the product API.
//! - `GET …/accounts/{address}/staking`: the account's STLOS and its TLOS value, its
//!   escrow deposits with their unlock times, what it can withdraw now.
//!
//! Every figure of one answer is read at one block, so they agree with each other.

mod apy;
mod view;

use alloy::primitives::Address;
use axum::extract::Path;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use tandem_evm::EvmError;
use tandem_evm::reads::ChainReader;

use super::account_params::AccountPath;
use super::params::evm_address;
use crate::api::error::ApiError;
use crate::api::extract::EvmNet;
use crate::evm::EvmNetwork;
use crate::state::AppState;

pub use apy::ApyStatus;
pub use view::{AccountStaking, DepositView, LockPeriod, ReadAt, StakingOverview};

/// The staking routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&format!("{}/staking", super::BASE), get(overview))
        .route(
            &format!("{}/accounts/{{address}}/staking", super::BASE),
            get(account),
        )
}

/// The vault and escrow of a network, or a 404 when it has none configured.
pub(crate) fn staking_contracts(network: &EvmNetwork) -> Result<(Address, Address), ApiError> {
    match (network.staked_token(), network.escrow()) {
        (Some(stlos), Some(escrow)) => Ok((stlos, escrow)),
        _ => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "evm.staking_not_configured",
            format!(
                "{} has no staking contracts configured",
                network.name().as_str()
            ),
        )),
    }
}

/// A failed chain read: 502 with the EVM crate's key (the node or a contract misbehaved).
pub(crate) fn chain_error(error: &EvmError) -> ApiError {
    let status = match error {
        EvmError::Domain(_) => StatusCode::BAD_REQUEST,
        _ => StatusCode::BAD_GATEWAY,
    };
    ApiError::new(status, error.code(), error.to_string())
}

/// A reader pinned to the newest block, and that block.
async fn pinned(reader: &ChainReader) -> Result<(ChainReader, ReadAt), ApiError> {
    let head = reader.block_head().await.map_err(|e| chain_error(&e))?;
    let read_at = ReadAt {
        block_number: head.number,
        timestamp: head.timestamp,
    };
    Ok((reader.at_block(head.number), read_at))
}

fn symbols(network: &EvmNetwork) -> (String, String) {
    let settings = network.settings();
    let staked = settings
        .staked_token
        .as_ref()
        .map_or_else(|| "STLOS".to_owned(), |token| token.symbol.clone());
    (settings.system_token.symbol.clone(), staked)
}

/// `GET /api/v1/evm/{network}/staking`
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/staking",
    tag = "evm",
    params(("network" = String, Path, description = "EVM network name, e.g. telos-evm")),
    responses(
        (status = 200, description = "Vault-wide staking figures and the APY", body = StakingOverview),
        (status = 400, description = "Unknown or non-EVM network", body = crate::api::openapi::ErrorBody),
        (status = 404, description = "No staking contracts on this network", body = crate::api::openapi::ErrorBody),
        (status = 502, description = "The node did not answer", body = crate::api::openapi::ErrorBody),
    )
)]
pub async fn overview(network: EvmNet) -> Result<Json<StakingOverview>, ApiError> {
    let (stlos, escrow) = staking_contracts(&network)?;
    let (reader, read_at) = pinned(network.reader()).await?;
    let api = network.settings().api_endpoint.clone();
    let (facts, apy) = tokio::join!(
        reader.staking_facts(stlos, escrow),
        apy::evm_apy(api.as_deref())
    );
    let facts = facts.map_err(|e| chain_error(&e))?;
    let (system, staked) = symbols(&network);
    Ok(Json(view::overview(&facts, apy, read_at, &system, &staked)))
}

/// `GET /api/v1/evm/{network}/accounts/{address}/staking`
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/staking",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name"),
        ("address" = String, Path, description = "Account address (0x + 40 hex; mixed case must be the checksum)"),
    ),
    responses(
        (status = 200, description = "The account's staking position", body = AccountStaking),
        (status = 400, description = "Unknown network or malformed address", body = crate::api::openapi::ErrorBody),
        (status = 404, description = "No staking contracts on this network", body = crate::api::openapi::ErrorBody),
        (status = 502, description = "The node did not answer", body = crate::api::openapi::ErrorBody),
    )
)]
pub async fn account(
    network: EvmNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<AccountStaking>, ApiError> {
    let owner = evm_address("address", &path.address)?;
    let (stlos, escrow) = staking_contracts(&network)?;
    let (reader, read_at) = pinned(network.reader()).await?;
    let (position, shares, total_assets, lock_duration) = tokio::try_join!(
        reader.escrow_position(escrow, owner),
        reader.balance_of(stlos, owner),
        reader.vault_total_assets(stlos),
        reader.escrow_lock_duration(escrow),
    )
    .map_err(|e| chain_error(&e))?;
    let shares_value = reader
        .preview_redeem(stlos, shares)
        .await
        .map_err(|e| chain_error(&e))?;
    let reads = view::AccountReads {
        address: owner.to_checksum(None),
        position,
        shares,
        shares_value,
        total_assets,
        lock_duration,
    };
    Ok(Json(view::account(reads, read_at)))
}
