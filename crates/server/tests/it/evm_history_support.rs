//! Shared by the `evm_history_*`, `evm_nfts_*` and `evm_approvals_*` tests: the router
//! over the seeded devnet (own index as the source) or over Teloscan fixtures (a small
//! axum server on a free 127.0.0.1 port), and JSON request helpers.

#![allow(dead_code, reason = "each test module uses a part")]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use alloy_primitives::Address;
use axum::Router;
use axum::http::{Method, StatusCode, Uri};
use serde_json::Value;
use tandem_domain::network::{ChainSettings, NetworkName, RpcEndpoint};
use tandem_evm::source::SourceKind;
use tandem_server::app;
use tandem_server::evm::{DevnetExtras, EvmOptions};
use tandem_server::state::AppState;
use tandem_testkit::EvmDevnet;
use tokio::task::JoinHandle;

pub use crate::DEVNET;

/// The router over the seeded devnet, its own index caught up with the seed.
pub struct DevnetApp {
    pub devnet: EvmDevnet,
    pub state: AppState,
    _data: tempfile::TempDir,
}

impl DevnetApp {
    /// Starts the devnet, serves it with the built-in index and waits until the index
    /// holds every seeded block and is the source in use.
    pub async fn start() -> Self {
        Self::start_with(|_| {}).await
    }

    /// [`start`](Self::start) with the devnet's chain settings changed by `adjust` first
    /// (e.g. a history service to ask).
    pub async fn start_with(adjust: impl FnOnce(&mut ChainSettings)) -> Self {
        let (devnet, mut settings) = crate::start_devnet().await;
        adjust(&mut settings);
        let data = tempfile::tempdir().unwrap();
        let options = EvmOptions {
            data_dir: Some(data.path().to_owned()),
            devnet: Some(DevnetExtras {
                start_block: devnet.manifest().start_block,
                assets_url: Some(devnet.manifest().assets_url.clone()),
                ..DevnetExtras::default()
            }),
            ..EvmOptions::default()
        };
        let state = AppState::builder(vec![settings], PathBuf::from("/nonexistent"))
            .evm_options(options)
            .build();
        let app = Self {
            devnet,
            state,
            _data: data,
        };
        app.wait_for_index().await;
        app
    }

    fn last_seeded_block(&self) -> u64 {
        self.seeded()["transactions"]
            .as_object()
            .unwrap()
            .values()
            .filter_map(|tx| tx["blockNumber"].as_u64())
            .max()
            .unwrap()
    }

