//! Shared set-up of the EVM core tests: the app state built against the real seeded
//! devnet (as `TANDEM_DEVNET_MANIFEST` + `TANDEM_DATA_DIR` would), a small Teloscan
//! fixture server serving the recorded answers of crates/evm/tests/fixtures/, and calls
//! into the router in-process.

#![allow(dead_code, reason = "each test module uses a part")]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::Router;

use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use tandem_domain::network::{ChainSettingsOverride, NetworkName, RpcEndpoint};
use tandem_evm::source::SourceKind;
use tandem_server::app;
use tandem_server::config::Config;
use tandem_server::evm::EvmOptions;
use tandem_server::evm::data_source::{Primary, SourceSettings};
use tandem_server::networks::{devnet_extras, served_networks};
use tandem_server::state::AppState;
use tandem_testkit::EvmDevnet;
use tokio::task::JoinHandle;

pub const DEVNET: &str = "telos-evm-devnet";

/// State serving the devnet with the built-in index under `data_dir`.
pub fn devnet_state(devnet: &EvmDevnet, data_dir: &Path) -> AppState {
    let config = Config {
        devnet_manifest: Some(devnet.manifest_path().to_owned()),
        data_dir: data_dir.to_owned(),
        ..Config::default()
    };
    let networks = served_networks(&config).expect("networks with the devnet");
    let options = EvmOptions {
        data_dir: Some(config.data_dir.clone()),
        price_aggregator_url: None,
        devnet: devnet_extras(&config).expect("manifest extras"),
        ..EvmOptions::default()
    };
    AppState::builder(networks, "/nonexistent/web/dist".into())
        .evm_options(options)
        .build()
}

/// Checks `network`'s sources until `kind` is in use, or panics after `limit`.
pub async fn wait_for_source(state: &AppState, network: &str, kind: SourceKind, limit: Duration) {
    let evm = state.evm(network).expect("served EVM network");
    let started = Instant::now();
    loop {
        let snapshot = evm.check_sources_now().await;
        if snapshot.in_use == kind {
            return;
        }
        assert!(
            started.elapsed() < limit,
            "{network} still uses {:?} after {limit:?}: {snapshot:?}",
            snapshot.in_use
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Waits until `network`'s token list has loaded.
pub async fn wait_for_token_list(state: &AppState, network: &str) {
    let evm = state.evm(network).expect("served EVM network");
    let started = Instant::now();
    while evm.token_list().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "token list not loaded"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// GETs `uri` from the router and returns the status and JSON body.
pub async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    crate::json(app, axum::http::Method::GET, uri).await
}

/// The router over `state`.
pub fn router(state: &AppState) -> Router {
    app::router(state.clone())
}

/// `crates/evm/tests/fixtures/<name>`.
pub fn evm_fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../evm/tests/fixtures")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A Teloscan fixture server: health (healthy, or 60 s behind once `lagging` is set),
/// balances, market data and contracts from the recorded fixtures; 404 elsewhere.
#[derive(Debug)]
pub struct TeloscanFixture {
    pub url: String,
    lagging: Arc<AtomicBool>,
    task: JoinHandle<()>,
}

impl TeloscanFixture {
    pub async fn start() -> Self {
        let lagging = Arc::new(AtomicBool::new(false));
        let app = Router::new()
            .fallback(answer)
            .with_state(Arc::clone(&lagging));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind fixture server");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.expect("fixture server");
        });
        Self { url, lagging, task }
    }

    /// Answers health with `secondsBehind: 60` from now on.
    pub fn lag(&self) {
        self.lagging.store(true, Ordering::SeqCst);
    }

    /// Answers health as healthy again.
    pub fn catch_up(&self) {
        self.lagging.store(false, Ordering::SeqCst);
    }
}

impl Drop for TeloscanFixture {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn answer(State(lagging): State<Arc<AtomicBool>>, uri: Uri) -> Response {
    let path = uri.path();
    let fixture = if path == "/v1/health" {
        if lagging.load(Ordering::SeqCst) {
            "teloscan/health_lagging.json"
        } else {
            "teloscan/health.json"
        }
    } else if path.starts_with("/v1/account/") && path.ends_with("/balances") {
        "teloscan/balances.json"
    } else if path == "/v1/tokens/marketdata" {
        "teloscan/marketdata.json"
    } else if path == "/v1/contract/0xd102ce6a4db07d247fcc28f366a623df0938ca9e" {
        "teloscan/contract.json"
    } else if path.starts_with("/v1/contract/") {
        "teloscan/contract_empty.json"
    } else {
        return StatusCode::NOT_FOUND.into_response();
    };
    ([("content-type", "application/json")], evm_fixture(fixture)).into_response()
}

/// State serving telos-evm only, with the indexer and every other upstream at `fixture`
/// (no request leaves the machine) and the node at `127.0.0.1:rpc_port`.
pub fn telos_evm_state(fixture: &TeloscanFixture, rpc_port: u16) -> AppState {
    let url = |path: &str| format!("{}{path}", fixture.url);
    let overrides = ChainSettingsOverride {
        rpc_endpoint: Some(RpcEndpoint {
            protocol: "http".to_owned(),
            host: "127.0.0.1".to_owned(),
            port: rpc_port,
            path: "/".to_owned(),
        }),
        indexer_endpoint: Some(fixture.url.clone()),
        history_endpoint: Some(url("/history")),
        trusted_contracts_bucket: Some(url("/bucket")),
        token_list_url: Some(url("/tokenlist.json")),
        api_endpoint: Some(url("/product")),
        ..ChainSettingsOverride::default()
    };
    let mut config = Config::default();
    config
        .network_overrides
        .insert(NetworkName::TelosEvm, overrides);
    let networks = served_networks(&config)
        .expect("networks")
        .into_iter()
        .filter(|settings| settings.name == NetworkName::TelosEvm)
        .collect();
    let options = EvmOptions {
        price_aggregator_url: None,
        sources: teloscan_primary(),
        ..EvmOptions::default()
    };
    AppState::builder(networks, "/nonexistent/web/dist".into())
        .evm_options(options)
        .build()
}

/// `telos-evm` configured with `primary = "teloscan"` (Blockscout is the default).
pub fn teloscan_primary() -> std::collections::BTreeMap<NetworkName, SourceSettings> {
    std::collections::BTreeMap::from([(
        NetworkName::TelosEvm,
        SourceSettings {
            primary: Some(Primary::Teloscan),
            index: None,
        },
    )])
}
