//! What the account reads (history, NFTs, approvals) share: their per-network caches
//! and the lookups they all make — contracts through the resolver, one NFT's record
//! and metadata, token prices.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use alloy_primitives::{Address, U256};
use bytes::Bytes;
use futures_util::stream::{self, StreamExt};
use tandem_domain::price::MarketPrice;
use tandem_evm::lookup::{ContractLookup, ContractResolver, ResolvedContract};
use tandem_evm::source::{
    ApprovalRecord, ContractInterface, ContractRecord, EvmSource, NftRecord, Page, PageRequest,
    TokenStandard, TransactionRecord, TransferRecord,
};

use super::EvmNetwork;
use super::approvals::rows::ApprovalFacts;
use super::cache::{CodeKinds, IndexStamp, IndexStampedCache};
use super::calls::SignatureLookups;
use super::coverage::IndexContext;
use crate::cache::{CacheStore, FlightCache, weigh_inline};
use crate::prices::{PriceService, PricedToken};

/// How long a page of transactions is reused for the same account and filter.
pub const HISTORY_TTL: Duration = Duration::from_secs(10);
/// Spec §4 / §9: NFT transfers are refreshed when empty or older than 3 s.
pub const NFT_TRANSFERS_TTL: Duration = Duration::from_secs(3);
/// How long an NFT's record and metadata are reused (its owner is read fresh anyway).
pub const NFT_RECORD_TTL: Duration = Duration::from_secs(300);

/// The own index's position when it answers account lists: the stamp under which
/// answers about the account of `index` built from it stay true. Everything in it but
/// the token list is the store's committed state as read for this answer (not this
/// process's view of the writer), so replicas at the same state compute the same stamp.
#[must_use]
pub fn own_index_stamp(network: &EvmNetwork, index: Option<&IndexContext>) -> Option<IndexStamp> {
    let index = index?;
    let coverage = &index.coverage.coverage;
    Some(IndexStamp {
        block: coverage.indexed_through?,
        reorgs: coverage.changes.reorgs,
        enrichments: coverage.changes.enrichments,
        token_list: network.token_list().is_some(),
        account_fill: index.fill_mark(),
    })
}

/// Largest page any account read serves (spec §9: NFT and allowance pages of 10000).
pub const MAX_LIMIT: u64 = 10_000;

/// A checked window of rows: `offset` at least 0, `limit` between 1 and [`MAX_LIMIT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Paging {
    /// Rows skipped.
    pub offset: u64,
    /// Rows at most.
    pub limit: u64,
}

impl Paging {
    /// The page of `rows` this paging selects.
    #[must_use]
    pub fn slice<'a, T>(&self, rows: &'a [T]) -> &'a [T] {
        let start = usize::try_from(self.offset)
            .unwrap_or(usize::MAX)
            .min(rows.len());
        let end = start
            .saturating_add(usize::try_from(self.limit).unwrap_or(usize::MAX))
            .min(rows.len());
        rows.get(start..end).unwrap_or_default()
    }
}

weigh_inline!(Paging);

/// The filter of a history page: paging and order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HistoryFilter {
    /// Rows skipped and at most returned.
    pub paging: Paging,
    /// Newest first.
    pub descending: bool,
}

weigh_inline!(HistoryFilter);

/// The caches of one network's account reads.
#[derive(Debug)]
pub struct AccountReadCaches {
    /// Transaction pages by account, filter and the own index's stamp (its block, and the
    /// account's fill, which brings earlier pages), one upstream fetch per account at a time.
    pub history: FlightCache<Address, (HistoryFilter, Option<IndexStamp>), Page<TransactionRecord>>,
    /// An account's NFT transfers within a block range.
    pub nft_transfers: FlightCache<Address, (u64, u64), Vec<TransferRecord>>,
    /// One NFT's record (with metadata), `None` when the source does not list it.
    pub nft_records: FlightCache<(Address, U256), (), Option<NftRecord>>,
    /// Whether spenders hold code (the approvals' "spender is not a contract" risk).
    pub code_kinds: CodeKinds,
    /// An account's approval records with their facts, by owner, kinds and fiat currency.
    pub approvals: IndexStampedCache<ApprovalsKey, ApprovalSnapshot>,
    /// Whole answers of the approvals route (JSON), by the question asked.
    pub approval_answers: IndexStampedCache<ApprovalsQuestion, Bytes>,
    /// Function signatures the history service looked up, by selector.
    pub signatures: SignatureLookups,
    /// Whom an account paid and whom it met only in poisoning rows, from its newest
    /// transactions.
    pub dealings: FlightCache<Address, (), crate::evm::dealings::Dealings>,
}

/// Whose approvals, of which kinds, priced in which currency.
pub type ApprovalsKey = (Address, Vec<TokenStandard>, String);

/// One approvals question: whose, which kinds, currency, sort, direction, whether
/// revoked rows are included, and the search text.
pub type ApprovalsQuestion = (
    ApprovalsKey,
    tandem_domain::allowance::AllowanceSortKey,
    tandem_domain::allowance::SortDirection,
    bool,
    String,
);

/// The approval records and everything their rows show.
pub type ApprovalSnapshot = (Vec<ApprovalRecord>, ApprovalFacts);

