//! The own index on a real network, as an operator would run it: the seeded devnet under
//! mainnet's chain id (40) served as `telos-evm` from a configuration file — primary
//! `own`, the index starting in the middle of the seeded history, Teloscan and the
//! history service unreachable, no devnet conveniences. Every seeded account's first
//! answers say the index does not cover it yet (and start its fill); once filled, its
//! balances, NFTs, approvals and token history equal what the chain says, read here with
//! state calls and logs. Then the store keeps its start across a restart at `head`, and
//! refuses another start block with a message instead of being rebuilt.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use alloy::providers::Provider;
use alloy::rpc::types::Filter;
use alloy_primitives::Address;
use axum::Router;
use axum::http::StatusCode;
use serde_json::Value;
use tandem_domain::network::NetworkName;
use tandem_evm::reads::ChainReader;
use tandem_evm::selector::SelectorConfig;
use tandem_evm::source::SourceKind;
use tandem_server::config::Config;
use tandem_server::evm::EvmOptions;
use tandem_server::networks::served_networks;
use tandem_server::state::AppState;
use tandem_testkit::{EvmDevnet, EvmManifest};

use crate::evm_core_support::{get, router};
use crate::evm_own_index_checks::{
    addr, check_approvals, check_balances, check_history, check_nfts,
};

const NETWORK: &str = "telos-evm";

/// A port nothing listens on (bound, then released): Teloscan and the history service.
fn closed_port_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("address").port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

/// The configuration file an operator would write for `telos-evm` on this node, starting
/// the index at `start_block`, this server its writer.
fn config_text(manifest: &EvmManifest, data_dir: &Path, start_block: &str) -> String {
    telos_evm_config(
        manifest,
        data_dir,
        &format!("start_block = {start_block}\nfill_concurrency = 2"),
    )
}

/// The configuration of `telos-evm` on the devnet's node with the own index as the
/// primary (Teloscan, the history service and the testnet unreachable); `index` holds the
/// keys of `[networks.telos-evm.index]`.
pub fn telos_evm_config(manifest: &EvmManifest, data_dir: &Path, index: &str) -> String {
    let unreachable = closed_port_url();
    format!(
        "{}primary = \"own\"\n\n[networks.telos-evm.index]\n{index}\n",
        network_config(manifest, data_dir, &unreachable)
    )
}

/// The configuration of `telos-evm` on the devnet's node with `indexer` as its indexer
/// and nothing else said of its source (the history service and the testnet
/// unreachable): the sections a file ends with, `[networks.telos-evm]` open last.
pub fn network_config(manifest: &EvmManifest, data_dir: &Path, indexer: &str) -> String {
    let unreachable = closed_port_url();
    let contract = |key: &str| manifest.contract(key).expect("contract").to_owned();
    format!(
        r#"
        data_dir = "{data_dir}"
        price_aggregator_url = ""

        [networks.telos-evm-testnet]
        rpc_endpoint = "{unreachable}"
        token_list_url = "{unreachable}/tokenlist.json"
        indexer_endpoint = "{unreachable}"
        history_endpoint = "{unreachable}"

        [networks.telos-evm]
        rpc_endpoint = "{rpc}"
        token_list_url = "{token_list}"
        indexer_endpoint = "{indexer}"
        history_endpoint = "{unreachable}"
        api_endpoint = "{unreachable}"
        escrow_address = "{escrow}"
        staked_token_address = "{stlos}"
        wrapped_token_address = "{wtlos}"
        "#,
        data_dir = data_dir.display(),
        rpc = manifest.rpc_url,
        token_list = manifest.token_list_url,
        escrow = contract("ESCROW"),
        stlos = contract("STLOS"),
        wtlos = contract("WTLOS"),
    )
}

/// The server as `main` builds it from that file, serving the two public EVM networks.
pub fn state_from(text: &str) -> AppState {
    let config = Config::from_toml(Path::new("tandem.toml"), text).expect("valid configuration");
    let networks = served_networks(&config)
        .expect("networks")
        .into_iter()
        .filter(|settings| {
            [NetworkName::TelosEvm, NetworkName::TelosEvmTestnet].contains(&settings.name)
        })
        .collect();
    let options = EvmOptions {
        data_dir: Some(config.data_dir.clone()),
        price_aggregator_url: config.price_aggregator_url.clone(),
        sources: config.evm_sources.clone(),
        // No periodic check during the test: the switch to the index once it has caught
        // up must come from the index itself, not from the next poll.
        selector: SelectorConfig {
            interval: Duration::from_secs(3600),
            ..SelectorConfig::default()
        },
        ..EvmOptions::default()
    };
    AppState::builder(networks, "/nonexistent/web/dist".into())
        .evm_options(options)
        .build()
}

