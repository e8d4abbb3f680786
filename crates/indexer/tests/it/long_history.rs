//! Shared by the tests of the path for long chains: the seeded devnet grown into a
//! chain whose older part is final and mostly empty, like Telos EVM's, and the
//! canonical dump split into its tables.

#![allow(dead_code, clippy::expect_used, clippy::unwrap_used)]

use std::collections::BTreeMap;

use alloy::primitives::{Address, B256, Bytes, U256};
use alloy::sol;
use alloy::sol_types::SolCall;
use serde_json::json;
use tandem_evm::reads::ChainReader;
use tandem_testkit::EvmManifest;

use crate::common::{addr, anvil, contract};

sol! {
    function transfer(address to, uint256 amount) returns (bool);
}

/// Empty blocks mined between the seeded history and the head: with the default
/// reorg window of 64 blocks, everything the seed wrote becomes final.
pub const EMPTY_STRETCH: u64 = 400;

/// The transactions added after the seed.
#[derive(Debug, Clone, Copy)]
pub struct Added {
    /// A plain TLOS transfer: no log at all, in a final block.
    pub plain_transfer: B256,
    /// A TUSD transfer in a final block.
    pub token_transfer: B256,
    /// A TUSD transfer near the head.
    pub recent_transfer: B256,
    /// The head once everything is mined.
    pub head: u64,
}

async fn send(chain: &ChainReader, from: Address, to: Address, data: Vec<u8>, value: U256) -> B256 {
    let tx = json!([{ "from": from, "to": to, "data": Bytes::from(data), "value": value }]);
    let hash = anvil(chain, "eth_sendTransaction", tx).await;
    // Wait for the block that holds it, so what is mined next comes after it.
    crate::common::receipt(chain, hash).await;
    hash
}

async fn mine_empty(chain: &ChainReader, blocks: u64) {
    let _: serde_json::Value = anvil(chain, "anvil_mine", json!([format!("{blocks:#x}")])).await;
}

/// Grows the seeded chain: empty blocks, a plain TLOS transfer and a token transfer,
/// more empty blocks, then a token transfer near the head.
pub async fn grow(manifest: &EvmManifest) -> Added {
    let chain = ChainReader::connect(&manifest.rpc_url).expect("chain reader");
    let account = |name: &str| addr(&manifest.account(name).unwrap().address);
    let (alice, bob, carol) = (account("alice"), account("bob"), account("carol"));
    let tusd = contract(manifest, "TUSD");
    let fresh: Address = "0x00000000000000000000000000000000000a11ce"
        .parse()
        .unwrap();
    mine_empty(&chain, EMPTY_STRETCH).await;
    let plain_transfer = send(
        &chain,
        carol,
        fresh,
        Vec::new(),
        U256::from(10u64).pow(U256::from(17u8)),
    )
    .await;
    mine_empty(&chain, 7).await;
    let token_transfer = send(
        &chain,
        alice,
        tusd,
        transferCall {
            to: bob,
            amount: U256::from(4_200_000u64),
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    mine_empty(&chain, EMPTY_STRETCH).await;
    let recent_transfer = send(
        &chain,
        bob,
        tusd,
        transferCall {
            to: carol,
            amount: U256::from(1_000_000u64),
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    mine_empty(&chain, 3).await;
    Added {
        plain_transfer,
        token_transfer,
        recent_transfer,
        head: chain.block_number().await.expect("head"),
    }
}

/// A canonical dump split by table: name → rows.
pub fn tables(dump: &str) -> BTreeMap<String, Vec<String>> {
    let mut tables = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in dump.lines() {
        if let Some(header) = line.strip_prefix("## ") {
            let name = header
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned();
            tables.insert(name.clone(), Vec::new());
            current = Some(name);
        } else if let Some(rows) = current.as_ref().and_then(|name| tables.get_mut(name)) {
            rows.push(line.to_owned());
        }
    }
    tables
}

/// Whether the dump's transactions hold `hash`.
pub fn holds_transaction(tables: &BTreeMap<String, Vec<String>>, hash: B256) -> bool {
    let needle = format!("{hash:x}");
    tables["transactions"]
        .iter()
        .any(|row| row.contains(&needle))
}
