//! `GET /readyz` and `/livez` on telos-evm with Teloscan as primary (the recorded
//! fixture server) and a JSON-RPC node that can be stopped and started again on its
//! port: ready while either answers, unready (503, naming the network and why) while
//! the indexer lags and the node is down, ready again when the node returns and when
//! the indexer catches up.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Value, json};
use tandem_evm::source::SourceKind;
use tandem_testkit::request;
use tokio::task::JoinHandle;

use crate::evm_core_support::{TeloscanFixture, router, telos_evm_state, wait_for_source};

const NETWORK: &str = "telos-evm";

/// A JSON-RPC node answering the chain head and gas price, stoppable and restartable
/// on the same port (so a stop is a refused connection, as when a node dies).
struct StubNode {
    address: SocketAddr,
    task: Option<JoinHandle<()>>,
}

async fn answer(Json(call): Json<Value>) -> Json<Value> {
    Json(json!({ "jsonrpc": "2.0", "id": call["id"], "result": "0x10" }))
}

impl StubNode {
    async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = listener.local_addr().expect("address");
        let mut node = Self {
            address,
            task: None,
        };
        node.serve(listener);
        node
    }

    fn serve(&mut self, listener: tokio::net::TcpListener) {
        let app = Router::new().route("/", post(answer));
        self.task = Some(tokio::spawn(async move {
            axum::serve(listener, app).await.expect("stub node");
        }));
    }

    async fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
            let _ = task.await;
        }
    }

    async fn restart(&mut self) {
        let listener = tokio::net::TcpListener::bind(self.address)
            .await
            .expect("rebind");
        self.serve(listener);
    }
}

impl Drop for StubNode {
    fn drop(&mut self) {
        if let Some(task) = &self.task {
            task.abort();
        }
    }
}

/// Asks `/readyz` until it answers `status` (the node's last answer is cached a few
/// seconds, failures for two), and returns the body.
async fn ready_until(app: &Router, status: StatusCode) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let answer = request::call(app, Method::GET, "/readyz", None).await;
        if answer.status == status {
            return answer.json();
        }
        assert!(
            Instant::now() < deadline,
            "/readyz still {} instead of {status}: {}",
            answer.status,
            answer.text()
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_the_primary_and_the_fallback() {
    let fixture = TeloscanFixture::start().await;
    let mut node = StubNode::start().await;
    fixture.lag();
    node.stop().await;
    let state = telos_evm_state(&fixture, node.address.port());
    let app = router(&state);

    let live = request::call(&app, Method::GET, "/livez", None).await;
    assert_eq!(
        (live.status, live.json()),
        (StatusCode::OK, json!({ "status": "live" }))
    );

    // Teloscan lags and the node is down: no source can answer.
    state
        .evm(NETWORK)
        .expect("served")
        .check_sources_now()
        .await;
    let down = ready_until(&app, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(down["status"], "unready");
    let network = &down["networks"][0];
    assert_eq!(
        (network["network"].as_str(), network["ready"].as_bool()),
        (Some(NETWORK), Some(false))
    );
    let reason = network["reason"].as_str().expect("reason");
    assert!(
        reason.contains("primary (teloscan) down") && reason.contains("fallback (rpc) unreachable"),
        "{reason}"
    );

    // The node returns: served from it, ready, saying the primary is down.
    node.restart().await;
    let fallback = ready_until(&app, StatusCode::OK).await;
    assert_eq!(fallback["status"], "ready");
    assert_eq!(fallback["networks"][0]["source"], "rpc");
    assert!(
        fallback["networks"][0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("primary (teloscan) down"))
    );

    // The indexer catches up: served from it, no reason given.
    fixture.catch_up();
    wait_for_source(
        &state,
        NETWORK,
        SourceKind::TeloscanIndexer,
        Duration::from_secs(20),
    )
    .await;
    let primary = ready_until(&app, StatusCode::OK).await;
    assert_eq!(primary["networks"][0]["source"], "teloscan");
    assert!(primary["networks"][0].get("reason").is_none(), "{primary}");
    state.shut_down().await;
}
