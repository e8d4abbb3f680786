//! Blockscout v2 REST answers as sent (field lists from Blockscout's OpenAPI documents,
//! github.com/blockscout/swaggers `blockscout/11.2.7/default/swagger.yaml` and, for
//! v12.0.0, `blockscout/dev/default/swagger.yaml`). Every field is [`Lenient`]: a field
//! that drifts or disappears reads as `None`, and [`super::convert`] decides whether the
//! row can live without it. Where Blockscout renamed a field over its versions, both
//! names are read (`transaction_hash` / `tx_hash`, `block_number` / `block`,
//! `address_hash` / `address`).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::http::tolerant::{Lenient, NumberText};

/// Every list: `items` and the cursor of the next page (`null` on the last page).
#[derive(Debug, Deserialize)]
pub(crate) struct ListWire {
    #[serde(default)]
    pub items: Lenient<Vec<Box<RawValue>>>,
    #[serde(default)]
    pub next_page_params: Lenient<BTreeMap<String, Box<RawValue>>>,
}

/// An address as lists embed it (`from`, `to`, `owner`, …).
#[derive(Debug, Deserialize)]
pub(crate) struct AddressRef {
    #[serde(default)]
    pub hash: Lenient<String>,
}

/// A token (`Token` / `TokenResponse`).
#[derive(Debug, Deserialize)]
pub(crate) struct TokenWire {
    #[serde(default)]
    pub address_hash: Lenient<String>,
    /// Its name before Blockscout 6.
    #[serde(default)]
    pub address: Lenient<String>,
    #[serde(default)]
    pub name: Lenient<String>,
    #[serde(default)]
    pub symbol: Lenient<String>,
    #[serde(default)]
    pub decimals: Lenient<NumberText>,
    /// `ERC-20`, `ERC-721`, `ERC-1155`, `ERC-404`, …
    #[serde(default, rename = "type")]
    pub kind: Lenient<String>,
    #[serde(default)]
    pub total_supply: Lenient<NumberText>,
    #[serde(default)]
    pub icon_url: Lenient<String>,
    /// USD price, decimal text.
    #[serde(default)]
    pub exchange_rate: Lenient<NumberText>,
    #[serde(default)]
    pub holders_count: Lenient<NumberText>,
    #[serde(default)]
    pub volume_24h: Lenient<NumberText>,
    #[serde(default)]
    pub circulating_market_cap: Lenient<NumberText>,
}

/// A row of `addresses/{a}/tokens` (`TokenBalance`).
#[derive(Debug, Deserialize)]
pub(crate) struct TokenBalanceWire {
    #[serde(default)]
    pub token: Lenient<TokenWire>,
    #[serde(default)]
    pub token_id: Lenient<NumberText>,
    #[serde(default)]
    pub value: Lenient<NumberText>,
}

/// `addresses/{a}` (`AddressResponse`), the parts read.
#[derive(Debug, Deserialize)]
pub(crate) struct AddressWire {
    #[serde(default)]
    pub coin_balance: Lenient<NumberText>,
    #[serde(default)]
    pub is_contract: Lenient<bool>,
    #[serde(default)]
    pub is_verified: Lenient<bool>,
    #[serde(default)]
    pub name: Lenient<String>,
    #[serde(default)]
    pub creator_address_hash: Lenient<String>,
    #[serde(default)]
    pub creation_transaction_hash: Lenient<String>,
    #[serde(default)]
    pub token: Lenient<TokenWire>,
}

/// `smart-contracts/{a}` (`SmartContract`), the parts read.
#[derive(Debug, Deserialize)]
pub(crate) struct SmartContractWire {
    #[serde(default)]
    pub name: Lenient<String>,
    #[serde(default)]
    pub abi: Lenient<Box<RawValue>>,
}

/// A transaction (`Transaction` rows of `addresses/{a}/transactions`, and
/// `transactions/{hash}`).
#[derive(Debug, Deserialize)]
pub(crate) struct TransactionWire {
    #[serde(default)]
    pub hash: Lenient<String>,
    #[serde(default)]
    pub block_number: Lenient<NumberText>,
    #[serde(default)]
    pub block: Lenient<NumberText>,
    #[serde(default)]
    pub position: Lenient<NumberText>,
    #[serde(default)]
    pub timestamp: Lenient<NumberText>,
    #[serde(default)]
    pub from: Lenient<AddressRef>,
    #[serde(default)]
    pub to: Lenient<AddressRef>,
    #[serde(default)]
    pub created_contract: Lenient<AddressRef>,
    #[serde(default)]
    pub value: Lenient<NumberText>,
    #[serde(default)]
    pub gas_used: Lenient<NumberText>,
    #[serde(default)]
    pub gas_price: Lenient<NumberText>,
    /// `ok` or `error` (`null` while pending).
    #[serde(default)]
    pub status: Lenient<String>,
    #[serde(default)]
    pub raw_input: Lenient<String>,
}

