//! State reads of a batch (native balances, allowances): at the batch's last block, so
//! they agree with the batch's events. Near the head they stay there. For final
//! batches (below the reorg window) on a node that keeps no state that old — a full
//! node prunes it, only an archive node keeps it all — they fall back, once and for
//! good, to the latest block. Native balances of final batches are read at the latest
//! block on any node, each account once while it stays read after its touches
//! (`latest_reads::LatestReads`): a backfill then reads an account about once instead of once
//! per batch that touches it.
//!
//! Why reads at the latest block still end exact: the store keeps, for each account
//! (and allowance), the value of its last read, made no earlier than the block that
//! last touched it. A read at the latest block is newer still, so it is the account's
//! value at that moment. Any later change the index can see at all happens in a block
//! the index reads in full, which touches the account and reads it again, later. So
//! when the follower reaches the head, every value is the one read after its last
//! visible change: the current one, as the at-block reads of the dense path would
//! leave it. (Meanwhile values may run ahead of the cursor; the index is behind the
//! head then anyway.) The one gap: a value read at a latest block that a reorg then
//! abandons, in an account no later block touches. Telos's finality makes such reorgs
//! vanishingly rare; the next touch repairs it.

use std::sync::atomic::{AtomicBool, Ordering};

use tandem_evm::reads::ChainReader;
use tandem_evm::rpc::{BatchRead, ReadResult};

use crate::IndexerError;
use crate::follower::prepare::retrying;
use crate::rpc::failure::names_missing_state;
use crate::rpc::{Window, is_state_missing};

/// The indexer's state reads, with what it learnt about the node's history.
///
/// Batches of state reads bypass the transport's retries (one call may fail alone, see
/// `tandem_evm::rpc::retry`), so a batch that gets no answer is tried again here.
#[derive(Debug)]
pub(crate) struct StateReads {
    reads: ChainReader,
    /// Tries per batch of reads.
    attempts: u32,
    /// Calls per JSON-RPC batch of reads.
    calls: Window,
    /// Cleared the first time the node refuses state at an old block.
    historical: AtomicBool,
}

impl StateReads {
    pub(crate) fn new(reads: ChainReader, max_batch_calls: u64, attempts: u32) -> Self {
        Self {
            reads,
            attempts,
            calls: Window::new("state reads per batch", max_batch_calls, max_batch_calls),
            historical: AtomicBool::new(true),
        }
    }

    /// `calls` at block `at`, or, for a `final_block` on a node without its state, at
    /// the latest block; answers in the order of `calls`.
    pub(crate) async fn read(
        &self,
        calls: &[BatchRead],
        at: u64,
        final_block: bool,
        what: &'static str,
    ) -> Result<Vec<ReadResult>, IndexerError> {
        if calls.is_empty() {
            return Ok(Vec::new());
        }
        if !final_block || self.historical.load(Ordering::Relaxed) {
            let outcome = self.read_with(&self.reads.at_block(at), calls, what).await;
            let missing = match &outcome {
                Err(error) => is_state_missing(error),
                Ok(results) => results
                    .iter()
                    .any(|result| matches!(result, Err(failure) if names_missing_state(&failure.message))),
            };
            if !(final_block && missing) {
                return outcome;
            }
            tracing::warn!(
                block = at,
                "the node keeps no state that old; final blocks' balances and allowances are read at the latest block"
            );
            self.historical.store(false, Ordering::Relaxed);
        }
        self.read_with(&self.reads, calls, what).await
    }

    /// `calls` at the latest block, answers in the order of `calls`.
    pub(crate) async fn read_latest(
        &self,
        calls: &[BatchRead],
        what: &'static str,
    ) -> Result<Vec<ReadResult>, IndexerError> {
        if calls.is_empty() {
            return Ok(Vec::new());
        }
        self.read_with(&self.reads, calls, what).await
    }

    async fn read_with(
        &self,
        reader: &ChainReader,
        calls: &[BatchRead],
        what: &'static str,
    ) -> Result<Vec<ReadResult>, IndexerError> {
        let total = calls.len() as u64;
        let parts = self
            .calls
            .cover(total, |offset, len| {
                let start = usize::try_from(offset)
                    .unwrap_or(usize::MAX)
                    .min(calls.len());
                let end = start
                    .saturating_add(usize::try_from(len).unwrap_or(usize::MAX))
                    .min(calls.len());
                let chunk = &calls[start..end];
                retrying(self.attempts, what, move || async move {
                    reader
                        .read_many(chunk)
                        .await
                        .map_err(IndexerError::read(what))
                })
            })
            .await?;
        Ok(parts.into_iter().flatten().collect())
    }
}