    async fn wait_for_index(&self) {
        let target = self.last_seeded_block();
        let network = self.state.evm(DEVNET).expect("devnet served");
        let deadline = Instant::now() + Duration::from_secs(180);
        loop {
            // Blocks and what the index learns after them (contract names, NFT
            // metadata): tests read both.
            let indexed = network
                .indexer_status()
                .and_then(|status| status.enriched_block)
                .unwrap_or(0);
            if indexed >= target {
                network.check_sources_now().await;
                if network.source_kind() == SourceKind::OwnIndex {
                    return;
                }
            }
            assert!(
                Instant::now() < deadline,
                "index stuck at {indexed} of {target}: {:?}",
                network.indexer_status()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The router (cheap: the state is shared).
    pub fn router(&self) -> Router {
        app::router(self.state.clone())
    }

    /// The manifest's `seeded` facts.
    pub fn seeded(&self) -> &Value {
        &self.devnet.manifest().seeded
    }

    /// A named account's address.
    pub fn account(&self, name: &str) -> String {
        self.devnet
            .manifest()
            .account(name)
            .unwrap()
            .address
            .clone()
    }

    /// A contract's address by manifest key (helper contracts included).
    pub fn contract(&self, key: &str) -> String {
        self.devnet
            .manifest()
            .contract(key)
            .map(str::to_owned)
            .or_else(|| {
                self.seeded()["helperContracts"][key]
                    .as_str()
                    .map(str::to_owned)
            })
            .unwrap()
    }

    /// Polls `GET uri` until `ready` accepts the body (the index enriches NFTs after
    /// indexing blocks).
    pub async fn get_until(&self, uri: &str, ready: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let (status, body) = get(self.router(), uri).await;
            if status == StatusCode::OK && ready(&body) {
                return body;
            }
            assert!(
                Instant::now() < deadline,
                "{uri} never ready: {status} {body}"
            );
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    }
}

/// An address from text.
pub fn addr(text: &str) -> Address {
    text.parse().unwrap()
}

/// `GET uri` → status and JSON body.
pub async fn get(app: Router, uri: &str) -> (StatusCode, Value) {
    crate::json(&app, Method::GET, uri).await
}

/// `POST uri` (empty body) → status and JSON body.
pub async fn post(app: Router, uri: &str) -> (StatusCode, Value) {
    crate::json(&app, Method::POST, uri).await
}

/// Asserts a 400 with `code`.
pub async fn assert_bad_request(app: Router, uri: &str, code: &str) {
    let (status, body) = get(app, uri).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
    assert_eq!(body["code"], code, "{uri}: {body}");
}

/// Addresses the Teloscan fixtures use.
pub mod fixture {
    pub const ALICE: &str = "0x5ac0a1a3b4c7e2d9f01f4b3c6e7d8a9b0c1d2e3f";
    pub const BOB: &str = "0x9f3e2c1b0a99887766554433221100ffeeddccbb";
    pub const USDC: &str = "0x8d97cea50351fb4329d591682b148d43a0c3611b";
    pub const WTLOS: &str = "0xd102ce6a4db07d247fcc28f366a623df0938ca9e";
    pub const ROUTER: &str = "0xb9239af0697c8efb42cba3568424b06753c6da71";
    pub const NFT721: &str = "0x552fd5ea5f1e4fe1c0b4df8e4f0b6e8b5cc8e7a1";
    pub const NFT1155: &str = "0xe7209d65c5bb05ddf799b20ff0ec09e691fc3f12";
}

/// A stand-in for Teloscan serving the recorded fixtures of `crates/evm`; stopped when
/// dropped.
pub struct TeloscanFixtures {
    pub url: String,
    task: JoinHandle<()>,
}

impl Drop for TeloscanFixtures {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../evm/tests/fixtures/teloscan")
}

/// The fixture that answers `uri`, if any.
fn fixture_for(uri: &Uri) -> Option<&'static str> {
    let path = uri.path();
    let query = uri.query().unwrap_or_default();
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let kind = |wanted: &str| query.contains(&format!("type={wanted}"));
    Some(match parts.as_slice() {
        ["v1", "health"] => "health.json",
        ["v1", "address", _, "transactions"] => "transactions.json",
        ["v1", "account", _, "balances"] => "balances.json",
        ["v1", "account", _, "transfers"] if kind("erc721") => "transfers_erc721.json",
        ["v1", "account", _, "transfers"] if kind("erc1155") => "transfers_erc1155.json",
        ["v1", "account", _, "transfers"] => "transfers_erc20.json",
        ["v1", "account", _, "approvals"] if kind("erc721") => "approvals_erc721.json",
        ["v1", "account", _, "approvals"] if kind("erc1155") => "approvals_erc1155.json",
        ["v1", "account", _, "approvals"] => "approvals_erc20.json",
        ["v1", "account", _, "nfts"] if kind("ERC1155") => "nfts_account_erc1155.json",
        ["v1", "account", _, "nfts"] => "nfts_account_erc721.json",
        ["v1", "contract", contract, "nfts"] if contract.eq_ignore_ascii_case(fixture::NFT1155) => {
            "nfts_contract_erc1155.json"
        }
        ["v1", "contract", _, "nfts"] => "nfts_contract_erc721.json",
        ["v1", "contract", _] => "contract.json",
        ["v1", "token", _, "holders"] if query.contains("account=") => "holders_account.json",
        ["v1", "token", _, "holders"] => "holders_token_id.json",
        ["v1", "tokens", "marketdata"] => "marketdata.json",
        _ => return None,
    })
}

async fn answer(uri: Uri) -> axum::response::Response {
    use axum::response::IntoResponse;
    match fixture_for(&uri) {
        Some(name) => {
            let body = std::fs::read_to_string(fixture_dir().join(name)).unwrap();
            ([("content-type", "application/json")], body).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

impl TeloscanFixtures {
    /// Serves the fixtures on a free 127.0.0.1 port.
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let app = Router::new().fallback(answer);
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Self { url, task }
    }
}

/// The router serving telos-evm with the fixtures as its indexer; the node, the
/// history service and every other upstream point at a closed port, so chain reads
/// fail fast and the routes fall back to the indexer's answers.
pub async fn teloscan_app(fixtures: &TeloscanFixtures) -> (AppState, Router) {
    let closed = "http://127.0.0.1:9".to_owned();
    let mut settings = ChainSettings::builtin(NetworkName::TelosEvm).unwrap();
    settings.indexer_endpoint = Some(fixtures.url.clone());
    // No public node behind the closed one.
    settings.rpc_fallbacks.clear();
    settings.rpc_endpoint = RpcEndpoint {
        protocol: "http".into(),
        host: "127.0.0.1".into(),
        port: 9,
        path: "/".into(),
    };
    settings.history_endpoint = Some(closed.clone());
    settings.api_endpoint = Some(closed.clone());
    settings.token_list_url = Some(format!("{closed}/tokenlist.json"));
    settings.trusted_contracts_bucket = Some(closed);
    let options = tandem_server::evm::EvmOptions {
        sources: crate::evm_core_support::teloscan_primary(),
        ..tandem_server::evm::EvmOptions::default()
    };
    let state = AppState::builder(vec![settings], PathBuf::from("/nonexistent"))
        .evm_options(options)
        .build();
    let network = state.evm("telos-evm").unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while network.check_sources_now().await.in_use != SourceKind::TeloscanIndexer {
        assert!(Instant::now() < deadline, "Teloscan fixtures never healthy");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let router = app::router(state.clone());
    (state, router)
}

/// The row of `hash` on a history page.
pub fn row<'a>(page: &'a Value, hash: &str) -> &'a Value {
    page["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| {
            r["id"]
                .as_str()
                .is_some_and(|id| id.eq_ignore_ascii_case(hash))
        })
        .unwrap_or_else(|| panic!("{hash} not in {page}"))
}

/// A row's fungible movements on `side` as (amount, symbol).
pub fn movements(row: &Value, side: &str) -> Vec<(String, String)> {
    row[side]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["amount"].as_str().unwrap().to_owned(),
                m["symbol"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// An (amount, symbol) pair.
pub fn pair(amount: &str, symbol: &str) -> (String, String) {
    (amount.to_owned(), symbol.to_owned())
}
