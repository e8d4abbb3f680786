//! The follower: reads block ranges from the node and commits them to the store, one
//! atomic batch at a time, fetching the next batch while the previous one is written.
//!
//! Resuming needs no bookkeeping beyond the store: the cursor is the last committed
//! block, so a restart after a kill at any point continues right after it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use alloy_primitives::{Address, U256};
use tandem_domain::history::TransferEvent;
use tandem_evm::reads::abi::IErc20;
use tandem_evm::reads::{ChainReader, call_read, decode_amount, decode_read};
use tandem_evm::rpc::{BatchRead, RpcConfig};
use tokio::task::JoinHandle;

use crate::IndexerError;
use crate::config::IndexerConfig;
use crate::decode::{IndexEvent, decode_transaction};
use crate::derive::Stamp;
use crate::rpc::{BlockFetcher, FetchedBlock};
use crate::store::{Batch, BlockRef, DecodedBlock, HeadSeen, Store};

/// What the indexer is doing, for the server's status page and logs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IndexerStatus {
    /// Last committed block.
    pub indexed_block: Option<u64>,
    /// Chain head last seen.
    pub head_block: Option<u64>,
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

/// A fetched range, decoded, with native balances read at its last block.
struct Prepared {
    blocks: Vec<DecodedBlock>,
    native_balances: Vec<(Address, U256, Stamp)>,
}

/// Follows one node into one store.
#[derive(Debug)]
pub struct Indexer {
    pub(crate) config: IndexerConfig,
    pub(crate) store: Arc<dyn Store>,
    pub(crate) fetcher: Arc<BlockFetcher>,
    /// Typed contract and balance reads (shared with the rest of the wallet).
    pub(crate) reads: ChainReader,
    status: Mutex<IndexerStatus>,
}

pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn stamp(block: &FetchedBlock) -> Stamp {
    Stamp {
        block: block.number,
        time_ms: block.timestamp.saturating_mul(1000),
    }
}

impl Indexer {
    /// An indexer for `config.rpc_url` writing to `store`.
    ///
    /// # Errors
    /// [`IndexerError::Config`] for a bad RPC URL or batch settings.
    pub fn new(config: IndexerConfig, store: Arc<dyn Store>) -> Result<Self, IndexerError> {
        if config.batch_blocks == 0 || config.rpc_chunk_blocks == 0 || config.rpc_concurrency == 0 {
            return Err(IndexerError::Config(
                "batch sizes and concurrency must be at least 1".to_owned(),
            ));
        }
        let fetcher = Arc::new(BlockFetcher::new(&config.rpc_url)?);
        // Balance reads of a whole batch go out together; a local or dedicated node takes large batches.
        let rpc = RpcConfig {
            max_batch_size: 1000,
            ..RpcConfig::default()
        };
        let reads = ChainReader::connect_with(&config.rpc_url, &rpc)
            .map_err(|e| IndexerError::Config(e.to_string()))?;
        Ok(Self {
            config,
            store,
            fetcher,
            reads,
            status: Mutex::new(IndexerStatus::default()),
        })
    }

