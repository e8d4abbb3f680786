//! A fixture server for the EVM HTTP clients' tests: serves recorded-style JSON files from
//! `tests/fixtures/` on 127.0.0.1 (free port), records what was asked, counts requests
//! in flight, and can be stopped to make the upstream refuse connections.

// Each test file uses a different part of it; a broken fixture should fail loudly.
#![allow(dead_code, reason = "each test module uses a part")]

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use tokio::task::JoinHandle;

/// One canned answer: for `path` (exact) and a query containing every `query_has` part.
#[derive(Debug, Clone)]
pub struct Route {
    pub path: String,
    pub query_has: Vec<String>,
    pub status: u16,
    pub body: String,
    /// Answers at most this many requests, then lets later routes answer.
    pub times: Option<usize>,
}

impl Route {
    /// Answers `path` with the fixture file `tests/fixtures/<fixture>`.
    pub fn file(path: &str, fixture: &str) -> Self {
        Self::body(path, &read_fixture(fixture))
    }

    /// Answers `path` with `body`.
    pub fn body(path: &str, body: &str) -> Self {
        Self {
            path: path.to_owned(),
            query_has: Vec::new(),
            status: 200,
            body: body.to_owned(),
            times: None,
        }
    }

    /// Answers `path` with a bare status.
    pub fn status(path: &str, status: u16) -> Self {
        Self {
            status,
            ..Self::body(path, "")
        }
    }

    /// Answers only the first `n` matching requests.
    pub fn times(mut self, n: usize) -> Self {
        self.times = Some(n);
        self
    }

    /// Only when the query contains `part` (e.g. `type=erc721`).
    pub fn when(mut self, part: &str) -> Self {
        self.query_has.push(part.to_owned());
        self
    }
}

/// The text of `tests/fixtures/<name>`.
pub fn read_fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()))
}

/// Addresses the fixtures use (Telos mainnet contracts and made-up accounts).
pub mod addresses {
    pub const WTLOS: &str = "0xd102ce6a4db07d247fcc28f366a623df0938ca9e";
    pub const STLOS: &str = "0xb4b01216a5bc8f1c8a33cd990a1239030e60c905";
    pub const USDC: &str = "0x8d97cea50351fb4329d591682b148d43a0c3611b";
    pub const ALICE: &str = "0x5ac0a1a3b4c7e2d9f01f4b3c6e7d8a9b0c1d2e3f";
    pub const BOB: &str = "0x9f3e2c1b0a99887766554433221100ffeeddccbb";
    pub const ROUTER: &str = "0xb9239af0697c8efb42cba3568424b06753c6da71";
    pub const NFT721: &str = "0x552fd5ea5f1e4fe1c0b4df8e4f0b6e8b5cc8e7a1";
    pub const NFT1155: &str = "0xe7209d65c5bb05ddf799b20ff0ec09e691fc3f12";
}

/// An address from fixture text.
pub fn addr(text: &str) -> alloy_primitives::Address {
    text.parse().unwrap()
}

/// An exact integer from decimal text.
pub fn u(text: &str) -> alloy_primitives::U256 {
    text.parse().unwrap()
}

/// A fixture server with `routes` and an indexer client pointed at it.
pub async fn serve_indexer(
    routes: Vec<Route>,
) -> (FixtureServer, tandem_evm::teloscan::TeloscanClient) {
    let server = FixtureServer::start(routes).await;
    let client = tandem_evm::teloscan::TeloscanClient::new(
        reqwest::Client::new(),
        &server.url,
        tandem_evm::http::RequestLimiter::default(),
    )
    .unwrap();
    (server, client)
}

#[derive(Debug, Default)]
struct Shared {
    routes: Mutex<Vec<Route>>,
    requests: Mutex<Vec<String>>,
    in_flight: AtomicUsize,
    max_in_flight: AtomicUsize,
    delay: Mutex<Option<Duration>>,
}

/// A running fixture server; stopped when dropped.
#[derive(Debug)]
pub struct FixtureServer {
    pub url: String,
    shared: Arc<Shared>,
    task: JoinHandle<()>,
}

impl FixtureServer {
    /// Starts serving `routes` on a free 127.0.0.1 port.
    pub async fn start(routes: Vec<Route>) -> Self {
        let shared = Arc::new(Shared::default());
        *shared.routes.lock().unwrap() = routes;
        let app = Router::new()
            .fallback(answer)
            .with_state(Arc::clone(&shared));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Self { url, shared, task }
    }

    /// Replaces the routes (to change an answer between polls).
    pub fn set_routes(&self, routes: Vec<Route>) {
        *self.shared.routes.lock().unwrap() = routes;
    }

    /// Makes every answer wait `delay` first.
    pub fn set_delay(&self, delay: Duration) {
        *self.shared.delay.lock().unwrap() = Some(delay);
    }

    /// Every request so far, as `path?query`.
    pub fn requests(&self) -> Vec<String> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// The most requests that were ever in flight at once.
    pub fn max_in_flight(&self) -> usize {
        self.shared.max_in_flight.load(Ordering::SeqCst)
    }

    /// Stops the server; later connections are refused.
    pub async fn stop(&self) {
        self.task.abort();
        // Give the runtime a moment to drop the listener.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

impl Drop for FixtureServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn answer(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    let query = uri.query().unwrap_or("").to_owned();
    shared
        .requests
        .lock()
        .unwrap()
        .push(format!("{}?{}", uri.path(), query));
    let now = shared.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
    shared.max_in_flight.fetch_max(now, Ordering::SeqCst);
    let delay = *shared.delay.lock().unwrap();
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    let route = {
        let mut routes = shared.routes.lock().unwrap();
        let found = routes.iter_mut().find(|r| {
            r.path == uri.path()
                && r.query_has.iter().all(|part| query.contains(part))
                && r.times != Some(0)
        });
        found.map(|route| {
            if let Some(left) = route.times.as_mut() {
                *left -= 1;
            }
            route.clone()
        })
    };
    shared.in_flight.fetch_sub(1, Ordering::SeqCst);
    match route {
        Some(route) => (
            StatusCode::from_u16(route.status).unwrap(),
            // No keep-alive: once stopped, the server must refuse every request.
            [
                ("content-type", "application/json"),
                ("connection", "close"),
            ],
            route.body,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [("connection", "close")],
            "no fixture for this request",
        )
            .into_response(),
    }
}
