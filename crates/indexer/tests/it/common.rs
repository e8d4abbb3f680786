//! Shared by the integration tests: a seeded devnet, an indexer over a store under
//! test, and the comparison of everything the index derived with direct chain
//! reads (the chain is the truth, the manifest only a second witness).

use std::sync::Arc;

use alloy::primitives::{Address, U256};
use alloy::providers::Provider;
use tandem_domain::nft::NftStandard;
use tandem_evm::EvmSource;
use tandem_evm::reads::ChainReader;
use tandem_evm::source::{ApprovalRecord, PageRequest, TokenStandard};
use tandem_indexer::{IndexSource, Indexer, IndexerConfig, LocalAllowance, Store};
use tandem_testkit::{EvmDevnet, EvmManifest};

use crate::stores::TestStore;

pub const ALL: PageRequest = PageRequest {
    offset: 0,
    limit: 10_000,
};

pub fn addr(text: &str) -> Address {
    text.parse().expect("address")
}

pub fn contract(manifest: &EvmManifest, key: &str) -> Address {
    addr(manifest.contract(key).unwrap_or_else(|| {
        manifest.seeded["helperContracts"][key]
            .as_str()
            .expect("contract key")
    }))
}

pub fn config(manifest: &EvmManifest) -> IndexerConfig {
    let mut config = IndexerConfig::new(&manifest.rpc_url, manifest.start_block);
    config.wrapped_native = vec![contract(manifest, "WTLOS")];
    config.ipfs_gateway = format!("{}/ipfs/", manifest.assets_url);
    // The devnet's assets server is on loopback: allowed by name, as the devnet does.
    config.metadata_allowance = LocalAllowance::devnet_origins([manifest.assets_url.as_str()]);
    // Small batches so the seeded history spans several of them.
    config.batch_blocks = 8;
    config.rpc_chunk_blocks = 3;
    config
}

/// An indexer writing `store`, and the index as a source.
pub async fn indexer(manifest: &EvmManifest, store: &TestStore) -> (Indexer, IndexSource) {
    let store: Arc<dyn Store> = store.writer().await;
    let indexer = Indexer::new(config(manifest), Arc::clone(&store)).expect("indexer");
    (indexer, IndexSource::new(store))
}

pub fn start_devnet() -> EvmDevnet {
    EvmDevnet::start().expect("devnet starts")
}

pub fn chain(manifest: &EvmManifest) -> ChainReader {
    ChainReader::connect(&manifest.rpc_url).expect("chain reader")
}

/// A JSON-RPC call the tests use to steer anvil (snapshots, mining, sending).
pub async fn anvil<
    R: serde::de::DeserializeOwned + std::fmt::Debug + Send + Sync + Unpin + 'static,
>(
    reader: &ChainReader,
    method: &'static str,
    params: serde_json::Value,
) -> R {
    reader
        .provider()
        .raw_request::<_, R>(method.into(), params)
        .await
        .unwrap_or_else(|error| panic!("{method}: {error}"))
}

