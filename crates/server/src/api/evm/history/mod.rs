//! `GET /api/v1/evm/{network}/accounts/{address}/transactions?offset&limit&sort&fiat`:
//! the account's shaped history rows (spec §3 "Shaped EVM transaction row") with paging
//! and the total.
//!
//! The reading and shaping (spec §4 "History fetch") is [`crate::evm::history`].

pub mod sent;
pub mod view;

use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use self::view::TransactionRowView;
use super::account_params::{AccountPath, descending, paging};
use super::coverage::{CoverageView, IndexLagView, index_fields};
use super::params::{evm_address, fiat_currency};
use super::views::SourceKindView;
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path, Query};
use crate::api::limits::Client;
use crate::evm::account_reads::HistoryFilter;
use crate::state::AppState;

/// Rows per page when no limit is sent.
const DEFAULT_LIMIT: u64 = 25;

/// Query of `…/transactions`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Rows to skip (default 0).
    offset: Option<i64>,
    /// Rows to return, 1 to 10000 (default 25).
    limit: Option<i64>,
    /// `desc` (newest first, default) or `asc`.
    sort: Option<String>,
    /// Fiat currency of the values (default USD).
    fiat: Option<String>,
}

/// One page of an account's history.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryPage {
    /// The account (EIP-55).
    address: String,
    /// Rows skipped.
    offset: u64,
    /// Rows asked for.
    limit: u64,
    /// `desc` or `asc`.
    sort: &'static str,
    /// Transactions of the account in total, when the source knows.
    total: Option<u64>,
    /// Whether more rows follow this page.
    more: bool,
    /// The rows.
    transactions: Vec<TransactionRowView>,
    /// The source that listed them.
    source: SourceKindView,
    /// On a network whose primary is the own index: how much of the account's history
    /// it holds. Until `complete`, rows before `fromBlock` are missing (and `total`
    /// counts only those held).
    coverage: Option<CoverageView>,
    /// How far the own index is behind the head, when it listed the rows.
    index_lag: Option<IndexLagView>,
}

/// The history route.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            &format!(
                "{}/accounts/{{address}}/transactions",
                crate::api::evm::params::BASE
            ),
            get(transactions),
        )
        .route(
            &format!(
                "{}/accounts/{{address}}/sent-to/{{recipient}}",
                crate::api::evm::params::BASE
            ),
            get(sent::sent_to),
        )
}

/// `GET …/accounts/{address}/transactions`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/transactions",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name, e.g. telos-evm"),
        ("address" = String, Path, description = "Account address (0x + 40 hex; mixed case must be the checksum)"),
        HistoryQuery,
    ),
    responses(
        (status = 200, description = "One page of shaped history rows", body = HistoryPage),
        (status = 400, description = "Unknown network, malformed address, paging or sort", body = crate::api::error::ErrorBody),
        (status = 502, description = "The data source did not answer", body = crate::api::error::ErrorBody),
        (status = 503, description = "No source can list transactions now", body = crate::api::error::ErrorBody),
    )
)]
pub async fn transactions(
    Query(query): Query<HistoryQuery>,
    network: EvmNet,
    Path(path): Path<AccountPath>,
    client: Client,
) -> Result<Json<HistoryPage>, ApiError> {
    let account = evm_address("address", &path.address)?;
    let filter = HistoryFilter {
        paging: paging(query.offset, query.limit, DEFAULT_LIMIT)?,
        descending: descending("sort", query.sort.as_deref(), true)?,
    };
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let answer = network.history(account, filter, &fiat, &client).await?;
    let (page, rows) = (&answer.page, &answer.rows);
    let (coverage, index_lag) = index_fields(answer.index.as_ref(), true);
    Ok(Json(HistoryPage {
        address: account.to_checksum(None),
        offset: filter.paging.offset,
        limit: filter.paging.limit,
        sort: if filter.descending { "desc" } else { "asc" },
        total: page.total,
        more: page.more,
        transactions: rows
            .iter()
            .zip(answer.grants.iter().chain(std::iter::repeat(&None)))
            .zip(answer.poisoning.iter().chain(std::iter::repeat(&None)))
            .map(|((row, grant), poisoning)| {
                let mut view = TransactionRowView {
                    live_approval: grant.as_ref().map(Into::into),
                    poisoning: poisoning.map(Into::into),
                    ..TransactionRowView::from(row)
                };
                for nft in view.nfts_in.iter_mut().chain(view.nfts_out.iter_mut()) {
                    for src in [&mut nft.img_src, &mut nft.video_src, &mut nft.audio_src] {
                        *src = src.as_deref().map(|link| network.media_link(link));
                    }
                }
                view
            })
            .collect(),
        source: network.lists_kind().into(),
        coverage,
        index_lag,
    }))
}
