//! The server's integration tests: one binary (one link, one run) with a module per
//! area. Tests against the devnets start their own chains (crates/testkit); the rest run
//! the router in process or the built binary.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "test helpers fail the test loudly on a broken fixture or devnet"
)]

use axum::Router;
use axum::http::{Method, StatusCode};
use serde_json::Value;
use tandem_domain::network::ChainSettings;
use tandem_server::networks::read_devnet_manifest;
use tandem_testkit::{EvmDevnet, request};

/// The EVM devnet's network name in URLs.
pub const DEVNET: &str = "telos-evm-devnet";

/// A freshly started, seeded EVM devnet and the chain settings its manifest gives
/// (started off the runtime's threads: it blocks until the seed is done).
pub async fn start_devnet() -> (EvmDevnet, ChainSettings) {
    let devnet = tokio::task::spawn_blocking(EvmDevnet::start)
        .await
        .unwrap()
        .expect("devnet starts (run `npm ci` in devnet/evm)");
    let settings = read_devnet_manifest(devnet.manifest_path()).expect("manifest");
    (devnet, ChainSettings::devnet(settings))
}

/// `method uri` with an optional JSON body → the status and the body as JSON (or its
/// text as a JSON string when it is not JSON).
pub async fn call(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let answer = request::call(app, method, uri, body.as_ref()).await;
    (answer.status, answer.json_or_text())
}

/// `method uri` without a body → the status and the JSON body (anything else fails the
/// test, naming the URI).
pub async fn json(app: &Router, method: Method, uri: &str) -> (StatusCode, Value) {
    let answer = request::call(app, method, uri, None).await;
    assert!(
        serde_json::from_slice::<Value>(&answer.body).is_ok(),
        "{uri}: not JSON: {}",
        answer.text()
    );
    (answer.status, answer.json())
}

mod evm_core_support;
mod evm_history_support;
mod evm_prepare_support;
mod native_common;

mod api;
mod binary;
mod evm_approvals;
mod evm_blockscout;
mod evm_cache_lifetimes;
mod evm_core_devnet;
mod evm_core_http;
mod evm_core_teloscan;
mod evm_history;
mod evm_history_names;
mod evm_nfts;
mod evm_own_index;
mod evm_own_index_checks;
mod evm_prepare;
mod evm_router_props;
mod evm_scam;
mod evm_staking;
mod evm_tools;
mod evm_transaction;
mod media_proxy;
mod native_balances;
mod native_dapps;
mod native_evm_moves;
mod native_reads;
mod native_safety;
mod native_stake_reads;
mod native_transactions;
mod openapi_document;
mod ops_connections;
mod ops_environment;
mod ops_exposition;
mod ops_limits;
mod ops_metrics;
mod ops_process;
mod ops_readiness;
mod ops_replicas;
mod staking_yield;
mod web_files;
