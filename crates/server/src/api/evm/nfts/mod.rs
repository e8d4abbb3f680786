//! NFTs (spec §3 "NFT", §4 "NFT transfer"):
//! - `GET …/accounts/{address}/nfts?collection&search&offset&limit`: the ERC-721 and
//!   ERC-1155 tokens an account holds (amounts for ERC-1155), with names, media and
//!   attributes from their metadata (IPFS through the network's gateway);
//! - `GET …/nfts/{contract}/{tokenId}`: one NFT with its owner or owners, supply, minter
//!   and who may move it (its approved address and the operators of its owners);
//! - `POST …/nfts/{contract}/{tokenId}/refresh`: the same, forgetting what was cached, for
//!   after a transfer.
//!
//! Broken metadata never fails a request: the row's `metadataStatus` says so and its
//! name falls back to `#<tokenId>`.

pub mod details;
pub mod view;

use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

pub use self::details::{NftApprovals, NftDetailsView, NftOperator, details, refresh};
use self::view::{NftView, matches_search, nft_view};
use super::account_params::{AccountPath, MAX_LIMIT, paging};
use super::coverage::{CoverageView, IndexLagView, index_fields};
use super::params::evm_address;
use super::views::SourceKindView;
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path, Query};
use crate::api::limits::Client;
use crate::evm::nfts::Holdings;
use crate::state::AppState;

/// Query of `…/accounts/{address}/nfts`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct NftListQuery {
    /// Only this collection (contract address).
    collection: Option<String>,
    /// Case-insensitive text in the name, token id or collection.
    search: Option<String>,
    /// Rows to skip (default 0).
    offset: Option<i64>,
    /// Rows to return, 1 to 10000 (default 10000).
    limit: Option<i64>,
}

/// The NFTs an account holds, one page.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NftList {
    /// The owner (EIP-55).
    address: String,
    /// NFTs matching the filters, in total.
    total: u64,
    /// Rows skipped.
    offset: u64,
    /// Rows asked for.
    limit: u64,
    /// The page.
    nfts: Vec<NftView>,
    /// The source that listed them.
    source: SourceKindView,
    /// On a network whose primary is the own index: how much of the owner's history it
    /// holds. Until `complete`, NFTs received before `fromBlock` may be missing.
    coverage: Option<CoverageView>,
    /// How far the own index is behind the head, when it listed them.
    index_lag: Option<IndexLagView>,
}

/// The NFT routes.
pub fn routes() -> Router<AppState> {
    let nft = format!(
        "{}/nfts/{{contract}}/{{tokenId}}",
        crate::api::evm::params::BASE
    );
    Router::new()
        .route(
            &format!(
                "{}/accounts/{{address}}/nfts",
                crate::api::evm::params::BASE
            ),
            get(account_nfts),
        )
        .route(&nft, get(details))
        .route(&format!("{nft}/refresh"), post(refresh))
}

/// `GET …/accounts/{address}/nfts`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/nfts",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name, e.g. telos-evm"),
        ("address" = String, Path, description = "Owner address (0x + 40 hex; mixed case must be the checksum)"),
        NftListQuery,
    ),
    responses(
        (status = 200, description = "The NFTs the account holds, one page", body = NftList),
        (status = 400, description = "Unknown network, malformed address, collection or paging", body = crate::api::error::ErrorBody),
        (status = 502, description = "The data source did not answer", body = crate::api::error::ErrorBody),
        (status = 503, description = "No source can list NFTs now", body = crate::api::error::ErrorBody),
    )
)]
pub async fn account_nfts(
    Query(query): Query<NftListQuery>,
    network: EvmNet,
    Path(path): Path<AccountPath>,
    client: Client,
) -> Result<Json<NftList>, ApiError> {
    let owner = evm_address("address", &path.address)?;
    let collection = query
        .collection
        .as_deref()
        .map(|text| evm_address("collection", text))
        .transpose()?;
    let paging = paging(query.offset, query.limit, MAX_LIMIT)?;
    let needle = query.search.unwrap_or_default().trim().to_lowercase();
    let Holdings {
        records,
        names,
        index,
    } = network.holdings(owner, collection, &client).await?;
    let (coverage, index_lag) = index_fields(index.as_ref(), true);
    let gateway = network.ipfs_gateway();
    let views: Vec<NftView> = records
        .iter()
        .map(|record| {
            nft_view(
                record,
                names.get(&record.contract).map(String::as_str),
                gateway,
            )
            .linked(|link| network.media_link(link))
        })
        .filter(|view| needle.is_empty() || matches_search(view, &needle))
        .collect();
    Ok(Json(NftList {
        address: owner.to_checksum(None),
        total: views.len() as u64,
        offset: paging.offset,
        limit: paging.limit,
        nfts: paging.slice(&views).to_vec(),
        source: network.lists_kind().into(),
        coverage,
        index_lag,
    }))
}
