//! Preparing a batch before it is written: choosing which blocks of its range to read
//! in full, fetching them, checking they chain, decoding their events and reading the
//! native balances of every account they touch. Runs ahead of the store, in a task of
//! its own, so the next batch is fetched while the previous one is written.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use alloy_primitives::{Address, B256, U256};
use tandem_domain::history::{TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC};
use tandem_evm::reads::decode_amount;
use tandem_evm::rpc::BatchRead;

use crate::IndexerError;
use crate::config::{Backfill, IndexerConfig};
use crate::decode::{
    APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, DEPOSIT_TOPIC, WITHDRAWAL_TOPIC, decode_transaction,
};
use crate::derive::Stamp;
use crate::follower::latest_reads::LatestReads;
use crate::follower::state::StateReads;
use crate::phases::{Phase, PhaseClock};
use crate::rpc::failure::asks_for_less;
use crate::rpc::{BlockFetcher, FetchedBlock};
use crate::store::DecodedBlock;

/// Which blocks of a range are read in full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scan {
    /// Every block.
    Every,
    /// The blocks with a transaction (`counts`), or those `eth_getLogs` names for the
    /// indexed events; always the range's last block.
    Sparse {
        /// Whether transaction counts name the blocks (else the logs do).
        counts: bool,
    },
}

/// One batch's blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Range {
    /// First block.
    pub(crate) first: u64,
    /// Last block: the cursor after the batch, always read in full. As planned for a
    /// sparse scan, the last block it may reach (see [`batch_end`]).
    pub(crate) last: u64,
    /// Which blocks are read in full.
    pub(crate) scan: Scan,
    /// Whether every block is below the reorg window (then native balances are read at
    /// the latest block, and other state reads may fall back to it, see
    /// [`state`](super::state)).
    pub(crate) is_final: bool,
    /// The chain head the follower had seen when it planned the range: a read at the
    /// latest block is made at this height or above.
    pub(crate) head: u64,
}

/// The sparse scan for `backfill`, `None` when every block is read.
pub(crate) fn sparse_scan(backfill: Backfill) -> Option<Scan> {
    match backfill {
        Backfill::Full => None,
        Backfill::Counts => Some(Scan::Sparse { counts: true }),
        Backfill::Logs => Some(Scan::Sparse { counts: false }),
    }
}

/// A fetched range, decoded, with native balances read at its last block.
#[derive(Debug)]
pub(crate) struct Prepared {
    pub(crate) range: Range,
    pub(crate) blocks: Vec<DecodedBlock>,
    pub(crate) native_balances: Vec<(Address, U256, Stamp)>,
}

/// What preparing needs, shared by the tasks that prepare batches.
#[derive(Debug)]
pub(crate) struct Reader {
    pub(crate) fetcher: Arc<BlockFetcher>,
    pub(crate) state: StateReads,
    pub(crate) config: IndexerConfig,
    /// `eth_getLogs` topics of the events the index decodes (signatures first, any parties).
    topics: [Option<Vec<B256>>; 1],
    /// The blocks with content found by the last scan, so the batches that share a
    /// scanned stretch do not scan it again (final blocks do not change).
    scanned: Mutex<Option<Scanned>>,
    /// Where the time goes.
    clock: Arc<PhaseClock>,
    /// Accounts whose native balance is stored as read at the latest block, see
    /// [`LatestReads`].
    latest_reads: Mutex<LatestReads>,
}

/// Blocks `first..=last` were scanned; `content` (ascending) are those with content.
#[derive(Debug)]
struct Scanned {
    first: u64,
    last: u64,
    content: Vec<u64>,
}

/// Where a sparse batch from `first` ends, given the blocks with `content` (ascending,
/// all within `first..=limit`): at the latest block of the `grid` (a block numbered
/// `k × grid − 1`), or at `limit`, that keeps the batch to at most `target` blocks with
/// content — but at least at the first such block. The choice depends on the chain and
/// the settings alone, not on how earlier batches went, so a restarted indexer cuts
/// the same batches and stores the same blocks as one that never stopped.
pub(crate) fn batch_end(first: u64, limit: u64, content: &[u64], grid: u64, target: usize) -> u64 {
    let grid = grid.max(1);
    let mut end = (first / grid + 1).saturating_mul(grid) - 1;
    if end >= limit {
        return limit;
    }
    let mut chosen = end;
    let mut counted = 0;
    loop {
        counted += content[counted..].iter().take_while(|n| **n <= end).count();
        if counted > target {
            return chosen;
        }
        chosen = end;
        if end >= limit {
            return chosen;
        }
        end = end.saturating_add(grid).min(limit);
    }
}

pub(crate) fn stamp(block: &FetchedBlock) -> Stamp {
    Stamp {
        block: block.number,
        time_ms: block.timestamp.saturating_mul(1000),
    }
}

