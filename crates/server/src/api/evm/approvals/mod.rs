//! `GET /api/v1/evm/{network}/accounts/{address}/approvals?type&includeRevoked&sort&dir&search&fiat`:
//! the ERC-20, ERC-721 (single token and collection-wide) and ERC-1155 approvals an
//! account granted (spec §3 allowance rows), with token and collection names, logos,
//! prices, balances, spender names and the domain's risk facts.
//!
//! Every approval the source lists gets a row, also for tokens missing from the token
//! list (the resolver names them, else their address does). Balances are read from the
//! chain (the source's when the node fails); whether a spender is a contract too.
//! Revoked approvals are hidden unless `includeRevoked=true`.

mod view;

use std::collections::HashMap;
use std::sync::Arc;

use alloy_primitives::{Address, U256};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use tandem_domain::allowance::{
    AllowanceFilter, AllowanceSortKey, SortDirection, filter_allowances, sort_allowances,
};
use tandem_domain::nft::{NftStandard, parse_nft_metadata};
use tandem_evm::rpc::BatchRead;
use tandem_evm::source::{
    ApprovalRecord, ContractInterface, ContractRecord, EvmSource, PageRequest, TokenStandard,
};

pub use self::view::{
    ApprovalCommon, ApprovalView, Erc20ApprovalView, Erc721ApprovalView, Erc1155ApprovalView,
    RiskFactView,
};
use super::account_params::{
    AccountPath, MAX_LIMIT, bad_parameter, descending, invalid_query, upstream,
};
use super::params::{evm_address, fiat_currency};
use crate::api::error::ApiError;
use crate::api::extract::EvmNet;
use crate::evm::EvmNetwork;
use crate::evm::account_reads::{
    ApprovalSnapshot, ApprovalsQuestion, nft_record, own_index_stamp, prices_of, resolve_contracts,
    with_token_list,
};
use crate::evm::approvals::ApprovalFacts;
use crate::evm::approvals::rows::{
    SpenderFacts, build_rows, contracts_of, single_tokens_of, spenders_of, tokens_of,
};
use crate::state::AppState;

/// Query of `…/approvals`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ApprovalsQuery {
    /// `erc20`, `erc721` or `erc1155`; every kind when left out.
    #[serde(rename = "type")]
    kind: Option<String>,
    /// Show revoked approvals too (default false).
    include_revoked: Option<bool>,
    /// `valueAtRisk` (default), `amount`, `date`, `token`, `spender` or `type`.
    sort: Option<String>,
    /// `desc` (default) or `asc`.
    dir: Option<String>,
    /// Case-insensitive text in spender, token, collection or token id.
    search: Option<String>,
    /// Fiat currency of prices and values at risk (default USD).
    fiat: Option<String>,
}

/// An account's approvals.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalList {
    /// The owner (EIP-55).
    address: String,
    /// Rows shown.
    total: u64,
    /// The rows, sorted.
    approvals: Vec<ApprovalView>,
}

fn kinds(text: Option<&str>) -> Result<Vec<TokenStandard>, ApiError> {
    Ok(match text {
        None => vec![
            TokenStandard::Erc20,
            TokenStandard::Erc721,
            TokenStandard::Erc1155,
        ],
        Some("erc20") => vec![TokenStandard::Erc20],
        Some("erc721") => vec![TokenStandard::Erc721],
        Some("erc1155") => vec![TokenStandard::Erc1155],
        Some(other) => {
            return Err(bad_parameter(
                "type",
                format!("type must be erc20, erc721 or erc1155, not '{other}'"),
            ));
        }
    })
}

fn sort_key(text: Option<&str>) -> Result<AllowanceSortKey, ApiError> {
    Ok(match text {
        None | Some("valueAtRisk") => AllowanceSortKey::ValueAtRisk,
        Some("amount") => AllowanceSortKey::Amount,
        Some("date") => AllowanceSortKey::Date,
        Some("token") => AllowanceSortKey::Token,
        Some("spender") => AllowanceSortKey::Spender,
        Some("type") => AllowanceSortKey::Type,
        Some(other) => {
            return Err(bad_parameter(
                "sort",
                format!(
                    "sort must be valueAtRisk, amount, date, token, spender or type, not '{other}'"
                ),
            ));
        }
    })
}

/// The approvals route.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!("{}/accounts/{{address}}/approvals", super::BASE),
        get(approvals),
    )
}

