//! Reads that confirm what an explorer says against the node: receipts of many
//! transactions in batches, an address's events by topic (`eth_getLogs` over windows
//! that shrink when the node refuses a range), block times, and how many transactions
//! an account had sent by a block (its nonce there).

use std::collections::BTreeMap;

use alloy::eips::BlockNumberOrTag;
use alloy::primitives::{Address, B256, Bytes, U64, U256};
use alloy::providers::Provider;
use alloy::rpc::client::{BatchRequest, Waiter};
use serde::{Deserialize, Serialize};
use tandem_domain::history::{RawLog, RawTransaction};

use super::ChainReader;
use crate::EvmError;
use crate::rpc::failure::is_size_refusal;
use crate::rpc::rpc_error;
use crate::source::TransactionRecord;

/// A receipt as the node gives it, the parts the wallet reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainReceipt {
    /// The transaction.
    pub hash: B256,
    /// Its block.
    pub block_number: u64,
    /// Its index in the block.
    pub tx_index: u64,
    /// `0x1` for success.
    pub status: U256,
    /// Gas used.
    pub gas_used: U256,
    /// The price paid per gas, when the node says.
    pub effective_gas_price: Option<U256>,
    /// The contract a creation made.
    pub contract_address: Option<Address>,
    /// Its logs, in order.
    pub logs: Vec<RawLog>,
}

