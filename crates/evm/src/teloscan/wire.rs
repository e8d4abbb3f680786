//! The Teloscan indexer v1 answers as sent. Every field is [`Lenient`]: a field that
//! drifts (changes type, disappears, turns into a JSON string) reads as `None`, and the
//! conversion in [`super::convert`] decides whether the row can live without it.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::http::tolerant::{Embedded, Lenient, NumberText};

/// The envelope most list endpoints share.
#[derive(Debug, Deserialize)]
pub(crate) struct Envelope {
    #[serde(default)]
    pub success: Lenient<bool>,
    #[serde(default)]
    pub contracts: Lenient<HashMap<String, Box<RawValue>>>,
    #[serde(default)]
    pub results: Lenient<Vec<Box<RawValue>>>,
    #[serde(default)]
    pub total_count: Lenient<NumberText>,
    #[serde(default)]
    pub more: Lenient<bool>,
}

/// `GET /v1/health`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct HealthWire {
    #[serde(default)]
    pub success: Lenient<bool>,
    #[serde(default)]
    pub block_number: Lenient<NumberText>,
    #[serde(default)]
    pub block_timestamp: Lenient<NumberText>,
    #[serde(default)]
    pub seconds_behind: Lenient<NumberText>,
}

/// `TokenInfo` / `ContractData`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ContractWire {
    #[serde(default)]
    pub address: Lenient<String>,
    #[serde(default)]
    pub name: Lenient<String>,
    #[serde(default)]
    pub symbol: Lenient<String>,
    #[serde(default)]
    pub creator: Lenient<String>,
    #[serde(default)]
    pub transaction: Lenient<String>,
    #[serde(default)]
    pub block: Lenient<NumberText>,
    #[serde(default)]
    pub decimals: Lenient<NumberText>,
    #[serde(default)]
    pub supply: Lenient<NumberText>,
    #[serde(default, rename = "logoURI")]
    pub logo_uri: Lenient<String>,
    #[serde(default)]
    pub supported_interfaces: Lenient<Vec<Lenient<String>>>,
    #[serde(default)]
    pub calldata: Lenient<Embedded<CalldataWire>>,
    #[serde(default)]
    pub abi: Lenient<Embedded<Box<RawValue>>>,
    #[serde(default)]
    pub verified: Lenient<bool>,
}

/// What the indexer once kept under `calldata` (gone since a 2024 update, still sent
/// by some deployments).
#[derive(Debug, Deserialize)]
pub(crate) struct CalldataWire {
    #[serde(default)]
    pub name: Lenient<String>,
    #[serde(default)]
    pub symbol: Lenient<String>,
    #[serde(default)]
    pub decimals: Lenient<NumberText>,
    #[serde(default)]
    pub supply: Lenient<NumberText>,
}

/// A row of `account/{a}/balances`.
#[derive(Debug, Deserialize)]
pub(crate) struct BalanceWire {
    #[serde(default)]
    pub balance: Lenient<NumberText>,
    #[serde(default)]
    pub contract: Lenient<String>,
    #[serde(default)]
    pub updated: Lenient<NumberText>,
}

/// A row of `address/{a}/transactions`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TransactionWire {
    #[serde(default)]
    pub block_number: Lenient<NumberText>,
    #[serde(default)]
    pub contract_address: Lenient<String>,
    #[serde(default)]
    pub from: Lenient<String>,
    #[serde(default)]
    pub to: Lenient<String>,
    #[serde(default)]
    pub hash: Lenient<String>,
    #[serde(default, rename = "gasused")]
    pub gas_used: Lenient<NumberText>,
    #[serde(default)]
    pub gas_price: Lenient<NumberText>,
    #[serde(default)]
    pub value: Lenient<NumberText>,
    #[serde(default)]
    pub status: Lenient<NumberText>,
    #[serde(default)]
    pub timestamp: Lenient<NumberText>,
    #[serde(default)]
    pub input: Lenient<String>,
    #[serde(default)]
    pub logs: Lenient<Embedded<Vec<Lenient<LogWire>>>>,
}

/// One log inside a transaction's `logs`.
#[derive(Debug, Deserialize)]
pub(crate) struct LogWire {
    pub address: String,
    pub topics: Vec<String>,
    #[serde(default)]
    pub data: Lenient<String>,
}

/// A row of `account/{a}/transfers`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TransferWire {
    #[serde(default)]
    pub amount: Lenient<NumberText>,
    #[serde(default)]
    pub contract: Lenient<String>,
    #[serde(default)]
    pub block_number: Lenient<NumberText>,
    #[serde(default)]
    pub from: Lenient<String>,
    #[serde(default)]
    pub to: Lenient<String>,
    #[serde(default)]
    pub transaction: Lenient<String>,
    #[serde(default)]
    pub timestamp: Lenient<NumberText>,
    #[serde(default)]
    pub id: Lenient<NumberText>,
    #[serde(default)]
    pub log_index: Lenient<NumberText>,
}

/// A row of `account/{a}/approvals` (fields of all three kinds).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ApprovalWire {
    #[serde(default)]
    pub owner: Lenient<String>,
    #[serde(default)]
    pub contract: Lenient<String>,
    #[serde(default)]
    pub updated: Lenient<NumberText>,
    #[serde(default)]
    pub amount: Lenient<NumberText>,
    #[serde(default)]
    pub spender: Lenient<String>,
    #[serde(default)]
    pub single: Lenient<bool>,
    #[serde(default)]
    pub approved: Lenient<bool>,
    #[serde(default)]
    pub operator: Lenient<String>,
    #[serde(default)]
    pub token_id: Lenient<NumberText>,
}

/// A row of `account/{a}/nfts` or `contract/{c}/nfts`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct NftWire {
    #[serde(default)]
    pub contract: Lenient<String>,
    #[serde(default)]
    pub token_id: Lenient<NumberText>,
    #[serde(default)]
    pub metadata: Lenient<Box<RawValue>>,
    #[serde(default)]
    pub token_uri: Lenient<String>,
    #[serde(default)]
    pub updated: Lenient<NumberText>,
    #[serde(default)]
    pub amount: Lenient<NumberText>,
    #[serde(default)]
    pub minter: Lenient<String>,
    #[serde(default)]
    pub block_minted: Lenient<NumberText>,
    #[serde(default)]
    pub token_id_supply: Lenient<NumberText>,
    #[serde(default)]
    pub supply: Lenient<NumberText>,
    #[serde(default)]
    pub owner: Lenient<String>,
}

/// A row of `token/{c}/holders`.
#[derive(Debug, Deserialize)]
pub(crate) struct HolderWire {
    #[serde(default)]
    pub address: Lenient<String>,
    #[serde(default)]
    pub balance: Lenient<NumberText>,
    #[serde(default)]
    pub tokenid: Lenient<NumberText>,
    #[serde(default)]
    pub updated: Lenient<NumberText>,
}

/// A row of `tokens/marketdata`.
#[derive(Debug, Deserialize)]
pub(crate) struct MarketWire {
    #[serde(default)]
    pub address: Lenient<String>,
    #[serde(default)]
    pub symbol: Lenient<String>,
    #[serde(default)]
    pub price: Lenient<NumberText>,
    #[serde(default)]
    pub updated: Lenient<NumberText>,
    #[serde(default)]
    pub decimals: Lenient<NumberText>,
    #[serde(default)]
    pub volume: Lenient<NumberText>,
    #[serde(default)]
    pub marketcap: Lenient<NumberText>,
    #[serde(default)]
    pub holders: Lenient<NumberText>,
}
