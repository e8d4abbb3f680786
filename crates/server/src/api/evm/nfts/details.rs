//! One NFT's details: the record and metadata of the list, plus its owner (ERC-721, read
//! from the chain) or owners (ERC-1155, the source's holders with chain-read amounts),
//! supply, contract name, and who may move it.

use std::collections::BTreeMap;
use std::sync::Arc;

use alloy_primitives::{Address, U256};
use axum::Json;
use axum::extract::Path;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tandem_domain::nft::NftStandard;
use tandem_evm::EvmError;
use tandem_evm::lookup::ResolvedContract;
use tandem_evm::source::{ApprovalRecord, EvmSource, HolderQuery, NftRecord, TokenStandard};

use super::view::{NftView, nft_view};
use crate::api::error::ApiError;
use crate::api::evm::account_params::{MAX_LIMIT, token_id, upstream};
use crate::api::evm::params::evm_address;
use crate::api::extract::EvmNet;
use crate::evm::EvmNetwork;
use crate::evm::account_reads::nft_record;

/// Owners whose operators are looked up, at most (an ERC-1155 id may have thousands).
const MAX_OWNERS_CHECKED: usize = 50;

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
        (status = 400, description = "Unknown network, malformed address or token id, or not an NFT contract", body = crate::api::openapi::ErrorBody),
        (status = 404, description = "No such token", body = crate::api::openapi::ErrorBody),
        (status = 502, description = "The data source or the node did not answer", body = crate::api::openapi::ErrorBody),
    )
)]
pub async fn details(
    network: EvmNet,
    Path(path): Path<NftPath>,
) -> Result<Json<NftDetailsView>, ApiError> {
    let contract = evm_address("contract", &path.contract)?;
    let id = token_id(&path.token_id)?;
    nft_details(&network, contract, id).await.map(Json)
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
        (status = 400, description = "Unknown network, malformed address or token id, or not an NFT contract", body = crate::api::openapi::ErrorBody),
        (status = 404, description = "No such token", body = crate::api::openapi::ErrorBody),
        (status = 502, description = "The data source or the node did not answer", body = crate::api::openapi::ErrorBody),
    )
)]
pub async fn refresh(
    network: EvmNet,
    Path(path): Path<NftPath>,
) -> Result<Json<NftDetailsView>, ApiError> {
    let contract = evm_address("contract", &path.contract)?;
    let id = token_id(&path.token_id)?;
    network.account_caches().nft_records.forget(&(contract, id));
    nft_details(&network, contract, id).await.map(Json)
}

fn not_found(contract: Address, id: U256) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "evm.nft_not_found",
        format!("token {id} of {contract} does not exist"),
    )
    .with_details(serde_json::json!({
        "contract": contract.to_checksum(None), "tokenId": id.to_string(),
    }))
}

async fn nft_details(
    network: &EvmNetwork,
    contract: Address,
    id: U256,
) -> Result<NftDetailsView, ApiError> {
    let (collection, standard) = network
        .resolver()
        .resolve_nft_collection(contract)
        .await
        .map_err(|e| upstream(&e))?;
    let source = network.source();
    let cached = nft_record(network.account_caches(), &source, contract, id).await;
    let record = cached.as_ref().and_then(|r| r.as_ref().clone());
    match standard {
        NftStandard::Erc721 => erc721(network, &source, &collection, record, id).await,
        NftStandard::Erc1155 => erc1155(network, &source, &collection, record, id).await,
    }
}

/// A record for a token the source does not list (metadata unknown).
fn bare_record(contract: Address, standard: NftStandard, id: U256) -> NftRecord {
    NftRecord {
        standard,
        contract,
        token_id: id,
        amount: U256::from(1),
        owner: None,
        supply: None,
        token_uri: None,
        metadata: None,
        minter: None,
        block_minted: None,
        updated_ms: None,
    }
}