/// The receipt of a transaction sent to anvil. Anvil's automine seals the block in its
/// own task, so on a loaded machine the receipt may not exist yet when the send returns:
/// ask again for a few seconds before giving up.
pub async fn receipt(reader: &ChainReader, hash: alloy::primitives::B256) -> serde_json::Value {
    for _ in 0..100 {
        let receipt: serde_json::Value = anvil(
            reader,
            "eth_getTransactionReceipt",
            serde_json::json!([hash]),
        )
        .await;
        if !receipt.is_null() {
            return receipt;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no receipt for {hash} after 5 s");
}

/// Every account the checks cover: named accounts and the contracts that hold funds.
pub fn holders(manifest: &EvmManifest) -> Vec<Address> {
    let mut all: Vec<Address> = manifest.accounts.iter().map(|a| addr(&a.address)).collect();
    for key in ["WTLOS", "STLOS", "ESCROW", "SWAP"] {
        all.push(contract(manifest, key));
    }
    all
}

pub fn tokens(manifest: &EvmManifest) -> Vec<Address> {
    ["WTLOS", "STLOS", "TUSD", "GEMS", "DAVE", "SPAM"]
        .iter()
        .map(|key| contract(manifest, key))
        .collect()
}

/// Compares, for every holder, what the index says with what the chain says: native
/// and token balances, allowances towards every holder, ERC-721 owners and single
/// approvals, operator approvals, ERC-1155 balances, and token supplies.
pub async fn assert_index_matches_chain(source: &IndexSource, manifest: &EvmManifest) {
    assert_accounts_match_chain(source, manifest).await;
    let chain = chain(manifest);
    for token in tokens(manifest) {
        let record = source
            .contract(token)
            .await
            .expect("index contract")
            .expect("token known");
        assert_eq!(
            record.supply,
            Some(chain.total_supply(token).await.expect("chain")),
            "supply of {token}"
        );
    }
}

/// What [`assert_index_matches_chain`] compares of the holders themselves (every fact
/// but the tokens' supplies, which belong to no account).
pub async fn assert_accounts_match_chain(source: &IndexSource, manifest: &EvmManifest) {
    let chain = chain(manifest);
    let holders = holders(manifest);
    let tokens = tokens(manifest);
    let (art, items) = (contract(manifest, "ART"), contract(manifest, "ITEMS"));
    let mut checked = 0usize;
    for &holder in &holders {
        let balances = source.balances(holder).await.expect("index balances");
        let native = balances
            .iter()
            .find(|b| b.token.is_none())
            .map(|b| b.amount);
        assert_eq!(
            native,
            Some(chain.native_balance(holder).await.expect("chain")),
            "native balance of {holder}"
        );
        for &token in &tokens {
            let indexed = balances
                .iter()
                .find(|b| b.token == Some(token))
                .map_or(U256::ZERO, |b| b.amount);
            assert_eq!(
                indexed,
                chain.balance_of(token, holder).await.expect("chain"),
                "balance of {holder} in {token}"
            );
            checked += 2;
        }
        let allowances = source
            .approvals(holder, TokenStandard::Erc20)
            .await
            .expect("index approvals");
        for &token in &tokens {
            for &spender in &holders {
                let indexed = allowances
                    .iter()
                    .find_map(|record| match record {
                        ApprovalRecord::Erc20 {
                            contract,
                            spender: s,
                            amount,
                            ..
                        } if *contract == token && *s == spender => Some(*amount),
                        _ => None,
                    })
                    .unwrap_or(U256::ZERO);
                let on_chain = chain
                    .allowance(token, holder, spender)
                    .await
                    .expect("chain");
                assert_eq!(
                    indexed, on_chain,
                    "allowance {holder} → {spender} on {token}"
                );
                checked += 1;
            }
        }
        for (collection, kind) in [
            (art, TokenStandard::Erc721),
            (items, TokenStandard::Erc1155),
        ] {
            let approvals = source
                .approvals(holder, kind)
                .await
                .expect("index approvals");
            for &operator in &holders {
                let indexed = approvals.iter().any(|record| {
                    matches!(record, ApprovalRecord::Operator { contract, operator: o, approved: true, .. } if *contract == collection && *o == operator)
                });
                let on_chain = chain
                    .is_approved_for_all(collection, holder, operator)
                    .await
                    .expect("chain");
                assert_eq!(
                    indexed, on_chain,
                    "operator {operator} for {holder} on {collection}"
                );
                checked += 1;
            }
        }
        let owned_items = source
            .nfts_owned(holder, NftStandard::Erc1155, ALL)
            .await
            .expect("index nfts");
        for id in 1u8..=3 {
            let id = U256::from(id);
            let indexed = owned_items
                .iter()
                .find(|n| n.contract == items && n.token_id == id)
                .map_or(U256::ZERO, |n| n.amount);
            assert_eq!(
                indexed,
                chain
                    .erc1155_balance_of(items, holder, id)
                    .await
                    .expect("chain"),
                "ITEMS {id} of {holder}"
            );
            checked += 1;
        }
    }
    for id in 1u8..=7 {
        let id = U256::from(id);
        let listed = source
            .collection_nfts(art, Some(id), ALL)
            .await
            .expect("index collection");
        let owner = chain.owner_of(art, id).await.expect("chain owner");
        assert_eq!(
            listed.first().and_then(|n| n.owner),
            Some(owner),
            "owner of ART {id}"
        );
        let approved = chain.get_approved(art, id).await.expect("chain approved");
        // The live single approval, if any, is the current owner's; every other row for the id is revoked.
        for &holder in &holders {
            let rows = source
                .approvals(holder, TokenStandard::Erc721)
                .await
                .expect("index approvals");
            for row in rows {
                if let ApprovalRecord::Erc721Single {
                    contract,
                    token_id,
                    approved: a,
                    ..
                } = row
                    && contract == art
                    && token_id == id
                    && !a.is_zero()
                {
                    assert_eq!(
                        (holder, a),
                        (owner, approved),
                        "single approval of ART {id}"
                    );
                }
            }
        }
        if !approved.is_zero() {
            let rows = source
                .approvals(owner, TokenStandard::Erc721)
                .await
                .expect("index approvals");
            assert!(rows.iter().any(|r| matches!(r, ApprovalRecord::Erc721Single { token_id, approved: a, .. } if *token_id == id && *a == approved)));
        }
        checked += 2;
    }
    assert!(checked > 500, "only {checked} facts checked");
}