impl Reader {
    pub(crate) fn new(
        fetcher: Arc<BlockFetcher>,
        state: StateReads,
        config: IndexerConfig,
        clock: Arc<PhaseClock>,
    ) -> Self {
        let mut topics = vec![
            TRANSFER_TOPIC,
            TRANSFER_SINGLE_TOPIC,
            TRANSFER_BATCH_TOPIC,
            APPROVAL_TOPIC,
            APPROVAL_FOR_ALL_TOPIC,
        ];
        // Deposit/Withdrawal matter only from the configured wrappers; other contracts
        // using the same signatures would only add blocks to read.
        if !config.wrapped_native.is_empty() {
            topics.extend([DEPOSIT_TOPIC, WITHDRAWAL_TOPIC]);
        }
        Self {
            fetcher,
            state,
            config,
            topics: [Some(topics)],
            scanned: Mutex::new(None),
            clock,
            latest_reads: Mutex::new(LatestReads::default()),
        }
    }

    /// Notes that a committed final batch read `accounts` at the latest block, at `head`
    /// or above.
    pub(crate) fn note_latest_reads(&self, accounts: impl IntoIterator<Item = Address>, head: u64) {
        self.latest_reads
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .note(accounts, head);
    }

    /// [`Reader::prepare`], tried again after a pause while it fails retryably.
    pub(crate) async fn prepare_retrying(
        self: Arc<Self>,
        range: Range,
        numbers: Vec<u64>,
    ) -> Result<Prepared, IndexerError> {
        let attempts = self.config.batch_attempts;
        retrying(attempts, "preparing a batch", || {
            Arc::clone(&self).prepare(range, numbers.clone())
        })
        .await
    }

    /// Fetches blocks `numbers` of `range`, checks them, decodes them and reads native
    /// balances.
    async fn prepare(
        self: Arc<Self>,
        range: Range,
        numbers: Vec<u64>,
    ) -> Result<Prepared, IndexerError> {
        let blocks = self
            .clock
            .time(Phase::Fetch, self.fetcher.blocks(numbers.clone()))
            .await?;
        check_fetched(&numbers, &blocks)?;
        let decoding = Instant::now();
        let (blocks, touched) = decode(blocks, &self.config.wrapped_native);
        self.clock.add(Phase::Decode, decoding.elapsed());
        let native_balances = self
            .clock
            .time(Phase::NativeBalances, self.native_balances(touched, range))
            .await?;
        Ok(Prepared {
            range,
            blocks,
            native_balances,
        })
    }

    /// The range as it will be committed, and the blocks of it to read in full: all of
    /// them, or for a sparse range the blocks its stretch's scan names, up to where
    /// [`batch_end`] cuts it.
    pub(crate) async fn cut(&self, range: Range) -> Result<(Range, Vec<u64>), IndexerError> {
        let Scan::Sparse { counts } = range.scan else {
            return Ok((range, (range.first..=range.last).collect()));
        };
        let content = retrying(self.config.batch_attempts, "scanning final blocks", || {
            self.content(range.first, range.last, counts)
        })
        .await?;
        let target = usize::try_from(self.config.sparse_batch_blocks).unwrap_or(usize::MAX);
        let last = batch_end(
            range.first,
            range.last,
            &content,
            self.config.batch_blocks,
            target,
        );
        let mut numbers: Vec<u64> = content.into_iter().take_while(|n| *n <= last).collect();
        // The cursor moves to the last block; its hash is what the next batch checks.
        if numbers.last() != Some(&last) {
            numbers.push(last);
        }
        Ok((Range { last, ..range }, numbers))
    }

    /// The blocks of `first..=last` with content, from the last scan where it covers
    /// them, scanning the rest.
    async fn content(&self, first: u64, last: u64, counts: bool) -> Result<Vec<u64>, IndexerError> {
        let cached = self
            .scanned
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
            .filter(|scanned| scanned.first <= first && first <= scanned.last.saturating_add(1));
        let (mut content, scanned_to) = match cached {
            Some(scanned) => (
                scanned
                    .content
                    .into_iter()
                    .filter(|n| *n >= first)
                    .collect(),
                scanned.last,
            ),
            None => (Vec::new(), first.saturating_sub(1)),
        };
        if scanned_to < last {
            let from = scanned_to.saturating_add(1).max(first);
            let found = self
                .clock
                .time(Phase::Scan, self.scan(from, last, counts))
                .await?;
            content.extend(found);
        }
        let known = Scanned {
            first,
            last: scanned_to.max(last),
            content: content.clone(),
        };
        *self.scanned.lock().unwrap_or_else(PoisonError::into_inner) = Some(known);
        content.retain(|n| *n <= last);
        Ok(content)
    }

    /// Asks the node which blocks of `first..=last` hold a transaction (`counts`) or
    /// an indexed event, ascending.
    async fn scan(&self, first: u64, last: u64, counts: bool) -> Result<Vec<u64>, IndexerError> {
        if counts {
            self.fetcher.blocks_with_transactions(first, last).await
        } else {
            self.fetcher
                .blocks_with_logs(first, last, &self.topics)
                .await
        }
    }

