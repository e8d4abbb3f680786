//! The node's JSON as the index reads it: only the fields it keeps are deserialized,
//! everything else in the answer is skipped, which keeps large receipt batches cheap
//! to parse. [`assemble`] joins a block with its receipts.

use alloy_primitives::{Address, B256, Bytes, U64, U256};
use serde::Deserialize;

use crate::IndexerError;
use crate::rpc::{FetchedBlock, FetchedLog, FetchedTransaction};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WireBlock {
    pub(crate) number: U64,
    hash: B256,
    parent_hash: B256,
    timestamp: U64,
    miner: Address,
    pub(crate) transactions: Vec<WireTransaction>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WireTransaction {
    pub(crate) hash: B256,
    from: Address,
    to: Option<Address>,
    value: U256,
    input: Bytes,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WireReceipt {
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

/// Where a log of `eth_getLogs` sits; the rest of it is read with its block.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WireLogPlace {
    /// `None` for a pending log (never asked for).
    pub(crate) block_number: Option<U64>,
}

/// Joins a block's transactions with its receipts, by hash and index.
pub(crate) fn assemble(
    block: WireBlock,
    receipts: Vec<WireReceipt>,
) -> Result<FetchedBlock, IndexerError> {
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
