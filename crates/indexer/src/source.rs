//! [`IndexSource`]: the built-in index as an [`EvmSource`], answering from the store
//! (the follower keeps it current), so the wallet needs no third-party indexer. The one
//! thing logs cannot tell is the native balance of an account that no indexed
//! transaction ever touched (genesis allocations): with a chain reader attached, that
//! balance is read from the node instead of being reported as missing.

use std::sync::Arc;

use alloy_primitives::{Address, U256};
use async_trait::async_trait;
use tandem_domain::nft::NftStandard;
use tandem_evm::EvmError;
use tandem_evm::reads::ChainReader;
use tandem_evm::source::{
    ApprovalKind, ApprovalRecord, ContractRecord, EvmSource, HolderQuery, HolderRecord, NftRecord,
    Page, PageRequest, SourceHealth, SourceKind, TokenBalance, TransactionQuery, TransactionRecord,
    TransferQuery, TransferRecord,
};

use crate::IndexerError;
use crate::follower::now_ms;
use crate::store::StoreReads;

/// The own index, read through its store.
#[derive(Debug, Clone)]
pub struct IndexSource {
    store: Arc<dyn StoreReads>,
    chain: Option<ChainReader>,
}

impl IndexSource {
    /// A source over `store`: the one an [`Indexer`](crate::Indexer) writes in this
    /// process (an `Arc<dyn Store>` coerces), or one opened for reading only
    /// ([`StoreUrl::open_reads`](crate::StoreUrl::open_reads)) in a server replica.
    #[must_use]
    pub fn new(store: Arc<dyn StoreReads>) -> Self {
        Self { store, chain: None }
    }

    /// The same source, reading from `chain` the native balance of an account the
    /// index has never seen (one `eth_getBalance`).
    #[must_use]
    pub fn with_chain(mut self, chain: ChainReader) -> Self {
        self.chain = Some(chain);
        self
    }

    /// Runs a store query off the async runtime: store calls block.
    async fn query<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn StoreReads) -> Result<T, IndexerError> + Send + 'static,
    ) -> Result<T, EvmError> {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || work(store.as_ref()))
            .await
            .map_err(IndexerError::from)?
            .map_err(EvmError::from)
    }
}

impl From<IndexerError> for EvmError {
    fn from(error: IndexerError) -> Self {
        // The evm crate has no variant for a local store; its RPC-failure variant carries
        // the same meaning for a caller (this source cannot answer now, ask another).
        EvmError::Rpc {
            method: "own index",
            reason: error.to_string(),
        }
    }
}

/// Seconds the index is behind: the head's lead over the last indexed block, plus the
/// time since the follower last saw the head (a stalled follower falls behind too).
fn seconds_behind(
    indexed_timestamp: u64,
    head_timestamp: u64,
    observed_ms: u64,
    now_ms: u64,
) -> u64 {
    head_timestamp.saturating_sub(indexed_timestamp) + now_ms.saturating_sub(observed_ms) / 1000
}

#[async_trait]
impl EvmSource for IndexSource {
    fn kind(&self) -> SourceKind {
        SourceKind::OwnIndex
    }

    async fn health(&self) -> Result<SourceHealth, EvmError> {
        let (cursor, head) = self
            .query(|store| Ok((store.cursor()?, store.head()?)))
            .await?;
        Ok(match (cursor, head) {
            (Some(cursor), Some(head)) => SourceHealth {
                kind: SourceKind::OwnIndex,
                success: true,
                block_number: cursor.number,
                block_timestamp_ms: cursor.timestamp.saturating_mul(1000),
                seconds_behind: seconds_behind(
                    cursor.timestamp,
                    head.timestamp,
                    head.observed_ms,
                    now_ms(),
                ),
                note: None,
            },
            _ => SourceHealth {
                kind: SourceKind::OwnIndex,
                success: false,
                block_number: cursor.map_or(0, |c| c.number),
                block_timestamp_ms: cursor.map_or(0, |c| c.timestamp.saturating_mul(1000)),
                seconds_behind: u64::MAX,
                note: None,
            },
        })
    }

    /// Native balance first (as indexed, else read from the chain when a reader is
    /// attached), then non-zero token balances.
    async fn balances(&self, owner: Address) -> Result<Vec<TokenBalance>, EvmError> {
        let mut balances = self
            .query(move |store| {
                let mut balances: Vec<TokenBalance> =
                    store.native_balance(owner)?.into_iter().collect();
                balances.extend(store.token_balances(owner)?);
                Ok(balances)
            })
            .await?;
        let seen = balances.iter().any(|balance| balance.token.is_none());
        if let (false, Some(chain)) = (seen, &self.chain) {
            let amount = chain.native_balance(owner).await?;
            balances.insert(
                0,
                TokenBalance {
                    token: None,
                    amount,
                    contract: None,
                    updated_ms: None,
                },
            );
        }
        Ok(balances)
    }

    async fn transactions(
        &self,
        address: Address,
        query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, EvmError> {
        let query = query.clone();
        self.query(move |store| store.transactions(address, &query))
            .await
    }

    async fn transfers(
        &self,
        account: Address,
        query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, EvmError> {
        let query = query.clone();
        self.query(move |store| store.transfers(account, &query))
            .await
    }

    async fn approvals(
        &self,
        owner: Address,
        kind: ApprovalKind,
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        self.query(move |store| store.approvals(owner, &[kind]))
            .await
    }

    async fn approvals_of_kinds(
        &self,
        owner: Address,
        kinds: &[ApprovalKind],
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        let kinds = kinds.to_vec();
        self.query(move |store| store.approvals(owner, &kinds))
            .await
    }

    async fn nfts_owned(
        &self,
        owner: Address,
        standard: NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        self.query(move |store| store.nfts_owned(owner, standard, page))
            .await
    }

    async fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        self.query(move |store| store.collection_nfts(contract, token_id, page))
            .await
    }

    async fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, EvmError> {
        let query = query.clone();
        self.query(move |store| store.token_holders(contract, &query))
            .await
    }

    async fn contract(&self, address: Address) -> Result<Option<ContractRecord>, EvmError> {
        self.query(move |store| store.contract(address)).await
    }
}

#[cfg(test)]
mod tests {
    use super::seconds_behind;

    #[test]
    fn a_stalled_follower_falls_behind() {
        assert_eq!(seconds_behind(100, 100, 5_000, 6_000), 1);
        assert_eq!(seconds_behind(90, 100, 5_000, 5_000), 10);
        assert_eq!(seconds_behind(100, 100, 5_000, 65_000), 60);
    }
}
