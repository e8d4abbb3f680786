//! Token URIs written by an attacker (issue 35), minted on the devnet's ART collection:
//! URIs pointing at loopback, private ranges, the cloud metadata address, `[::1]`, a
//! name that resolves to loopback, a redirect from an allowed host to loopback, and a
//! 50 MB document. Nothing inside is fetched and those NFTs end without metadata (the
//! wallet's "metadata unavailable"); the huge body is cut at the cap. Then a metadata
//! server that never answers: the follower still reaches each new head in its usual time.

use std::sync::Arc;
use std::time::{Duration, Instant};

use alloy::primitives::{Address, Bytes, U256};
use alloy::sol;
use alloy::sol_types::SolCall;
use serde_json::json;
use tandem_evm::EvmSource;
use tandem_evm::reads::ChainReader;
use tandem_indexer::{IndexSource, Indexer, LocalAllowance};
use tandem_testkit::{EvmManifest, HUGE_BYTES, WebHost};

use crate::common::{ALL, addr, anvil, chain, config, contract, receipt, start_devnet};
use crate::stores::{Backend, TestStore};

sol! {
    function mintWithURI(address to, string uri) returns (uint256);
    function totalMinted() returns (uint256);
    function transfer(address to, uint256 amount) returns (bool);
}

/// Mints an ART token with `uri` to the deployer; its id.
async fn mint(chain: &ChainReader, manifest: &EvmManifest, uri: &str) -> U256 {
    let deployer = addr(&manifest.account("deployer").unwrap().address);
    let call = mintWithURICall {
        to: deployer,
        uri: uri.to_owned(),
    };
    let art = contract(manifest, "ART");
    let tx = json!([{ "from": deployer, "to": art, "data": Bytes::from(call.abi_encode()) }]);
    let hash = anvil(chain, "eth_sendTransaction", tx).await;
    assert_eq!(receipt(chain, hash).await["status"], "0x1");
    let minted: Bytes = anvil(
        chain,
        "eth_call",
        json!([{ "to": art, "data": Bytes::from(totalMintedCall {}.abi_encode()) }, "latest"]),
    )
    .await;
    U256::from_be_slice(&minted)
}

/// An indexer allowed the devnet's assets server and `allowed` (standing in for a public
/// metadata host), nothing else local.
async fn indexer_allowing(
    manifest: &EvmManifest,
    store: &TestStore,
    allowed: &WebHost,
    tune: impl FnOnce(&mut tandem_indexer::IndexerConfig),
) -> (Arc<Indexer>, IndexSource) {
    let mut config = config(manifest);
    config.metadata_allowance =
        LocalAllowance::devnet_origins([manifest.assets_url.as_str(), allowed.url("/").as_str()]);
    tune(&mut config);
    let store = store.writer().await;
    let indexer = Indexer::new(config, Arc::clone(&store)).expect("indexer");
    (Arc::new(indexer), IndexSource::new(store))
}

async fn metadata_of(source: &IndexSource, art: Address, id: U256) -> Option<String> {
    let records = source.collection_nfts(art, Some(id), ALL).await.unwrap();
    records
        .first()
        .expect("the NFT is indexed")
        .metadata
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn token_uris_pointing_inside_fetch_nothing_and_show_no_metadata() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let chain = chain(&manifest);
    let allowed = WebHost::start().unwrap();
    let inside = WebHost::start().unwrap();
    let port = inside.address().port();
    let inside_url = inside.url("/meta/inside.json");
    let attacks = [
        inside_url.clone(),
        "http://10.0.0.1/meta/1.json".to_owned(),
        "http://169.254.169.254/latest/meta-data/iam/security-credentials/".to_owned(),
        format!("http://[::1]:{port}/meta/1.json"),
        format!("http://localhost:{port}/meta/1.json"),
        allowed.url(&format!("/redirect?to={}", inside_url.replace(':', "%3A"))),
        allowed.url("/huge"),
    ];
    let mut minted = Vec::new();
    for uri in &attacks {
        minted.push((mint(&chain, &manifest, uri).await, uri));
    }
    let fine = mint(&chain, &manifest, &allowed.url("/meta/fine.json")).await;

    let store = TestStore::new(Backend::Sqlite, "metadata_attacks");
    let (indexer, source) = indexer_allowing(&manifest, &store, &allowed, |_| {}).await;
    indexer.sync_to_head().await.unwrap();
    indexer.enrich().await.unwrap();

    let art = contract(&manifest, "ART");
    for (id, uri) in minted {
        assert_eq!(metadata_of(&source, art, id).await, None, "{uri}");
    }
    let document = metadata_of(&source, art, fine)
        .await
        .expect("a public host's document");
    assert!(document.contains(r#""name":"fine""#), "{document}");
    assert_eq!(inside.requests(), 0, "nothing reached the inside host");
    // The redirect, the huge body and the fine document were asked of the allowed host.
    assert_eq!(allowed.requests(), 3);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        allowed.huge_bytes_sent() < HUGE_BYTES / 2,
        "the 50 MB body was cut"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_metadata_server_that_never_answers_does_not_hold_up_the_follower() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let chain = chain(&manifest);
    let silent = WebHost::start().unwrap();
    for _ in 0..8 {
        mint(&chain, &manifest, &silent.url("/silent")).await;
    }
    let store = TestStore::new(Backend::Sqlite, "metadata_silent");
    let (indexer, _) = indexer_allowing(&manifest, &store, &silent, |config| {
        config.metadata_timeout = Duration::from_secs(60);
        config.metadata_idle_timeout = Duration::from_secs(60);
        config.enrich_contract_budget = Duration::from_secs(60);
        config.enrich_pass_budget = Duration::from_secs(60);
    })
    .await;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = Arc::clone(&indexer);
    let follower = tokio::spawn(async move {
        running
            .run_until(async {
                let _ = stopped.await;
            })
            .await
    });
    // The follower catches up while enrichment waits on the silent server.
    let head = |chain: ChainReader| async move {
        let number: alloy::primitives::U64 = anvil(&chain, "eth_blockNumber", json!([])).await;
        number.to::<u64>()
    };
    wait_for_block(&indexer, head(chain.clone()).await).await;
    let started = Instant::now();
    while silent.requests() == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "enrichment never asked the silent server"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // While enrichment waits on it, new blocks reach the index in the follower's usual time.
    let deployer = addr(&manifest.account("deployer").unwrap().address);
    let alice = addr(&manifest.account("alice").unwrap().address);
    let tusd = contract(&manifest, "TUSD");
    for round in 0..3 {
        let call = transferCall {
            to: alice,
            amount: U256::from(round + 1),
        };
        let tx = json!([{ "from": deployer, "to": tusd, "data": Bytes::from(call.abi_encode()) }]);
        let hash = anvil(&chain, "eth_sendTransaction", tx).await;
        receipt(&chain, hash).await;
        let target = head(chain.clone()).await;
        let started = Instant::now();
        wait_for_block(&indexer, target).await;
        let took = started.elapsed();
        assert!(
            took < Duration::from_secs(5),
            "block {target} took {took:?}"
        );
    }
    assert_eq!(
        indexer.status().enriched_block,
        None,
        "still waiting on the silent server"
    );
    let _ = stop.send(());
    follower.await.unwrap().unwrap();
}

/// Waits (at most 30 s) until the index holds `block`.
async fn wait_for_block(indexer: &Indexer, block: u64) {
    let started = Instant::now();
    while indexer.status().indexed_block < Some(block) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the index did not reach block {block}: {:?}",
            indexer.status().indexed_block
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
