//! The follower: reads block ranges from the node and commits them to the store, one
//! atomic batch at a time, preparing the next batch while the previous one is written.
//!
//! Resuming needs no bookkeeping beyond the store: the cursor is the last committed
//! block, so a restart after a kill at any point continues right after it.
//!
//! # Near the head and below it
//!
//! Blocks within `max_reorg_depth` of the head can still be replaced by a reorg. They
//! are read in full, every one, in batches of `batch_blocks`: each batch is checked to
//! build on the stored cursor, state is read at the batch's last block, and undo
//! records are kept.
//!
//! Blocks below that window are final, and on Telos EVM almost all of them are empty
//! (a block every half second). Reading each in full — two calls per block — is what
//! makes a backfill of hundreds of millions of blocks take weeks. With a sparse
//! [`Backfill`] mode the follower instead asks which blocks matter and reads only
//! those in full:
//! - with [`Backfill::Counts`] (the default), `eth_getBlockTransactionCountByNumber`
//!   names every block with a transaction: one small call per block, batched (a block
//!   with an event has a transaction, so nothing else needs asking);
//! - with [`Backfill::Logs`], `eth_getLogs` over the range, filtered to the event
//!   signatures the index decodes (ERC-20/721 `Transfer`, ERC-1155
//!   `TransferSingle`/`TransferBatch`, `Approval`, `ApprovalForAll`, and the wrapped
//!   native coin's `Deposit`/`Withdrawal`), names the blocks with events: one request
//!   per range of up to `max_log_range` blocks.
//!
//! Final blocks are scanned in aligned stretches of `max_scan_blocks` and cut into
//! batches of up to `sparse_batch_blocks` blocks with content, ending on a multiple of
//! `batch_blocks` — a cut that depends on the chain alone, so a restarted indexer
//! stores exactly what one that never stopped stores. Those blocks, and always the
//! batch's last block (the cursor moves there and the next batch checks its hash),
//! are read in full and go through exactly the path of the blocks near the head, so
//! for the blocks it holds the store ends as a full read leaves it. (One date follows
//! the batch's extent, on either path: an allowance spent without an event is read
//! back and dated by its owner's last transfer in the batch.)
//!
//! What a sparse range does not store, and what that costs:
//! - always: the rows of blocks with no transaction (nothing refers to them), and the
//!   native balance of a skipped block's fee recipient (Telos EVM has one fixed fee
//!   recipient, which every read block touches; on other chains an unseen recipient's
//!   balance is read from the node when asked);
//! - with [`Backfill::Logs`] only: transactions without an indexed event — a plain TLOS
//!   transfer, a failed call, a contract call or creation that emits none of the
//!   decoded events. They are missing from history, and the native balance of an
//!   account they changed stays as last read until a later read block touches the
//!   account again (or the wallet reads it from the node). Transaction counts close
//!   that gap for one small call per final block: on a chain of mostly empty blocks
//!   they are most of the requests a backfill sends (the bench shows how much slower
//!   it is), hence a switch.
//!
//! State reads of final ranges may fall back to the latest block on a node without
//! archive state, see [`state`].
//!
//! Up to `prefetch_batches` batches are fetched ahead while the store writes, so on a
//! distant node the round trips of several batches overlap.

mod allowances;
mod latest_reads;
mod pipeline;
mod prepare;
pub(crate) mod state;
mod status;

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tandem_evm::reads::ChainReader;
use tandem_evm::rpc::{RetryConfig, RpcConfig};

use crate::IndexerError;
use crate::config::{Backfill, IndexerConfig};
use crate::phases::{Phase, PhaseClock, PhaseTimes};
use crate::progress::RateWindow;
use crate::rpc::BlockFetcher;
use crate::store::{BlockRef, HeadSeen, Store};
use pipeline::{Pipeline, join};
use prepare::{Range, Reader, Scan, sparse_scan};
use state::StateReads;
pub use status::IndexerStatus;

