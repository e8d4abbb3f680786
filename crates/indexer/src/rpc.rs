//! Bulk reads from the node: blocks with their receipts and logs, headers, the blocks
//! `eth_getLogs` names and transaction counts, sent as JSON-RPC batches so a range of
//! blocks costs a handful of round trips. (Contract and balance reads go through
//! `tandem_evm::reads`.)
//!
//! Every request goes through the indexer's one client (`tandem_evm::rpc::connect`
//! with retries and a bound on requests in flight), so everything one indexer sends
//! shares the node's patience. Request sizes adapt to the node ([`window`]): a range
//! or batch it refuses is split, and sizes grow again after successes. Which heights of
//! a range hold anything, before their blocks are read: [`places`].

pub(crate) mod failure;
mod fetched;
mod places;
mod window;
mod wire;

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use alloy::providers::{Provider as _, RootProvider};
use alloy::rpc::client::BatchRequest;
use alloy_primitives::{B256, U64};
use tokio::task::JoinHandle;

pub(crate) use failure::is_state_missing;
pub use fetched::{FetchedBlock, FetchedLog, FetchedTransaction, HeaderRef};
pub(crate) use window::Window;

use crate::IndexerError;
use crate::config::IndexerConfig;
use failure::is_method_missing;
use wire::{WireBlock, WireReceipt, assemble};

/// Most full blocks asked for in one JSON-RPC batch (two calls each).
const MAX_BLOCKS_PER_BATCH: u64 = 200;

/// The node, spoken to in batches.
#[derive(Debug)]
pub struct BlockFetcher {
    provider: RootProvider,
    /// Cleared the first time the node refuses `eth_getBlockReceipts`; receipts are then
    /// read one transaction at a time.
    block_receipts: AtomicBool,
    /// Cleared the first time the node refuses `eth_getBlockTransactionCountByNumber`;
    /// transactions are then counted from block headers with their hashes.
    transaction_counts: AtomicBool,
    /// Full blocks per JSON-RPC batch.
    blocks_per_batch: Window,
    /// Small calls (transaction counts) per JSON-RPC batch.
    calls_per_batch: Window,
    /// Blocks per `eth_getLogs`.
    log_range: Window,
    /// Pieces of one read sent at once (the client bounds what is in flight overall).
    lanes: u64,
}

/// `0x`-hex quantity as JSON-RPC block tags want it.
fn tag(number: u64) -> String {
    format!("{number:#x}")
}

impl BlockFetcher {
    /// A reader sending through `provider`'s client, with request sizes starting from `config`.
    #[must_use]
    pub fn new(provider: RootProvider, config: &IndexerConfig) -> Self {
        Self {
            provider,
            block_receipts: AtomicBool::new(true),
            transaction_counts: AtomicBool::new(true),
            blocks_per_batch: Window::new(
                "blocks per batch",
                config.rpc_chunk_blocks,
                MAX_BLOCKS_PER_BATCH.max(config.rpc_chunk_blocks),
            ),
            calls_per_batch: Window::new(
                "calls per batch",
                config.max_batch_calls,
                config.max_batch_calls,
            ),
            log_range: Window::new(
                "blocks per eth_getLogs",
                config.max_log_range,
                config.max_log_range,
            ),
            lanes: u64::try_from(config.rpc_concurrency.max(1)).unwrap_or(1),
        }
    }

    /// The underlying provider, for callers that make their own requests.
    #[must_use]
    pub fn provider(&self) -> &RootProvider {
        &self.provider
    }

    /// `eth_chainId`.
    ///
    /// # Errors
    /// When the node fails.
    pub async fn chain_id(&self) -> Result<u64, IndexerError> {
        let id: U64 = self
            .provider
            .client()
            .request_noparams("eth_chainId")
            .await
            .map_err(IndexerError::rpc("eth_chainId"))?;
        Ok(id.to())
    }

    /// The latest block header.
    ///
    /// # Errors
    /// When the node fails or has no latest block.
    pub async fn head(&self) -> Result<HeaderRef, IndexerError> {
        let header: Option<HeaderRef> = self
            .provider
            .client()
            .request("eth_getBlockByNumber", ("latest", false))
            .await
            .map_err(IndexerError::rpc("eth_getBlockByNumber"))?;
        header.ok_or_else(|| IndexerError::Inconsistent("the node has no latest block".to_owned()))
    }

