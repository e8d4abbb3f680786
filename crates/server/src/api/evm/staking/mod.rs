//! Staking routes (spec §3 "Staking data per chain", §7 "Contract calls (EVM)"):
//!
//! - `GET …/staking`: STLOS↔TLOS ratios (`previewDeposit` / `previewRedeem` of one
//!   unit), vault and escrow totals, the lock period, and the APY of the product API.
//! - `GET …/accounts/{address}/staking`: the account's STLOS and its TLOS value, its
//!   escrow deposits with their unlock times, what it can withdraw now.
//! - `GET …/staking/yield`: what STLOS returned over the last 7 and 30 days, measured from
//!   its share price at past blocks (ADR 0039).
//!
//! Every figure of one answer is read at one block, so they agree with each other.

mod view;

use axum::routing::get;
use axum::{Json, Router};

use super::account_params::AccountPath;
use super::params::evm_address;
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path};
use crate::state::AppState;

pub use view::{AccountStaking, DepositView, LockPeriod, ReadAt, StakingOverview};

/// The staking routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            &format!("{}/staking", crate::api::evm::params::BASE),
            get(overview),
        )
        .route(
            &format!("{}/staking/yield", crate::api::evm::params::BASE),
            get(staking_yield),
        )
        .route(
            &format!(
                "{}/accounts/{{address}}/staking",
                crate::api::evm::params::BASE
            ),
            get(account),
        )
}

/// `GET /api/v1/evm/{network}/staking`
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/staking",
    tag = "evm",
    params(("network" = String, Path, description = "EVM network name, e.g. telos-evm")),
    responses(
        (status = 200, description = "Vault-wide staking figures and the APY", body = StakingOverview),
        (status = 400, description = "Unknown or non-EVM network", body = crate::api::error::ErrorBody),
        (status = 404, description = "No staking contracts on this network", body = crate::api::error::ErrorBody),
        (status = 502, description = "The node did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn overview(network: EvmNet) -> Result<Json<StakingOverview>, ApiError> {
    let reads = network.staking_overview().await?;
    let (system, staked) = network.staking_symbols();
    Ok(Json(view::overview(
        &reads.facts,
        reads.apy,
        reads.read_at.into(),
        &system,
        &staked,
    )))
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
        (status = 400, description = "Unknown network or malformed address", body = crate::api::error::ErrorBody),
        (status = 404, description = "No staking contracts on this network", body = crate::api::error::ErrorBody),
        (status = 502, description = "The node did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn account(
    network: EvmNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<AccountStaking>, ApiError> {
    let owner = evm_address("address", &path.address)?;
    let position = network.staking_position(owner).await?;
    Ok(Json(view::account(owner.to_checksum(None), &position)))
}

/// `GET /api/v1/evm/{network}/staking/yield`
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/staking/yield",
    tag = "evm",
    params(("network" = String, Path, description = "EVM network name, e.g. telos-evm")),
    responses(
        (status = 200, description = "STLOS's measured yield over 7 and 30 days, each window measured or the reason it is not", body = crate::api::yield_view::StakingYieldView),
        (status = 400, description = "Unknown or non-EVM network", body = crate::api::error::ErrorBody),
        (status = 404, description = "No staking contracts on this network", body = crate::api::error::ErrorBody),
        (status = 502, description = "The node did not give the share price now", body = crate::api::error::ErrorBody),
    )
)]
pub async fn staking_yield(
    network: EvmNet,
) -> Result<Json<crate::api::yield_view::StakingYieldView>, ApiError> {
    use crate::api::yield_view::{PriceUnits, yield_view};
    let report = network.staking_yield().await?;
    let (system, staked) = network.staking_symbols();
    let settings = network.settings();
    let units = PriceUnits {
        asset_symbol: &system,
        asset_decimals: settings.system_token.decimals,
        share_symbol: &staked,
        share_decimals: settings
            .staked_token
            .as_ref()
            .map_or(view::WEI_DECIMALS, |token| token.decimals),
    };
    Ok(Json(yield_view(&report, units)))
}
