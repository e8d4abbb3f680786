//! An account's history (spec §3 "Shaped EVM transaction row"), spec §4 "History
//! fetch": one upstream fetch per account at a time (a request arriving meanwhile waits
//! and then runs once, reusing the answer when its filter matches); a page is refetched
//! only when the filter changed or after
//! [`HISTORY_TTL`](crate::evm::account_reads::HISTORY_TTL); the NFT transfers that name
//! the page's NFT movements are refreshed when empty or older than 3 s. Contract names,
//! token decimals and prices come from the resolver and the price service; the domain
//! shapes each row.

mod assemble;
pub mod grants;
pub mod poisoning;
pub mod sent;

use std::collections::HashSet;
use std::sync::Arc;

use alloy_primitives::{Address, U256};
use tandem_domain::history::{
    ContractInfo, KnownContracts, ShapedTransaction, SystemCoin, TransferEvent,
};
use tandem_domain::nft::parse_nft_metadata;
use tandem_domain::spam::poisoning::PoisonReason;
use tandem_evm::EvmError;
use tandem_evm::source::{
    ContractInterface, EvmSource, Page, PageRequest, SortOrder, TokenStandard, TransactionQuery,
    TransactionRecord, TransferQuery, TransferRecord,
};

pub(crate) use self::assemble::{PageFacts, nft_transfer_records};
use self::assemble::{addresses_of, page_nft_transfers, shape_rows, unnamed_selectors};
use super::EvmNetwork;
use super::account_reads::{
    AccountReadCaches, HistoryFilter, nft_record, own_index_stamp, prices_of, resolve_contracts,
};
use super::coverage::{FillSlots, IndexContext};
use crate::error::ServiceError;

/// Spec §9: NFT transfers are fetched up to 10000 at a time.
const NFT_TRANSFERS_LIMIT: u64 = 10_000;

/// One page of an account's history.
#[derive(Debug, Clone)]
pub struct HistoryAnswer {
    /// The source's page: rows, total, whether more follow.
    pub page: Arc<Page<TransactionRecord>>,
    /// Its rows shaped for display.
    pub rows: Vec<ShapedTransaction>,
    /// The own index's side, on a network whose primary it is: the account's coverage
    /// (earlier rows are missing until it is complete) and the index's lag.
    pub index: Option<IndexContext>,
    /// For each row, the approval it granted that is still in force (it can be revoked).
    pub grants: Vec<Option<grants::LiveGrant>>,
    /// For each row, why it is likely address poisoning, if it is.
    pub poisoning: Vec<Option<PoisonReason>>,
}

impl EvmNetwork {
    /// One page of `account`'s transactions (with the source's total and whether more
    /// follow) and its rows shaped for display, values priced in `fiat`; on an own-index
    /// network, a fill of the account's earlier activity takes its slot from `slots`.
    ///
    /// # Errors
    /// When the source cannot list the account's transactions.
    pub async fn history(
        &self,
        account: Address,
        filter: HistoryFilter,
        fiat: &str,
        slots: &dyn FillSlots,
    ) -> Result<HistoryAnswer, ServiceError> {
        let index = self.index_context(account, slots).await?;
        let caches = self.account_caches();
        let source = self.source();
        // Under the own index's stamp: a page is reused only while the index (on any
        // replica reading the same store) stands where it was built.
        let key = (filter, own_index_stamp(self, index.as_ref()));
        let page = caches
            .history
            .get_or_fetch(&account, &key, || fetch_page(&source, account, filter))
            .await?;
        let (rows, facts) = shape_page(self, caches, &source, account, &page.rows, fiat).await;
        let grants = grants::live_grants(source.as_ref(), account, &page.rows).await;
        let poisoning = poisoning::poison_marks(self, account, &page.rows, &facts).await;
        Ok(HistoryAnswer {
            page,
            rows,
            index,
            grants,
            poisoning,
        })
    }
}

async fn fetch_page(
    source: &Arc<dyn EvmSource>,
    account: Address,
    filter: HistoryFilter,
) -> Result<Page<TransactionRecord>, EvmError> {
    let query = TransactionQuery {
        page: PageRequest {
            offset: filter.paging.offset,
            limit: filter.paging.limit,
        },
        sort: if filter.descending {
            SortOrder::Descending
        } else {
            SortOrder::Ascending
        },
        log_topic: None,
        resume_after: None,
    };
    source.transactions(account, &query).await
}

/// The shaped rows of one page: the account's NFT transfers over the page's blocks, the
/// lookups, then the domain; with what the lookups found.
pub(crate) async fn shape_page(
    network: &EvmNetwork,
    caches: &AccountReadCaches,
    source: &Arc<dyn EvmSource>,
    account: Address,
    rows: &[TransactionRecord],
    fiat: &str,
) -> (Vec<ShapedTransaction>, PageFacts) {
    let transfers = nft_transfers(caches, source, account, rows).await;
    let page_transfers = page_nft_transfers(rows, &transfers);
    let (facts, coin) = lookup_facts(network, source, rows, &page_transfers, fiat).await;
    let records = nft_transfer_records(rows, &page_transfers, &facts);
    (shape_rows(account, rows, &facts, &coin, &records), facts)
}

