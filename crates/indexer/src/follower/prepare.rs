//! Preparing a batch before it is written: choosing which blocks of its range to read
//! in full, fetching them, checking they chain, decoding their events and reading the
//! native balances of every account they touch. Runs ahead of the store, in a task of
//! its own, so the next batch is fetched while the previous one is written.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

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
use crate::follower::state::StateReads;
use crate::rpc::{BlockFetcher, FetchedBlock};
use crate::store::DecodedBlock;

/// Which blocks of a range are read in full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scan {
    /// Every block.
    Every,
    /// The blocks `eth_getLogs` names for the indexed events, and, with `counts`, the
    /// blocks with any transaction; always the range's last block.
    Sparse {
        /// Whether transaction counts are read too.
        counts: bool,
    },
}

/// One batch's blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Range {
    /// First block.
    pub(crate) first: u64,
    /// Last block: the cursor after the batch, always read in full.
    pub(crate) last: u64,
    /// Which blocks are read in full.
    pub(crate) scan: Scan,
    /// Whether every block is below the reorg window (then state reads may fall back
    /// to the latest block, see [`state`](super::state)).
    pub(crate) is_final: bool,
}

impl Range {
    /// Blocks in the range.
    pub(crate) fn len(&self) -> u64 {
        self.last - self.first + 1
    }
}

/// The sparse scan for `backfill`, `None` when every block is read.
pub(crate) fn sparse_scan(backfill: Backfill) -> Option<Scan> {
    match backfill {
        Backfill::Full => None,
        Backfill::LogsAndCounts => Some(Scan::Sparse { counts: true }),
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
    /// The event signatures the index decodes: what `eth_getLogs` looks for.
    topics: Vec<B256>,
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
            topics,
        }
    }

    /// [`Reader::prepare`], tried again after a pause while it fails retryably.
    pub(crate) async fn prepare_retrying(
        self: Arc<Self>,
        range: Range,
    ) -> Result<Prepared, IndexerError> {
        let attempts = self.config.batch_attempts;
        retrying(attempts, "preparing a batch", || {
            Arc::clone(&self).prepare(range)
        })
        .await
    }

    /// Fetches the range's blocks, checks them, decodes them and reads native balances.
    async fn prepare(self: Arc<Self>, range: Range) -> Result<Prepared, IndexerError> {
        let numbers = self.blocks_to_read(range).await?;
        let blocks = self.fetcher.blocks(numbers.clone()).await?;
        check_fetched(&numbers, &blocks)?;
        let (blocks, touched) = decode(blocks, &self.config.wrapped_native);
        let native_balances = self.native_balances(touched, range).await?;
        Ok(Prepared {
            range,
            blocks,
            native_balances,
        })
    }

    async fn blocks_to_read(&self, range: Range) -> Result<Vec<u64>, IndexerError> {
        let Scan::Sparse { counts } = range.scan else {
            return Ok((range.first..=range.last).collect());
        };
        let with_logs = self
            .fetcher
            .blocks_with_logs(range.first, range.last, &self.topics);
        let with_transactions = async {
            if counts {
                self.fetcher
                    .blocks_with_transactions(range.first, range.last)
                    .await
            } else {
                Ok(Vec::new())
            }
        };
        let (with_logs, with_transactions) = tokio::try_join!(with_logs, with_transactions)?;
        let mut numbers: BTreeSet<u64> = with_logs.into_iter().chain(with_transactions).collect();
        // The cursor moves to the last block; its hash is what the next batch checks.
        numbers.insert(range.last);
        Ok(numbers.into_iter().collect())
    }

    async fn native_balances(
        &self,
        touched: HashMap<Address, Stamp>,
        range: Range,
    ) -> Result<Vec<(Address, U256, Stamp)>, IndexerError> {
        let mut addresses: Vec<(Address, Stamp)> = touched.into_iter().collect();
        addresses.sort_by_key(|(address, _)| *address);
        let calls: Vec<BatchRead> = addresses
            .iter()
            .map(|(address, _)| BatchRead::NativeBalance(*address))
            .collect();
        let results = self
            .state
            .read(&calls, range.last, range.is_final, "native balances")
            .await?;
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

/// Runs `work` until it succeeds, fails in a way retrying cannot fix, or has been
/// tried `attempts` times; pauses double from a quarter second between tries.
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
            Err(error) if error.retryable() && attempt < attempts => {
                tracing::debug!(error = %error.with_causes(), attempt, "{what} failed; trying again");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(8));
                attempt += 1;
            }
            outcome => return outcome,
        }
    }
}
