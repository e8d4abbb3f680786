//! Reorg handling: when the node's next block does not build on the stored cursor (or
//! the node's block at our height has another hash), walk back comparing stored hashes
//! with the node's until they agree — the fork point — and roll the store back to it.

use crate::IndexerError;
use crate::follower::Indexer;
use crate::store::BlockRef;

/// Heights compared per round trip while walking back.
const WALK_STEP: u64 = 32;

impl Indexer {
    /// Rolls the store back to the last block it shares with the node and returns the
    /// new cursor.
    ///
    /// # Errors
    /// [`IndexerError::ReorgTooDeep`] when the fork is below the undo window.
    pub(crate) async fn handle_reorg(
        &self,
        cursor: BlockRef,
    ) -> Result<Option<BlockRef>, IndexerError> {
        let start = self.config.start_block;
        let mut top = cursor.number;
        let fork = loop {
            let bottom = top.saturating_sub(WALK_STEP - 1).max(start);
            let heights: Vec<u64> = (bottom..=top).rev().collect();
            let node = self.fetcher.headers(&heights).await?;
            let mut agreed = None;
            for (height, header) in heights.iter().zip(node) {
                let height = *height;
                let stored = self.blocking_block(height).await?;
                if let (Some(stored), Some(header)) = (stored, header)
                    && stored.hash == header.hash
                {
                    agreed = Some(height);
                    break;
                }
            }
            match agreed {
                Some(height) => break Some(height),
                None if bottom == start => break None,
                None => top = bottom - 1,
            }
        };
        tracing::warn!(from = cursor.number, fork = ?fork, "chain reorganised; rolling back");
        let store = std::sync::Arc::clone(&self.store);
        // `None`: nothing in common at or above the start block, so everything goes.
        let new_cursor = tokio::task::spawn_blocking(move || store.rollback(fork)).await??;
        self.note_reorg();
        Ok(new_cursor)
    }

    async fn blocking_block(&self, height: u64) -> Result<Option<BlockRef>, IndexerError> {
        let store = std::sync::Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || store.block(height)).await?
    }
}
