//! `GET /api/v1/evm/{network}/contracts/{address}?includeAbi=`: what is known of a
//! contract, looked up in the spec's order (cache, indexer or history service, chain
//! reads, verified metadata, token list).

use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tandem_evm::lookup::{ContractLookup, LookupStep};
use tandem_evm::source::ContractInterface;
use utoipa::ToSchema;

use super::params::evm_address;
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path, Query};
use crate::state::AppState;

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!("{}/contracts/{{address}}", crate::api::evm::params::BASE),
        get(contract),
    )
}

/// `{address}` of the contract route.
#[derive(Debug, Deserialize)]
pub struct ContractPath {
    address: String,
}

/// `?includeAbi=true` adds the ABI.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContractQuery {
    /// Include the ABI when known (default false).
    #[serde(default)]
    pub include_abi: bool,
}

/// Who created the contract, and where.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreationView {
    /// Deployer, EIP-55.
    pub creator: Option<String>,
    /// Creation transaction hash.
    pub transaction: Option<String>,
    /// Creation block.
    pub block: Option<u64>,
}

/// A contract (spec §3 "Contract").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractView {
    /// EIP-55 address.
    pub address: String,
    /// `name()` or a verified / listed name.
    pub name: Option<String>,
    /// `symbol()`.
    pub symbol: Option<String>,
    /// `decimals()` of an ERC-20 token.
    pub decimals: Option<u8>,
    /// `erc20`, `erc721`, `erc1155`.
    pub supported_interfaces: Vec<String>,
    /// Creation facts, when known.
    pub creation_info: Option<CreationView>,
    /// Whether its source is verified.
    pub verified: bool,
    /// Logo URL.
    pub logo: Option<String>,
    /// Total supply in the smallest unit.
    pub supply: Option<String>,
    /// The ABI (JSON array), only with `includeAbi=true`.
    #[schema(value_type = Option<Vec<Object>>)]
    pub abi: Option<serde_json::Value>,
    /// The first lookup step that knew it: cache, indexer, historyService, chainReads,
    /// verified, tokenList, suspected or empty (upstreams could not be asked).
    pub found_by: String,
}

fn interface_name(interface: ContractInterface) -> &'static str {
    match interface {
        ContractInterface::Erc20 => "erc20",
        ContractInterface::Erc721 => "erc721",
        ContractInterface::Erc1155 => "erc1155",
    }
}

fn step_name(step: LookupStep) -> &'static str {
    match step {
        LookupStep::Cache => "cache",
        LookupStep::Indexer => "indexer",
        LookupStep::HistoryService => "historyService",
        LookupStep::ChainReads => "chainReads",
        LookupStep::Verified => "verified",
        LookupStep::TokenList => "tokenList",
        LookupStep::Suspected => "suspected",
        LookupStep::Empty => "empty",
    }
}

/// A contract by address.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/contracts/{address}",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network"),
        ("address" = String, Path, description = "Contract address"),
        ContractQuery,
    ),
    responses(
        (status = 200, description = "What is known of the contract", body = ContractView),
        (status = 400, description = "Unknown network or malformed address", body = crate::api::error::ErrorBody),
        (status = 404, description = "No contract at this address", body = crate::api::error::ErrorBody),
    )
)]
pub async fn contract(
    network: EvmNet,
    Path(path): Path<ContractPath>,
    Query(query): Query<ContractQuery>,
) -> Result<Json<ContractView>, ApiError> {
    let address = evm_address("address", &path.address)?;
    let ContractLookup::Found(found) = network.lookup_contract(address).await else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "evm.contract_not_found",
            "no contract is known at this address",
        )
        .with_details(serde_json::json!({ "address": path.address })));
    };
    let record = &found.record;
    let has_creation = record.creator.is_some()
        || record.creation_transaction.is_some()
        || record.creation_block.is_some();
    Ok(Json(ContractView {
        address: record.address.to_checksum(None),
        name: record.name.clone(),
        symbol: record.symbol.clone(),
        decimals: record.decimals,
        supported_interfaces: record
            .interfaces
            .iter()
            .map(|i| interface_name(*i).to_owned())
            .collect(),
        creation_info: has_creation.then(|| CreationView {
            creator: record.creator.map(|c| c.to_checksum(None)),
            transaction: record.creation_transaction.map(|t| format!("{t:#x}")),
            block: record.creation_block,
        }),
        verified: record.verified,
        logo: record
            .logo_uri
            .as_deref()
            .map(|logo| network.media_link(logo)),
        supply: record.supply.map(|s| s.to_string()),
        abi: query
            .include_abi
            .then(|| {
                found
                    .abi
                    .as_deref()
                    .and_then(|abi| serde_json::from_str(abi).ok())
            })
            .flatten(),
        found_by: step_name(found.found_by).to_owned(),
    }))
}
