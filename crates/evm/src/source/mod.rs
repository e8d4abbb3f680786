//! `EvmSource`: the one interface for everything the wallet reads about an EVM
//! account, whatever answers it — the Teloscan indexer, Tandem's own index, or plain
//! RPC reads. The server holds `Arc<dyn EvmSource>` values and switches between them
//! on health (spec §4: while the indexer is unhealthy, balances come from chain reads).
//!
//! A source that cannot answer a question at all (plain RPC has no history) returns
//! [`EvmError::Unsupported`] rather than an empty answer,
//! so a caller never mistakes "unknown" for "none".

pub mod activity;
mod switchable;
mod types;

pub use activity::{AccountActivity, ActivitySource, ListedTransaction};
pub use switchable::SwitchableSource;
pub use types::*;

use alloy_primitives::{Address, B256};
use async_trait::async_trait;

use crate::EvmError;

/// What every EVM data source answers. All addresses are checked by the caller;
/// amounts are exact integers in the token's smallest unit.
#[async_trait]
pub trait EvmSource: Send + Sync + std::fmt::Debug {
    /// Which source this is, for the health endpoint and logs.
    fn kind(&self) -> SourceKind;

    /// How far behind the chain head this source is.
    async fn health(&self) -> Result<SourceHealth, EvmError>;

    /// Native and token balances of `owner` (native as `token: None`), with what is
    /// known of each token contract.
    async fn balances(&self, owner: Address) -> Result<Vec<TokenBalance>, EvmError>;

    /// Transactions sent by or touching `address`, with their receipts and logs.
    async fn transactions(
        &self,
        address: Address,
        query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, EvmError>;

    /// Token transfers (fungible or NFT) to or from `account`.
    async fn transfers(
        &self,
        account: Address,
        query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, EvmError>;

    /// Current approvals granted by `owner` of one kind, revoked ones included
    /// (marked as such) so a user can see what was revoked.
    async fn approvals(
        &self,
        owner: Address,
        kind: ApprovalKind,
    ) -> Result<Vec<ApprovalRecord>, EvmError>;

    /// [`approvals`](Self::approvals) of every kind in `kinds`, kind by kind in their
    /// order. Asked one kind at a time, side by side, unless the source can read them at
    /// once (the own index reads each of its tables once).
    async fn approvals_of_kinds(
        &self,
        owner: Address,
        kinds: &[ApprovalKind],
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        let per_kind = futures_util::future::try_join_all(
            kinds.iter().map(|&kind| self.approvals(owner, kind)),
        )
        .await?;
        Ok(per_kind.into_iter().flatten().collect())
    }

    /// NFTs held by `owner` of one standard, with amounts for ERC-1155.
    async fn nfts_owned(
        &self,
        owner: Address,
        standard: tandem_domain::nft::NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError>;

    /// Tokens of one collection, optionally one token id.
    async fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<alloy_primitives::U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError>;

    /// Holders of a token contract: all of them, those of one token id, or one account.
    async fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, EvmError>;

    /// What the source knows of a contract; `Ok(None)` when the address is not a
    /// contract the source knows.
    async fn contract(&self, address: Address) -> Result<Option<ContractRecord>, EvmError>;

    /// One transaction by hash, with its receipt and logs; `Ok(None)` when the source
    /// does not hold it (not indexed yet, or unknown). A source that keeps no
    /// transactions by hash answers [`EvmError::Unsupported`], the default: the caller
    /// then reads the chain ([`ChainReader::transaction`](crate::reads::ChainReader::transaction)).
    async fn transaction(&self, _hash: B256) -> Result<Option<TransactionRecord>, EvmError> {
        Err(EvmError::Unsupported {
            kind: self.kind(),
            capability: "transactions by hash",
        })
    }
}

/// Which blocks an approvals search reads: `blocks` (those of every transaction the
/// owner sent, as an explorer listed and the owner's nonce confirmed), and every block
/// from `from_block` to the head. Without a confirmed list: no blocks, from 0.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApprovalSearch {
    /// Single blocks to read.
    pub blocks: Vec<u64>,
    /// First block of the stretch read whole, up to the head.
    pub from_block: u64,
}

/// Where approvals come from for a source that keeps none (Blockscout): the chain's
/// events confirmed by state reads, or an index that holds the owner.
#[async_trait]
pub trait ApprovalFinder: Send + Sync + std::fmt::Debug {
    /// The approvals `owner` granted of the kinds in `kinds`, revoked ones included (as
    /// [`EvmSource::approvals`] answers them), looking where `search` says.
    async fn find(
        &self,
        owner: Address,
        kinds: &[ApprovalKind],
        search: &ApprovalSearch,
    ) -> Result<Vec<ApprovalRecord>, EvmError>;
}
