//! Approvals (spec §3 allowance rows): the ERC-20, ERC-721 (single token and
//! collection-wide) and ERC-1155 approvals an account granted, with token and
//! collection names, logos, prices, balances, spender names and whether each spender
//! holds code — the facts the domain's rows and risk facts are built from.
//!
//! Every approval the source lists gets a row, also for tokens missing from the token
//! list (the resolver names them, else their address does). Balances are read from the
//! chain (the source's when the node fails). While the own index answers and has not
//! moved (nor filled the owner), snapshots and whole answers are reused (nothing on
//! chain changed); when it moved by blocks that did not touch the owner, only the
//! balances and prices are read again.

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
use self::rows::{
    build_rows, contracts_of, operator_contracts_of, single_tokens_of, spenders_of, tokens_of,
};
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
        let snapshot_key = (*owner, kinds.clone(), fiat.clone());
        // What the last answer to this question was built from, to tell below whether the
        // index's move changed anything this owner's approvals show.
        let earlier = earlier_answer(self, &question, &snapshot_key).await;
        let built_before = earlier
            .as_ref()
            .map(|(built_at, snapshot, _)| (*built_at, snapshot));
        let snapshot = approval_snapshot(self, snapshot_key, stamp, built_before).await?;
        if let Some(stamp) = stamp
            && let Some((_, earlier_snapshot, body)) = earlier
            && *earlier_snapshot == *snapshot
        {
            // Rows, order and text depend on nothing but the snapshot and the question.
            answers.put(question, stamp, Arc::clone(&body)).await;
            return Ok((Bytes::clone(&body), index));
        }
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

/// The last answer to `question` kept, with the index position and the snapshot it was
/// built from, when that snapshot is still the one kept for `key` (both built at one
/// index position).
async fn earlier_answer(
    network: &EvmNetwork,
    question: &ApprovalsQuestion,
    key: &ApprovalsKey,
) -> Option<(IndexStamp, Arc<ApprovalSnapshot>, Arc<Bytes>)> {
    let caches = network.account_caches();
    let (answered_at, body) = caches.approval_answers.latest(question).await?;
    let (built_at, snapshot) = caches.approvals.latest(key).await?;
    (answered_at == built_at).then_some((built_at, snapshot, body))
}

/// Blocks over which a snapshot may be carried forward: checking that none of them
/// touched the owner reads the transfers of each (the owner's own rows are indexed).
const CARRY_FORWARD_BLOCKS: u64 = 1_000;

/// The owner's approvals of the kinds in `key` with their facts; while the own index
/// answers and has not moved (`stamp`), the snapshot built for the same question is
/// reused (nothing on chain changed), so repeated reads cost no upstream work. When it
/// moved but none of the new blocks touched the owner (`built_before`: the snapshot of
/// the last answer and where it was built), the index's part of that snapshot is
/// carried forward and only what can change without the owner — balances read from the
/// chain, prices — is read again.
async fn approval_snapshot(
    network: &EvmNetwork,
    key: ApprovalsKey,
    stamp: Option<IndexStamp>,
    built_before: Option<(IndexStamp, &Arc<ApprovalSnapshot>)>,
) -> Result<Arc<ApprovalSnapshot>, ServiceError> {
    let cache = &network.account_caches().approvals;
    if let Some(stamp) = stamp
        && let Some(hit) = cache.get(&key, stamp).await
    {
        return Ok(hit);
    }
    let source = network.source();
    let owner = key.0;
    let carried = match (stamp, built_before) {
        (Some(now), Some((then, earlier))) => untouched(network, owner, then, now, earlier)
            .await
            .then_some(earlier),
        _ => None,
    };
    let snapshot = if let Some(earlier) = carried {
        let (records, earlier_facts) = earlier.as_ref();
        let facts = gather_facts(
            network,
            &source,
            owner,
            records,
            &key.2,
            Some(earlier_facts),
        )
        .await;
        Arc::new((records.clone(), facts))
    } else {
        // The collections' holdings are read beside the approvals, not after them: they
        // depend only on which kinds are asked.
        let (records, nft_balances) = tokio::join!(
            source.approvals_of_kinds(owner, &key.1),
            nft_balances(&source, owner, &key.1),
        );
        let records = records?;
        let mut facts = gather_facts(network, &source, owner, &records, &key.2, None).await;
        facts.nft_balances = nft_balances;
        Arc::new((records, facts))
    };
    if let Some(stamp) = stamp {
        cache.put(key, stamp, Arc::clone(&snapshot)).await;
    }
    Ok(snapshot)
}

