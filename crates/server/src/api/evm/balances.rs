//! `GET /api/v1/evm/{network}/accounts/{address}/balances?fiat=&locale=`: the
//! account's balance sheet with exact amounts, prices and fiat values.

use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tandem_domain::amount::{Amount, DisplayFormat, NumberFormat};
use tandem_domain::price::PRICE_DECIMALS;
use utoipa::ToSchema;

use super::coverage::{CoverageView, IndexLagView, index_fields};
use super::params::{FiatQuery, evm_address};
use super::views::{AmountView, SourceKindView, TokenView};
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path, Query};
use crate::api::limits::Client;
use crate::evm::{PriceSource, SheetRow};
use crate::state::AppState;

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!(
            "{}/accounts/{{address}}/balances",
            crate::api::evm::params::BASE
        ),
        get(balances),
    )
}

/// `{address}` of an account route.
#[derive(Debug, Deserialize)]
pub struct AccountPath {
    address: String,
}

/// One token held.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceRowView {
    /// The token.
    pub token: TokenView,
    /// The amount held.
    pub amount: AmountView,
    /// Price per token in the fiat currency, exact decimal text; `0` when unknown.
    #[schema(example = "0.2345")]
    pub price: String,
    /// False when no current price could be had (then `price` is `0`).
    pub price_available: bool,
    /// Where the price came from.
    pub price_source: PriceSource,
    /// When the price was last updated, ms since the epoch.
    pub price_updated_ms: Option<u64>,
    /// 24 h price change in percent, exact decimal text.
    #[schema(example = "-1.25")]
    pub day_change: Option<String>,
    /// Value of the amount in the fiat currency (2 decimals formatted); `null` without a price.
    pub fiat_value: Option<AmountView>,
    /// Whether the token is likely spam and why; the row is never left out for it.
    pub spam: SpamView,
}

/// The spam rules' verdict on a token (issue 37).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpamView {
    /// Whether the wallet hides it by default.
    pub likely: bool,
    /// Why: `link_in_name`, `domain_in_name`, `bait_in_name`, `zero_supply`,
    /// `absurd_supply`, `absurd_decimals`, `unsolicited`, `deceptive_characters`.
    pub reasons: Vec<String>,
}

impl From<&tandem_domain::spam::SpamVerdict> for SpamView {
    fn from(verdict: &tandem_domain::spam::SpamVerdict) -> Self {
        Self {
            likely: verdict.likely_spam,
            reasons: verdict
                .reasons
                .iter()
                .map(|reason| reason.code().to_owned())
                .collect(),
        }
    }
}

/// An account's balances in display order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalancesView {
    /// The network.
    pub network: String,
    /// The account, EIP-55.
    pub address: String,
    /// Fiat currency of prices and values.
    pub fiat: String,
    /// Locale of the `formatted` texts.
    pub locale: String,
    /// The source that read the balances: on a network whose primary is the own index,
    /// `ownIndex` only while it is fresh and holds the account's whole history, else
    /// `rpc` (every amount read from the chain).
    pub source: SourceKindView,
    /// On a network whose primary is the own index: how much of the account's history
    /// it holds. Until `complete`, tokens held since before the index's start may be
    /// missing (their fill is under way).
    pub coverage: Option<CoverageView>,
    /// How far the own index is behind the head, when it read the balances.
    pub index_lag: Option<IndexLagView>,
    /// When they were read, ms since the epoch (refreshed at most every 10 s).
    pub fetched_ms: u64,
    /// Sum of the fiat values of the rows not labelled likely spam.
    pub total_fiat_value: AmountView,
    /// System token first, then by fiat value, then by amount; zero STLOS / WTLOS last.
    pub balances: Vec<BalanceRowView>,
}

/// The balances of an account.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/balances",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network, e.g. telos-evm"),
        ("address" = String, Path, description = "Account address (0x + 40 hex digits)"),
        FiatQuery,
    ),
    responses(
        (status = 200, description = "Balances in display order", body = BalancesView),
        (status = 400, description = "Unknown network, malformed address, fiat or locale", body = crate::api::error::ErrorBody),
        (status = 502, description = "No source could read the balances", body = crate::api::error::ErrorBody),
    )
)]
pub async fn balances(
    network: EvmNet,
    Path(path): Path<AccountPath>,
    Query(query): Query<FiatQuery>,
    client: Client,
) -> Result<Json<BalancesView>, ApiError> {
    let owner = evm_address("address", &path.address)?;
    let (fiat, locale) = query.checked()?;
    let number = NumberFormat::for_locale(&locale);
    let sheet = network.balance_sheet(owner, &fiat, &client).await?;
    let mut total = Amount::zero(PRICE_DECIMALS);
    let rows = sheet
        .rows
        .iter()
        .map(|row| {
            // Likely spam counts toward no total (the browser adds it back if the user says so).
            if let Some(value) = row
                .balance
                .fiat_value
                .as_ref()
                .filter(|_| !row.spam.likely_spam)
            {
                total = total.checked_add(value).unwrap_or(total);
            }
            row_view(row, &number, &|link: &str| network.media_link(link))
        })
        .collect();
    let (coverage, index_lag) = index_fields(
        sheet.index.as_ref(),
        sheet.source == tandem_evm::source::SourceKind::OwnIndex,
    );
    Ok(Json(BalancesView {
        network: network.name().to_string(),
        address: owner.to_checksum(None),
        fiat,
        locale,
        source: sheet.source.into(),
        coverage,
        index_lag,
        fetched_ms: sheet.fetched_ms,
        total_fiat_value: AmountView::with(&total, &DisplayFormat::FIAT, &number),
        balances: rows,
    }))
}

fn row_view(
    row: &SheetRow,
    number: &NumberFormat,
    link: &dyn Fn(&str) -> String,
) -> BalanceRowView {
    let price = row.quote.price;
    BalanceRowView {
        token: TokenView::from(&row.balance.token).linked(link),
        amount: AmountView::token(&row.balance.amount, number),
        price: price.map_or_else(|| "0".to_owned(), |p| p.price().to_plain_string()),
        price_available: price.is_some(),
        price_source: row.quote.source,
        price_updated_ms: price.map(|p| p.updated_ms()),
        day_change: row.quote.day_change.clone(),
        fiat_value: row
            .balance
            .fiat_value
            .as_ref()
            .map(|value| AmountView::with(value, &DisplayFormat::FIAT, number)),
        spam: SpamView::from(&row.spam),
    }
}
