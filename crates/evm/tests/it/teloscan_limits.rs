//! The indexer client's throttling (spec §7: at most 5 requests in flight) and how
//! upstream failures surface.

use std::time::Duration;

use crate::teloscan_support::{FixtureServer, Route};
use alloy_primitives::Address;
use tandem_evm::http::{RequestLimiter, Upstream};
use tandem_evm::teloscan::TeloscanClient;
use tandem_evm::{EvmError, EvmSource};

const ALICE: &str = "0x5ac0a1a3b4c7e2d9f01f4b3c6e7d8a9b0c1d2e3f";

fn client(server: &FixtureServer, limiter: RequestLimiter) -> TeloscanClient {
    TeloscanClient::new(reqwest::Client::new(), &server.url, limiter).unwrap()
}

/// Fires 20 health requests at once through `clients` (round robin) and returns how many
/// the server saw at once at most.
async fn burst(server: &FixtureServer, clients: &[TeloscanClient]) -> usize {
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let client = clients[i % clients.len()].clone();
            tokio::spawn(async move { client.health().await })
        })
        .collect();
    for task in tasks {
        assert!(task.await.unwrap().is_ok());
    }
    assert_eq!(server.requests().len(), 20);
    server.max_in_flight()
}

#[tokio::test]
async fn never_more_than_five_requests_in_flight() {
    let server =
        FixtureServer::start(vec![Route::file("/v1/health", "teloscan/health.json")]).await;
    server.set_delay(Duration::from_millis(150));
    let limiter = RequestLimiter::default();
    let max = burst(&server, &[client(&server, limiter.clone())]).await;
    assert_eq!(max, RequestLimiter::DEFAULT_MAX_IN_FLIGHT);
    assert_eq!(limiter.in_flight(), 0, "every permit is returned");
}

#[tokio::test]
async fn clients_sharing_a_limiter_share_the_cap() {
    let server =
        FixtureServer::start(vec![Route::file("/v1/health", "teloscan/health.json")]).await;
    server.set_delay(Duration::from_millis(150));
    let limiter = RequestLimiter::default();
    let clients = [client(&server, limiter.clone()), client(&server, limiter)];
    assert_eq!(burst(&server, &clients).await, 5);
}

#[tokio::test]
async fn without_a_shared_cap_the_burst_would_exceed_five() {
    // The control for the two tests above: the fixture server does see parallel
    // requests when nothing holds them back.
    let server =
        FixtureServer::start(vec![Route::file("/v1/health", "teloscan/health.json")]).await;
    server.set_delay(Duration::from_millis(150));
    let max = burst(&server, &[client(&server, RequestLimiter::new(20))]).await;
    assert!(max > 5, "saw only {max} at once");
}

#[tokio::test]
async fn upstream_failures_name_the_path_and_carry_stable_codes() {
    let owner: Address = ALICE.parse().unwrap();
    let balances = format!("/v1/account/{ALICE}/balances");
    let server = FixtureServer::start(vec![Route::status(&balances, 502)]).await;
    let client = client(&server, RequestLimiter::default());

    let error = client.balances(owner).await.unwrap_err();
    assert!(
        matches!(&error, EvmError::Status { upstream: Upstream::Indexer, status: 502, path } if *path == balances),
        "{error:?}"
    );
    assert_eq!(error.code(), "evm.upstream_status");

    server.set_routes(vec![Route::body(
        &balances,
        r#"{"success":false,"message":"down"}"#,
    )]);
    let error = client.balances(owner).await.unwrap_err();
    assert_eq!(error.code(), "evm.upstream_failure");

    server.set_routes(vec![Route::body(&balances, "<html>maintenance</html>")]);
    let error = client.balances(owner).await.unwrap_err();
    assert_eq!(error.code(), "evm.upstream_unreadable");
    assert!(error.to_string().contains(&balances));

    server.set_routes(vec![Route::body(
        &balances,
        r#"{"success":true,"results":{"a":1}}"#,
    )]);
    let error = client.balances(owner).await.unwrap_err();
    assert_eq!(
        error.code(),
        "evm.upstream_unreadable",
        "results must be a list"
    );

    server.stop().await;
    let error = client.health().await.unwrap_err();
    assert_eq!(error.code(), "evm.upstream_unavailable");
    assert!(!error.to_string().contains("127.0.0.1"), "{error}");
}

#[tokio::test]
async fn a_slow_indexer_times_out() {
    let server =
        FixtureServer::start(vec![Route::file("/v1/health", "teloscan/health.json")]).await;
    server.set_delay(Duration::from_secs(5));
    let http = reqwest::Client::builder()
        .timeout(Duration::from_millis(200))
        .build()
        .unwrap();
    let client = TeloscanClient::new(http, &server.url, RequestLimiter::default()).unwrap();
    let error = client.health().await.unwrap_err();
    assert!(
        matches!(&error, EvmError::Transport { source, .. } if source.is_timeout())
            && error.to_string().contains("timed out"),
        "{error}"
    );
}
