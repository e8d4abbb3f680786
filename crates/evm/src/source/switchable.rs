//! [`SwitchableSource`]: an [`EvmSource`] whose implementation can be replaced while it
//! is in use, and the one implementation of the interface that forwards every call.
//! Holders keep it once; the source behind it is swapped later — by the
//! [`SourceSelector`](crate::selector::SourceSelector) when the primary's health
//! changes, by the server when a better-configured source is ready (the RPC fallback
//! once the token list has loaded, a fresh index store after a devnet restart).

use std::sync::{Arc, PoisonError, RwLock};

use alloy_primitives::{Address, B256, U256};
use async_trait::async_trait;
use tandem_domain::nft::NftStandard;

use super::{
    ApprovalKind, ApprovalRecord, ContractRecord, EvmSource, HolderQuery, HolderRecord, NftRecord,
    Page, PageRequest, SourceHealth, SourceKind, TokenBalance, TransactionQuery, TransactionRecord,
    TransferQuery, TransferRecord,
};
use crate::EvmError;

/// A source whose implementation can be replaced; every call goes to the one in place
/// when it is made.
#[derive(Debug)]
pub struct SwitchableSource {
    current: RwLock<Arc<dyn EvmSource>>,
}

impl SwitchableSource {
    /// Starts with `source`.
    #[must_use]
    pub fn new(source: Arc<dyn EvmSource>) -> Self {
        Self {
            current: RwLock::new(source),
        }
    }

    /// Answers with `source` from now on (requests in flight finish on the old one).
    pub fn replace(&self, source: Arc<dyn EvmSource>) {
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = source;
    }

    /// The implementation answering now.
    #[must_use]
    pub fn current(&self) -> Arc<dyn EvmSource> {
        Arc::clone(&self.current.read().unwrap_or_else(PoisonError::into_inner))
    }
}

#[async_trait]
impl EvmSource for SwitchableSource {
    fn kind(&self) -> SourceKind {
        self.current().kind()
    }

    async fn health(&self) -> Result<SourceHealth, EvmError> {
        self.current().health().await
    }

    async fn balances(&self, owner: Address) -> Result<Vec<TokenBalance>, EvmError> {
        self.current().balances(owner).await
    }

    async fn transactions(
        &self,
        address: Address,
        query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, EvmError> {
        self.current().transactions(address, query).await
    }

    async fn transfers(
        &self,
        account: Address,
        query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, EvmError> {
        self.current().transfers(account, query).await
    }

    async fn approvals(
        &self,
        owner: Address,
        kind: ApprovalKind,
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        self.current().approvals(owner, kind).await
    }

    async fn approvals_of_kinds(
        &self,
        owner: Address,
        kinds: &[ApprovalKind],
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        self.current().approvals_of_kinds(owner, kinds).await
    }

    async fn nfts_owned(
        &self,
        owner: Address,
        standard: NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        self.current().nfts_owned(owner, standard, page).await
    }

    async fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        self.current()
            .collection_nfts(contract, token_id, page)
            .await
    }

    async fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, EvmError> {
        self.current().token_holders(contract, query).await
    }

    async fn contract(&self, address: Address) -> Result<Option<ContractRecord>, EvmError> {
        self.current().contract(address).await
    }

    async fn transaction(&self, hash: B256) -> Result<Option<TransactionRecord>, EvmError> {
        self.current().transaction(hash).await
    }
}
