//! Bulk block reads from the node: blocks with their receipts and logs, sent as
//! JSON-RPC batches so a range of blocks costs a handful of round trips. (Contract
//! and balance reads go through `tandem_evm::reads`.)
//!
//! Only the fields the index keeps are deserialized; everything else in the node's
//! answer is skipped, which keeps large receipt batches cheap to parse.

use std::sync::atomic::{AtomicBool, Ordering};

use alloy::rpc::client::{ClientBuilder, RpcClient};
use alloy_primitives::{Address, B256, Bytes, U64, U256};
use serde::Deserialize;

use crate::IndexerError;

/// One block as fetched, with every transaction's receipt and logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedBlock {
    /// Height.
    pub number: u64,
    /// Block hash.
    pub hash: B256,
    /// Parent hash, checked against the stored chain to detect reorgs.
    pub parent_hash: B256,
    /// Block time, seconds since the epoch.
    pub timestamp: u64,
    /// Fee recipient; its native balance changes with every block.
    pub miner: Address,
    /// Transactions in block order.
    pub transactions: Vec<FetchedTransaction>,
}

/// One transaction with its receipt fields and logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedTransaction {
    /// Hash.
    pub hash: B256,
    /// Position in the block.
    pub index: u64,
    /// Sender.
    pub from: Address,
    /// Recipient; `None` for a creation.
    pub to: Option<Address>,
    /// Created contract.
    pub contract_address: Option<Address>,
    /// Native value.
    pub value: U256,
    /// Gas used (receipt).
    pub gas_used: U256,
    /// Effective gas price (receipt).
    pub gas_price: U256,
    /// Receipt status: true for success.
    pub success: bool,
    /// Call data.
    pub input: Vec<u8>,
    /// Logs in order.
    pub logs: Vec<FetchedLog>,
}