/// A row of `transactions/{hash}/logs`.
#[derive(Debug, Deserialize)]
pub(crate) struct LogWire {
    #[serde(default)]
    pub address: Lenient<AddressRef>,
    #[serde(default)]
    pub topics: Lenient<Vec<Lenient<String>>>,
    #[serde(default)]
    pub data: Lenient<String>,
    #[serde(default)]
    pub index: Lenient<NumberText>,
}

/// The amount of a token transfer: `Total` (ERC-20), `TotalERC721`, `TotalERC1155`.
#[derive(Debug, Deserialize)]
pub(crate) struct TotalWire {
    #[serde(default)]
    pub value: Lenient<NumberText>,
    #[serde(default)]
    pub token_id: Lenient<NumberText>,
}

/// A row of `addresses/{a}/token-transfers` (`TokenTransfer`).
#[derive(Debug, Deserialize)]
pub(crate) struct TokenTransferWire {
    #[serde(default)]
    pub transaction_hash: Lenient<String>,
    #[serde(default)]
    pub tx_hash: Lenient<String>,
    #[serde(default)]
    pub block_number: Lenient<NumberText>,
    #[serde(default)]
    pub log_index: Lenient<NumberText>,
    #[serde(default)]
    pub timestamp: Lenient<NumberText>,
    #[serde(default)]
    pub from: Lenient<AddressRef>,
    #[serde(default)]
    pub to: Lenient<AddressRef>,
    #[serde(default)]
    pub token: Lenient<TokenWire>,
    /// `ERC-20`, `ERC-721`, … (since 9.1; else the token's `type`).
    #[serde(default)]
    pub token_type: Lenient<String>,
    /// One amount, or (an ERC-1155 batch) one per token id.
    #[serde(default)]
    pub total: Lenient<Totals>,
}

/// `total` as one object or a list of them.
#[derive(Debug)]
pub(crate) enum Totals {
    /// One amount.
    One(TotalWire),
    /// One per token id of a batch.
    Many(Vec<Lenient<TotalWire>>),
}

// By hand rather than `#[serde(untagged)]`: an untagged enum buffers its input, and the
// raw values the lenient fields read through cannot be read back from that buffer.
impl<'de> Deserialize<'de> for Totals {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        if raw.get().trim_start().starts_with('[') {
            serde_json::from_str(raw.get()).map(Self::Many)
        } else {
            serde_json::from_str(raw.get()).map(Self::One)
        }
        .map_err(serde::de::Error::custom)
    }
}

/// A row of `addresses/{a}/internal-transactions` (`InternalTransaction`).
#[derive(Debug, Deserialize)]
pub(crate) struct InternalWire {
    #[serde(default)]
    pub transaction_hash: Lenient<String>,
    #[serde(default)]
    pub block_number: Lenient<NumberText>,
    #[serde(default)]
    pub block: Lenient<NumberText>,
    #[serde(default)]
    pub from: Lenient<AddressRef>,
    #[serde(default)]
    pub to: Lenient<AddressRef>,
    #[serde(default)]
    pub value: Lenient<NumberText>,
    #[serde(default)]
    pub success: Lenient<bool>,
}

/// An NFT (`TokenInstance`, and the rows of `addresses/{a}/nft` and
/// `tokens/{c}/instances`; the latter lost their `token` in v12.0.0).
#[derive(Debug, Deserialize)]
pub(crate) struct InstanceWire {
    #[serde(default)]
    pub id: Lenient<NumberText>,
    #[serde(default)]
    pub metadata: Lenient<Box<RawValue>>,
    #[serde(default)]
    pub owner: Lenient<AddressRef>,
    #[serde(default)]
    pub token: Lenient<TokenWire>,
    #[serde(default)]
    pub token_type: Lenient<String>,
    /// The holder's amount (address lists) or the supply (collection lists).
    #[serde(default)]
    pub value: Lenient<NumberText>,
}

/// A row of `tokens/{c}/holders` and `tokens/{c}/instances/{id}/holders`.
#[derive(Debug, Deserialize)]
pub(crate) struct HolderWire {
    #[serde(default)]
    pub address: Lenient<AddressRef>,
    #[serde(default)]
    pub value: Lenient<NumberText>,
    #[serde(default)]
    pub token_id: Lenient<NumberText>,
}

/// `main-page/indexing-status`.
#[derive(Debug, Deserialize)]
pub(crate) struct IndexingWire {
    #[serde(default)]
    pub finished_indexing_blocks: Lenient<bool>,
    #[serde(default)]
    pub indexed_blocks_ratio: Lenient<NumberText>,
}

/// A row of `main-page/blocks` (`Block`).
#[derive(Debug, Deserialize)]
pub(crate) struct BlockWire {
    #[serde(default)]
    pub height: Lenient<NumberText>,
    #[serde(default)]
    pub timestamp: Lenient<NumberText>,
}

/// `stats` (`StatsResponse`), the parts read.
#[derive(Debug, Deserialize)]
pub(crate) struct StatsWire {
    #[serde(default)]
    pub coin_price: Lenient<NumberText>,
    #[serde(default)]
    pub market_cap: Lenient<NumberText>,
}
