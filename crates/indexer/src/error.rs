//! The one error type of the indexer crate.

use crate::store::StoreError;

/// Everything indexing can fail with. Network and store failures are kept apart so the
/// follower can retry the first and stop on the second.
#[derive(Debug, thiserror::Error)]
pub enum IndexerError {
    /// The JSON-RPC node failed or answered something unusable; retried by the follower.
    #[error("rpc: {0}")]
    Rpc(String),
    /// The node answered, but the answer contradicts itself (a block whose parent hash
    /// does not chain within one fetch, a missing block); the follower refetches.
    #[error("inconsistent chain data: {0}")]
    Inconsistent(String),
    /// The store failed (disk, SQL, connection, schema, writer lock), with the
    /// database's own error as the cause; [`StoreError::is_fatal`] tells whether
    /// retrying can help.
    #[error(transparent)]
    Storage(#[from] StoreError),
    /// A blocking store task or an enrichment task died (panicked or was cancelled).
    #[error("an indexer task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
    /// A store failure described in words by its caller (the follower's tasks, the
    /// server preparing a store's directory).
    #[error("store: {0}")]
    Store(String),
    /// The store holds a different chain than the one configured (chain id or start block).
    #[error("the store was built for {stored}, but the indexer is configured for {configured}")]
    StoreMismatch {
        /// What the store says.
        stored: String,
        /// What the configuration says.
        configured: String,
    },
    /// The chain forked deeper than the store keeps undo information for.
    #[error("reorg deeper than the kept undo window: fork below block {0}")]
    ReorgTooDeep(u64),
    /// Invalid configuration.
    #[error("configuration: {0}")]
    Config(String),
    /// A deliberate crash point fired (used by the crash-recovery tests).
    #[error("crash point {0} reached")]
    CrashPoint(String),
}

impl IndexerError {
    /// Whether retrying cannot fix it: a store that belongs to another chain, a bad
    /// configuration, or a fatal store failure (a newer schema, a lost writer lock).
    #[must_use]
    pub fn is_fatal(&self) -> bool {
        match self {
            Self::StoreMismatch { .. } | Self::Config(_) => true,
            Self::Storage(error) => error.is_fatal(),
            _ => false,
        }
    }
}

impl From<alloy::transports::TransportError> for IndexerError {
    fn from(error: alloy::transports::TransportError) -> Self {
        Self::Rpc(error.to_string())
    }
}
