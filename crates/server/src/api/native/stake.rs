//! What the staking, resource and voting screens read besides the account: the CPU and NET
//! an account staked for itself and for others, and what a RAM trade books now.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::account::AccountPath;
use super::account_name;
use super::views::AssetView;
use crate::api::error::ApiError;
use crate::api::extract::{NativeNet, Path, Query};
use crate::native::RamTrade;

/// CPU and NET staked by the account for one receiver (itself or another account).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DelegationView {
    /// Who receives the resources.
    to: String,
    cpu: AssetView,
    net: AssetView,
}

/// `GET …/accounts/{account}/delegations`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DelegationsView {
    account: String,
    /// The account's own stake first, then the others by name.
    delegations: Vec<DelegationView>,
    /// Whether the chain holds more rows than were read (the first 100).
    more: bool,
}

/// The CPU and NET an account staked, for itself and for others (`eosio` / `delband`).
#[utoipa::path(
    get,
    operation_id = "native_delegations",
    path = "/api/v1/native/{network}/accounts/{account}/delegations",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("account" = String, Path, description = "Account name")),
    responses(
        (status = 200, description = "Stake by receiver", body = DelegationsView),
        (status = 400, description = "Unknown network or malformed name", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn delegations(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<DelegationsView>, ApiError> {
    let name = account_name(path.account())?;
    let found = native.delegations(name).await?;
    Ok(Json(DelegationsView {
        account: name.to_string(),
        delegations: found
            .delegations
            .iter()
            .map(|row| DelegationView {
                to: row.to.to_string(),
                cpu: AssetView::from(&row.cpu),
                net: AssetView::from(&row.net),
            })
            .collect(),
        more: found.more,
    }))
}

/// `?buy=` (a quantity of the system token, e.g. `1.0000`) or `?sell=` (bytes) of `…/ram-quote`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RamQuoteQuery {
    /// System tokens to spend on RAM (`buyram`), as plain decimal text.
    buy: Option<String>,
    /// RAM bytes to sell (`sellram`).
    sell: Option<i64>,
}

/// `GET …/ram-quote`: what a RAM trade books now.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RamQuoteView {
    /// `buy` or `sell`.
    side: String,
    /// RAM bytes bought or sold.
    bytes: i64,
    /// What leaves the account (buy: the quantity, fee included) or reaches it (sell: after the fee).
    quantity: AssetView,
    /// The 0.5 % fee in it.
    fee: AssetView,
    /// What 1 KiB costs now, fee included.
    price_per_kib: AssetView,
}

/// What buying RAM for a quantity, or selling bytes of it, books now (the system contract's
/// Bancor price and its 0.5 % fee, computed as the contract computes them).
#[utoipa::path(
    get,
    operation_id = "native_ram_quote",
    path = "/api/v1/native/{network}/ram-quote",
    tag = "native",
    params(("network" = String, Path, description = "Native network, e.g. telos"), RamQuoteQuery),
    responses(
        (status = 200, description = "The trade now", body = RamQuoteView),
        (status = 400, description = "Unknown network, neither or both of buy and sell, or an amount the market cannot take", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn ram_quote(
    native: NativeNet,
    Query(query): Query<RamQuoteQuery>,
) -> Result<Json<RamQuoteView>, ApiError> {
    let trade = match (query.buy.as_deref(), query.sell) {
        (Some(quantity), None) => RamTrade::Buy(quantity.to_owned()),
        (None, Some(bytes)) => RamTrade::Sell(bytes),
        _ => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "validation.invalid_parameter",
                "give either buy (a quantity) or sell (bytes)",
            )
            .with_details(serde_json::json!({ "parameter": "buy" })));
        }
    };
    let quote = native.ram_quote(&trade).await?;
    Ok(Json(RamQuoteView {
        side: match trade {
            RamTrade::Buy(_) => "buy",
            RamTrade::Sell(_) => "sell",
        }
        .to_owned(),
        bytes: quote.bytes,
        quantity: AssetView::from(&quote.quantity),
        fee: AssetView::from(&quote.fee),
        price_per_kib: AssetView::from(&quote.price_per_kib),
    }))
}