/// `GET …/accounts/{address}/approvals`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/approvals",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name, e.g. telos-evm"),
        ("address" = String, Path, description = "Owner address (0x + 40 hex; mixed case must be the checksum)"),
        ApprovalsQuery,
    ),
    responses(
        (status = 200, description = "The account's approvals, sorted and filtered", body = ApprovalList),
        (status = 400, description = "Unknown network, malformed address, type, sort or direction", body = crate::api::openapi::ErrorBody),
        (status = 502, description = "The data source did not answer", body = crate::api::openapi::ErrorBody),
        (status = 503, description = "No source can list approvals now", body = crate::api::openapi::ErrorBody),
    )
)]
pub async fn approvals(
    query: Result<Query<ApprovalsQuery>, QueryRejection>,
    network: EvmNet,
    Path(path): Path<AccountPath>,
) -> Result<Response, ApiError> {
    let query = query.map_err(|e| invalid_query(&e))?.0;
    let owner = evm_address("address", &path.address)?;
    let kinds = kinds(query.kind.as_deref())?;
    let key = sort_key(query.sort.as_deref())?;
    let direction = if descending("dir", query.dir.as_deref(), true)? {
        SortDirection::Descending
    } else {
        SortDirection::Ascending
    };
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let filter = AllowanceFilter {
        include_revoked: query.include_revoked.unwrap_or(false),
        search: query.search.unwrap_or_default(),
    };
    // The stamp is taken before anything is read, so an answer is never kept under a
    // newer index position than the data it was built from.
    let stamp = own_index_stamp(&network);
    let question: ApprovalsQuestion = (
        (owner, kinds, fiat),
        key,
        direction,
        filter.include_revoked,
        filter.search.clone(),
    );
    let answers = &network.account_caches().approval_answers;
    let body = match stamp.and_then(|stamp| answers.get(&question, stamp)) {
        Some(body) => body,
        None => {
            let ((_, kinds, fiat), ..) = &question;
            let snapshot = approval_snapshot(&network, owner, kinds.clone(), fiat.clone()).await?;
            let (records, facts) = snapshot.as_ref();
            let mut rows = build_rows(records, facts);
            sort_allowances(&mut rows, key, direction);
            let shown: Vec<ApprovalView> = filter_allowances(&rows, &filter)
                .into_iter()
                .map(|row| {
                    view::approval_view(
                        row,
                        facts.spender_is_contract(row.common().spender_address),
                    )
                })
                .collect();
            let list = ApprovalList {
                address: owner.to_checksum(None),
                total: shown.len() as u64,
                approvals: shown,
            };
            let body = Arc::new(Bytes::from(
                serde_json::to_vec(&list).map_err(|_| ApiError::internal())?,
            ));
            if let Some(stamp) = stamp {
                answers.put(question, stamp, Arc::clone(&body));
            }
            body
        }
    };
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        Bytes::clone(&body),
    )
        .into_response())
}

/// The owner's approvals of `kinds` with their facts; while the own index is the source
/// and has not moved, the snapshot built for the same question is reused (nothing on
/// chain changed), so repeated reads cost no upstream work.
async fn approval_snapshot(
    network: &EvmNetwork,
    owner: Address,
    kinds: Vec<TokenStandard>,
    fiat: String,
) -> Result<Arc<ApprovalSnapshot>, ApiError> {
    let stamp = own_index_stamp(network);
    let cache = &network.account_caches().approvals;
    let key = (owner, kinds, fiat);
    if let Some(hit) = stamp.and_then(|stamp| cache.get(&key, stamp)) {
        return Ok(hit);
    }
    let source = network.source();
    let mut records = Vec::new();
    for &kind in &key.1 {
        records.extend(
            source
                .approvals(owner, kind)
                .await
                .map_err(|e| upstream(&e))?,
        );
    }
    let facts = gather_facts(network, &source, owner, &records, &key.2).await;
    let snapshot = Arc::new((records, facts));
    if let Some(stamp) = stamp {
        cache.put(key, stamp, Arc::clone(&snapshot));
    }
    Ok(snapshot)
}

/// Names, balances, prices and spender kinds for `records`. Lookups that fail leave
/// their facts out (a row never fails for want of a name or price).
async fn gather_facts(
    network: &EvmNetwork,
    source: &Arc<dyn EvmSource>,
    owner: Address,
    records: &[ApprovalRecord],
    fiat: &str,
) -> ApprovalFacts {
    let wanted: Vec<(Address, Option<ContractInterface>)> = contracts_of(records)
        .into_iter()
        .map(|(contract, kind)| (contract, Some(kind)))
        .collect();
    let resolved = resolve_contracts(network.resolver(), &wanted).await;
    let system_symbol = network.settings().system_token.symbol.clone();
    let prices = prices_of(network.prices(), &system_symbol, &resolved, fiat).await;
    let mut facts = ApprovalFacts {
        contracts: wanted
            .iter()
            .map(|&(address, _)| {
                let record = resolved.get(&address).map_or_else(
                    || ContractRecord {
                        address,
                        ..ContractRecord::default()
                    },
                    |contract| contract.record.clone(),
                );
                (address, with_token_list(network, record))
            })
            .collect(),
        prices: prices
            .into_iter()
            .filter_map(|(address, price)| Some((address?, price)))
            .collect(),
        ..ApprovalFacts::default()
    };
    facts.spenders = spender_facts(network, &spenders_of(records)).await;
    facts.token_balances = token_balances(network, source, owner, &tokens_of(records)).await;
    facts.nft_balances = nft_balances(source, owner, records).await;
    let caches = network.account_caches();
    for (contract, token_id) in single_tokens_of(records) {
        let record = nft_record(caches, source, contract, token_id).await;
        let metadata = record
            .as_ref()
            .and_then(|r| r.as_ref().as_ref()?.metadata.clone());
        if let Some(name) =
            parse_nft_metadata(metadata.as_deref(), None, network.ipfs_gateway()).name
        {
            facts.token_names.insert((contract, token_id), name);
        }
    }
    facts
}

