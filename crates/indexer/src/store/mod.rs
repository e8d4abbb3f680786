//! The index store: the traits every backend implements — [`StoreReads`] (what
//! [`IndexSource`](crate::IndexSource) and server replicas need), [`Store`] (the one
//! writer's batches, on top of the reads) and [`EnrichmentQueue`] (contracts to probe,
//! metadata to fetch) — and the two backends, SQLite (embedded, the default) and
//! PostgreSQL (shared by replicas), chosen by a [`StoreUrl`].
//!
//! The traits are synchronous on purpose: SQLite is, and the follower and the source
//! call them from blocking threads; the PostgreSQL backend waits on its own runtime
//! (see `docs/adr/0008-index-on-postgresql.md`). Every write is one atomic batch
//! (blocks, transactions, logs, derived-state changes and the cursor together), so a
//! process killed at any point leaves the store at the last committed batch.

mod error;
mod lock;
mod postgres;
mod sql;
mod sqlite;
mod url;

pub use error::StoreError;
pub use lock::WriterLock;
pub use postgres::{PgStore, Postgres};
pub use sql::{CrashPoint, CrashStep, SqlStore};
pub use sqlite::{Sqlite, SqliteStore};
pub use url::StoreUrl;

use alloy_primitives::{Address, B256, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{
    ApprovalKind, ApprovalRecord, ContractInterface, ContractRecord, HolderQuery, HolderRecord,
    NftRecord, Page, PageRequest, TokenBalance, TransactionQuery, TransactionRecord, TransferQuery,
    TransferRecord,
};

use crate::IndexerError;
use crate::decode::PlacedEvent;
use crate::derive::{Stamp, StateKey, StateValue};
use crate::rpc::FetchedBlock;

/// A block the store holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockRef {
    /// Height.
    pub number: u64,
    /// Hash.
    pub hash: B256,
    /// Time, seconds since the epoch.
    pub timestamp: u64,
}

/// One fetched block and its decoded events, one list per transaction.
#[derive(Debug, Clone)]
pub struct DecodedBlock {
    /// The block as fetched.
    pub block: FetchedBlock,
    /// Events of each transaction, in transaction order.
    pub events: Vec<Vec<PlacedEvent>>,
}

/// Everything one atomic write stores.
#[derive(Debug, Clone, Default)]
pub struct Batch {
    /// Consecutive blocks, oldest first.
    pub blocks: Vec<DecodedBlock>,
    /// Native balances read at the batch's last block (a final batch's at the latest
    /// block), with the block that touched them.
    pub native_balances: Vec<(Address, U256, Stamp)>,
    /// ERC-20 allowances `(token, owner, spender, amount, stamp)` read back from the
    /// chain at the batch's last block: tokens spent through `transferFrom` lower an
    /// allowance without an `Approval` event. The stamp is the owner's last transfer.
    pub allowance_reads: Vec<(Address, Address, Address, U256, Stamp)>,
    /// Whether to keep undo information (false for blocks deeper than any reorg can reach).
    pub keep_undo: bool,
}

/// The chain head as last seen by the follower, for health.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeadSeen {
    /// Head height.
    pub number: u64,
    /// Head block time, seconds.
    pub timestamp: u64,
    /// Wall-clock time of the observation, milliseconds since the epoch.
    pub observed_ms: u64,
}

/// What contract discovery found out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContractProbe {
    /// `name()`, when it answered a readable string.
    pub name: Option<String>,
    /// `symbol()`.
    pub symbol: Option<String>,
    /// `decimals()`, when it fits the standard's `uint8`.
    pub decimals: Option<u8>,
    /// Interfaces found by ERC-165 probing (or ERC-20 by shape).
    pub interfaces: Vec<ContractInterface>,
}

/// What the metadata fetcher found for one NFT.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetadataResult {
    /// The URI the contract returned, if any.
    pub token_uri: Option<String>,
    /// The document as fetched (raw text; may be invalid JSON).
    pub metadata: Option<String>,
    /// What lists read of it (`tandem_domain::nft::metadata_preview`).
    pub preview: Option<String>,
    /// Whether fetching is finished (success, or given up).
    pub done: bool,
}