/// Follows one node into one store.
#[derive(Debug)]
pub struct Indexer {
    pub(crate) config: IndexerConfig,
    pub(crate) store: Arc<dyn Store>,
    pub(crate) fetcher: Arc<BlockFetcher>,
    /// Typed contract and balance reads (shared with the rest of the wallet).
    pub(crate) reads: ChainReader,
    reader: Arc<Reader>,
    /// Where the time of syncing went, phase by phase.
    clock: Arc<PhaseClock>,
    status: Mutex<IndexerStatus>,
    rate: Mutex<RateWindow>,
    /// The client NFT metadata is fetched with (public addresses only).
    pub(crate) outbound: tandem_fetch::OutboundClient,
    /// Collections whose metadata spent its time budget, resting.
    pub(crate) resting: crate::metadata::Resting,
}

pub(crate) use tandem_domain::time::now_ms;

/// The node as everything the indexer sends reaches it: one client whose retries and
/// bound on requests in flight cover block, log and state reads alike (the follower's
/// and the account fills').
#[derive(Debug)]
pub(crate) struct Node {
    /// Typed contract and balance reads.
    pub(crate) reads: ChainReader,
    /// Blocks, logs and transaction counts.
    pub(crate) fetcher: Arc<BlockFetcher>,
    /// Batches of state reads at a block.
    pub(crate) state: StateReads,
}

impl Node {
    /// Connects to `config.rpc_url` with `config`'s retries, limits and request sizes.
    ///
    /// # Errors
    /// [`IndexerError::Config`] for a bad RPC URL.
    pub(crate) fn connect(config: &IndexerConfig) -> Result<Self, IndexerError> {
        let rpc = RpcConfig {
            request_timeout: config.request_timeout,
            max_batch_size: usize::try_from(config.max_batch_calls).unwrap_or(usize::MAX),
            retry: Some(RetryConfig {
                max_retries: config.rpc_retries,
                initial_backoff: config.rpc_backoff,
                max_in_flight: config.rpc_concurrency,
                ..RetryConfig::default()
            }),
            ..RpcConfig::default()
        };
        let reads = ChainReader::connect_with(&config.rpc_url, &rpc)
            .map_err(|error| IndexerError::config_caused("rpc_url", error))?;
        let fetcher = Arc::new(BlockFetcher::new(reads.provider().clone(), config));
        let state = StateReads::new(reads.clone(), config.max_batch_calls, config.batch_attempts);
        Ok(Self {
            reads,
            fetcher,
            state,
        })
    }
}

impl Indexer {
    /// An indexer for `config.rpc_url` writing to `store`.
    ///
    /// # Errors
    /// [`IndexerError::Config`] for a bad RPC URL or batch settings.
    pub fn new(config: IndexerConfig, store: Arc<dyn Store>) -> Result<Self, IndexerError> {
        config.validate()?;
        let Node {
            reads,
            fetcher,
            state,
        } = Node::connect(&config)?;
        let outbound = crate::metadata::outbound_client(&config)?;
        let clock = Arc::new(PhaseClock::default());
        let reader = Arc::new(Reader::new(
            Arc::clone(&fetcher),
            state,
            config.clone(),
            Arc::clone(&clock),
        ));
        Ok(Self {
            config,
            store,
            fetcher,
            reads,
            reader,
            clock,
            status: Mutex::new(IndexerStatus::default()),
            rate: Mutex::new(RateWindow::default()),
            outbound,
            resting: crate::metadata::Resting::default(),
        })
    }

    /// The settings it runs with.
    #[must_use]
    pub fn config(&self) -> &IndexerConfig {
        &self.config
    }

    /// Busy time per phase since this indexer was made (see [`crate::phases`]).
    #[must_use]
    pub fn phase_times(&self) -> PhaseTimes {
        self.clock.snapshot()
    }

    /// The current status.
    #[must_use]
    pub fn status(&self) -> IndexerStatus {
        self.status
            .lock()
            .map(|status| status.clone())
            .unwrap_or_default()
    }

    pub(crate) fn note_reorg(&self) {
        self.update_status(|status| status.reorgs += 1);
    }

    pub(crate) fn update_status(&self, change: impl FnOnce(&mut IndexerStatus)) {
        if let Ok(mut status) = self.status.lock() {
            change(&mut status);
        }
    }

    /// Records progress: the indexed block and the head, and the rate over the window.
    fn note_progress(&self, indexed: Option<u64>, head: u64) {
        let rate = self.rate.lock().ok().and_then(|mut window| {
            window.record(
                Instant::now(),
                indexed.unwrap_or(self.config.start_block),
                head,
            )
        });
        self.update_status(|status| {
            status.indexed_block = indexed;
            status.head_block = Some(head);
            status.start_block = Some(self.config.start_block);
            if rate.is_some() {
                status.rate = rate;
            }
        });
    }