/// One event as `eth_getLogs` gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainLog {
    /// The log.
    pub log: RawLog,
    /// Its block.
    pub block_number: u64,
    /// Its transaction.
    pub transaction: B256,
    /// Its index in the block.
    pub log_index: u64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReceiptWire {
    transaction_hash: B256,
    block_number: U64,
    #[serde(default)]
    transaction_index: Option<U64>,
    status: U64,
    gas_used: U256,
    #[serde(default)]
    effective_gas_price: Option<U256>,
    #[serde(default)]
    contract_address: Option<Address>,
    #[serde(default)]
    logs: Vec<LogWire>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LogWire {
    address: Address,
    topics: Vec<B256>,
    data: Bytes,
    #[serde(default)]
    block_number: Option<U64>,
    #[serde(default)]
    transaction_hash: Option<B256>,
    #[serde(default)]
    log_index: Option<U64>,
}

impl LogWire {
    fn raw(&self) -> RawLog {
        RawLog {
            address: self.address,
            topics: self.topics.clone(),
            data: self.data.to_vec(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TxWire {
    from: Address,
    #[serde(default)]
    to: Option<Address>,
    value: U256,
    input: Bytes,
    #[serde(default)]
    gas_price: Option<U256>,
}

#[derive(Debug, Deserialize)]
struct BlockTimeWire {
    number: U64,
    timestamp: U64,
}

/// `eth_getLogs` parameters: a block range and topics by position (`None` matches
/// anything, a list any of its values).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct LogFilter<'a> {
    from_block: BlockNumberOrTag,
    to_block: BlockNumberOrTag,
    topics: &'a [Option<Vec<B256>>],
}

/// A window refused for its size is split in two, down to this many blocks.
const SMALLEST_WINDOW: u64 = 1;

impl ChainReader {
    /// The receipts of `hashes`, in batches; `None` where the node has none (an
    /// unknown or pending transaction).
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer.
    pub async fn receipts(&self, hashes: &[B256]) -> Result<Vec<Option<ChainReceipt>>, EvmError> {
        let mut out = Vec::with_capacity(hashes.len());
        for chunk in hashes.chunks(self.max_batch_size) {
            let mut batch = BatchRequest::new(self.provider.client());
            let mut waiters: Vec<Waiter<Option<ReceiptWire>>> = Vec::with_capacity(chunk.len());
            for hash in chunk {
                waiters.push(
                    batch
                        .add_call("eth_getTransactionReceipt", &(hash,))
                        .map_err(|error| rpc_error("eth_getTransactionReceipt", &error))?,
                );
            }
            batch
                .send()
                .await
                .map_err(|error| rpc_error("eth_getTransactionReceipt", &error))?;
            for waiter in waiters {
                let wire = waiter
                    .await
                    .map_err(|error| rpc_error("eth_getTransactionReceipt", &error))?;
                out.push(wire.map(|wire| ChainReceipt {
                    hash: wire.transaction_hash,
                    block_number: wire.block_number.to::<u64>(),
                    tx_index: wire.transaction_index.map_or(0, |i| i.to::<u64>()),
                    status: U256::from(wire.status.to::<u64>()),
                    gas_used: wire.gas_used,
                    effective_gas_price: wire.effective_gas_price,
                    contract_address: wire.contract_address,
                    logs: wire.logs.iter().map(LogWire::raw).collect(),
                }));
            }
        }
        Ok(out)
    }

    /// The mined transactions `hashes` with receipts, logs and block times, read in
    /// three batched rounds (transactions, receipts, blocks); `None` where the node
    /// knows no mined transaction of that hash.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer.
    pub async fn transaction_records(
        &self,
        hashes: &[B256],
    ) -> Result<Vec<Option<TransactionRecord>>, EvmError> {
        let mut transactions: Vec<Option<TxWire>> = Vec::with_capacity(hashes.len());
        for chunk in hashes.chunks(self.max_batch_size) {
            let mut batch = BatchRequest::new(self.provider.client());
            let mut waiters: Vec<Waiter<Option<TxWire>>> = Vec::with_capacity(chunk.len());
            for hash in chunk {
                waiters.push(
                    batch
                        .add_call("eth_getTransactionByHash", &(hash,))
                        .map_err(|error| rpc_error("eth_getTransactionByHash", &error))?,
                );
            }
            batch
                .send()
                .await
                .map_err(|error| rpc_error("eth_getTransactionByHash", &error))?;
            for waiter in waiters {
                transactions.push(
                    waiter
                        .await
                        .map_err(|error| rpc_error("eth_getTransactionByHash", &error))?,
                );
            }
        }
        let receipts = self.receipts(hashes).await?;
        let mut blocks: Vec<u64> = receipts.iter().flatten().map(|r| r.block_number).collect();
        blocks.sort_unstable();
        blocks.dedup();
        let times = self.block_times(&blocks).await?;
        Ok(transactions
            .into_iter()
            .zip(receipts)
            .map(|(transaction, receipt)| {
                let (transaction, receipt) = (transaction?, receipt?);
                Some(TransactionRecord {
                    block_number: receipt.block_number,
                    tx_index: Some(receipt.tx_index),
                    transaction: RawTransaction {
                        hash: receipt.hash,
                        from: transaction.from,
                        to: transaction.to,
                        contract_address: receipt.contract_address,
                        value: transaction.value,
                        gas_used: receipt.gas_used,
                        gas_price: receipt
                            .effective_gas_price
                            .or(transaction.gas_price)
                            .unwrap_or_default(),
                        status: format!("{:#x}", receipt.status),
                        timestamp_ms: *times.get(&receipt.block_number)?,
                        input: transaction.input.to_vec(),
                        logs: receipt.logs,
                    },
                })
            })
            .collect())
    }

    /// The times of `blocks`, milliseconds since the epoch, in batches.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when a batch gets no usable answer or a block is missing.
    pub async fn block_times(&self, blocks: &[u64]) -> Result<BTreeMap<u64, u64>, EvmError> {
        let mut times = BTreeMap::new();
        for chunk in blocks.chunks(self.max_batch_size) {
            let mut batch = BatchRequest::new(self.provider.client());
            let mut waiters: Vec<Waiter<Option<BlockTimeWire>>> = Vec::new();
            for &number in chunk {
                waiters.push(
                    batch
                        .add_call(
                            "eth_getBlockByNumber",
                            &(BlockNumberOrTag::Number(number), false),
                        )
                        .map_err(|error| rpc_error("eth_getBlockByNumber", &error))?,
                );
            }
            batch
                .send()
                .await
                .map_err(|error| rpc_error("eth_getBlockByNumber", &error))?;
            for (waiter, number) in waiters.into_iter().zip(chunk) {
                let block = waiter
                    .await
                    .map_err(|error| rpc_error("eth_getBlockByNumber", &error))?
                    .ok_or_else(|| EvmError::Rpc {
                        method: "eth_getBlockByNumber",
                        reason: format!("the node has no block {number}"),
                    })?;
                times.insert(
                    block.number.to::<u64>(),
                    block.timestamp.to::<u64>().saturating_mul(1000),
                );
            }
        }
        Ok(times)
    }

    /// How many transactions `account` had sent when block `block` ended (its nonce
    /// there).
    ///
    /// # Errors
    /// [`EvmError::Rpc`] / [`EvmError::NodeError`] when the node does not answer, or
    /// keeps no state for that block.
    pub async fn transaction_count_at(
        &self,
        account: Address,
        block: u64,
    ) -> Result<u64, EvmError> {
        let count: U64 = self
            .provider
            .client()
            .request(
                "eth_getTransactionCount",
                (account, BlockNumberOrTag::Number(block)),
            )
            .await
            .map_err(|error| rpc_error("eth_getTransactionCount", &error))?;
        Ok(count.to::<u64>())
    }

    /// Every log of blocks `from..=to` matching `topics`, oldest first, read in windows
    /// of at most `window` blocks; a window the node refuses for its size is split.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] / [`EvmError::NodeError`] when the node fails otherwise, or
    /// refuses even one block.
    pub async fn logs(
        &self,
        from: u64,
        to: u64,
        topics: &[Option<Vec<B256>>],
        window: u64,
    ) -> Result<Vec<ChainLog>, EvmError> {
        let mut found = Vec::new();
        let mut pending = vec![];
        let window = window.max(SMALLEST_WINDOW);
        let mut low = from;
        while low <= to {
            let high = low.saturating_add(window - 1).min(to);
            pending.push((low, high));
            if high == u64::MAX {
                break;
            }
            low = high + 1;
        }
        pending.reverse();
        while let Some((low, high)) = pending.pop() {
            let filter = LogFilter {
                from_block: BlockNumberOrTag::Number(low),
                to_block: BlockNumberOrTag::Number(high),
                topics,
            };
            let answer: Result<Vec<LogWire>, _> = self
                .provider
                .client()
                .request("eth_getLogs", (filter,))
                .await;
            match answer {
                Ok(logs) => found.extend(logs.into_iter().filter_map(|wire| {
                    Some(ChainLog {
                        log: wire.raw(),
                        block_number: wire.block_number?.to::<u64>(),
                        transaction: wire.transaction_hash?,
                        log_index: wire.log_index.map_or(0, |i| i.to::<u64>()),
                    })
                })),
                Err(error) if is_size_refusal(&error) && high > low => {
                    let middle = low + (high - low) / 2;
                    // Popped last-in first: the lower half is read first.
                    pending.push((middle + 1, high));
                    pending.push((low, middle));
                }
                Err(error) => return Err(rpc_error("eth_getLogs", &error)),
            }
        }
        Ok(found)
    }
}
