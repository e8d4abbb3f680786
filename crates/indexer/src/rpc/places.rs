//! Which heights of a range hold anything, without reading their blocks: the blocks
//! `eth_getLogs` names for the topics the index follows, or the blocks whose transaction
//! count (or, from a node without that method, header) is not zero.

use alloy::providers::Provider as _;
use alloy::rpc::client::BatchRequest;
use alloy_primitives::{B256, U64};
use serde::Deserialize;

use super::wire::WireLogPlace;
use super::{BlockFetcher, missing, preferring, tag};
use crate::IndexerError;

/// A block's transactions, counted without reading them.
#[derive(Debug, Deserialize)]
struct TransactionHashes {
    transactions: Vec<serde::de::IgnoredAny>,
}

impl BlockFetcher {
    /// Heights in `from..=to` holding a log with one of `topics` first.
    pub(super) async fn log_places(
        &self,
        from: u64,
        to: u64,
        topics: &[Option<Vec<B256>>],
    ) -> Result<Vec<u64>, IndexerError> {
        let filter = serde_json::json!({
            "fromBlock": tag(from),
            "toBlock": tag(to),
            "topics": topics,
        });
        let places: Vec<WireLogPlace> = self
            .provider
            .client()
            .request("eth_getLogs", (filter,))
            .await
            .map_err(IndexerError::rpc("eth_getLogs"))?;
        let mut numbers = Vec::with_capacity(places.len());
        for place in places {
            let Some(number) = place.block_number.map(|n| n.to::<u64>()) else {
                continue;
            };
            if !(from..=to).contains(&number) {
                return Err(IndexerError::Inconsistent(format!(
                    "eth_getLogs for blocks {from}..={to} answered a log of block {number}"
                )));
            }
            if numbers.last() != Some(&number) {
                numbers.push(number);
            }
        }
        Ok(numbers)
    }

    /// Heights in `from..=to` with at least one transaction.
    pub(super) async fn non_empty(&self, from: u64, to: u64) -> Result<Vec<u64>, IndexerError> {
        preferring(
            &self.transaction_counts,
            "node lacks eth_getBlockTransactionCountByNumber; counting from headers",
            || self.counted(from, to),
            || self.counted_from_headers(from, to),
        )
        .await
    }

    async fn counted(&self, from: u64, to: u64) -> Result<Vec<u64>, IndexerError> {
        self.blocks_answering(
            "eth_getBlockTransactionCountByNumber",
            from..=to,
            |n| (tag(n),),
            |count: &U64| !count.is_zero(),
        )
        .await
    }

    async fn counted_from_headers(&self, from: u64, to: u64) -> Result<Vec<u64>, IndexerError> {
        self.blocks_answering(
            "eth_getBlockByNumber",
            from..=to,
            |n| (tag(n), false),
            |block: &TransactionHashes| !block.transactions.is_empty(),
        )
        .await
    }

    /// The heights of `range` whose answer to `method` (one call per block, all in one
    /// batch, `params` of each height) `keep` accepts; a block the node lacks is an error.
    async fn blocks_answering<P, T>(
        &self,
        method: &'static str,
        range: std::ops::RangeInclusive<u64>,
        params: impl Fn(u64) -> P,
        keep: impl Fn(&T) -> bool,
    ) -> Result<Vec<u64>, IndexerError>
    where
        P: alloy::rpc::json_rpc::RpcSend,
        T: alloy::rpc::json_rpc::RpcRecv,
    {
        let failed = IndexerError::rpc(method);
        let mut batch = BatchRequest::new(self.provider.client());
        let waiters = range
            .map(|n| {
                batch
                    .add_call::<_, Option<T>>(method, &params(n))
                    .map(|waiter| (n, waiter))
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)?;
        batch.send().await.map_err(failed)?;
        let mut numbers = Vec::new();
        for (n, waiter) in waiters {
            let answer = waiter.await.map_err(failed)?.ok_or_else(|| missing(n))?;
            if keep(&answer) {
                numbers.push(n);
            }
        }
        Ok(numbers)
    }
}