    /// The settings it runs with.
    #[must_use]
    pub fn config(&self) -> &IndexerConfig {
        &self.config
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

    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn Store) -> Result<T, IndexerError> + Send + 'static,
    ) -> Result<T, IndexerError> {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || work(store.as_ref()))
            .await
            .map_err(|error| IndexerError::Store(format!("store task failed: {error}")))?
    }

    /// Follows the chain until `shutdown` completes: sync, enrich, wait, repeat. Errors
    /// are logged and retried with a growing pause; only a fatal one stops it.
    ///
    /// # Errors
    /// A [fatal](IndexerError::is_fatal) error, which retrying cannot fix.
    pub async fn run_until(&self, shutdown: impl Future<Output = ()>) -> Result<(), IndexerError> {
        tokio::pin!(shutdown);
        let mut pause = self.config.poll_interval;
        loop {
            let round = async {
                let indexed = self.sync_to_head().await?;
                if self.config.enrich {
                    self.enrich().await?;
                    self.update_status(|status| status.enriched_block = indexed);
                }
                Ok::<(), IndexerError>(())
            };
            let outcome = tokio::select! {
                () = &mut shutdown => return Ok(()),
                outcome = round => outcome,
            };
            match outcome {
                Ok(()) => pause = self.config.poll_interval,
                Err(error) if error.is_fatal() => return Err(error),
                Err(error) => {
                    tracing::warn!(%error, "indexing round failed; retrying");
                    self.update_status(|status| status.last_error = Some(error.to_string()));
                    pause = (pause * 2).min(Duration::from_secs(30));
                }
            }
            tokio::select! {
                () = &mut shutdown => return Ok(()),
                () = tokio::time::sleep(pause) => {}
            }
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
        self.update_status(|status| status.head_block = Some(head_number));

        let mut cursor = self.blocking(|store| store.cursor()).await?;
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
        let mut pending_commit: Option<JoinHandle<Result<(), IndexerError>>> = None;
        let mut prefetched: Option<JoinHandle<Result<Prepared, IndexerError>>> = None;
        loop {
            let next = cursor.map_or(start, |block| block.number + 1);
            if next > head_number {
                break;
            }
            let last = next
                .saturating_add(self.config.batch_blocks - 1)
                .min(head_number);
            let prepared = match prefetched.take() {
                Some(handle) => join(handle).await?,
                None => self.spawn_prepare(next, last).await?,
            };
            if let Some(handle) = pending_commit.take() {
                join(handle).await?;
            }
            let first_block = prepared.blocks.first().map(|decoded| &decoded.block);
            if let (Some(current), Some(first)) = (cursor, first_block) {
                if first.parent_hash != current.hash {
                    cursor = self.handle_reorg(current).await?;
                    continue;
                }
            }
            let batch = self.finish_batch(prepared, head_number).await?;
            let Some(last_block) = batch.blocks.last().map(|decoded| &decoded.block) else {
                break;
            };
            cursor = Some(BlockRef {
                number: last_block.number,
                hash: last_block.hash,
                timestamp: last_block.timestamp,
            });
            let next_after = last_block.number + 1;
            if next_after <= head_number {
                let next_last = next_after
                    .saturating_add(self.config.batch_blocks - 1)
                    .min(head_number);
                prefetched = Some(tokio::spawn(prepare(
                    Arc::clone(&self.fetcher),
                    self.reads.clone(),
                    self.config.clone(),
                    next_after,
                    next_last,
                )));
            }
            let store = Arc::clone(&self.store);
            let committed = last_block.number;
            pending_commit = Some(tokio::task::spawn_blocking(move || store.commit(&batch)));
            self.update_status(|status| status.indexed_block = Some(committed));
        }
        if let Some(handle) = pending_commit.take() {
            join(handle).await?;
        }
        if let Some(handle) = prefetched.take() {
            handle.abort();
        }
        let below = head_number.saturating_sub(self.config.max_reorg_depth);
        self.blocking(move |store| store.prune_undo(below)).await?;
        let indexed = cursor.map(|block| block.number);
        self.update_status(|status| {
            status.indexed_block = indexed;
            status.last_error = None;
        });
        Ok(indexed)
    }

    async fn spawn_prepare(&self, first: u64, last: u64) -> Result<Prepared, IndexerError> {
        prepare(
            Arc::clone(&self.fetcher),
            self.reads.clone(),
            self.config.clone(),
            first,
            last,
        )
        .await
    }

    /// Reads the allowances that transfers in the batch may have used up, and assembles the batch.
    async fn finish_batch(&self, prepared: Prepared, head: u64) -> Result<Batch, IndexerError> {
        let Some(last) = prepared.blocks.last().map(|decoded| decoded.block.number) else {
            return Ok(Batch::default());
        };
        // (token, owner) → stamp of the owner's last outgoing transfer; spenders named in the batch.
        let mut senders: BTreeMap<(Address, Address), Stamp> = BTreeMap::new();
        let mut named: BTreeMap<(Address, Address), BTreeSet<Address>> = BTreeMap::new();
        for decoded in &prepared.blocks {
            for placed in decoded.events.iter().flatten() {
                match &placed.event {
                    IndexEvent::Transfer(TransferEvent::Fungible { contract, from, .. })
                        if !from.is_zero() =>
                    {
                        senders.insert((*contract, *from), stamp(&decoded.block));
                    }
                    IndexEvent::Allowance {
                        contract,
                        owner,
                        spender,
                        ..
                    } => {
                        named
                            .entry((*contract, *owner))
                            .or_default()
                            .insert(*spender);
                    }
                    _ => {}
                }
            }
        }
        let mut candidates = Vec::new();
        for ((token, owner), at) in senders {
            let stored = self
                .blocking(move |store| store.allowances_of(token, owner))
                .await?;
            let mut spenders: BTreeSet<Address> =
                stored.into_iter().map(|(spender, _)| spender).collect();
            spenders.extend(named.get(&(token, owner)).into_iter().flatten().copied());
            candidates.extend(
                spenders
                    .into_iter()
                    .map(|spender| (token, owner, spender, at)),
            );
        }
        let calls: Vec<BatchRead> = candidates
            .iter()
            .map(|(token, owner, spender, _)| {
                call_read(
                    *token,
                    &IErc20::allowanceCall {
                        owner: *owner,
                        spender: *spender,
                    },
                )
            })
            .collect();
        let results = if calls.is_empty() {
            Vec::new()
        } else {
            self.reads
                .at_block(last)
                .read_many(&calls)
                .await
                .map_err(evm_error)?
        };
        // A token whose allowance() reverts or answers garbage keeps its event-derived value.
        let allowance_reads = candidates
            .into_iter()
            .zip(results)
            .filter_map(|((token, owner, spender, at), result)| {
                let amount = decode_read::<IErc20::allowanceCall>(&result).ok()?;
                Some((token, owner, spender, amount, at))
            })
            .collect();
        Ok(Batch {
            blocks: prepared.blocks,
            native_balances: prepared.native_balances,
            allowance_reads,
            keep_undo: last.saturating_add(self.config.max_reorg_depth) > head,
        })
    }
}