async fn erc721(
    network: &EvmNetwork,
    source: &Arc<dyn EvmSource>,
    collection: &ResolvedContract,
    record: Option<NftRecord>,
    id: U256,
) -> Result<NftDetailsView, ApiError> {
    let contract = collection.record.address;
    let reader = network.reader();
    let owner = match reader.owner_of(contract, id).await {
        Ok(owner) => Some(owner),
        // ownerOf reverts for a token that does not exist (or was burnt).
        Err(EvmError::ContractCall { .. }) if record.is_none() => {
            return Err(not_found(contract, id));
        }
        Err(error) => {
            tracing::warn!(%contract, %id, %error, "ownerOf failed; using the source's owner");
            record.as_ref().and_then(|r| r.owner)
        }
    };
    let mut record = record.unwrap_or_else(|| bare_record(contract, NftStandard::Erc721, id));
    record.owner = owner;
    record.amount = U256::from(1);
    let approved = match reader.get_approved(contract, id).await {
        Ok(approved) => (!approved.is_zero()).then_some(approved),
        Err(error) => {
            tracing::warn!(%contract, %id, %error, "getApproved failed");
            None
        }
    };
    let owners: Vec<Address> = owner.into_iter().collect();
    let operators = operators_of(network, source, contract, TokenStandard::Erc721, &owners).await;
    let mut nft = nft_view(
        &record,
        collection.record.name.as_deref(),
        network.ipfs_gateway(),
    );
    nft.supply = Some("1".to_owned());
    Ok(NftDetailsView {
        nft,
        contract_name: collection.record.name.clone(),
        owners: None,
        approvals: NftApprovals {
            approved: approved.map(|a| a.to_checksum(None)),
            operators,
        },
    })
}

async fn erc1155(
    network: &EvmNetwork,
    source: &Arc<dyn EvmSource>,
    collection: &ResolvedContract,
    record: Option<NftRecord>,
    id: U256,
) -> Result<NftDetailsView, ApiError> {
    let contract = collection.record.address;
    let query = HolderQuery::TokenId {
        token_id: id,
        limit: MAX_LIMIT,
    };
    let mut holders: Vec<(Address, U256)> = source
        .token_holders(contract, &query)
        .await
        .map_err(|e| upstream(&e))?
        .into_iter()
        .filter(|h| h.token_id.is_none_or(|t| t == id))
        .map(|h| (h.address, h.balance))
        .collect();
    // The chain's amounts win over a lagging index.
    let pairs: Vec<(Address, U256)> = holders.iter().map(|&(holder, _)| (holder, id)).collect();
    if !pairs.is_empty() {
        match network
            .reader()
            .erc1155_balance_of_batch(contract, &pairs)
            .await
        {
            Ok(amounts) => {
                for (holder, amount) in holders.iter_mut().zip(amounts) {
                    holder.1 = amount;
                }
            }
            Err(error) => tracing::warn!(%contract, %id, %error, "balanceOfBatch failed"),
        }
    }
    holders.retain(|(_, amount)| !amount.is_zero());
    if holders.is_empty() && record.is_none() {
        return Err(not_found(contract, id));
    }
    let mut record = record.unwrap_or_else(|| bare_record(contract, NftStandard::Erc1155, id));
    let held: U256 = holders
        .iter()
        .fold(U256::ZERO, |sum, (_, amount)| sum.saturating_add(*amount));
    record.supply = record.supply.or(Some(held));
    record.amount = held;
    let owners: Vec<Address> = holders.iter().map(|&(holder, _)| holder).collect();
    let operators = operators_of(network, source, contract, TokenStandard::Erc1155, &owners).await;
    let nft = nft_view(
        &record,
        collection.record.name.as_deref(),
        network.ipfs_gateway(),
    );
    Ok(NftDetailsView {
        nft,
        contract_name: collection.record.name.clone(),
        owners: Some(
            holders
                .iter()
                .map(|(holder, amount)| (holder.to_checksum(None), amount.to_string()))
                .collect(),
        ),
        approvals: NftApprovals {
            approved: None,
            operators,
        },
    })
}

/// The operators each of `owners` approved on `contract` (from the source), confirmed
/// by `isApprovedForAll` when the chain answers.
async fn operators_of(
    network: &EvmNetwork,
    source: &Arc<dyn EvmSource>,
    contract: Address,
    standard: TokenStandard,
    owners: &[Address],
) -> Vec<NftOperator> {
    let mut operators = Vec::new();
    for &owner in owners.iter().take(MAX_OWNERS_CHECKED) {
        let approvals = match source.approvals(owner, standard).await {
            Ok(approvals) => approvals,
            Err(error) => {
                tracing::warn!(%owner, %error, "operator approvals unavailable");
                continue;
            }
        };
        for approval in approvals {
            let ApprovalRecord::Operator {
                contract: c,
                operator,
                approved: true,
                ..
            } = approval
            else {
                continue;
            };
            if c != contract {
                continue;
            }
            let confirmed = network
                .reader()
                .is_approved_for_all(contract, owner, operator)
                .await
                .unwrap_or(true);
            if confirmed {
                operators.push(NftOperator {
                    owner: owner.to_checksum(None),
                    operator: operator.to_checksum(None),
                });
            }
        }
    }
    operators
}
