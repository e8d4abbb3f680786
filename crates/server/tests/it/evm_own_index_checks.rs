//! What the chain says, read with state calls and logs, against the own index's answers
//! (balances, NFTs, approvals, token history) in `evm_own_index`.

use std::collections::{BTreeMap, BTreeSet};

use alloy::providers::Provider;
use alloy_primitives::{Address, B256, U256};
use serde_json::Value;
use tandem_evm::reads::ChainReader;
use tandem_testkit::EvmManifest;

/// `Transfer`, `Approval`, `ApprovalForAll`, `TransferSingle`, `TransferBatch`: the events
/// that make a block part of an account's token history.
const ACCOUNT_EVENTS: [&str; 5] = [
    "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
    "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925",
    "0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31",
    "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62",
    "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb",
];

pub fn addr(text: &str) -> Address {
    text.parse().expect("address")
}

fn u256(value: &Value) -> U256 {
    value
        .as_str()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| panic!("not an integer: {value}"))
}

/// The addresses the seed names: accounts, contracts and helper contracts.
fn named_addresses(manifest: &EvmManifest) -> Vec<Address> {
    let mut all: BTreeSet<Address> = manifest.accounts.iter().map(|a| addr(&a.address)).collect();
    all.extend(manifest.contracts.values().map(|text| addr(text)));
    if let Some(helpers) = manifest.seeded["helperContracts"].as_object() {
        all.extend(helpers.values().filter_map(Value::as_str).map(addr));
    }
    all.into_iter().collect()
}

/// The balances answer equals the chain: every row's amount, and every token held.
pub async fn check_balances(
    chain: &ChainReader,
    tokens: &BTreeSet<Address>,
    owner: Address,
    sheet: &Value,
) {
    assert_eq!(sheet["source"], "ownIndex", "{sheet}");
    let rows = sheet["balances"].as_array().expect("rows");
    let native = chain.native_balance(owner).await.expect("native");
    assert_eq!(rows[0]["token"]["isNative"], true);
    assert_eq!(u256(&rows[0]["amount"]["raw"]), native, "{owner} TLOS");
    let shown: BTreeMap<Address, U256> = rows[1..]
        .iter()
        .map(|row| {
            (
                addr(row["token"]["address"].as_str().expect("address")),
                u256(&row["amount"]["raw"]),
            )
        })
        .collect();
    for &token in tokens.iter().chain(shown.keys()) {
        let on_chain = chain.balance_of(token, owner).await.expect("balanceOf");
        match shown.get(&token) {
            Some(amount) => assert_eq!(*amount, on_chain, "{owner} holds {token}"),
            None => assert!(
                on_chain.is_zero(),
                "{owner}: no row for {token} ({on_chain})"
            ),
        }
    }
}

/// The NFT list equals the chain: the ART tokens the account owns, its ITEMS amounts.
pub async fn check_nfts(chain: &ChainReader, manifest: &EvmManifest, owner: Address, list: &Value) {
    let shown: BTreeMap<(Address, U256), U256> = list["nfts"]
        .as_array()
        .expect("nfts")
        .iter()
        .map(|nft| {
            let contract = addr(nft["contractAddress"].as_str().expect("contract"));
            let id = u256(&nft["tokenId"]);
            ((contract, id), u256(&nft["amount"]))
        })
        .collect();
    let mut expected = BTreeMap::new();
    for token in manifest.seeded["nftTokens"].as_array().expect("nftTokens") {
        let (contract, id) = (
            addr(token["contract"].as_str().expect("contract")),
            u256(&token["tokenId"]),
        );
        if chain.owner_of(contract, id).await.expect("ownerOf") == owner {
            expected.insert((contract, id), U256::from(1));
        }
    }
    for item in manifest.seeded["items"].as_array().expect("items") {
        let (contract, id) = (
            addr(item["contract"].as_str().expect("contract")),
            u256(&item["id"]),
        );
        let amount = chain
            .erc1155_balance_of(contract, owner, id)
            .await
            .expect("balanceOf");
        if !amount.is_zero() {
            expected.insert((contract, id), amount);
        }
    }
    assert_eq!(shown, expected, "{owner}'s NFTs");
}