fn evm_error(error: tandem_evm::EvmError) -> IndexerError {
    IndexerError::Rpc(error.to_string())
}

async fn join<T>(handle: JoinHandle<Result<T, IndexerError>>) -> Result<T, IndexerError> {
    handle
        .await
        .map_err(|error| IndexerError::Store(format!("indexing task failed: {error}")))?
}

/// Fetches `first..=last` in concurrent chunks, checks the blocks chain together,
/// decodes them and reads the native balances of every account they touch.
async fn prepare(
    fetcher: Arc<BlockFetcher>,
    reads: ChainReader,
    config: IndexerConfig,
    first: u64,
    last: u64,
) -> Result<Prepared, IndexerError> {
    let mut chunks = Vec::new();
    let mut start = first;
    while start <= last {
        let end = start.saturating_add(config.rpc_chunk_blocks - 1).min(last);
        chunks.push((start, end));
        start = end + 1;
    }
    let semaphore = Arc::new(tokio::sync::Semaphore::new(config.rpc_concurrency));
    let handles: Vec<_> = chunks
        .into_iter()
        .map(|(start, end)| {
            let fetcher = Arc::clone(&fetcher);
            let semaphore = Arc::clone(&semaphore);
            tokio::spawn(async move {
                let _permit = semaphore
                    .acquire()
                    .await
                    .map_err(|e| IndexerError::Rpc(e.to_string()))?;
                fetcher.blocks(start, end).await
            })
        })
        .collect();
    let mut blocks: Vec<FetchedBlock> =
        Vec::with_capacity(usize::try_from(last - first + 1).unwrap_or(0));
    for handle in handles {
        blocks.extend(join(handle).await?);
    }
    for pair in blocks.windows(2) {
        if pair[1].parent_hash != pair[0].hash {
            return Err(IndexerError::Inconsistent(format!(
                "block {} does not follow block {} (the node reorged while we read)",
                pair[1].number, pair[0].number
            )));
        }
    }
    let mut touched: HashMap<Address, Stamp> = HashMap::new();
    let decoded: Vec<DecodedBlock> = blocks
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
                    let events = decode_transaction(tx, &config.wrapped_native);
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
    let mut addresses: Vec<(Address, Stamp)> = touched.into_iter().collect();
    addresses.sort_by_key(|(address, _)| *address);
    let balance_reads: Vec<BatchRead> = addresses
        .iter()
        .map(|(address, _)| BatchRead::NativeBalance(*address))
        .collect();
    let results = reads
        .at_block(last)
        .read_many(&balance_reads)
        .await
        .map_err(evm_error)?;
    let mut native_balances = Vec::with_capacity(addresses.len());
    for ((address, at), result) in addresses.into_iter().zip(&results) {
        // A balance the node will not tell is an outage, not a zero: fail the batch and retry.
        let amount = decode_amount(result)
            .map_err(|failure| IndexerError::Rpc(format!("eth_getBalance {address}: {failure}")))?;
        native_balances.push((address, amount, at));
    }
    Ok(Prepared {
        blocks: decoded,
        native_balances,
    })
}