/// Names of spenders, and whether each holds code: read for all unknown spenders in
/// one JSON-RPC batch and remembered (see
/// [`CODE_KIND_TTL`](crate::evm::cache::CODE_KIND_TTL)).
async fn spender_facts(
    network: &EvmNetwork,
    spenders: &[Address],
) -> HashMap<Address, SpenderFacts> {
    let wanted: Vec<(Address, Option<ContractInterface>)> =
        spenders.iter().map(|&s| (s, None)).collect();
    let resolved = resolve_contracts(network.resolver(), &wanted).await;
    let kinds = &network.account_caches().code_kinds;
    let mut is_contract = kinds.fresh(spenders);
    let unknown: Vec<Address> = spenders
        .iter()
        .copied()
        .filter(|spender| !is_contract.contains_key(spender))
        .collect();
    if !unknown.is_empty() {
        let reads: Vec<BatchRead> = unknown.iter().map(|&a| BatchRead::Code(a)).collect();
        match network.reader().read_many(&reads).await {
            Ok(answers) => {
                let read: Vec<(Address, bool)> = unknown
                    .iter()
                    .zip(answers)
                    .filter_map(|(&spender, answer)| {
                        let code = answer.ok()?;
                        Some((spender, !code.data()?.is_empty()))
                    })
                    .collect();
                kinds.remember(read.iter().copied());
                is_contract.extend(read);
            }
            Err(error) => tracing::warn!(%error, "code reads failed; trusting the lookup"),
        }
    }
    spenders
        .iter()
        .map(|&spender| {
            let known = resolved.get(&spender);
            let facts = SpenderFacts {
                name: known.and_then(|c| c.record.name.clone()),
                // A code read that failed: whatever the lookup found is a contract.
                is_contract: is_contract
                    .get(&spender)
                    .copied()
                    .unwrap_or_else(|| known.is_some()),
            };
            (spender, facts)
        })
        .collect()
}

/// The owner's balance of each token, read from the chain in one batch; the source's
/// balances when the node fails.
async fn token_balances(
    network: &EvmNetwork,
    source: &Arc<dyn EvmSource>,
    owner: Address,
    tokens: &[Address],
) -> HashMap<Address, U256> {
    if tokens.is_empty() {
        return HashMap::new();
    }
    let pairs: Vec<(Address, Address)> = tokens.iter().map(|&t| (t, owner)).collect();
    match network.reader().balances_of(&pairs).await {
        Ok(amounts) => tokens
            .iter()
            .zip(amounts)
            .filter_map(|(&token, amount)| Some((token, amount.ok()?)))
            .collect(),
        Err(error) => {
            tracing::warn!(%owner, %error, "balance reads failed; using the source");
            source
                .balances(owner)
                .await
                .unwrap_or_default()
                .into_iter()
                .filter_map(|b| Some((b.token?, b.amount)))
                .collect()
        }
    }
}

/// How many NFTs of each collection with an operator approval the owner holds.
async fn nft_balances(
    source: &Arc<dyn EvmSource>,
    owner: Address,
    records: &[ApprovalRecord],
) -> HashMap<Address, U256> {
    let mut balances: HashMap<Address, U256> = HashMap::new();
    for standard in [NftStandard::Erc721, NftStandard::Erc1155] {
        let token_standard = match standard {
            NftStandard::Erc721 => TokenStandard::Erc721,
            NftStandard::Erc1155 => TokenStandard::Erc1155,
        };
        let needed = records.iter().any(
            |r| matches!(r, ApprovalRecord::Operator { standard: s, .. } if *s == token_standard),
        );
        if !needed {
            continue;
        }
        let everything = PageRequest {
            offset: 0,
            limit: MAX_LIMIT,
        };
        match source.nfts_owned(owner, standard, everything).await {
            Ok(owned) => {
                for nft in owned {
                    let total = balances.entry(nft.contract).or_default();
                    *total = total.saturating_add(nft.amount);
                }
            }
            Err(error) => tracing::warn!(%owner, %error, "NFT holdings unavailable"),
        }
    }
    balances
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values_are_checked() {
        assert_eq!(kinds(None).map(|k| k.len()).ok(), Some(3));
        assert_eq!(
            kinds(Some("erc721")).ok(),
            Some(vec![TokenStandard::Erc721])
        );
        assert_eq!(
            kinds(Some("erc777")).expect_err("unknown").code(),
            "validation.invalid_parameter"
        );
        assert_eq!(sort_key(None).ok(), Some(AllowanceSortKey::ValueAtRisk));
        assert_eq!(
            sort_key(Some("spender")).ok(),
            Some(AllowanceSortKey::Spender)
        );
        assert_eq!(
            sort_key(Some("price")).expect_err("unknown").code(),
            "validation.invalid_parameter"
        );
    }
}
