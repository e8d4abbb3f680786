//! Approvals (spec §3 allowance rows): the ERC-20, ERC-721 (single token and
//! collection-wide) and ERC-1155 approvals an account granted, with token and
//! collection names, logos, prices, balances, spender names and whether each spender
//! holds code — the facts the domain's rows and risk facts are built from.
//!
//! Every approval the source lists gets a row, also for tokens missing from the token
//! list (the resolver names them, else their address does). Balances are read from the
//! chain (the source's when the node fails). While the own index answers and has not
//! moved (nor filled the owner), snapshots and whole answers are reused (nothing on
//! chain changed).

pub mod rows;

use std::collections::HashMap;
use std::sync::Arc;

use alloy_primitives::{Address, U256};
use bytes::Bytes;
use tandem_domain::allowance::{AllowanceFilter, AllowanceRow, filter_allowances, sort_allowances};
use tandem_domain::nft::{NftStandard, parse_nft_metadata};
use tandem_evm::rpc::BatchRead;
use tandem_evm::source::{
    ApprovalRecord, ContractInterface, ContractRecord, EvmSource, PageRequest, TokenStandard,
};

pub use self::rows::{ApprovalFacts, SpenderFacts};
use self::rows::{build_rows, contracts_of, single_tokens_of, spenders_of, tokens_of};
use super::EvmNetwork;
use super::account_reads::{
    ApprovalSnapshot, MAX_LIMIT, nft_record, own_index_stamp, prices_of, resolve_contracts,
    with_token_list,
};
pub use super::account_reads::{ApprovalsKey, ApprovalsQuestion};
use super::cache::IndexStamp;
use super::coverage::{FillSlots, IndexContext};
use crate::error::ServiceError;

impl EvmNetwork {
    /// The answer to `question`: its rows sorted and filtered, with their facts, as
    /// `render` writes them, and the own index's side of it (the owner's coverage and
    /// the index's lag) on a network whose primary it is. While the own index stands
    /// still, the rendered answer to the same question is reused.
    ///
    /// # Errors
    /// When the source cannot list approvals, or `render` fails.
    pub async fn approvals_answer<E, F>(
        &self,
        question: ApprovalsQuestion,
        slots: &dyn FillSlots,
        render: F,
    ) -> Result<(Bytes, Option<IndexContext>), E>
    where
        E: From<ServiceError>,
        F: FnOnce(&[&AllowanceRow], &ApprovalFacts) -> Result<Bytes, E>,
    {
        let ((owner, kinds, fiat), key, direction, include_revoked, search) = &question;
        let index = self.index_context(*owner, slots).await?;
        // The stamp is taken before anything is read, so an answer is never kept under a
        // newer index position than the data it was built from.
        let stamp = own_index_stamp(self, index.as_ref());
        let answers = &self.account_caches().approval_answers;
        if let Some(stamp) = stamp
            && let Some(body) = answers.get(&question, stamp).await
        {
            return Ok((Bytes::clone(&body), index));
        }
        let snapshot = approval_snapshot(self, *owner, kinds.clone(), fiat.clone(), stamp).await?;
        let (records, facts) = snapshot.as_ref();
        let mut rows = build_rows(records, facts);
        sort_allowances(&mut rows, *key, *direction);
        let filter = AllowanceFilter {
            include_revoked: *include_revoked,
            search: search.clone(),
        };
        let body = render(&filter_allowances(&rows, &filter), facts)?;
        if let Some(stamp) = stamp {
            answers.put(question, stamp, Arc::new(body.clone())).await;
        }
        Ok((body, index))
    }
}

/// The owner's approvals of `kinds` with their facts; while the own index answers and
/// has not moved (`stamp`), the snapshot built for the same question is reused (nothing
/// on chain changed), so repeated reads cost no upstream work.
async fn approval_snapshot(
    network: &EvmNetwork,
    owner: Address,
    kinds: Vec<TokenStandard>,
    fiat: String,
    stamp: Option<IndexStamp>,
) -> Result<Arc<ApprovalSnapshot>, ServiceError> {
    let cache = &network.account_caches().approvals;
    let key = (owner, kinds, fiat);
    if let Some(stamp) = stamp
        && let Some(hit) = cache.get(&key, stamp).await
    {
        return Ok(hit);
    }
    let source = network.source();
    let mut records = Vec::new();
    for &kind in &key.1 {
        records.extend(source.approvals(owner, kind).await?);
    }
    let facts = gather_facts(network, &source, owner, &records, &key.2).await;
    let snapshot = Arc::new((records, facts));
    if let Some(stamp) = stamp {
        cache.put(key, stamp, Arc::clone(&snapshot)).await;
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
/// [`CODE_KIND_TTL`](super::cache::CODE_KIND_TTL)).
async fn spender_facts(
    network: &EvmNetwork,
    spenders: &[Address],
) -> HashMap<Address, SpenderFacts> {
    let wanted: Vec<(Address, Option<ContractInterface>)> =
        spenders.iter().map(|&s| (s, None)).collect();
    let resolved = resolve_contracts(network.resolver(), &wanted).await;
    let kinds = &network.account_caches().code_kinds;
    let mut is_contract = kinds.fresh(spenders).await;
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
                kinds.remember(read.iter().copied()).await;
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