/// The approvals equal the chain: every allowance, single-token approval and operator
/// the account granted to any address the seed names.
pub async fn check_approvals(
    chain: &ChainReader,
    manifest: &EvmManifest,
    tokens: &BTreeSet<Address>,
    owner: Address,
    list: &Value,
) {
    let mut shown = BTreeSet::new();
    for row in list["approvals"].as_array().expect("approvals") {
        let spender = addr(row["spenderAddress"].as_str().expect("spender"));
        shown.insert(match row["type"].as_str() {
            Some("erc20") => (
                addr(row["tokenAddress"].as_str().expect("token")),
                spender,
                u256(&row["allowanceRaw"]).to_string(),
            ),
            Some("erc721") if row["collectionWide"] == false => (
                addr(row["collectionAddress"].as_str().expect("collection")),
                spender,
                format!("#{}", row["tokenId"].as_str().expect("id")),
            ),
            _ => (
                addr(row["collectionAddress"].as_str().expect("collection")),
                spender,
                "all".to_owned(),
            ),
        });
    }
    let candidates = named_addresses(manifest);
    let mut expected = BTreeSet::new();
    for &token in tokens {
        for &spender in &candidates {
            let amount = chain
                .allowance(token, owner, spender)
                .await
                .expect("allowance");
            if !amount.is_zero() {
                expected.insert((token, spender, amount.to_string()));
            }
        }
    }
    for key in ["ART", "ITEMS"] {
        let collection = addr(manifest.contract(key).expect("collection"));
        for &operator in &candidates {
            if chain
                .is_approved_for_all(collection, owner, operator)
                .await
                .expect("isApprovedForAll")
            {
                expected.insert((collection, operator, "all".to_owned()));
            }
        }
    }
    for token in manifest.seeded["nftTokens"].as_array().expect("nftTokens") {
        let (contract, id) = (
            addr(token["contract"].as_str().expect("contract")),
            u256(&token["tokenId"]),
        );
        if chain.owner_of(contract, id).await.expect("ownerOf") == owner {
            let approved = chain.get_approved(contract, id).await.expect("getApproved");
            if approved != Address::ZERO {
                expected.insert((contract, approved, format!("#{id}")));
            }
        }
    }
    assert_eq!(shown, expected, "{owner}'s approvals");
}

/// The history holds every transaction with one of the account's token events (logs
/// over the whole chain), and nothing that does not concern the account.
pub async fn check_history(
    chain: &ChainReader,
    logs: &[alloy::rpc::types::Log],
    owner: Address,
    page: &Value,
) {
    let topic = B256::left_padding_from(owner.as_slice());
    let with_events: BTreeSet<B256> = logs
        .iter()
        .filter(|log| {
            let topics = log.topics();
            topics
                .first()
                .is_some_and(|first| ACCOUNT_EVENTS.contains(&first.to_string().as_str()))
                && topics[1..].contains(&topic)
        })
        .filter_map(|log| log.transaction_hash)
        .collect();
    let shown: BTreeSet<B256> = page["transactions"]
        .as_array()
        .expect("transactions")
        .iter()
        .map(|row| row["id"].as_str().expect("id").parse().expect("hash"))
        .collect();
    let missing: Vec<&B256> = with_events.difference(&shown).collect();
    assert!(
        missing.is_empty(),
        "{owner}: token history misses {missing:?}"
    );
    for hash in shown.difference(&with_events) {
        let tx = chain
            .provider()
            .get_transaction_by_hash(*hash)
            .await
            .expect("transaction")
            .expect("on chain");
        let (from, to) = (tx.inner.signer(), alloy::consensus::Transaction::to(&tx));
        assert!(
            from == owner || to == Some(owner),
            "{owner}: {hash} does not concern it"
        );
    }
    assert_eq!(page["total"].as_u64(), Some(shown.len() as u64), "{page}");
}