/// What the index knows of one account's history.
///
/// The index holds every account's activity from its start block on. An account it was
/// asked for is also filled below that block ([`AccountFill`]); until then its balances,
/// NFTs and approvals may miss what happened before the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Coverage {
    /// The index's first block (`None` before the follower bound the store to a chain).
    pub index_start: Option<u64>,
    /// The last block the index holds.
    pub indexed_through: Option<u64>,
    /// The lowest block of the account's filled history, when it was filled.
    pub filled_from: Option<u64>,
    /// The block its state was read at when it was filled.
    pub filled_at: Option<u64>,
    /// How its fill found its earlier activity (`None`: not filled, or filled before
    /// the store recorded it).
    pub filled_by: Option<FillMethod>,
    /// From which block each kind of its history is complete, once filled (`None`: not
    /// filled, or filled before the store recorded kinds — such a fill searched token
    /// events only and is done again).
    pub kinds: Option<FillKinds>,
    /// How the index changed besides taking in blocks, when this was read — kept in the
    /// store, so every process reading it sees the same counts.
    pub changes: IndexChanges,
}

/// What changed the index's answers besides a new block, counted in the store in the
/// same transaction as the change: a cache keyed by the index's committed state (block
/// and these counts) then agrees across every replica reading the store, and survives
/// a writer's restart (counters in the writer's memory would do neither).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IndexChanges {
    /// Rollbacks that removed blocks (reorgs handled).
    pub reorgs: u64,
    /// Contract probes and NFT metadata fetches saved.
    pub enrichments: u64,
}

/// From which block each kind of an account's history below the index's start is
/// complete (0: all of it). A kind the node could not search (it keeps no state that old)
/// is complete from the index's start block only. Token events are `filled_from`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FillKinds {
    /// Transactions the account sent (successful or failed, creations included).
    pub sent_from: u64,
    /// TLOS it received in transactions sent to it.
    pub received_from: u64,
    /// Every other change of its TLOS balance (value received inside someone's call).
    pub other_from: u64,
}

impl FillKinds {
    /// Every kind complete from genesis.
    pub const WHOLE: Self = Self {
        sent_from: 0,
        received_from: 0,
        other_from: 0,
    };

    /// Whether every kind is complete from genesis.
    #[must_use]
    pub fn is_whole(&self) -> bool {
        *self == Self::WHOLE
    }
}

impl Coverage {
    /// Whether the index holds the account's whole history, every kind of it: it starts
    /// at genesis, or the account's fill found all of it.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.index_start == Some(0)
            || (self.filled_from == Some(0) && self.kinds.is_some_and(|kinds| kinds.is_whole()))
    }

    /// Whether nothing is left for a fill to do: the history is complete, or the account
    /// was filled as far as the node could answer (its gaps are in `kinds`).
    #[must_use]
    pub fn is_filled(&self) -> bool {
        self.index_start == Some(0) || (self.filled_from == Some(0) && self.kinds.is_some())
    }

    /// The first block from which every kind of the account's history is held: 0 once
    /// complete, else the highest block a kind is complete from (the index's start
    /// before a fill).
    #[must_use]
    pub fn complete_from(&self) -> Option<u64> {
        if self.index_start == Some(0) {
            return Some(0);
        }
        match (self.filled_from, self.kinds) {
            (Some(tokens), Some(kinds)) => Some(
                tokens
                    .max(kinds.sent_from)
                    .max(kinds.received_from)
                    .max(kinds.other_from),
            ),
            _ => self.index_start,
        }
    }
}

/// How a fill found an account's activity below the index's start block. Whatever the
/// way, only what the chain shows is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillMethod {
    /// The node's logs, searched over every block below the start (no third-party
    /// indexer configured).
    Chain,
    /// A third-party indexer's list of the account's transactions and transfers, each
    /// item found in its block, and the account's sent transactions counted by its nonce.
    Indexer,
    /// The node's logs, because the indexer did not answer or had not indexed every
    /// block below the start.
    ChainIndexerUnavailable,
    /// The node's logs, because the indexer's list disagreed with the chain: `refused`
    /// items it listed are not in the chain (none of them was stored), and `unlisted`
    /// transactions the account sent were missing from it.
    ChainIndexerDisagreed {
        /// Listed items the chain does not have.
        refused: u32,
        /// Sent transactions the list lacked.
        unlisted: u32,
    },
}

impl FillMethod {
    /// The store's text of the method.
    #[must_use]
    pub fn to_text(self) -> String {
        match self {
            Self::Chain => "chain".to_owned(),
            Self::Indexer => "indexer".to_owned(),
            Self::ChainIndexerUnavailable => "chain;indexer-unavailable".to_owned(),
            Self::ChainIndexerDisagreed { refused, unlisted } => {
                format!("chain;indexer-disagreed;{refused};{unlisted}")
            }
        }
    }

