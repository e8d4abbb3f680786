//! The Blockscout client when Blockscout misbehaves: a 429 or a gateway error is asked
//! again (the retry policy the Teloscan client shares), other failures surface at once
//! with the same stable codes as Teloscan's, a slow answer times out, a refused
//! connection says the upstream is unavailable; approvals are never an empty list
//! standing for "unknown".

use std::time::Duration;

use alloy_primitives::Address;
use tandem_evm::blockscout::BlockscoutClient;
use tandem_evm::http::{RequestLimiter, Upstream};
use tandem_evm::source::{ApprovalFinder, ApprovalKind, ApprovalRecord, ApprovalSearch};
use tandem_evm::{EvmError, EvmSource};

use crate::blockscout_support::{route, serve};
use crate::teloscan_support::addresses::ALICE;
use crate::teloscan_support::{FixtureServer, Route, addr};

fn blocks(generation: &str) -> Route {
    route(generation, "main-page/blocks", "main_page_blocks")
}

#[tokio::test]
async fn rate_limits_and_gateway_errors_are_asked_again() {
    let path = "/api/v2/main-page/blocks";
    let (server, client) = serve(vec![
        Route::status(path, 429).times(1),
        Route::status(path, 503).times(1),
        blocks("v12"),
    ])
    .await;
    let health = client.health().await.unwrap();
    assert_eq!(health.block_number, 362_812_345);
    let asked = server
        .requests()
        .iter()
        .filter(|r| r.starts_with(path))
        .count();
    assert_eq!(asked, 3, "429, 503, then the answer");

    server.set_routes(vec![Route::status(path, 502)]);
    let error = client.health().await.unwrap_err();
    assert!(
        matches!(
            &error,
            EvmError::Status {
                upstream: Upstream::Blockscout,
                status: 502,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(error.code(), "evm.upstream_status");
    assert!(error.retryable());
}

#[tokio::test]
async fn other_failures_surface_at_once_with_stable_codes() {
    let tokens = format!("/api/v2/addresses/{ALICE}/tokens");
    let account = format!("/api/v2/addresses/{ALICE}");
    let (server, client) = serve(vec![
        Route::status(&tokens, 500),
        route("v12", &format!("addresses/{ALICE}"), "address"),
    ])
    .await;
    let error = client.balances(addr(ALICE)).await.unwrap_err();
    assert_eq!(error.code(), "evm.upstream_status");
    assert_eq!(
        server
            .requests()
            .iter()
            .filter(|r| r.starts_with(&tokens))
            .count(),
        1,
        "a 500 is not a pace problem: not asked again"
    );
    server.set_routes(vec![
        Route::body(&tokens, "<html>maintenance</html>"),
        Route::body(&account, "{}"),
    ]);
    let error = client.balances(addr(ALICE)).await.unwrap_err();
    assert_eq!(error.code(), "evm.upstream_unreadable");
    assert!(error.to_string().contains(&tokens), "{error}");
    server.set_routes(vec![
        Route::body(&tokens, r#"{"items": {"a": 1}, "next_page_params": null}"#),
        Route::body(&account, "{}"),
    ]);
    let error = client.balances(addr(ALICE)).await.unwrap_err();
    assert_eq!(
        error.code(),
        "evm.upstream_unreadable",
        "items must be a list"
    );

    server.stop().await;
    let error = client.health().await.unwrap_err();
    assert_eq!(error.code(), "evm.upstream_unavailable");
    assert!(!error.to_string().contains("127.0.0.1"), "{error}");
}

#[tokio::test]
async fn a_slow_blockscout_times_out() {
    let server = FixtureServer::start(vec![blocks("v11")]).await;
    server.set_delay(Duration::from_secs(5));
    let http = reqwest::Client::builder()
        .timeout(Duration::from_millis(200))
        .build()
        .unwrap();
    let client = BlockscoutClient::new(http, &server.url, RequestLimiter::default()).unwrap();
    let error = client.health().await.unwrap_err();
    assert!(
        matches!(&error, EvmError::Transport { source, .. } if source.is_timeout()),
        "{error}"
    );
    let asked = server
        .requests()
        .iter()
        .filter(|r| r.starts_with("/api/v2/main-page/blocks"))
        .count();
    assert_eq!(asked, 1, "a timeout is not asked again");
}

#[tokio::test]
async fn requests_share_the_indexers_limit_of_five_in_flight() {
    let server = FixtureServer::start(vec![blocks("v12")]).await;
    server.set_delay(Duration::from_millis(150));
    let limiter = RequestLimiter::default();
    let make =
        || BlockscoutClient::new(reqwest::Client::new(), &server.url, limiter.clone()).unwrap();
    let clients = [make(), make()];
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let client = clients[i % 2].clone();
            tokio::spawn(async move { client.indexing().await })
        })
        .collect();
    for task in tasks {
        assert!(task.await.unwrap().is_ok());
    }
    assert_eq!(
        server.max_in_flight(),
        RequestLimiter::DEFAULT_MAX_IN_FLIGHT
    );
}

/// Approvals from somewhere else, recording where it was told to look.
#[derive(Debug, Default)]
struct Finder(std::sync::Mutex<Vec<ApprovalSearch>>);

#[async_trait::async_trait]
impl ApprovalFinder for Finder {
    async fn find(
        &self,
        owner: Address,
        _kinds: &[ApprovalKind],
        search: &ApprovalSearch,
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        self.0.lock().unwrap().push(search.clone());
        Ok(vec![ApprovalRecord::Erc20 {
            owner,
            contract: owner,
            spender: owner,
            amount: alloy_primitives::U256::from(1),
            updated_ms: 0,
        }])
    }
}

#[tokio::test]
async fn approvals_come_from_the_finder_or_the_source_says_it_cannot() {
    let (_server, client) = serve(vec![blocks("v12")]).await;
    let error = client
        .approvals(addr(ALICE), ApprovalKind::Erc20)
        .await
        .unwrap_err();
    assert!(matches!(error, EvmError::Unsupported { .. }), "{error:?}");
    let finder = std::sync::Arc::new(Finder::default());
    let client = client.with_approvals(finder.clone());
    let found = client
        .approvals(addr(ALICE), ApprovalKind::Erc20)
        .await
        .unwrap();
    assert_eq!(found.len(), 1);
    // Without a node to confirm the owner's nonce, the whole chain is searched.
    assert_eq!(
        finder.0.lock().unwrap().as_slice(),
        &[ApprovalSearch::default()]
    );
}