/// Whether the index's part of `earlier` (built at `then`) still holds at `now`: the
/// same history (no reorg, enrichment, token list or fill between), not too far back,
/// and no block since naming the owner or moving a token of its collection-wide
/// approvals (whose standard those transfers may tell).
async fn untouched(
    network: &EvmNetwork,
    owner: Address,
    then: IndexStamp,
    now: IndexStamp,
    earlier: &ApprovalSnapshot,
) -> bool {
    let same_history = then.reorgs == now.reorgs
        && then.enrichments == now.enrichments
        && then.token_list == now.token_list
        && then.account_fill == now.account_fill
        && then.block <= now.block
        && now.block - then.block <= CARRY_FORWARD_BLOCKS;
    let Some(index) = network.own_index.as_ref() else {
        return false;
    };
    if !same_history {
        return false;
    }
    index
        .untouched_since(owner, operator_contracts_of(&earlier.0), then.block)
        .await
}

/// Names, balances, prices and spender kinds for `records`. Lookups that fail leave
/// their facts out (a row never fails for want of a name or price). With `earlier`
/// (facts of the same records, the index's part of which still holds), the spenders,
/// token names and NFT holdings are taken from it; balances and prices are read.
async fn gather_facts(
    network: &EvmNetwork,
    source: &Arc<dyn EvmSource>,
    owner: Address,
    records: &[ApprovalRecord],
    fiat: &str,
    earlier: Option<&ApprovalFacts>,
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
    let tokens = tokens_of(records);
    if let Some(earlier) = earlier {
        facts.spenders.clone_from(&earlier.spenders);
        facts.token_names.clone_from(&earlier.token_names);
        facts.nft_balances.clone_from(&earlier.nft_balances);
        facts.token_balances = token_balances(network, source, owner, &tokens).await;
        return facts;
    }
    // Independent reads (the node, the store, caches): side by side.
    let spenders = spenders_of(records);
    (facts.spenders, facts.token_balances, facts.token_names) = tokio::join!(
        spender_facts(network, &spenders),
        token_balances(network, source, owner, &tokens),
        token_names(network, source, records),
    );
    facts
}

/// The names of the single-token ERC-721 approvals' tokens, from their metadata.
async fn token_names(
    network: &EvmNetwork,
    source: &Arc<dyn EvmSource>,
    records: &[ApprovalRecord],
) -> HashMap<(Address, U256), String> {
    let caches = network.account_caches();
    let mut names = HashMap::new();
    for (contract, token_id) in single_tokens_of(records) {
        let record = nft_record(caches, source, contract, token_id).await;
        let metadata = record
            .as_ref()
            .and_then(|r| r.as_ref().as_ref()?.metadata.clone());
        if let Some(name) =
            parse_nft_metadata(metadata.as_deref(), None, network.ipfs_gateway()).name
        {
            names.insert((contract, token_id), name);
        }
    }
    names
}

/// Names of spenders, and whether each holds code: read for all unknown spenders in
/// one JSON-RPC batch and remembered (see
/// [`CODE_KIND_TTL`](super::cache::CODE_KIND_TTL)). Only spenders with code (or whose
/// code could not be read) are looked up for a name: an account without code has none,
/// and the lookup of each is the costly part of an answer the index has just moved past.
async fn spender_facts(
    network: &EvmNetwork,
    spenders: &[Address],
) -> HashMap<Address, SpenderFacts> {
    let is_contract = spender_code_kinds(network, spenders).await;
    let wanted: Vec<(Address, Option<ContractInterface>)> = spenders
        .iter()
        .filter(|&&spender| is_contract.get(&spender) != Some(&false))
        .map(|&s| (s, None))
        .collect();
    let resolved = resolve_contracts(network.resolver(), &wanted).await;
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

/// Whether each spender holds code, as remembered or read now in one batch; a spender
/// whose read failed is left out.
async fn spender_code_kinds(network: &EvmNetwork, spenders: &[Address]) -> HashMap<Address, bool> {
    let kinds = &network.account_caches().code_kinds;
    let mut is_contract = kinds.fresh(spenders).await;
    let unknown: Vec<Address> = spenders
        .iter()
        .copied()
        .filter(|spender| !is_contract.contains_key(spender))
        .collect();
    if unknown.is_empty() {
        return is_contract;
    }
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
    is_contract
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

/// How many NFTs of each collection the owner holds, for the collection-wide approvals
/// of the NFT standards among `kinds`.
async fn nft_balances(
    source: &Arc<dyn EvmSource>,
    owner: Address,
    kinds: &[TokenStandard],
) -> HashMap<Address, U256> {
    let everything = PageRequest {
        offset: 0,
        limit: MAX_LIMIT,
    };
    let wanted = [
        (NftStandard::Erc721, TokenStandard::Erc721),
        (NftStandard::Erc1155, TokenStandard::Erc1155),
    ]
    .into_iter()
    .filter(|(_, kind)| kinds.contains(kind));
    // The standards' holdings are read side by side: each is a store read of its own.
    let holdings = futures_util::future::join_all(
        wanted.map(|(standard, _)| source.nfts_owned(owner, standard, everything)),
    )
    .await;
    let mut balances: HashMap<Address, U256> = HashMap::new();
    for owned in holdings {
        match owned {
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
