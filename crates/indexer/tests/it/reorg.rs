//! Reorgs made with anvil: index a branch, revert it (`evm_snapshot`/`evm_revert`),
//! build a different branch, and the index equals the chain again — both when the new
//! branch outgrows the old one and when it stays shorter. One indexer per store
//! backend follows the same chain, in lockstep.

use alloy::primitives::{Address, B256, U256};
use alloy::sol;
use alloy::sol_types::SolCall;
use serde_json::json;
use tandem_evm::reads::ChainReader;
use tandem_indexer::{IndexSource, Indexer};
use tandem_testkit::EvmManifest;

use crate::common::{
    addr, anvil, assert_index_matches_chain, chain, contract, indexer, start_devnet,
};
use crate::stores::{BACKENDS, Backend, TestStore};

sol! {
    function transfer(address to, uint256 amount) returns (bool);
    function approve(address spender, uint256 amount) returns (bool);
    function transferFrom(address from, address to, uint256 id);
    function deposit();
    function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data);
}

async fn send(chain: &ChainReader, from: Address, to: Address, data: Vec<u8>, value: U256) -> B256 {
    let tx = json!([{ "from": from, "to": to, "data": alloy::primitives::Bytes::from(data), "value": value }]);
    let hash = anvil(chain, "eth_sendTransaction", tx).await;
    // Wait for the block that holds it, so what is mined next comes after it.
    crate::common::receipt(chain, hash).await;
    hash
}

async fn mine(chain: &ChainReader, blocks: u64) {
    for _ in 0..blocks {
        let _: serde_json::Value = anvil(chain, "evm_mine", json!([])).await;
    }
}

/// An indexer per backend over the same chain.
struct Followers(Vec<(Backend, Indexer, IndexSource, TestStore)>);

impl Followers {
    async fn new(manifest: &EvmManifest) -> Self {
        let mut all = Vec::new();
        for backend in BACKENDS {
            let store = TestStore::new(backend, "reorg");
            let (indexer, source) = indexer(manifest, &store).await;
            all.push((backend, indexer, source, store));
        }
        Self(all)
    }

    /// Syncs every indexer to the head; what each indexed through.
    async fn sync(&self) -> Vec<Option<u64>> {
        let mut indexed = Vec::new();
        for (_, indexer, _, _) in &self.0 {
            indexed.push(indexer.sync_to_head().await.unwrap());
        }
        indexed
    }

    async fn assert_match_chain(&self, manifest: &EvmManifest) {
        for (backend, _, source, _) in &self.0 {
            eprintln!("checking the {backend:?} index against the chain");
            assert_index_matches_chain(source, manifest).await;
        }
    }

    /// The follower counted `expected` reorgs, and so does its store, as another process
    /// opening it reads (what a server replica keys its caches by).
    async fn assert_reorgs(&self, expected: u64) {
        for (backend, indexer, _, store) in &self.0 {
            assert_eq!(indexer.status().reorgs, expected, "{backend:?}");
            assert_eq!(store.changes().await.reorgs, expected, "{backend:?} store");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_index_follows_reorgs_back_to_the_fork_point() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let chain = chain(&manifest);
    let followers = Followers::new(&manifest).await;
    let account = |name: &str| addr(&manifest.account(name).unwrap().address);
    let (alice, bob, carol, dave) = (
        account("alice"),
        account("bob"),
        account("carol"),
        account("dave"),
    );
    let (tusd, gems, art, items, wtlos) = (
        contract(&manifest, "TUSD"),
        contract(&manifest, "GEMS"),
        contract(&manifest, "ART"),
        contract(&manifest, "ITEMS"),
        contract(&manifest, "WTLOS"),
    );
    let tlos = U256::from(10u64).pow(U256::from(18u8));
    followers.sync().await;
    let fork_height = chain.block_number().await.unwrap();

    // Branch A: token, NFT, native, approval and wrap activity, then indexed.
    let snapshot: U256 = anvil(&chain, "evm_snapshot", json!([])).await;
    let art_owner = chain.owner_of(art, U256::from(1u8)).await.unwrap();
    send(
        &chain,
        alice,
        tusd,
        transferCall {
            to: carol,
            amount: U256::from(7_000_000u64),
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    send(
        &chain,
        art_owner,
        art,
        transferFromCall {
            from: art_owner,
            to: dave,
            id: U256::from(1u8),
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    send(&chain, carol, dave, Vec::new(), tlos).await;
    send(
        &chain,
        alice,
        tusd,
        approveCall {
            spender: dave,
            amount: U256::from(123u8),
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    send(
        &chain,
        alice,
        wtlos,
        depositCall {}.abi_encode(),
        tlos * U256::from(2u8),
    )
    .await;
    mine(&chain, 2).await;
    followers.sync().await;
    followers.assert_match_chain(&manifest).await;
    let branch_a_height = chain.block_number().await.unwrap();

    // Branch B replaces it and grows past its height.
    let reverted: bool = anvil(&chain, "evm_revert", json!([snapshot])).await;
    assert!(reverted);
    assert_eq!(chain.block_number().await.unwrap(), fork_height);
    send(
        &chain,
        bob,
        gems,
        transferCall {
            to: alice,
            amount: tlos,
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    send(
        &chain,
        art_owner,
        art,
        approveCall {
            spender: bob,
            amount: U256::from(1u8),
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    let alice_item = U256::from(1u8);
    if chain
        .erc1155_balance_of(items, alice, alice_item)
        .await
        .unwrap()
        > U256::ZERO
    {
        let call = safeTransferFromCall {
            from: alice,
            to: dave,
            id: alice_item,
            amount: U256::from(1u8),
            data: Default::default(),
        };
        send(&chain, alice, items, call.abi_encode(), U256::ZERO).await;
    }
    send(&chain, dave, alice, Vec::new(), tlos).await;
    mine(&chain, 6).await;
    assert!(chain.block_number().await.unwrap() > branch_a_height);
    followers.sync().await;
    followers.assert_reorgs(1).await;
    followers.assert_match_chain(&manifest).await;

    // Branch C is indexed, then replaced by a shorter chain: the index steps back.
    let snapshot: U256 = anvil(&chain, "evm_snapshot", json!([])).await;
    let before_c = chain.block_number().await.unwrap();
    send(
        &chain,
        alice,
        tusd,
        transferCall {
            to: bob,
            amount: U256::from(1_000_000u64),
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    send(
        &chain,
        bob,
        tusd,
        approveCall {
            spender: carol,
            amount: U256::from(5u8),
        }
        .abi_encode(),
        U256::ZERO,
    )
    .await;
    mine(&chain, 2).await;
    followers.sync().await;
    let reverted: bool = anvil(&chain, "evm_revert", json!([snapshot])).await;
    assert!(reverted);
    mine(&chain, 1).await;
    assert!(chain.block_number().await.unwrap() < before_c + 4);
    for indexed in followers.sync().await {
        assert_eq!(indexed, Some(chain.block_number().await.unwrap()));
    }
    followers.assert_reorgs(2).await;
    followers.assert_match_chain(&manifest).await;
}