/// What shaping `rows` needs to know: the contracts they mention (names, decimals,
/// prices in `fiat`, ABIs), the names and media of the NFTs their logs and `transfers`
/// move, the system coin's price, and the history service's signatures of functions
/// nothing else names.
pub(crate) async fn lookup_facts(
    network: &EvmNetwork,
    source: &Arc<dyn EvmSource>,
    rows: &[TransactionRecord],
    transfers: &[&TransferRecord],
    fiat: &str,
) -> (PageFacts, SystemCoin) {
    let caches = network.account_caches();
    let resolved = resolve_contracts(network.resolver(), &addresses_of(rows)).await;
    let system_symbol = network.settings().system_token.symbol.clone();
    let prices = prices_of(network.prices(), &system_symbol, &resolved, fiat).await;
    let mut facts = PageFacts {
        known: KnownContracts {
            wrapped: network.wrapped_token(),
            staked: network.staked_token(),
            escrow: network.escrow(),
        },
        ..PageFacts::default()
    };
    for (address, contract) in &resolved {
        let record = &contract.record;
        facts.contracts.insert(
            *address,
            ContractInfo {
                name: record.name.clone(),
                symbol: record.symbol.clone(),
                decimals: record.decimals,
                price: prices.get(&Some(*address)).copied(),
                nft: record.interfaces.iter().any(|interface| {
                    matches!(
                        interface,
                        ContractInterface::Erc721 | ContractInterface::Erc1155
                    )
                }),
            },
        );
        if let Some(abi) = &contract.abi {
            facts.abis.insert(*address, abi.clone());
        }
    }
    facts.signatures = network
        .looked_up_signatures(unnamed_selectors(rows, &facts))
        .await;
    let gateway = network.ipfs_gateway();
    let wanted: HashSet<(Address, U256)> = nft_ids(rows)
        .into_iter()
        .chain(
            transfers
                .iter()
                .filter_map(|t| Some((t.contract, t.token_id?))),
        )
        .collect();
    for (contract, token_id) in wanted {
        if let Some(record) = nft_record(caches, source, contract, token_id).await {
            let metadata = record.as_ref().as_ref().and_then(|r| r.metadata.as_deref());
            facts.nfts.insert(
                (contract, token_id),
                parse_nft_metadata(metadata, None, gateway),
            );
        }
    }
    let coin = SystemCoin {
        symbol: system_symbol,
        price: prices.get(&None).copied(),
    };
    (facts, coin)
}

/// The NFTs the page's logs move.
fn nft_ids(rows: &[TransactionRecord]) -> Vec<(Address, U256)> {
    rows.iter()
        .flat_map(|row| row.transaction.transfer_events())
        .filter_map(|event| match event {
            TransferEvent::Nft {
                contract, token_id, ..
            } => Some((contract, token_id)),
            TransferEvent::Fungible { .. } => None,
        })
        .collect()
}

/// The account's NFT transfers over the page's blocks (ERC-721 and ERC-1155), only
/// when the page moves NFTs. A source that cannot list them, or fails, gives none: the
/// movements still come from the logs, just without names and media.
async fn nft_transfers(
    caches: &AccountReadCaches,
    source: &Arc<dyn EvmSource>,
    account: Address,
    rows: &[TransactionRecord],
) -> Vec<TransferRecord> {
    if nft_ids(rows).is_empty() {
        return Vec::new();
    }
    let blocks = rows.iter().map(|r| r.block_number);
    let (Some(first), Some(last)) = (blocks.clone().min(), blocks.max()) else {
        return Vec::new();
    };
    let fetch = || async {
        let mut all = Vec::new();
        for standard in [TokenStandard::Erc721, TokenStandard::Erc1155] {
            let query = TransferQuery {
                standard,
                page: PageRequest {
                    offset: 0,
                    limit: NFT_TRANSFERS_LIMIT,
                },
                contract: None,
                start_block: Some(first),
                end_block: Some(last),
            };
            all.extend(source.transfers(account, &query).await?.rows);
        }
        Ok::<_, EvmError>(all)
    };
    match caches
        .nft_transfers
        .get_or_fetch_unless(&account, &(first, last), Vec::is_empty, fetch)
        .await
    {
        Ok(transfers) => transfers.as_ref().clone(),
        Err(error) => {
            tracing::warn!(%account, %error, "NFT transfers unavailable; history without NFT names");
            Vec::new()
        }
    }
}