    /// The method of the store's text; `None` for text this version does not know.
    #[must_use]
    pub fn from_text(text: &str) -> Option<Self> {
        let parts: Vec<&str> = text.split(';').collect();
        match parts.as_slice() {
            ["chain"] => Some(Self::Chain),
            ["indexer"] => Some(Self::Indexer),
            ["chain", "indexer-unavailable"] => Some(Self::ChainIndexerUnavailable),
            ["chain", "indexer-disagreed", refused, unlisted] => {
                Some(Self::ChainIndexerDisagreed {
                    refused: refused.parse().ok()?,
                    unlisted: unlisted.parse().ok()?,
                })
            }
            _ => None,
        }
    }
}

/// An account's activity below the index's start block and its state read back from the
/// chain, written in one transaction beside the follower's batches.
#[derive(Debug, Clone)]
pub struct AccountFill {
    /// The account.
    pub account: Address,
    /// The lowest block the scan covered (0 for the whole history).
    pub filled_from: u64,
    /// The account's transactions found, by block (each block holds only those).
    pub blocks: Vec<DecodedBlock>,
    /// The account's state, read at `read_at`.
    pub state: Vec<(StateKey, StateValue)>,
    /// The index's last block when the state was read: the fill is written only while
    /// the index still ends there, so the follower's next batch applies on top of it.
    pub read_at: u64,
    /// How the activity was found.
    pub method: FillMethod,
    /// From which block each kind of the account's history is complete.
    pub kinds: FillKinds,
}

/// How writing an [`AccountFill`] went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillCommit {
    /// Written; the account is covered.
    Written,
    /// Nothing written: the index moved on since the state was read (to this block); read
    /// the state again there and retry.
    IndexMoved(Option<u64>),
}

/// What the index answers: everything [`IndexSource`](crate::IndexSource) (and so a
/// server replica) reads. Implemented by stores opened for reading only, too.
pub trait StoreReads: Send + Sync + std::fmt::Debug {
    /// The last committed block.
    ///
    /// # Errors
    /// When the store fails.
    fn cursor(&self) -> Result<Option<BlockRef>, IndexerError>;

    /// The head the follower last saw.
    ///
    /// # Errors
    /// When the store fails.
    fn head(&self) -> Result<Option<HeadSeen>, IndexerError>;

    /// How much of `account`'s history the index holds.
    ///
    /// # Errors
    /// When the store fails.
    fn coverage(&self, account: Address) -> Result<Coverage, IndexerError>;

    /// Whether a block after `after_block` names `account` (a transaction from or to
    /// it, an event naming it, a transfer to or from it) or holds a transfer of a token of
    /// one of `contracts`: when not, nothing the index says of the account's approvals and
    /// holdings changed since (a reorg or an enrichment is told apart by its counters).
    ///
    /// # Errors
    /// When the store fails.
    fn touched_since(
        &self,
        account: Address,
        contracts: &[Address],
        after_block: u64,
    ) -> Result<bool, IndexerError>;

    /// Native balance of `owner`, when indexed.
    ///
    /// # Errors
    /// When the store fails.
    fn native_balance(&self, owner: Address) -> Result<Option<TokenBalance>, IndexerError>;

    /// Non-zero ERC-20 balances of `owner`, by token.
    ///
    /// # Errors
    /// When the store fails.
    fn token_balances(&self, owner: Address) -> Result<Vec<TokenBalance>, IndexerError>;

