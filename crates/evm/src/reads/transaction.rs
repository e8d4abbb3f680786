//! One transaction by hash from the node: `eth_getTransactionByHash`, its receipt and
//! its block's time, read into the record history shaping uses. The answers are read
//! field by field with our own wire types (only what the wallet shows), so a node that
//! adds or leaves out other fields (Telos EVM's legacy transactions carry no EIP-1559
//! fields) still reads.

use alloy::primitives::{Address, B256, Bytes, U64, U256};
use alloy::providers::Provider;
use serde::Deserialize;
use tandem_domain::history::{RawLog, RawTransaction};

use super::ChainReader;
use crate::EvmError;
use crate::rpc::rpc_error;
use crate::source::TransactionRecord;

/// What the node knows of a transaction hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChainTransaction {
    /// Mined: the transaction, its receipt and logs, and its block.
    Mined(TransactionRecord),
    /// Known to the node but not in a block yet: no status, logs or fee.
    Pending(PendingTransaction),
}

/// A transaction the node holds in its pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingTransaction {
    /// The hash.
    pub hash: B256,
    /// Sender.
    pub from: Address,
    /// Recipient; `None` for a contract creation.
    pub to: Option<Address>,
    /// Native value in wei.
    pub value: U256,
    /// Call data.
    pub input: Vec<u8>,
    /// The gas price offered, in wei.
    pub gas_price: Option<U256>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TransactionWire {
    hash: B256,
    from: Address,
    #[serde(default)]
    to: Option<Address>,
    value: U256,
    input: Bytes,
    #[serde(default)]
    block_number: Option<U64>,
    #[serde(default)]
    gas_price: Option<U256>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReceiptWire {
    status: U64,
    gas_used: U256,
    #[serde(default)]
    effective_gas_price: Option<U256>,
    #[serde(default)]
    contract_address: Option<Address>,
    block_number: U64,
    #[serde(default)]
    logs: Vec<LogWire>,
}

#[derive(Debug, Deserialize)]
struct LogWire {
    address: Address,
    topics: Vec<B256>,
    data: Bytes,
}

#[derive(Debug, Deserialize)]
struct BlockWire {
    timestamp: U64,
}

fn number(value: U64) -> u64 {
    value.to::<u64>()
}

impl ChainReader {
    /// The transaction `hash` with its receipt, logs and block time; `Ok(None)` when the
    /// node does not know the hash.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] / [`EvmError::NodeError`] when the node does not answer or
    /// answers something unreadable, or a mined transaction's receipt or block is
    /// missing.
    pub async fn transaction(&self, hash: B256) -> Result<Option<ChainTransaction>, EvmError> {
        let client = self.provider.client();
        let (transaction, receipt) = tokio::try_join!(
            async {
                client
                    .request::<_, Option<TransactionWire>>("eth_getTransactionByHash", (hash,))
                    .await
                    .map_err(|error| rpc_error("eth_getTransactionByHash", &error))
            },
            async {
                client
                    .request::<_, Option<ReceiptWire>>("eth_getTransactionReceipt", (hash,))
                    .await
                    .map_err(|error| rpc_error("eth_getTransactionReceipt", &error))
            },
        )?;
        let Some(transaction) = transaction else {
            return Ok(None);
        };
        let Some(receipt) = receipt else {
            if transaction.block_number.is_some() {
                return Err(EvmError::Rpc {
                    method: "eth_getTransactionReceipt",
                    reason: format!("the node has no receipt for mined transaction {hash}"),
                });
            }
            return Ok(Some(ChainTransaction::Pending(PendingTransaction {
                hash: transaction.hash,
                from: transaction.from,
                to: transaction.to,
                value: transaction.value,
                input: transaction.input.to_vec(),
                gas_price: transaction.gas_price,
            })));
        };
        let block_number = number(receipt.block_number);
        let block: Option<BlockWire> = client
            .request(
                "eth_getBlockByNumber",
                (alloy::eips::BlockNumberOrTag::Number(block_number), false),
            )
            .await
            .map_err(|error| rpc_error("eth_getBlockByNumber", &error))?;
        let block = block.ok_or_else(|| EvmError::Rpc {
            method: "eth_getBlockByNumber",
            reason: format!("the node has no block {block_number}"),
        })?;
        let gas_price = receipt
            .effective_gas_price
            .or(transaction.gas_price)
            .unwrap_or_default();
        Ok(Some(ChainTransaction::Mined(TransactionRecord {
            block_number,
            tx_index: None,
            transaction: RawTransaction {
                hash: transaction.hash,
                from: transaction.from,
                to: transaction.to,
                contract_address: receipt.contract_address,
                value: transaction.value,
                gas_used: receipt.gas_used,
                gas_price,
                status: format!("{:#x}", receipt.status),
                timestamp_ms: number(block.timestamp).saturating_mul(1000),
                input: transaction.input.to_vec(),
                logs: receipt
                    .logs
                    .into_iter()
                    .map(|log| RawLog {
                        address: log.address,
                        topics: log.topics,
                        data: log.data.to_vec(),
                    })
                    .collect(),
            },
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_telos_answers_read_without_eip1559_fields() {
        let transaction: TransactionWire = serde_json::from_value(serde_json::json!({
            "hash": format!("0x{}", "ab".repeat(32)),
            "from": "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
            "to": null,
            "value": "0x0",
            "input": "0x6080",
            "blockNumber": "0x10",
            "gasPrice": "0x2540be400",
            "v": "0x1b", "r": "0x1", "s": "0x1", "nonce": "0x0"
        }))
        .unwrap();
        assert_eq!(transaction.to, None);
        assert_eq!(transaction.block_number.map(number), Some(16));
        let receipt: ReceiptWire = serde_json::from_value(serde_json::json!({
            "status": "0x0", "gasUsed": "0x5208", "blockNumber": "0x10",
            "contractAddress": null,
            "logs": [{"address": "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", "topics": [], "data": "0x"}]
        }))
        .unwrap();
        assert_eq!(format!("{:#x}", receipt.status), "0x0");
        assert_eq!(receipt.effective_gas_price, None);
        assert_eq!(receipt.logs.len(), 1);
    }
}