/// One log of a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedLog {
    /// Position in the block.
    pub log_index: u64,
    /// Emitting contract.
    pub address: Address,
    /// Topics, signature first.
    pub topics: Vec<B256>,
    /// Unindexed data.
    pub data: Vec<u8>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireBlock {
    number: U64,
    hash: B256,
    parent_hash: B256,
    timestamp: U64,
    miner: Address,
    transactions: Vec<WireTransaction>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireTransaction {
    hash: B256,
    from: Address,
    to: Option<Address>,
    value: U256,
    input: Bytes,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireReceipt {
    transaction_hash: B256,
    transaction_index: U64,
    status: Option<U64>,
    gas_used: U256,
    effective_gas_price: Option<U256>,
    contract_address: Option<Address>,
    logs: Vec<WireLog>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireLog {
    address: Address,
    topics: Vec<B256>,
    data: Bytes,
    log_index: U64,
}

/// A block header as needed to find a fork point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HeaderRef {
    /// Height.
    pub number: U64,
    /// Hash.
    pub hash: B256,
    /// Parent hash.
    pub parent_hash: B256,
    /// Time, seconds since the epoch.
    pub timestamp: U64,
}

/// The node, spoken to in batches.
#[derive(Debug)]
pub struct BlockFetcher {
    client: RpcClient,
    /// Cleared the first time the node refuses `eth_getBlockReceipts`; receipts are then
    /// read one transaction at a time.
    block_receipts: AtomicBool,
}

/// `0x`-hex quantity as JSON-RPC block tags want it.
fn tag(number: u64) -> String {
    format!("{number:#x}")
}

impl BlockFetcher {
    /// A reader for the node at `url` (http or https).
    ///
    /// # Errors
    /// [`IndexerError::Config`] when the URL does not parse.
    pub fn new(url: &str) -> Result<Self, IndexerError> {
        let url = url::Url::parse(url)
            .map_err(|error| IndexerError::Config(format!("rpc url {url}: {error}")))?;
        Ok(Self {
            client: ClientBuilder::default().http(url),
            block_receipts: AtomicBool::new(true),
        })
    }

    /// The underlying client, for callers that make their own requests.
    #[must_use]
    pub fn client(&self) -> &RpcClient {
        &self.client
    }

    /// `eth_chainId`.
    ///
    /// # Errors
    /// When the node fails.
    pub async fn chain_id(&self) -> Result<u64, IndexerError> {
        let id: U64 = self.client.request_noparams("eth_chainId").await?;
        Ok(id.to())
    }

    /// The latest block header.
    ///
    /// # Errors
    /// When the node fails or has no latest block.
    pub async fn head(&self) -> Result<HeaderRef, IndexerError> {
        let header: Option<HeaderRef> = self
            .client
            .request("eth_getBlockByNumber", ("latest", false))
            .await?;
        header.ok_or_else(|| IndexerError::Rpc("the node has no latest block".to_owned()))
    }

    /// Headers of `numbers`, `None` for heights the node does not have.
    ///
    /// # Errors
    /// When the node fails.
    pub async fn headers(&self, numbers: &[u64]) -> Result<Vec<Option<HeaderRef>>, IndexerError> {
        let mut batch = self.client.new_batch();
        let waiters = numbers
            .iter()
            .map(|n| {
                batch.add_call::<_, Option<HeaderRef>>("eth_getBlockByNumber", &(tag(*n), false))
            })
            .collect::<Result<Vec<_>, _>>()?;
        batch.send().await?;
        let mut headers = Vec::with_capacity(waiters.len());
        for waiter in waiters {
            headers.push(waiter.await?);
        }
        Ok(headers)
    }

    /// Blocks `first..=last` with transactions, receipts and logs, in one batch.
    ///
    /// # Errors
    /// [`IndexerError::Rpc`] when the node fails, [`IndexerError::Inconsistent`] when a
    /// block is missing or its receipts do not match its transactions.
    pub async fn blocks(&self, first: u64, last: u64) -> Result<Vec<FetchedBlock>, IndexerError> {
        if self.block_receipts.load(Ordering::Relaxed) {
            match self.blocks_with_block_receipts(first, last).await {
                Err(IndexerError::Rpc(message)) if is_method_missing(&message) => {
                    tracing::info!(
                        "node lacks eth_getBlockReceipts ({message}); reading receipts per transaction"
                    );
                    self.block_receipts.store(false, Ordering::Relaxed);
                }
                other => return other,
            }
        }
        self.blocks_with_transaction_receipts(first, last).await
    }

    async fn blocks_with_block_receipts(
        &self,
        first: u64,
        last: u64,
    ) -> Result<Vec<FetchedBlock>, IndexerError> {
        let mut batch = self.client.new_batch();
        let mut waiters = Vec::new();
        for n in first..=last {
            let block =
                batch.add_call::<_, Option<WireBlock>>("eth_getBlockByNumber", &(tag(n), true))?;
            let receipts = batch
                .add_call::<_, Option<Vec<WireReceipt>>>("eth_getBlockReceipts", &(tag(n),))?;
            waiters.push((n, block, receipts));
        }
        batch.send().await?;
        let mut blocks = Vec::with_capacity(waiters.len());
        for (n, block, receipts) in waiters {
            let block = block.await?.ok_or_else(|| missing(n))?;
            let receipts = receipts.await?.ok_or_else(|| missing(n))?;
            blocks.push(assemble(block, receipts)?);
        }
        Ok(blocks)
    }

    async fn blocks_with_transaction_receipts(
        &self,
        first: u64,
        last: u64,
    ) -> Result<Vec<FetchedBlock>, IndexerError> {
        let mut batch = self.client.new_batch();
        let mut waiters = Vec::new();
        for n in first..=last {
            waiters.push((
                n,
                batch.add_call::<_, Option<WireBlock>>("eth_getBlockByNumber", &(tag(n), true))?,
            ));
        }
        batch.send().await?;
        let mut wire_blocks = Vec::with_capacity(waiters.len());
        for (n, waiter) in waiters {
            wire_blocks.push(waiter.await?.ok_or_else(|| missing(n))?);
        }
        let mut batch = self.client.new_batch();
        let mut receipt_waiters = Vec::new();
        for block in &wire_blocks {
            let per_block = block
                .transactions
                .iter()
                .map(|tx| {
                    batch.add_call::<_, Option<WireReceipt>>(
                        "eth_getTransactionReceipt",
                        &(tx.hash,),
                    )
                })
                .collect::<Result<Vec<_>, _>>()?;
            receipt_waiters.push(per_block);
        }
        if receipt_waiters.iter().any(|w| !w.is_empty()) {
            batch.send().await?;
        }
        let mut blocks = Vec::with_capacity(wire_blocks.len());
        for (block, waiters) in wire_blocks.into_iter().zip(receipt_waiters) {
            let mut receipts = Vec::with_capacity(waiters.len());
            for waiter in waiters {
                receipts.push(waiter.await?.ok_or_else(|| missing(block.number.to()))?);
            }
            blocks.push(assemble(block, receipts)?);
        }
        Ok(blocks)
    }
}

fn missing(number: u64) -> IndexerError {
    IndexerError::Inconsistent(format!("the node does not have block {number} (yet)"))
}

fn is_method_missing(message: &str) -> bool {
    let lower = message.to_ascii_lowercase();
    lower.contains("method not found")
        || lower.contains("-32601")
        || lower.contains("not supported")
}

/// Joins a block's transactions with its receipts, by hash and index.
fn assemble(block: WireBlock, receipts: Vec<WireReceipt>) -> Result<FetchedBlock, IndexerError> {
    let number: u64 = block.number.to();
    if receipts.len() != block.transactions.len() {
        return Err(IndexerError::Inconsistent(format!(
            "block {number}: {} transactions but {} receipts",
            block.transactions.len(),
            receipts.len()
        )));
    }
    let transactions = block
        .transactions
        .into_iter()
        .zip(receipts)
        .map(|(tx, receipt)| {
            if tx.hash != receipt.transaction_hash {
                return Err(IndexerError::Inconsistent(format!(
                    "block {number}: receipt {} does not belong to transaction {}",
                    receipt.transaction_hash, tx.hash
                )));
            }
            Ok(FetchedTransaction {
                hash: tx.hash,
                index: receipt.transaction_index.to(),
                from: tx.from,
                to: tx.to,
                contract_address: receipt.contract_address,
                value: tx.value,
                gas_used: receipt.gas_used,
                gas_price: receipt.effective_gas_price.unwrap_or_default(),
                success: receipt.status.is_none_or(|status| status == U64::from(1)),
                input: tx.input.to_vec(),
                logs: receipt
                    .logs
                    .into_iter()
                    .map(|log| FetchedLog {
                        log_index: log.log_index.to(),
                        address: log.address,
                        topics: log.topics,
                        data: log.data.to_vec(),
                    })
                    .collect(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(FetchedBlock {
        number,
        hash: block.hash,
        parent_hash: block.parent_hash,
        timestamp: block.timestamp.to(),
        miner: block.miner,
        transactions,
    })
}
