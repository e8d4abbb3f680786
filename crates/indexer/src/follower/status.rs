//! What the indexer is doing, as the server's status route and the logs show it.

use std::time::Duration;

use crate::progress::SyncRate;

/// What the indexer is doing, for the server's status page and logs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IndexerStatus {
    /// Last committed block.
    pub indexed_block: Option<u64>,
    /// Chain head last seen.
    pub head_block: Option<u64>,
    /// The first block the index covers (the configured start).
    pub start_block: Option<u64>,
    /// Blocks indexed per second over the last minute, and how the head moved meanwhile.
    pub rate: Option<SyncRate>,
    /// Reorgs handled since start.
    pub reorgs: u64,
    /// Contracts probed and NFT metadata documents fetched since start: what the store
    /// learnt besides blocks (a name, a symbol, an NFT's metadata).
    pub enrichments: u64,
    /// The last block up to which every contract has been probed and every NFT's
    /// metadata fetched: names and media can lag the blocks, and stop lagging here.
    pub enriched_block: Option<u64>,
    /// The last error, cleared by the next successful sync.
    pub last_error: Option<String>,
}

impl IndexerStatus {
    /// Blocks between the last indexed block and the head.
    #[must_use]
    pub fn blocks_behind(&self) -> Option<u64> {
        let head = self.head_block?;
        Some(match self.indexed_block {
            Some(indexed) => head.saturating_sub(indexed),
            None => head.saturating_sub(self.start_block.unwrap_or(0)) + 1,
        })
    }

    /// Estimated time to reach the head at the current rate; `None` while unknown or
    /// while the index does not gain on the head.
    #[must_use]
    pub fn time_to_catch_up(&self) -> Option<Duration> {
        self.rate?.time_to_close(self.blocks_behind()?)
    }
}
