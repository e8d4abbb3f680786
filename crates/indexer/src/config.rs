//! Indexer settings, with defaults tuned for a local node and for Telos EVM's 0.5 s blocks.

use std::time::Duration;

use alloy_primitives::Address;

/// How the indexer follows its node.
#[derive(Debug, Clone)]
pub struct IndexerConfig {
    /// The node's JSON-RPC URL.
    pub rpc_url: String,
    /// First block to index (contracts deployed before it are seen only through later events).
    pub start_block: u64,
    /// Blocks per atomic store write while catching up.
    pub batch_blocks: u64,
    /// Blocks per JSON-RPC batch request (a batch write is fetched in several, concurrently).
    pub rpc_chunk_blocks: u64,
    /// JSON-RPC batch requests in flight at once.
    pub rpc_concurrency: usize,
    /// WETH9-style wrappers of the native coin (WTLOS) whose `Deposit`/`Withdrawal` mint and burn.
    pub wrapped_native: Vec<Address>,
    /// How deep a reorg can be undone; older batches are written without undo records.
    pub max_reorg_depth: u64,
    /// Pause between polls of the head once caught up.
    pub poll_interval: Duration,
    /// HTTP gateway for `ipfs://` metadata links.
    pub ipfs_gateway: String,
    /// Metadata documents fetched at once.
    pub metadata_concurrency: usize,
    /// Attempts per metadata document before it is given up (kept without metadata).
    pub metadata_attempts: u32,
    /// Timeout of one metadata request.
    pub metadata_timeout: Duration,
    /// Probe contracts and fetch NFT metadata after each sync (off for pure throughput runs).
    pub enrich: bool,
}

impl IndexerConfig {
    /// Defaults for following `rpc_url` from `start_block`.
    #[must_use]
    pub fn new(rpc_url: impl Into<String>, start_block: u64) -> Self {
        Self {
            rpc_url: rpc_url.into(),
            start_block,
            batch_blocks: 50,
            rpc_chunk_blocks: 5,
            rpc_concurrency: 4,
            wrapped_native: Vec::new(),
            max_reorg_depth: 64,
            poll_interval: Duration::from_millis(500),
            ipfs_gateway: "https://ipfs.io/ipfs/".to_owned(),
            metadata_concurrency: 4,
            metadata_attempts: 3,
            metadata_timeout: Duration::from_secs(10),
            enrich: true,
        }
    }
}
