//! The one error type of the indexer crate.

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
    /// The store failed (disk, SQL, corrupt row).
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

impl From<rusqlite::Error> for IndexerError {
    fn from(error: rusqlite::Error) -> Self {
        Self::Store(error.to_string())
    }
}

impl From<alloy::transports::TransportError> for IndexerError {
    fn from(error: alloy::transports::TransportError) -> Self {
        Self::Rpc(error.to_string())
    }
}