/// The ERC-20 tokens of the seed.
fn erc20_tokens(manifest: &EvmManifest) -> BTreeSet<Address> {
    manifest.seeded["balances"]
        .as_array()
        .expect("balances")
        .iter()
        .filter_map(|entry| entry["tokenAddress"].as_str())
        .map(addr)
        .collect()
}

async fn status(app: &Router) -> Value {
    let (code, body) = get(app, &format!("/api/v1/evm/{NETWORK}/status")).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    body
}

/// Waits until this server's part in the index is `role`; returns the status's `indexer`.
async fn wait_for_role(app: &Router, role: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let indexer = status(app).await["indexer"].clone();
        if indexer["role"] == role {
            return indexer;
        }
        assert!(Instant::now() < deadline, "not {role}: {indexer}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Waits until the index holds the head and is the source in use.
async fn wait_for_index(state: &AppState, app: &Router, chain: &ChainReader) {
    let head = chain.block_number().await.expect("head");
    let deadline = Instant::now() + Duration::from_secs(120);
    while status(app).await["indexer"]["indexedBlock"].as_u64() < Some(head) {
        assert!(
            Instant::now() < deadline,
            "index stuck: {}",
            status(app).await
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // The first check ran at start, before the index had read anything; the index
    // catching up triggers the next one (the monitor reads it every couple of seconds).
    while status(app).await["source"]["inUse"] != "ownIndex" {
        assert!(
            Instant::now() < deadline,
            "the index caught up but is not in use: {}",
            status(app).await
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let snapshot = state
        .evm(NETWORK)
        .expect("served")
        .check_sources_now()
        .await;
    assert_eq!(snapshot.in_use, SourceKind::OwnIndex, "{snapshot:?}");
    // The lag is read from the store every couple of seconds.
    while status(app).await["source"]["indexLag"].is_null() {
        assert!(Instant::now() < deadline, "no lag: {}", status(app).await);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The account routes' answers, checked for coverage while the fill runs: returns the
/// balances, history, NFTs and approvals once every answer says the account is covered,
/// and whether an answer said it was not (with progress below 1) before.
async fn filled_answers(app: &Router, account: &str) -> ([Value; 4], bool) {
    let base = format!("/api/v1/evm/{NETWORK}/accounts/{account}");
    let uris = [
        format!("{base}/balances?fiat=USD"),
        format!("{base}/transactions?limit=10000"),
        format!("{base}/nfts"),
        format!("{base}/approvals"),
    ];
    let mut saw_partial = false;
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let mut answers = Vec::new();
        for uri in &uris {
            let (code, body) = get(app, uri).await;
            assert_eq!(code, StatusCode::OK, "{uri}: {body}");
            let coverage = &body["coverage"];
            assert!(coverage.is_object(), "{uri}: no coverage in {body}");
            let progress = coverage["progress"].as_f64().expect("progress");
            assert!((0.0..=1.0).contains(&progress), "{coverage}");
            if coverage["complete"] == false {
                assert!(progress < 1.0, "{uri}: incomplete at {progress}");
                assert!(
                    coverage["fromBlock"].as_u64() > Some(0),
                    "an incomplete list starts at the index's start: {coverage}"
                );
                if uri.contains("/balances") {
                    assert_eq!(
                        body["source"], "rpc",
                        "amounts come from the chain meanwhile"
                    );
                }
                saw_partial = true;
            } else {
                assert_eq!(coverage["fromBlock"], 0, "{coverage}");
                assert_eq!(progress, 1.0);
            }
            answers.push(body);
        }
        if answers
            .iter()
            .all(|body| body["coverage"]["complete"] == true)
        {
            let answers: [Value; 4] = answers.try_into().expect("four answers");
            return (answers, saw_partial);
        }
        assert!(
            Instant::now() < deadline,
            "{account} never filled: {}",
            answers[0]["coverage"]
        );
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn telos_evm_on_the_own_index_fills_accounts_before_its_start_and_equals_the_chain() {
    let devnet = tokio::task::spawn_blocking(|| EvmDevnet::start_with_chain_id(40))
        .await
        .expect("task")
        .expect("devnet starts (run `npm ci` in devnet/evm)");
    let manifest = devnet.manifest().clone();
    let chain = ChainReader::connect(devnet.rpc_url()).expect("chain reader");
    // The index starts in the middle of the seeded history.
    let mut blocks: Vec<u64> = manifest.seeded["transactions"]
        .as_object()
        .expect("transactions")
        .values()
        .filter_map(|tx| tx["blockNumber"].as_u64())
        .collect();
    blocks.sort_unstable();
    let start = blocks[blocks.len() / 2];
    let data_dir = tempfile::tempdir().expect("data dir");
    let state = state_from(&config_text(&manifest, data_dir.path(), &start.to_string()));
    let app = router(&state);
    wait_for_index(&state, &app, &chain).await;

    let indexer = wait_for_role(&app, "writer").await;
    assert_eq!(indexer["startBlock"], start, "{indexer}");
    assert!(
        indexer["progress"]
            .as_str()
            .is_some_and(|line| line.contains("caught up")),
        "{indexer}"
    );
    let (_, health) = get(&app, "/api/v1/health").await;
    let sources = health["evmSources"].as_array().expect("sources");
    let source = |name: &str| {
        sources
            .iter()
            .find(|s| s["network"] == name)
            .expect(name)
            .clone()
    };
    let mainnet = source(NETWORK);
    assert_eq!(
        (&mainnet["primary"], &mainnet["inUse"], &mainnet["lists"]),
        (&"ownIndex".into(), &"ownIndex".into(), &"ownIndex".into()),
        "{mainnet}"
    );
    assert!(
        mainnet["indexLag"]["blocksBehind"].as_u64().is_some(),
        "{mainnet}"
    );
    let testnet = source("telos-evm-testnet");
    assert_eq!(testnet["primary"], "blockscout", "{testnet}");
    assert!(
        testnet["primaryName"]
            .as_str()
            .is_some_and(|name| name.starts_with("Blockscout (127.0.0.1")),
        "{testnet}"
    );
    assert_eq!(testnet["lists"], testnet["inUse"], "{testnet}");

    let head = chain.block_number().await.expect("head");
    let logs = chain
        .provider()
        .get_logs(&Filter::new().from_block(0).to_block(head))
        .await
        .expect("logs");
    let tokens = erc20_tokens(&manifest);
    let mut saw_partial = false;
    for account in &manifest.accounts {
        let owner = addr(&account.address);
        let ([balances, history, nfts, approvals], partial) =
            filled_answers(&app, &account.address).await;
        saw_partial |= partial;
        check_balances(&chain, &tokens, owner, &balances).await;
        assert_eq!(history["source"], "ownIndex");
        assert!(
            history["indexLag"]["secondsBehind"].as_u64().is_some(),
            "{history}"
        );
        check_history(&chain, &logs, owner, &history).await;
        check_nfts(&chain, &manifest, owner, &nfts).await;
        check_approvals(&chain, &manifest, &tokens, owner, &approvals).await;
    }
    assert!(saw_partial, "no answer showed an account not covered yet");
    let fills = status(&app).await["indexer"]["fills"].clone();
    assert!(
        fills["completed"].as_u64() >= Some(manifest.accounts.len() as u64),
        "{fills}"
    );
    state.shut_down().await;

    // Restarted with `head`, the store keeps the start it was bound to.
    let restarted = state_from(&config_text(&manifest, data_dir.path(), "\"head\""));
    let app = router(&restarted);
    wait_for_index(&restarted, &app, &chain).await;
    // The stopped server let go of the store: this one takes the writer lock.
    let indexer = wait_for_role(&app, "writer").await;
    assert_eq!(indexer["startBlock"], start, "{indexer}");
    restarted.shut_down().await;

    // Another start block is refused with a message, and the store is kept as it is.
    let moved = state_from(&config_text(
        &manifest,
        data_dir.path(),
        &(start + 1).to_string(),
    ));
    let app = router(&moved);
    let stopped = wait_for_role(&app, "stopped").await;
    // The public status says that it stopped; the operator's /readyz says why.
    assert_eq!(
        stopped["lastError"],
        "the index stopped on a problem the operator must fix"
    );
    let ready = get(&app, "/readyz").await;
    let message = ready.1["networks"][0]["indexError"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        message.contains(&format!("from block {start}"))
            && message.contains("[networks.telos-evm.index] store"),
        "{ready:?}"
    );
    assert_eq!(stopped["startBlock"], start, "the store was not rebuilt");
    moved.shut_down().await;
}