    pub(crate) async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn Store) -> Result<T, IndexerError> + Send + 'static,
    ) -> Result<T, IndexerError> {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || work(store.as_ref())).await?
    }

    /// Follows the chain until `shutdown` completes: sync, wait, repeat, with contract
    /// probes and NFT metadata enriched beside it (never in its way: a slow metadata
    /// server delays no block). Errors are logged and retried with a growing pause while
    /// [retryable](IndexerError::retryable).
    ///
    /// # Errors
    /// The first error retrying cannot fix: a store of another chain, a configuration,
    /// a fork below the undo window.
    pub async fn run_until(&self, shutdown: impl Future<Output = ()>) -> Result<(), IndexerError> {
        let enrichment = async {
            if self.config.enrich {
                self.enrich_beside().await
            } else {
                std::future::pending().await
            }
        };
        tokio::select! {
            () = shutdown => Ok(()),
            outcome = self.follow() => outcome,
            outcome = enrichment => outcome,
        }
    }

    /// Syncs to the head, pauses, and again, until an error retrying cannot fix.
    async fn follow(&self) -> Result<(), IndexerError> {
        let mut pause = self.config.poll_interval;
        loop {
            match self.sync_to_head().await {
                Ok(_) => pause = self.config.poll_interval,
                Err(error) if !error.retryable() => return Err(error),
                Err(error) => {
                    let described = error.with_causes();
                    tracing::warn!(error = %described, "indexing round failed; retrying");
                    self.update_status(|status| status.last_error = Some(described));
                    pause = (pause * 2).min(Duration::from_secs(30));
                }
            }
            tokio::time::sleep(pause).await;
        }
    }

    /// Indexes up to the node's current head and returns the last committed block.
    ///
    /// # Errors
    /// When the node or the store fails; what was committed stays committed.
    pub async fn sync_to_head(&self) -> Result<Option<u64>, IndexerError> {
        let chain_id = self.fetcher.chain_id().await?;
        let start = self.config.start_block;
        self.blocking(move |store| store.bind_chain(chain_id, start))
            .await?;
        let head = self.fetcher.head().await?;
        let head_number: u64 = head.number.to();
        let seen = HeadSeen {
            number: head_number,
            timestamp: head.timestamp.to(),
            observed_ms: now_ms(),
        };
        self.blocking(move |store| store.record_head(seen)).await?;

        let mut cursor = self.blocking(|store| store.cursor()).await?;
        self.note_progress(cursor.map(|block| block.number), head_number);
        if let Some(current) = cursor {
            // The node may have reorged to a chain no longer than ours.
            if current.number >= head_number {
                let stored = self.blocking(move |store| store.block(head_number)).await?;
                if stored.is_some_and(|block| block.hash != head.hash)
                    || current.number > head_number
                {
                    cursor = self.handle_reorg(current).await?;
                }
            }
        }
        let mut pipeline = Pipeline::default();
        let followed = self
            .follow_to(head_number, &mut cursor, &mut pipeline)
            .await;
        // Whatever happened, the last commit finishes before the round ends, so the
        // next round starts from the store as it is.
        let committed = pipeline.finish().await;
        followed?;
        committed?;
        let below = head_number.saturating_sub(self.config.max_reorg_depth);
        self.blocking(move |store| store.prune_undo(below)).await?;
        let indexed = cursor.map(|block| block.number);
        self.note_progress(indexed, head_number);
        tracing::debug!(phases = %self.clock.snapshot(), "busy time per phase since start");
        self.update_status(|status| status.last_error = None);
        Ok(indexed)
    }

    /// Commits batches until the cursor reaches `head`, keeping up to
    /// `prefetch_batches` batches in preparation ahead of the store.
    async fn follow_to(
        &self,
        head: u64,
        cursor: &mut Option<BlockRef>,
        pipeline: &mut Pipeline,
    ) -> Result<(), IndexerError> {
        let start = self.config.start_block;
        loop {
            let next = cursor.map_or(start, |block| block.number + 1);
            if next > head {
                return Ok(());
            }
            if pipeline
                .ahead
                .front()
                .is_some_and(|(range, _)| range.first != next)
            {
                pipeline.abort_ahead();
            }
            self.prepare_ahead(pipeline, next, head).await?;
            let Some((_, handle)) = pipeline.ahead.pop_front() else {
                return Ok(());
            };
            let prepared = self
                .clock
                .time(Phase::WaitingForPrepared, join(handle))
                .await?;
            if let Some(handle) = pipeline.commit.take() {
                self.clock
                    .time(Phase::WaitingForCommit, join(handle))
                    .await?;
            }
            if let (Some(current), Some(first)) = (*cursor, prepared.blocks.first()) {
                let first = &first.block;
                if first.number == current.number + 1 && first.parent_hash != current.hash {
                    pipeline.abort_ahead();
                    *cursor = self.handle_reorg(current).await?;
                    continue;
                }
            }
            let latest_reads = prepared.range.is_final.then(|| {
                let accounts: Vec<_> = prepared
                    .native_balances
                    .iter()
                    .map(|(address, _, _)| *address)
                    .collect();
                // A read at the latest block is made at the head the follower saw, or
                // at worst (a node behind a load balancer answering from a backend a
                // little behind) within the reorg window below it.
                let read_at_least = prepared
                    .range
                    .head
                    .saturating_sub(self.config.max_reorg_depth);
                (accounts, read_at_least)
            });
            let batch = self
                .clock
                .time(Phase::Allowances, self.finish_batch(prepared, head))
                .await?;
            let Some(last_block) = batch.blocks.last().map(|decoded| &decoded.block) else {
                return Ok(());
            };
            *cursor = Some(BlockRef {
                number: last_block.number,
                hash: last_block.hash,
                timestamp: last_block.timestamp,
            });
            let store = Arc::clone(&self.store);
            let committed = last_block.number;
            let clock = Arc::clone(&self.clock);
            let reader = Arc::clone(&self.reader);
            pipeline.commit = Some(tokio::task::spawn_blocking(move || {
                let started = Instant::now();
                let committed = store.commit(&batch);
                clock.add(Phase::Commit, started.elapsed());
                if let (Ok(()), Some((accounts, head))) = (&committed, latest_reads) {
                    reader.note_latest_reads(accounts, head);
                }
                committed
            }));
            self.note_progress(Some(committed), head);
        }
    }

    /// Plans batches from `next` (after those already in preparation) and starts
    /// preparing them, until `prefetch_batches` are on their way.
    async fn prepare_ahead(
        &self,
        pipeline: &mut Pipeline,
        next: u64,
        head: u64,
    ) -> Result<(), IndexerError> {
        let mut from = pipeline
            .ahead
            .back()
            .map_or(next, |(range, _)| range.last + 1);
        while pipeline.ahead.len() < self.config.prefetch_batches && from <= head {
            let (range, numbers) = self.reader.cut(self.plan(from, head)).await?;
            let reader = Arc::clone(&self.reader);
            let handle = tokio::spawn(reader.prepare_retrying(range, numbers));
            pipeline.ahead.push_back((range, handle));
            from = range.last + 1;
        }
        Ok(())
    }

    /// The next batch's range from `next`: sparse below the reorg window when the
    /// backfill mode says so, every block otherwise. A sparse range is planned up to
    /// the end of its stretch of `max_scan_blocks` (stretches are aligned, so where
    /// batches end does not depend on where the indexer was started); preparing it
    /// scans the stretch and cuts the batch shorter (`prepare::batch_end`).
    fn plan(&self, next: u64, head: u64) -> Range {
        let depth = self.config.max_reorg_depth;
        let sparse =
            sparse_scan(self.config.backfill).filter(|_| next.saturating_add(depth) <= head);
        match sparse {
            Some(scan) => {
                let stretch = self.config.max_scan_blocks;
                let stretch_end = (next / stretch + 1).saturating_mul(stretch) - 1;
                Range {
                    first: next,
                    last: stretch_end.min(head - depth),
                    scan,
                    is_final: true,
                    head,
                }
            }
            None => {
                let last = next.saturating_add(self.config.batch_blocks - 1).min(head);
                Range {
                    first: next,
                    last,
                    scan: Scan::Every,
                    is_final: last.saturating_add(depth) <= head,
                    head,
                }
            }
        }
    }

    /// How final blocks are read (for reports).
    #[must_use]
    pub fn backfill(&self) -> Backfill {
        self.config.backfill
    }
}
