//! What the node's answers become: blocks with their transactions, receipts and logs,
//! and the headers a fork point is found by.

use alloy_primitives::{Address, B256, U64, U256};
use serde::Deserialize;

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

impl FetchedTransaction {
    /// A transaction known only from its logs (as `eth_getLogs` gives them): what only
    /// the transaction and its receipt tell — sender, recipient, value, gas, input — is
    /// empty, and it counts as successful (a failed transaction has no logs).
    #[must_use]
    pub fn from_logs(hash: B256, index: u64, logs: Vec<FetchedLog>) -> Self {
        Self {
            hash,
            index,
            from: Address::ZERO,
            to: None,
            contract_address: None,
            value: U256::ZERO,
            gas_used: U256::ZERO,
            gas_price: U256::ZERO,
            success: true,
            input: Vec::new(),
            logs,
        }
    }
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
