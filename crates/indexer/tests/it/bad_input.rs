//! Contracts that lie or break: a "liar" whose every call answers 32 bytes of 0xff
//! (decimals far beyond a uint8, no valid string, no valid bool, a garbage tokenURI)
//! and that emits a malformed ERC-1155 batch log. Indexing goes on; the liar's fields
//! degrade to `None`; garbage metadata is kept raw and the domain degrades it.

use alloy::primitives::{Address, B256, U256};
use serde_json::json;
use tandem_domain::nft::{IpfsGateway, parse_nft_metadata};
use tandem_evm::EvmSource;
use tandem_testkit::EvmManifest;

use crate::common::{
    ALL, addr, anvil, assert_index_matches_chain, chain, contract, indexer, receipt, start_devnet,
};
use crate::stores::{BACKENDS, Backend, TestStore};

/// Constructor: `LOG4 Transfer(0, caller, 5)` (an ERC-721 mint), `LOG4 TransferBatch`
/// with no data (malformed), then returns the runtime. Runtime: returns
/// `0xff…ff` (32 bytes) to any call.
fn liar_creation_code() -> String {
    let transfer = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
    let batch = "4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb";
    let mint_log = format!("6005336000 7f{transfer} 60006000a4");
    let batch_log = format!("6000336000 7f{batch} 60006000a4");
    let copy_and_return = "6029606260003960296000f3";
    let runtime = format!("7f{} 600052 60206000f3", "ff".repeat(32));
    let code = format!("0x{mint_log}{batch_log}{copy_and_return}{runtime}").replace(' ', "");
    assert_eq!(
        (code.len() - 2) / 2,
        0x62 + 0x29,
        "constructor and runtime lengths"
    );
    code
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lying_contracts_and_garbage_metadata_degrade_fields_never_the_index() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let chain = chain(&manifest);
    let deployer = addr(&manifest.account("deployer").unwrap().address);
    let hash: B256 = anvil(
        &chain,
        "eth_sendTransaction",
        json!([{ "from": deployer, "data": liar_creation_code() }]),
    )
    .await;
    let receipt = receipt(&chain, hash).await;
    assert_eq!(receipt["status"], "0x1", "{receipt}");
    let liar = addr(receipt["contractAddress"].as_str().unwrap());
    assert_eq!(receipt["logs"].as_array().unwrap().len(), 2);

    for backend in BACKENDS {
        liar_degrades_in(&manifest, backend, liar, deployer).await;
    }
}

async fn liar_degrades_in(
    manifest: &EvmManifest,
    backend: Backend,
    liar: Address,
    deployer: Address,
) {
    eprintln!("lying contracts into {backend:?}");
    let store = TestStore::new(backend, "bad_input");
    let (indexer, source) = indexer(manifest, &store).await;
    indexer.sync_to_head().await.unwrap();
    indexer.enrich().await.unwrap();

    let record = source
        .contract(liar)
        .await
        .unwrap()
        .expect("the liar is known");
    assert_eq!(
        (record.name, record.symbol, record.decimals),
        (None, None, None)
    );
    assert_eq!(record.creator, Some(deployer));
    let minted = source
        .collection_nfts(liar, Some(U256::from(5u8)), ALL)
        .await
        .unwrap();
    let nft = minted.first().expect("the liar's mint is indexed");
    assert_eq!(nft.owner, Some(deployer));
    assert_eq!(
        (nft.token_uri.as_deref(), nft.metadata.as_deref()),
        (None, None)
    );
    // The malformed batch log is stored raw but moved nothing.
    let history = source
        .transactions(
            liar,
            &tandem_evm::source::TransactionQuery {
                page: ALL,
                sort: Default::default(),
                log_topic: None,
                resume_after: None,
            },
        )
        .await
        .unwrap();
    assert_eq!(
        history.rows.first().map(|r| r.transaction.logs.len()),
        Some(2)
    );

    // ART 5 serves invalid JSON: kept as fetched, read by the domain as empty details.
    let broken = source
        .collection_nfts(contract(manifest, "ART"), Some(U256::from(5u8)), ALL)
        .await
        .unwrap();
    let raw = broken[0].metadata.as_deref().expect("raw metadata kept");
    assert!(serde_json::from_str::<serde_json::Value>(raw).is_err());
    let gateway = IpfsGateway::new("https://ipfs.io/ipfs/").unwrap();
    assert_eq!(parse_nft_metadata(Some(raw), None, &gateway).name, None);

    // Everything else is still exact.
    assert_index_matches_chain(&source, manifest).await;
}
