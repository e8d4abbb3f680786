//! Indexer settings, with defaults tuned for a local node and for Telos EVM's 0.5 s blocks.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use alloy_primitives::Address;
pub use tandem_fetch::LocalAllowance;

use crate::IndexerError;

/// How blocks deeper than the reorg window (final: no reorg can reach them) are read
/// while catching up. Blocks near the head are always read in full. See
/// [`follower`](crate::Indexer) for what each mode stores and misses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Backfill {
    /// Every block in full, transactions and receipts, as near the head: two calls per
    /// block, empty or not.
    Full,
    /// Only the blocks with a transaction (one transaction count per block, batched;
    /// every block with an event has one), in full. Stores what [`Backfill::Full`]
    /// stores except the rows of empty blocks.
    #[default]
    Counts,
    /// Only the blocks that hold an indexed event (`eth_getLogs`), in full: the
    /// fastest, but transactions without an indexed event in final blocks (a plain
    /// TLOS transfer, a failed call) are not seen.
    Logs,
}

impl Backfill {
    /// The name used in configuration: `full`, `counts` or `logs`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Counts => "counts",
            Self::Logs => "logs",
        }
    }
}

impl fmt::Display for Backfill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backfill {
    type Err = IndexerError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        [Self::Full, Self::Counts, Self::Logs]
            .into_iter()
            .find(|mode| mode.name() == text.trim())
            .ok_or_else(|| {
                IndexerError::config(format!(
                    "backfill must be full, counts or logs, not {text:?}"
                ))
            })
    }
}

