//! Token prices: `GET /api/v1/evm/{network}/prices/{symbol}?fiat=` (the current quote)
//! and `GET /api/v1/evm/{network}/prices/{symbol}/chart?fiat=` (one day, hourly). A
//! price service that cannot be reached gives `priceAvailable: false` and a price of
//! `0`, never an error.

use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::params::{FiatQuery, fiat_currency};
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path, Query};
use crate::evm::{PriceSource, PricedToken};
use crate::state::AppState;

/// Longest token symbol accepted.
const MAX_SYMBOL_LENGTH: usize = 16;

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    let base = format!("{}/prices/{{symbol}}", crate::api::evm::params::BASE);
    Router::new()
        .route(&base, get(quote))
        .route(&format!("{base}/chart"), get(chart))
}

/// `{symbol}` of a price route.
#[derive(Debug, Deserialize)]
pub struct PricePath {
    symbol: String,
}

/// A token's current price.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    /// Token symbol, upper case.
    pub symbol: String,
    /// Fiat currency.
    pub fiat: String,
    /// Exact decimal text; `0` when unavailable.
    #[schema(example = "0.2345")]
    pub price: String,
    /// False when no current price could be had.
    pub price_available: bool,
    /// Where it came from.
    pub source: PriceSource,
    /// When it was last updated, ms since the epoch.
    pub updated_ms: Option<u64>,
    /// 24 h change in percent.
    pub day_change: Option<String>,
}

/// One day of hourly prices (spec §3 "Price chart data").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartView {
    /// Token symbol, upper case.
    pub symbol: String,
    /// Fiat currency.
    pub fiat: String,
    /// False when the price service could not be reached (then the figures are `0` / empty).
    pub price_available: bool,
    /// When the current price was last updated, ms since the epoch.
    pub last_updated: Option<u64>,
    /// Current price, exact decimal text.
    #[schema(example = "0.2345")]
    pub token_price: String,
    /// 24 h change in percent.
    pub day_change: Option<String>,
    /// 24 h volume in fiat.
    pub day_volume: Option<String>,
    /// Market capitalisation in fiat.
    pub market_cap: Option<String>,
    /// `[time in ms, price as exact decimal text]` pairs, oldest first.
    #[schema(example = json!([[1_700_000_000_000_u64, "0.2345"]]))]
    pub prices: Vec<(u64, String)>,
}

/// A symbol as typed: 1-16 letters and digits, compared upper case.
fn symbol(text: &str) -> Result<String, ApiError> {
    if (1..=MAX_SYMBOL_LENGTH).contains(&text.len())
        && text.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return Ok(text.to_ascii_uppercase());
    }
    Err(ApiError::new(
        StatusCode::BAD_REQUEST,
        "validation.invalid_token_symbol",
        "a token symbol is 1 to 16 letters or digits",
    )
    .with_details(serde_json::json!({ "symbol": text })))
}

/// The current price of a token.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/prices/{symbol}",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network"),
        ("symbol" = String, Path, description = "Token symbol, e.g. TLOS"),
        FiatQuery,
    ),
    responses(
        (status = 200, description = "The quote (priceAvailable false when unknown)", body = QuoteView),
        (status = 400, description = "Unknown network, malformed symbol or fiat", body = crate::api::error::ErrorBody),
    )
)]
pub async fn quote(
    network: EvmNet,
    Path(path): Path<PricePath>,
    Query(query): Query<FiatQuery>,
) -> Result<Json<QuoteView>, ApiError> {
    let symbol = symbol(&path.symbol)?;
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let is_system = symbol.eq_ignore_ascii_case(&network.settings().system_token.symbol);
    // The native coin has no contract; a listed token is priced by its address too.
    let address = if is_system {
        None
    } else {
        network.token_list().and_then(|list| {
            list.tokens()
                .iter()
                .find(|entry| entry.symbol.eq_ignore_ascii_case(&symbol))
                .map(|entry| entry.address)
        })
    };
    let token = PricedToken {
        symbol: symbol.clone(),
        address,
    };
    let quote = network
        .prices()
        .quotes(std::slice::from_ref(&token), &fiat)
        .await
        .pop();
    let price = quote.as_ref().and_then(|q| q.price);
    Ok(Json(QuoteView {
        symbol,
        fiat,
        price: price.map_or_else(|| "0".to_owned(), |p| p.price().to_plain_string()),
        price_available: price.is_some(),
        source: quote
            .as_ref()
            .map_or(PriceSource::Unavailable, |q| q.source),
        updated_ms: price.map(|p| p.updated_ms()),
        day_change: quote.and_then(|q| q.day_change),
    }))
}

/// One day of hourly prices of the system token (or its wrapped form).
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/prices/{symbol}/chart",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network"),
        ("symbol" = String, Path, description = "TLOS or WTLOS"),
        FiatQuery,
    ),
    responses(
        (status = 200, description = "The chart (priceAvailable false when the service is down)", body = ChartView),
        (status = 400, description = "Unknown network, malformed symbol or fiat", body = crate::api::error::ErrorBody),
        (status = 404, description = "No chart for this token", body = crate::api::error::ErrorBody),
    )
)]
pub async fn chart(
    network: EvmNet,
    Path(path): Path<PricePath>,
    Query(query): Query<FiatQuery>,
) -> Result<Json<ChartView>, ApiError> {
    let symbol = symbol(&path.symbol)?;
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let Some(chart) = network.prices().chart(&symbol, &fiat).await else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "evm.price.chart_unavailable",
            format!("no price chart for {symbol}"),
        )
        .with_details(serde_json::json!({ "symbol": symbol })));
    };
    Ok(Json(ChartView {
        symbol,
        fiat,
        price_available: chart.token_price.is_some(),
        last_updated: chart.last_updated_ms,
        token_price: chart.token_price.unwrap_or_else(|| "0".to_owned()),
        day_change: chart.day_change,
        day_volume: chart.day_volume,
        market_cap: chart.market_cap,
        prices: chart.prices,
    }))
}