    /// The native balances of the accounts the batch touches: at the batch's last block
    /// near the head; for a final batch at the latest block, and only of the accounts
    /// not read there since their touch ([`LatestReads`]).
    async fn native_balances(
        &self,
        touched: HashMap<Address, Stamp>,
        range: Range,
    ) -> Result<Vec<(Address, U256, Stamp)>, IndexerError> {
        let mut addresses: Vec<(Address, Stamp)> = if range.is_final {
            let known = self
                .latest_reads
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            touched
                .into_iter()
                .filter(|(address, at)| !known.covers(address, at.block))
                .collect()
        } else {
            touched.into_iter().collect()
        };
        addresses.sort_by_key(|(address, _)| *address);
        let calls: Vec<BatchRead> = addresses
            .iter()
            .map(|(address, _)| BatchRead::NativeBalance(*address))
            .collect();
        let results = if range.is_final {
            self.state.read_latest(&calls, "native balances").await?
        } else {
            self.state
                .read(&calls, range.last, false, "native balances")
                .await?
        };
        let mut native_balances = Vec::with_capacity(addresses.len());
        for ((address, at), result) in addresses.into_iter().zip(&results) {
            // A balance the node will not tell is an outage, not a zero: fail the batch and retry.
            let amount = decode_amount(result).map_err(|source| IndexerError::ReadRefused {
                what: format!("the native balance of {address}"),
                source,
            })?;
            native_balances.push((address, amount, at));
        }
        Ok(native_balances)
    }
}

/// The blocks are the ones asked for, and those that follow each other chain by hash.
fn check_fetched(numbers: &[u64], blocks: &[FetchedBlock]) -> Result<(), IndexerError> {
    let fetched: Vec<u64> = blocks.iter().map(|block| block.number).collect();
    if fetched != numbers {
        return Err(IndexerError::Inconsistent(format!(
            "asked for {} blocks from {:?}, got {} from {:?}",
            numbers.len(),
            numbers.first(),
            fetched.len(),
            fetched.first()
        )));
    }
    for pair in blocks.windows(2) {
        if pair[1].number == pair[0].number + 1 && pair[1].parent_hash != pair[0].hash {
            return Err(IndexerError::Inconsistent(format!(
                "block {} does not follow block {} (the node reorged while we read)",
                pair[1].number, pair[0].number
            )));
        }
    }
    Ok(())
}

/// Decodes every transaction and collects the accounts the blocks touch, each with
/// the last block that touched it: senders, recipients, created contracts, emitting
/// contracts, event participants and fee recipients.
fn decode(
    blocks: Vec<FetchedBlock>,
    wrapped_native: &[Address],
) -> (Vec<DecodedBlock>, HashMap<Address, Stamp>) {
    let mut touched: HashMap<Address, Stamp> = HashMap::new();
    let decoded = blocks
        .into_iter()
        .map(|block| {
            let at = stamp(&block);
            touched.insert(block.miner, at);
            let events: Vec<_> = block
                .transactions
                .iter()
                .map(|tx| {
                    touched.insert(tx.from, at);
                    for address in tx.to.iter().chain(&tx.contract_address) {
                        touched.insert(*address, at);
                    }
                    for log in &tx.logs {
                        touched.insert(log.address, at);
                    }
                    let events = decode_transaction(tx, wrapped_native);
                    for placed in &events {
                        for address in placed.event.participants() {
                            touched.insert(address, at);
                        }
                    }
                    events
                })
                .collect();
            DecodedBlock { block, events }
        })
        .collect();
    (decoded, touched)
}

/// Runs `work` until it succeeds, fails in a way retrying cannot fix (or that asks
/// for a smaller request, which the caller's window handles), or has been tried
/// `attempts` times; pauses double from a quarter second between tries.
pub(crate) async fn retrying<T, F, Fut>(
    attempts: u32,
    what: &'static str,
    mut work: F,
) -> Result<T, IndexerError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, IndexerError>>,
{
    let mut pause = Duration::from_millis(250);
    let mut attempt = 1;
    loop {
        match work().await {
            Err(error) if error.retryable() && !asks_for_less(&error) && attempt < attempts => {
                tracing::debug!(error = %error.with_causes(), attempt, "{what} failed; trying again");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(8));
                attempt += 1;
            }
            outcome => return outcome,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::batch_end;

    #[test]
    fn sparse_batches_end_on_the_grid_with_at_most_the_target_content() {
        // Empty stretch: the batch runs to the limit.
        assert_eq!(batch_end(0, 999, &[], 50, 50), 999);
        // From the middle of a grid cell, the first end is the cell's end.
        assert_eq!(batch_end(120, 999, &[], 50, 50), 999);
        let busy: Vec<u64> = (100..400).collect();
        // 50 blocks with content fit up to block 149; block 150 would be the 51st.
        assert_eq!(batch_end(0, 999, &busy, 50, 50), 149);
        assert_eq!(batch_end(150, 999, &busy, 50, 50), 199);
        // A cell fuller than the target still makes progress: one cell.
        assert_eq!(batch_end(100, 999, &busy, 50, 10), 149);
        // The limit cuts a cell short.
        assert_eq!(batch_end(0, 30, &busy, 50, 50), 30);
        let sparse = [7, 70, 700, 7_000];
        assert_eq!(batch_end(0, 9_999, &sparse, 50, 2), 699);
        assert_eq!(batch_end(700, 9_999, &sparse[2..], 50, 2), 9_999);
    }
}
