//! The own index and plain RPC reads answer the same wallet queries alike on the
//! seeded devnet: balances of every holder and what is known of every token contract.
//! The server switches between them on health, so a user must not see the numbers
//! change when it does.

#![allow(clippy::expect_used, clippy::unwrap_used)] // helpers outside #[test] fns

mod common;

use std::collections::{BTreeMap, BTreeSet};

use alloy::primitives::{Address, U256};
use common::{chain, contract, holders, indexer, start_devnet, tokens};
use tandem_evm::EvmSource;
use tandem_evm::rpc_source::RpcSource;
use tandem_evm::source::{ContractInterface, ContractRecord, TokenBalance};

/// Non-zero balances keyed by token (`None` is the native coin).
fn non_zero(balances: &[TokenBalance]) -> BTreeMap<Option<Address>, U256> {
    balances
        .iter()
        .filter(|balance| !balance.amount.is_zero())
        .map(|balance| (balance.token, balance.amount))
        .collect()
}

/// The facts both sources must agree on (creation data and logos are source-specific).
fn comparable(
    record: &ContractRecord,
) -> (Option<String>, Option<String>, Option<u8>, BTreeSet<String>) {
    let interfaces = record
        .interfaces
        .iter()
        .map(|interface: &ContractInterface| format!("{interface:?}"))
        .collect();
    (
        record.name.clone(),
        record.symbol.clone(),
        record.decimals,
        interfaces,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn own_index_and_rpc_reads_agree_on_balances_and_contracts() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let dir = tempfile::tempdir().unwrap();
    let (indexer, _store, index) = indexer(&manifest, &dir.path().join("index.sqlite"));
    indexer.sync_to_head().await.unwrap();
    indexer.enrich().await.unwrap();

    let token_addresses = tokens(&manifest);
    let rpc = RpcSource::new(chain(&manifest)).with_tokens(token_addresses.clone(), Vec::new());

    let mut token_rows = 0;
    for holder in holders(&manifest) {
        let indexed = non_zero(&index.balances(holder).await.unwrap());
        let read = non_zero(&rpc.balances(holder).await.unwrap());
        assert_eq!(indexed, read, "balances of {holder}");
        token_rows += read.keys().filter(|token| token.is_some()).count();
    }
    assert!(
        token_rows >= 10,
        "the seed gives holders many token balances ({token_rows})"
    );

    let mut contracts = token_addresses;
    contracts.push(contract(&manifest, "ART"));
    contracts.push(contract(&manifest, "ITEMS"));
    for address in contracts {
        let indexed = index.contract(address).await.unwrap();
        let read = rpc.contract(address).await.unwrap();
        assert_eq!(
            indexed.as_ref().map(comparable),
            read.as_ref().map(comparable),
            "contract {address}"
        );
    }

    // A plain account is no contract for either source.
    let alice: Address = manifest.account("alice").unwrap().address.parse().unwrap();
    assert!(rpc.contract(alice).await.unwrap().is_none());
    assert!(index.contract(alice).await.unwrap().is_none());
}
