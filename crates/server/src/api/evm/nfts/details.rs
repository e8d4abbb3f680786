//! One NFT's details: the record and metadata of the list, plus its owner (ERC-721, read
//! from the chain) or owners (ERC-1155, the source's holders with chain-read amounts),
//! supply, contract name, and who may move it.

use std::collections::BTreeMap;

use alloy_primitives::Address;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::view::{NftView, nft_view};
use crate::api::error::ApiError;
use crate::api::evm::account_params::token_id;
use crate::api::evm::params::evm_address;
use crate::api::extract::{EvmNet, Path};
use crate::evm::EvmNetwork;
use crate::evm::nfts::NftDetails;

/// `{contract}` and `{tokenId}` of `…/nfts/{contract}/{tokenId}`.
#[derive(Debug, Deserialize)]
pub struct NftPath {
    contract: String,
    #[serde(rename = "tokenId")]
    token_id: String,
}

/// An operator approved for all of an owner's tokens of the collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NftOperator {
    /// The owner who approved (EIP-55).
    pub owner: String,
    /// The operator (EIP-55).
    pub operator: String,
}

/// Who, besides its owners, may move the NFT.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NftApprovals {
    /// The one address approved for this token (ERC-721 `getApproved`), if any.
    pub approved: Option<String>,
    /// Operators of its owners (`setApprovalForAll`).
    pub operators: Vec<NftOperator>,
}

/// One NFT in full.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NftDetailsView {
    /// What the lists show.
    #[serde(flatten)]
    pub nft: NftView,
    /// The collection contract's name, when known.
    pub contract_name: Option<String>,
    /// ERC-1155 holders and their amounts (decimal), by address.
    pub owners: Option<BTreeMap<String, String>>,
    /// Who may move it.
    pub approvals: NftApprovals,
}

/// `GET …/nfts/{contract}/{tokenId}`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/nfts/{contract}/{tokenId}",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name, e.g. telos-evm"),
        ("contract" = String, Path, description = "Collection contract address"),
        ("tokenId" = String, Path, description = "Token id, decimal (or 0x hex)"),
    ),
    responses(
        (status = 200, description = "The NFT with its owners, supply and approvals", body = NftDetailsView),
        (status = 400, description = "Unknown network, malformed address or token id, or not an NFT contract", body = crate::api::error::ErrorBody),
        (status = 404, description = "No such token", body = crate::api::error::ErrorBody),
        (status = 502, description = "The data source or the node did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn details(
    network: EvmNet,
    Path(path): Path<NftPath>,
) -> Result<Json<NftDetailsView>, ApiError> {
    let contract = evm_address("contract", &path.contract)?;
    let id = token_id(&path.token_id)?;
    let details = network.nft_details(contract, id).await?;
    Ok(Json(details_view(&network, details)))
}

/// `POST …/nfts/{contract}/{tokenId}/refresh`: forgets the cached record (after a
/// transfer) and answers the fresh details.
#[utoipa::path(
    post,
    path = "/api/v1/evm/{network}/nfts/{contract}/{tokenId}/refresh",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name, e.g. telos-evm"),
        ("contract" = String, Path, description = "Collection contract address"),
        ("tokenId" = String, Path, description = "Token id, decimal (or 0x hex)"),
    ),
    responses(
        (status = 200, description = "The NFT with its owners, supply and approvals", body = NftDetailsView),
        (status = 400, description = "Unknown network, malformed address or token id, or not an NFT contract", body = crate::api::error::ErrorBody),
        (status = 404, description = "No such token", body = crate::api::error::ErrorBody),
        (status = 502, description = "The data source or the node did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn refresh(
    network: EvmNet,
    Path(path): Path<NftPath>,
) -> Result<Json<NftDetailsView>, ApiError> {
    let contract = evm_address("contract", &path.contract)?;
    let id = token_id(&path.token_id)?;
    network.forget_nft(contract, id);
    let details = network.nft_details(contract, id).await?;
    Ok(Json(details_view(&network, details)))
}

fn details_view(network: &EvmNetwork, details: NftDetails) -> NftDetailsView {
    let checksum = |address: Address| address.to_checksum(None);
    NftDetailsView {
        nft: nft_view(
            &details.record,
            details.collection_name.as_deref(),
            network.ipfs_gateway(),
        )
        .linked(|link| network.media_link(link)),
        contract_name: details.collection_name,
        owners: details.owners.map(|owners| {
            owners
                .into_iter()
                .map(|(holder, amount)| (checksum(holder), amount.to_string()))
                .collect()
        }),
        approvals: NftApprovals {
            approved: details.approved.map(checksum),
            operators: details
                .operators
                .into_iter()
                .map(|(owner, operator)| NftOperator {
                    owner: checksum(owner),
                    operator: checksum(operator),
                })
                .collect(),
        },
    }
}