/// Approvals, balances and names change only with a block; prices are the one fact that
/// ages on its own, so a snapshot lives no longer than the aggregator's price lifetime.
pub const APPROVALS_MAX_AGE: Duration = Duration::from_secs(60);

impl AccountReadCaches {
    /// The caches, kept in `store`.
    #[must_use]
    pub fn new(store: &CacheStore) -> Self {
        Self {
            history: FlightCache::in_store(store, "history", HISTORY_TTL),
            nft_transfers: FlightCache::in_store(store, "nft_transfers", NFT_TRANSFERS_TTL),
            nft_records: FlightCache::in_store(store, "nft_records", NFT_RECORD_TTL),
            code_kinds: CodeKinds::new(store),
            approvals: IndexStampedCache::new(store, "approvals", APPROVALS_MAX_AGE),
            approval_answers: IndexStampedCache::new(store, "approval_answers", APPROVALS_MAX_AGE),
            signatures: SignatureLookups::new(store),
            dealings: FlightCache::in_store(store, "dealings", HISTORY_TTL),
        }
    }
}

/// One NFT's record from the source (cached); `None` when unknown or the source failed
/// (metadata never fails a read).
pub async fn nft_record(
    caches: &AccountReadCaches,
    source: &Arc<dyn EvmSource>,
    contract: Address,
    token_id: U256,
) -> Option<Arc<Option<NftRecord>>> {
    let one = PageRequest {
        offset: 0,
        limit: 1,
    };
    // A record without metadata yet (the index fetches it after the blocks) is asked
    // again next time rather than kept.
    let incomplete =
        |record: &Option<NftRecord>| record.as_ref().is_none_or(|r| r.metadata.is_none());
    caches
        .nft_records
        .get_or_fetch_unless(&(contract, token_id), &(), incomplete, || async {
            source
                .collection_nfts(contract, Some(token_id), one)
                .await
                .map(|rows| rows.into_iter().find(|r| r.token_id == token_id))
        })
        .await
        .inspect_err(|error| {
            tracing::debug!(%contract, %token_id, %error, "NFT record unavailable");
        })
        .ok()
}

/// How many lookups [`resolve_contracts`] runs at once: each may wait on the store and
/// the node, and an owner's approvals can name hundreds of spenders.
const RESOLVE_CONCURRENCY: usize = 16;

/// The contracts among `addresses` that the resolver knows (each looked up once, at
/// most [`RESOLVE_CONCURRENCY`] at a time).
pub async fn resolve_contracts(
    resolver: &ContractResolver,
    addresses: &[(Address, Option<ContractInterface>)],
) -> HashMap<Address, Arc<ResolvedContract>> {
    let mut seen = std::collections::HashSet::new();
    let unique: Vec<(Address, Option<ContractInterface>)> = addresses
        .iter()
        .copied()
        .filter(|(address, _)| seen.insert(*address))
        .collect();
    stream::iter(unique)
        .map(|(address, suspected)| async move {
            match resolver.resolve(address, suspected).await {
                ContractLookup::Found(contract) => Some((address, contract)),
                ContractLookup::NotAContract => None,
            }
        })
        .buffer_unordered(RESOLVE_CONCURRENCY)
        .filter_map(std::future::ready)
        .collect()
        .await
}

/// `record` with what the network's token list says of it filling the gaps (the
/// resolver stops at the index's answer, which has no logo).
pub fn with_token_list(network: &EvmNetwork, mut record: ContractRecord) -> ContractRecord {
    if let Some(entry) = network
        .token_list()
        .and_then(|list| list.get(record.address).cloned())
    {
        record.name = record.name.or(Some(entry.name));
        record.symbol = record.symbol.or(Some(entry.symbol));
        record.decimals = record.decimals.or(Some(entry.decimals));
        record.logo_uri = record.logo_uri.or(entry.logo_uri);
    }
    record
}

/// Current prices of the ERC-20 tokens among `contracts` and of the system coin
/// (`None` key), in `fiat`.
pub async fn prices_of(
    prices: &PriceService,
    system_symbol: &str,
    contracts: &HashMap<Address, Arc<ResolvedContract>>,
    fiat: &str,
) -> HashMap<Option<Address>, MarketPrice> {
    let mut tokens = vec![PricedToken {
        symbol: system_symbol.to_owned(),
        address: None,
    }];
    tokens.extend(contracts.values().filter_map(|contract| {
        let record = &contract.record;
        let fungible = record.interfaces.contains(&ContractInterface::Erc20)
            || (record.decimals.is_some() && record.interfaces.is_empty());
        fungible.then(|| PricedToken {
            symbol: record.symbol.clone().unwrap_or_default(),
            address: Some(record.address),
        })
    }));
    let quotes = prices.quotes(&tokens, fiat).await;
    tokens
        .iter()
        .zip(quotes)
        .filter_map(|(token, quote)| Some((token.address, quote.price?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_stay_in_bounds() {
        let rows = [1, 2, 3, 4, 5];
        let page = |offset, limit| Paging { offset, limit }.slice(&rows).to_vec();
        assert_eq!(page(0, 2), [1, 2]);
        assert_eq!(page(3, 10), [4, 5]);
        assert!(page(9, 2).is_empty());
        assert_eq!(page(0, u64::MAX), rows);
    }
}