    /// Headers of `numbers`, `None` for heights the node does not have.
    ///
    /// # Errors
    /// When the node fails.
    pub async fn headers(&self, numbers: &[u64]) -> Result<Vec<Option<HeaderRef>>, IndexerError> {
        let failed = IndexerError::rpc("eth_getBlockByNumber");
        let mut batch = BatchRequest::new(self.provider.client());
        let waiters = numbers
            .iter()
            .map(|n| {
                batch.add_call::<_, Option<HeaderRef>>("eth_getBlockByNumber", &(tag(*n), false))
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)?;
        batch.send().await.map_err(failed)?;
        let mut headers = Vec::with_capacity(waiters.len());
        for waiter in waiters {
            headers.push(waiter.await.map_err(failed)?);
        }
        Ok(headers)
    }

    /// Blocks `numbers` (ascending, not necessarily consecutive) with transactions,
    /// receipts and logs, in order.
    ///
    /// # Errors
    /// [`IndexerError::Rpc`] when the node fails, [`IndexerError::Inconsistent`] when a
    /// block is missing or its receipts do not match its transactions.
    pub async fn blocks(
        self: &Arc<Self>,
        numbers: Vec<u64>,
    ) -> Result<Vec<FetchedBlock>, IndexerError> {
        let numbers: Arc<[u64]> = numbers.into();
        let total = numbers.len() as u64;
        let lanes = self.lanes_for(total, &self.blocks_per_batch);
        self.in_lanes(total, lanes, |start, len| {
            let (fetcher, numbers) = (Arc::clone(self), Arc::clone(&numbers));
            async move {
                let lane = slice(&numbers, start, len);
                let parts = fetcher
                    .blocks_per_batch
                    .cover(len, |offset, len| {
                        fetcher.full_blocks(slice(lane, offset, len))
                    })
                    .await?;
                Ok(parts.into_iter().flatten().collect())
            }
        })
        .await
    }

    /// The blocks in `first..=last` that hold a log matching `topics`, ascending:
    /// `eth_getLogs` topics by position, each `None` (any) or a list of values (any of
    /// them) — e.g. `[Some(signatures)]` for the events the index decodes, or
    /// `[Some(signatures), None, Some(vec![account])]` for an account's incoming ones.
    ///
    /// # Errors
    /// When the node fails, or refuses even a single block's logs.
    pub async fn blocks_with_logs(
        self: &Arc<Self>,
        first: u64,
        last: u64,
        topics: &[Option<Vec<B256>>],
    ) -> Result<Vec<u64>, IndexerError> {
        let total = last - first + 1;
        let topics: Arc<[Option<Vec<B256>>]> = topics.into();
        let lanes = self.lanes_for(total, &self.log_range);
        let mut numbers = self
            .in_lanes(total, lanes, |start, len| {
                let (fetcher, topics) = (Arc::clone(self), Arc::clone(&topics));
                async move {
                    let from = first + start;
                    let parts = fetcher
                        .log_range
                        .cover(len, |offset, len| {
                            fetcher.log_places(from + offset, from + offset + len - 1, &topics)
                        })
                        .await?;
                    Ok(parts.into_iter().flatten().collect())
                }
            })
            .await?;
        numbers.sort_unstable();
        numbers.dedup();
        Ok(numbers)
    }

    /// The blocks in `first..=last` with at least one transaction, ascending.
    ///
    /// # Errors
    /// When the node fails or lacks one of the blocks.
    pub async fn blocks_with_transactions(
        self: &Arc<Self>,
        first: u64,
        last: u64,
    ) -> Result<Vec<u64>, IndexerError> {
        let total = last - first + 1;
        let lanes = self.lanes_for(total, &self.calls_per_batch);
        self.in_lanes(total, lanes, |start, len| {
            let fetcher = Arc::clone(self);
            async move {
                let from = first + start;
                let parts = fetcher
                    .calls_per_batch
                    .cover(len, |offset, len| {
                        fetcher.non_empty(from + offset, from + offset + len - 1)
                    })
                    .await?;
                Ok(parts.into_iter().flatten().collect())
            }
        })
        .await
    }

    /// How many lanes a read of `total` items takes: one per window's worth, counting
    /// the window at no more than its first size — a window grown large on a generous
    /// node must not turn one read into one long request, or the node answers it on
    /// one thread — and at most `lanes`.
    fn lanes_for(&self, total: u64, window: &Window) -> u64 {
        let piece = window.size().min(window.initial());
        total.div_ceil(piece).clamp(1, self.lanes)
    }

    /// Splits `0..total` into `lanes` consecutive parts, runs `work(start, len)` on
    /// each at once and joins their results in order.
    async fn in_lanes<T, F, Fut>(
        &self,
        total: u64,
        lanes: u64,
        work: F,
    ) -> Result<Vec<T>, IndexerError>
    where
        T: Send + 'static,
        F: Fn(u64, u64) -> Fut,
        Fut: Future<Output = Result<Vec<T>, IndexerError>> + Send + 'static,
    {
        if total == 0 {
            return Ok(Vec::new());
        }
        let per_lane = total.div_ceil(lanes.max(1));
        let mut handles = Vec::new();
        let mut start = 0;
        while start < total {
            let len = per_lane.min(total - start);
            handles.push(tokio::spawn(work(start, len)));
            start += len;
        }
        join_in_order(handles).await
    }

    /// One batch of full blocks, receipts per block where the node offers them.
    async fn full_blocks(&self, numbers: &[u64]) -> Result<Vec<FetchedBlock>, IndexerError> {
        preferring(
            &self.block_receipts,
            "node lacks eth_getBlockReceipts; reading receipts per transaction",
            || self.blocks_with_block_receipts(numbers),
            || self.blocks_with_transaction_receipts(numbers),
        )
        .await
    }

    async fn blocks_with_block_receipts(
        &self,
        numbers: &[u64],
    ) -> Result<Vec<FetchedBlock>, IndexerError> {
        let failed = IndexerError::rpc("eth_getBlockByNumber/eth_getBlockReceipts");
        let mut batch = BatchRequest::new(self.provider.client());
        let mut waiters = Vec::with_capacity(numbers.len());
        let queued = numbers.iter().try_for_each(|&n| {
            let block =
                batch.add_call::<_, Option<WireBlock>>("eth_getBlockByNumber", &(tag(n), true))?;
            let receipts = batch
                .add_call::<_, Option<Vec<WireReceipt>>>("eth_getBlockReceipts", &(tag(n),))?;
            waiters.push((n, block, receipts));
            Ok(())
        });
        queued.map_err(failed)?;
        batch.send().await.map_err(failed)?;
        let mut blocks = Vec::with_capacity(waiters.len());
        for (n, block, receipts) in waiters {
            let block = block.await.map_err(failed)?.ok_or_else(|| missing(n))?;
            let receipts = receipts.await.map_err(failed)?.ok_or_else(|| missing(n))?;
            blocks.push(assemble(block, receipts)?);
        }
        Ok(blocks)
    }

    async fn blocks_with_transaction_receipts(
        &self,
        numbers: &[u64],
    ) -> Result<Vec<FetchedBlock>, IndexerError> {
        let failed = IndexerError::rpc("eth_getBlockByNumber");
        let mut batch = BatchRequest::new(self.provider.client());
        let waiters = numbers
            .iter()
            .map(|&n| {
                batch
                    .add_call::<_, Option<WireBlock>>("eth_getBlockByNumber", &(tag(n), true))
                    .map(|waiter| (n, waiter))
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)?;
        batch.send().await.map_err(failed)?;
        let mut wire_blocks = Vec::with_capacity(waiters.len());
        for (n, waiter) in waiters {
            wire_blocks.push(waiter.await.map_err(failed)?.ok_or_else(|| missing(n))?);
        }
        let failed = IndexerError::rpc("eth_getTransactionReceipt");
        let mut batch = BatchRequest::new(self.provider.client());
        let receipt_waiters = wire_blocks
            .iter()
            .map(|block| {
                block
                    .transactions
                    .iter()
                    .map(|tx| {
                        batch.add_call::<_, Option<WireReceipt>>(
                            "eth_getTransactionReceipt",
                            &(tx.hash,),
                        )
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)?;
        if receipt_waiters.iter().any(|w| !w.is_empty()) {
            batch.send().await.map_err(failed)?;
        }
        let mut blocks = Vec::with_capacity(wire_blocks.len());
        for (block, waiters) in wire_blocks.into_iter().zip(receipt_waiters) {
            let mut receipts = Vec::with_capacity(waiters.len());
            for waiter in waiters {
                receipts.push(
                    waiter
                        .await
                        .map_err(failed)?
                        .ok_or_else(|| missing(block.number.to()))?,
                );
            }
            blocks.push(assemble(block, receipts)?);
        }
        Ok(blocks)
    }
}

/// Runs `preferred` while the node is believed to offer its method (`offered`); the
/// first time the node says it does not, forgets the method for good, says so, and
/// runs `fallback` from then on.
async fn preferring<T, P, F>(
    offered: &AtomicBool,
    instead: &'static str,
    preferred: impl FnOnce() -> P,
    fallback: impl FnOnce() -> F,
) -> Result<T, IndexerError>
where
    P: Future<Output = Result<T, IndexerError>>,
    F: Future<Output = Result<T, IndexerError>>,
{
    if offered.load(Ordering::Relaxed) {
        match preferred().await {
            Err(IndexerError::Rpc { source, .. }) if is_method_missing(&source) => {
                tracing::info!(error = %source, "{instead}");
                offered.store(false, Ordering::Relaxed);
            }
            other => return other,
        }
    }
    fallback().await
}

fn slice(numbers: &[u64], start: u64, len: u64) -> &[u64] {
    let start = usize::try_from(start)
        .unwrap_or(usize::MAX)
        .min(numbers.len());
    let end = start
        .saturating_add(usize::try_from(len).unwrap_or(usize::MAX))
        .min(numbers.len());
    &numbers[start..end]
}

fn missing(number: u64) -> IndexerError {
    IndexerError::Inconsistent(format!("the node does not have block {number} (yet)"))
}

/// Awaits `handles` in order and concatenates their results; on the first failure the
/// others are stopped, so no request outlives the read that wanted it.
pub(crate) async fn join_in_order<T>(
    handles: Vec<JoinHandle<Result<Vec<T>, IndexerError>>>,
) -> Result<Vec<T>, IndexerError> {
    let mut joined = Vec::new();
    let mut handles = handles.into_iter();
    while let Some(handle) = handles.next() {
        let outcome = handle
            .await
            .map_err(IndexerError::Task)
            .and_then(|outcome| outcome);
        match outcome {
            Ok(part) => joined.extend(part),
            Err(error) => {
                for rest in handles {
                    rest.abort();
                }
                return Err(error);
            }
        }
    }
    Ok(joined)
}
