//! `GET /api/v1/evm/{network}/accounts/{address}/portfolio?range=day|week|month&fiat`:
//! the wallet's total fiat value over time (see [`crate::evm::portfolio`]).

use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::account_params::{AccountPath, bad_parameter};
use super::coverage::{CoverageView, IndexLagView, index_fields};
use super::params::{evm_address, fiat_currency};
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path, Query};
use crate::api::limits::Client;
use crate::evm::portfolio::PortfolioRange;
use crate::state::AppState;

/// Query of `…/portfolio`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PortfolioQuery {
    /// `day` (default), `week` or `month`.
    range: Option<String>,
    /// Fiat currency (default USD).
    fiat: Option<String>,
}

/// One point.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortfolioPointView {
    /// Ms since the epoch.
    pub time: u64,
    /// Total value of the counted holdings, exact decimal text; null where no price was known.
    pub value: Option<String>,
}

/// A holding the chart does not count (no price series).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UncountedView {
    /// Symbol.
    pub symbol: String,
    /// Contract (EIP-55).
    pub contract: String,
    /// Amount held now, exact decimal text.
    pub amount: String,
}

/// The wallet's value over time.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortfolioView {
    /// The account (EIP-55).
    pub address: String,
    /// `day`, `week` or `month`.
    pub range: String,
    /// Fiat currency.
    pub fiat: String,
    /// Points, oldest first, the last one now.
    pub points: Vec<PortfolioPointView>,
    /// Symbols the values count.
    pub counted: Vec<String>,
    /// Holdings left out for want of a price history.
    pub not_counted: Vec<UncountedView>,
    /// When the history read stopped short of the span's start (a very busy account):
    /// the earlier points assume no activity before this time.
    pub reached_back_to: Option<u64>,
    /// The own index's coverage of the account, on a network whose primary it is.
    pub coverage: Option<CoverageView>,
    /// How far the own index is behind the head.
    pub index_lag: Option<IndexLagView>,
}

/// The route.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!(
            "{}/accounts/{{address}}/portfolio",
            crate::api::evm::params::BASE
        ),
        get(portfolio),
    )
}

/// `GET …/accounts/{address}/portfolio`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/portfolio",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name"),
        ("address" = String, Path, description = "Account address"),
        PortfolioQuery,
    ),
    responses(
        (status = 200, description = "The wallet's value over the span", body = PortfolioView),
        (status = 400, description = "Unknown network, malformed address, range or fiat", body = crate::api::error::ErrorBody),
        (status = 502, description = "The data source did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn portfolio(
    network: EvmNet,
    Path(path): Path<AccountPath>,
    Query(query): Query<PortfolioQuery>,
    client: Client,
) -> Result<Json<PortfolioView>, ApiError> {
    let account = evm_address("address", &path.address)?;
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let word = query.range.as_deref().unwrap_or("day");
    let range = PortfolioRange::parse(word).ok_or_else(|| {
        bad_parameter(
            "range",
            format!("range is day, week or month, not '{word}'"),
        )
    })?;
    let chart = network.portfolio(account, range, &fiat, &client).await?;
    let (coverage, index_lag) = index_fields(chart.index.as_ref(), true);
    Ok(Json(PortfolioView {
        address: account.to_checksum(None),
        range: word.to_owned(),
        fiat,
        points: chart
            .points
            .iter()
            .map(|point| PortfolioPointView {
                time: point.time_ms,
                value: point.value.map(|v| v.to_plain_string()),
            })
            .collect(),
        counted: chart.counted,
        not_counted: chart
            .uncounted
            .iter()
            .map(|u| UncountedView {
                symbol: u.symbol.clone(),
                contract: u.contract.to_checksum(None),
                amount: u.amount.to_plain_string(),
            })
            .collect(),
        reached_back_to: chart.reached_back_to_ms,
        coverage,
        index_lag,
    }))
}