/// How the indexer follows its node.
#[derive(Debug, Clone)]
pub struct IndexerConfig {
    /// The node's JSON-RPC URL.
    pub rpc_url: String,
    /// First block to index (contracts deployed before it are seen only through later events).
    pub start_block: u64,
    /// Blocks per atomic store write near the head (and where batches of final blocks
    /// may end: on multiples of it).
    pub batch_blocks: u64,
    /// Blocks read in full per atomic store write below the reorg window: those
    /// batches keep no undo records and cannot be reorged, so they can be larger. The
    /// bound on a backfill's memory: up to `prefetch_batches` + 1 such batches are held
    /// at once (being fetched, and being written). Larger ones cost the store less per
    /// block (fewer commits, each page of a random-keyed index written once per commit,
    /// each account's state read once per batch: ADR 0016).
    pub sparse_batch_blocks: u64,
    /// Batches fetched ahead of the store while it writes, so the node's latency
    /// overlaps; each holds its blocks in memory until written.
    pub prefetch_batches: usize,
    /// Full blocks per JSON-RPC batch to start with; grows while the node accepts,
    /// halves when it refuses.
    pub rpc_chunk_blocks: u64,
    /// HTTP requests in flight at once, shared by everything the indexer sends.
    pub rpc_concurrency: usize,
    /// How final blocks are read while catching up.
    pub backfill: Backfill,
    /// Largest block range of one `eth_getLogs` (halved while the node refuses).
    pub max_log_range: u64,
    /// Largest JSON-RPC batch of small reads: transaction counts, balances, allowances
    /// (halved while the node refuses).
    pub max_batch_calls: u64,
    /// Final blocks are scanned in aligned stretches of this many blocks (one store
    /// write never spans two), then read in batches of up to `sparse_batch_blocks`
    /// blocks with content. On a chain of mostly empty blocks the stretch, not
    /// `sparse_batch_blocks`, is what limits a batch unless it holds enough blocks
    /// with content (2 % of 100,000 is 2,000).
    pub max_scan_blocks: u64,
    /// Time allowed for one HTTP request.
    pub request_timeout: Duration,
    /// Retries of one failed request (429, 5xx, timeout, dropped connection).
    pub rpc_retries: u32,
    /// Pause before a retry, doubling while failures keep coming (a server's
    /// `Retry-After` wins).
    pub rpc_backoff: Duration,
    /// Attempts at preparing one batch before the round gives up (each after a pause).
    pub batch_attempts: u32,
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
    /// Attempts per metadata document, one per pass, before it is given up (kept
    /// without metadata).
    pub metadata_attempts: u32,
    /// Time allowed for one metadata request in all (connection, redirects, body).
    pub metadata_timeout: Duration,
    /// The longest wait for the next bytes of a metadata answer.
    pub metadata_idle_timeout: Duration,
    /// Local addresses metadata may be fetched from all the same: the devnet's assets
    /// server only (every other fetch reaches public addresses only; `tandem_fetch`).
    pub metadata_allowance: LocalAllowance,
    /// Time one enrichment pass (probes, then metadata) may take before it yields to the
    /// next; what is left waits for the next pass.
    pub enrich_pass_budget: Duration,
    /// Time one collection's metadata may take in a pass; a collection that spends it
    /// rests for `enrich_rest`, so a slow metadata server delays only its own NFTs.
    pub enrich_contract_budget: Duration,
    /// How long a collection that spent its budget is left out of the passes.
    pub enrich_rest: Duration,
    /// Probe contracts and fetch NFT metadata beside the follower (off for pure
    /// throughput runs).
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
            sparse_batch_blocks: 2_000,
            prefetch_batches: 4,
            rpc_chunk_blocks: 5,
            rpc_concurrency: 4,
            backfill: Backfill::default(),
            max_log_range: 10_000,
            max_batch_calls: 1_000,
            max_scan_blocks: 100_000,
            request_timeout: Duration::from_secs(30),
            rpc_retries: 8,
            rpc_backoff: Duration::from_millis(200),
            batch_attempts: 5,
            wrapped_native: Vec::new(),
            max_reorg_depth: 64,
            poll_interval: Duration::from_millis(500),
            ipfs_gateway: "https://ipfs.io/ipfs/".to_owned(),
            metadata_concurrency: 4,
            metadata_attempts: 3,
            metadata_timeout: Duration::from_secs(10),
            metadata_idle_timeout: Duration::from_secs(5),
            metadata_allowance: LocalAllowance::none(),
            enrich_pass_budget: Duration::from_secs(30),
            enrich_contract_budget: Duration::from_secs(10),
            enrich_rest: Duration::from_secs(300),
            enrich: true,
        }
    }

    /// Checks the sizes are usable.
    ///
    /// # Errors
    /// [`IndexerError::Config`] naming the first setting that is zero.
    pub fn validate(&self) -> Result<(), IndexerError> {
        let sizes = [
            ("batch_blocks", self.batch_blocks),
            ("sparse_batch_blocks", self.sparse_batch_blocks),
            (
                "prefetch_batches",
                u64::try_from(self.prefetch_batches).unwrap_or(1),
            ),
            ("rpc_chunk_blocks", self.rpc_chunk_blocks),
            (
                "rpc_concurrency",
                u64::try_from(self.rpc_concurrency).unwrap_or(1),
            ),
            ("max_log_range", self.max_log_range),
            ("max_batch_calls", self.max_batch_calls),
            ("max_scan_blocks", self.max_scan_blocks),
            ("batch_attempts", u64::from(self.batch_attempts)),
        ];
        match sizes.iter().find(|(_, value)| *value == 0) {
            Some((name, _)) => Err(IndexerError::config(format!("{name} must be at least 1"))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backfill_modes_parse_by_name() {
        for mode in [Backfill::Full, Backfill::Counts, Backfill::Logs] {
            assert_eq!(mode.name().parse::<Backfill>().ok(), Some(mode));
        }
        assert!("sparse".parse::<Backfill>().is_err());
    }

    #[test]
    fn zero_sizes_are_refused_by_name() {
        let mut config = IndexerConfig::new("http://127.0.0.1:8545", 0);
        assert!(config.validate().is_ok());
        config.max_log_range = 0;
        let error = config.validate().err().map(|error| error.to_string());
        assert_eq!(
            error.as_deref(),
            Some("configuration: max_log_range must be at least 1")
        );
    }
}