    /// Transactions touching `address`.
    ///
    /// # Errors
    /// When the store fails.
    fn transactions(
        &self,
        address: Address,
        query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, IndexerError>;

    /// Transfers to or from `account`, newest first.
    ///
    /// # Errors
    /// When the store fails.
    fn transfers(
        &self,
        account: Address,
        query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, IndexerError>;

    /// Current approvals of `owner` of each kind in `kinds`, revoked ones included: kind
    /// by kind in the order of `kinds`, newest first within a kind (one read).
    ///
    /// # Errors
    /// When the store fails.
    fn approvals(
        &self,
        owner: Address,
        kinds: &[ApprovalKind],
    ) -> Result<Vec<ApprovalRecord>, IndexerError>;

    /// NFTs `owner` holds, by collection and id.
    ///
    /// # Errors
    /// When the store fails.
    fn nfts_owned(
        &self,
        owner: Address,
        standard: NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, IndexerError>;

    /// NFTs of a collection, by id.
    ///
    /// # Errors
    /// When the store fails.
    fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, IndexerError>;

    /// Holders of a token.
    ///
    /// # Errors
    /// When the store fails.
    fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, IndexerError>;

    /// What the index knows of a contract.
    ///
    /// # Errors
    /// When the store fails.
    fn contract(&self, address: Address) -> Result<Option<ContractRecord>, IndexerError>;
}

/// What the indexer learns besides blocks: contracts to probe and NFT metadata to
/// fetch, and what came of it.
pub trait EnrichmentQueue: Send + Sync + std::fmt::Debug {
    /// Contracts seen emitting token events that were not probed yet.
    ///
    /// # Errors
    /// When the store fails.
    fn contracts_to_probe(&self, limit: u64) -> Result<Vec<Address>, IndexerError>;

    /// Saves what probing a contract found.
    ///
    /// # Errors
    /// When the store fails.
    fn save_probe(&self, contract: Address, probe: &ContractProbe) -> Result<(), IndexerError>;

    /// NFTs whose metadata is still to fetch (`attempts` below `max_attempts`), with their
    /// standard, fewest attempts first; none of the contracts in `skip` (those resting after
    /// spending their time budget).
    ///
    /// # Errors
    /// When the store fails.
    fn metadata_to_fetch(
        &self,
        limit: u64,
        max_attempts: u32,
        skip: &[Address],
    ) -> Result<Vec<(Address, U256, NftStandard)>, IndexerError>;

    /// Saves one metadata fetch outcome (counting an attempt).
    ///
    /// # Errors
    /// When the store fails.
    fn save_metadata(
        &self,
        contract: Address,
        token_id: U256,
        result: &MetadataResult,
    ) -> Result<(), IndexerError>;
}

/// Writes account fills. Any process serving the index may (a fill is a short transaction
/// serialized with the follower's batches), so it is apart from [`Store`].
pub trait FillWriter: Send + Sync + std::fmt::Debug {
    /// Writes `fill` unless the index moved past `fill.read_at`.
    ///
    /// # Errors
    /// When the store fails; nothing of the fill is then written.
    fn commit_fill(&self, fill: &AccountFill) -> Result<FillCommit, IndexerError>;
}

/// What a server replica opens: the reads, and fills of the accounts it is asked for.
pub trait ReplicaStore: StoreReads + FillWriter {}

impl<T: StoreReads + FillWriter + ?Sized> ReplicaStore for T {}

/// The store as the one writer (the follower) uses it: its batches, on top of the
/// reads and the enrichment queue, so the follower holds a single `Arc<dyn Store>`.
/// A replica holds an `Arc<dyn ReplicaStore>` instead.
pub trait Store: ReplicaStore + EnrichmentQueue {
    /// Binds an empty store to a chain, or checks a used one belongs to it.
    ///
    /// # Errors
    /// [`IndexerError::StoreMismatch`] for another chain or start block.
    fn bind_chain(&self, chain_id: u64, start_block: u64) -> Result<(), IndexerError>;

    /// The stored block at `number`.
    ///
    /// # Errors
    /// When the store fails.
    fn block(&self, number: u64) -> Result<Option<BlockRef>, IndexerError>;

    /// Stores one batch atomically and moves the cursor to its last block.
    ///
    /// # Errors
    /// When the store fails; nothing of the batch is then stored.
    fn commit(&self, batch: &Batch) -> Result<(), IndexerError>;

    /// Undoes every block above `last_kept` (all blocks for `None`; possibly more than
    /// asked: undo is kept per batch, and a batch is undone whole). Returns the new cursor.
    ///
    /// # Errors
    /// [`IndexerError::ReorgTooDeep`] when undo information was already pruned.
    fn rollback(&self, last_kept: Option<u64>) -> Result<Option<BlockRef>, IndexerError>;

    /// Forgets undo information for batches that start below `block`.
    ///
    /// # Errors
    /// When the store fails.
    fn prune_undo(&self, below: u64) -> Result<(), IndexerError>;

    /// Non-zero allowances `owner` granted on `token`: `(spender, amount)`.
    ///
    /// # Errors
    /// When the store fails.
    fn allowances_of(
        &self,
        token: Address,
        owner: Address,
    ) -> Result<Vec<(Address, U256)>, IndexerError>;

    /// Records the head the follower saw.
    ///
    /// # Errors
    /// When the store fails.
    fn record_head(&self, head: HeadSeen) -> Result<(), IndexerError>;
}
