//! The source selector follows the indexer's health (spec §4): lagging 60 s → fallback,
//! 2 s → indexer again, stopped → fallback; and it forwards calls to the source in use.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::teloscan_support::addresses::ALICE;
use crate::teloscan_support::{FixtureServer, Route, addr, serve_indexer};
use alloy_primitives::{Address, U256};
use async_trait::async_trait;
use tandem_domain::nft::NftStandard;
use tandem_evm::lookup::IndexerStatus;
use tandem_evm::selector::{SelectorConfig, SourceSelector};
use tandem_evm::source::{
    ApprovalKind, ApprovalRecord, ContractRecord, HolderQuery, HolderRecord, NftRecord, Page,
    PageRequest, SourceHealth, TokenBalance, TransactionQuery, TransactionRecord, TransferQuery,
    TransferRecord,
};
use tandem_evm::{EvmError, EvmSource, SourceKind};

/// Stands in for the RPC fallback: always current, knows no history.
#[derive(Debug)]
struct PlainRpc;

fn unsupported<T>(capability: &'static str) -> Result<T, EvmError> {
    Err(EvmError::Unsupported {
        kind: SourceKind::Rpc,
        capability,
    })
}

#[async_trait]
impl EvmSource for PlainRpc {
    fn kind(&self) -> SourceKind {
        SourceKind::Rpc
    }
    async fn health(&self) -> Result<SourceHealth, EvmError> {
        Ok(SourceHealth {
            kind: SourceKind::Rpc,
            success: true,
            block_number: 1,
            block_timestamp_ms: 0,
            seconds_behind: 0,
            note: None,
        })
    }
    async fn balances(&self, _: Address) -> Result<Vec<TokenBalance>, EvmError> {
        unsupported("balances")
    }
    async fn transactions(
        &self,
        _: Address,
        _: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, EvmError> {
        unsupported("transactions")
    }
    async fn transfers(
        &self,
        _: Address,
        _: &TransferQuery,
    ) -> Result<Page<TransferRecord>, EvmError> {
        unsupported("transfers")
    }
    async fn approvals(
        &self,
        _: Address,
        _: ApprovalKind,
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        unsupported("approvals")
    }
    async fn nfts_owned(
        &self,
        _: Address,
        _: NftStandard,
        _: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        unsupported("nfts")
    }
    async fn collection_nfts(
        &self,
        _: Address,
        _: Option<U256>,
        _: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        unsupported("collection nfts")
    }
    async fn token_holders(
        &self,
        _: Address,
        _: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, EvmError> {
        unsupported("holders")
    }
    async fn contract(&self, _: Address) -> Result<Option<ContractRecord>, EvmError> {
        unsupported("contracts")
    }
}

const HEALTHY: &str = "teloscan/health.json";
const LAGGING: &str = "teloscan/health_lagging.json";

async fn selector(config: SelectorConfig) -> (FixtureServer, Arc<SourceSelector>) {
    let balances = format!("/v1/account/{ALICE}/balances");
    let (server, indexer) = serve_indexer(vec![
        Route::file("/v1/health", HEALTHY),
        Route::file(&balances, "teloscan/balances.json"),
    ])
    .await;
    let selector = SourceSelector::new(Arc::new(indexer), Arc::new(PlainRpc), config);
    (server, Arc::new(selector))
}

fn set_health(server: &FixtureServer, fixture: &str) {
    let balances = format!("/v1/account/{ALICE}/balances");
    server.set_routes(vec![
        Route::file("/v1/health", fixture),
        Route::file(&balances, "teloscan/balances.json"),
    ]);
}

#[tokio::test]
async fn switches_back_and_forth_with_seconds_behind() {
    let (server, selector) = selector(SelectorConfig::default()).await;
    assert_eq!(
        selector.current().0,
        SourceKind::Rpc,
        "unproven until checked"
    );
    assert!(!selector.indexer_healthy());

    let healthy = selector.check_now().await;
    assert_eq!(healthy.in_use, SourceKind::TeloscanIndexer);
    assert_eq!(selector.current().0, SourceKind::TeloscanIndexer);
    assert_eq!(healthy.primary_health.unwrap().seconds_behind, 2);
    assert!(!healthy.ever_unhealthy && healthy.checked_at_ms.is_some());

    set_health(&server, LAGGING);
    let lagging = selector.check_now().await;
    assert_eq!(lagging.in_use, SourceKind::Rpc);
    assert_eq!(selector.current().0, SourceKind::Rpc);
    assert_eq!(lagging.primary_health.unwrap().seconds_behind, 60);
    assert!(lagging.ever_unhealthy);
    assert!(!selector.indexer_healthy());

    set_health(&server, HEALTHY);
    selector.check_now().await;
    assert_eq!(selector.current().0, SourceKind::TeloscanIndexer);
    assert!(selector.indexer_healthy());
    assert!(
        selector.snapshot().ever_unhealthy,
        "the warning stays once shown"
    );
}

#[tokio::test]
async fn a_stopped_indexer_means_the_fallback() {
    let (server, selector) = selector(SelectorConfig::default()).await;
    selector.check_now().await;
    assert_eq!(selector.current().0, SourceKind::TeloscanIndexer);
    server.stop().await;
    let snapshot = selector.check_now().await;
    assert_eq!(snapshot.in_use, SourceKind::Rpc);
    assert_eq!(snapshot.primary_health, None);
    let error = snapshot.last_error.unwrap();
    assert!(
        error.contains("indexer") && error.contains("/v1/health"),
        "{error}"
    );
    assert!(!error.contains("127.0.0.1"), "{error}");
}

#[tokio::test]
async fn a_failed_success_flag_is_unhealthy_however_current() {
    let (server, selector) = selector(SelectorConfig::default()).await;
    server.set_routes(vec![Route::body(
        "/v1/health",
        r#"{"success":false,"blockNumber":1,"blockTimestamp":1,"secondsBehind":0}"#,
    )]);
    assert_eq!(selector.check_now().await.in_use, SourceKind::Rpc);
}

#[tokio::test]
async fn a_hanging_health_check_times_out_to_the_fallback() {
    let config = SelectorConfig {
        interval: Duration::from_secs(5),
        check_timeout: Duration::from_millis(200),
    };
    let (server, selector) = selector(config).await;
    server.set_delay(Duration::from_secs(3));
    let snapshot = selector.check_now().await;
    assert_eq!(snapshot.in_use, SourceKind::Rpc);
    assert_eq!(
        snapshot.last_error.as_deref(),
        Some("health check timed out")
    );
}

async fn wait_for(selector: &SourceSelector, kind: SourceKind) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while selector.current().0 != kind {
        assert!(Instant::now() < deadline, "never switched to {kind:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn polling_switches_on_its_own_and_stops_when_dropped() {
    let config = SelectorConfig {
        interval: Duration::from_millis(50),
        check_timeout: Duration::from_secs(1),
    };
    let (server, selector) = selector(config).await;
    let polling = selector.spawn_polling();
    wait_for(&selector, SourceKind::TeloscanIndexer).await;
    set_health(&server, LAGGING);
    wait_for(&selector, SourceKind::Rpc).await;
    set_health(&server, HEALTHY);
    wait_for(&selector, SourceKind::TeloscanIndexer).await;

    drop(polling);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let polls = server.requests().len();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        server.requests().len(),
        polls,
        "no polls after the handle is dropped"
    );
}

#[tokio::test]
async fn calls_go_to_the_source_in_use() {
    let (server, selector) = selector(SelectorConfig::default()).await;
    // Held once, the source follows every switch.
    let source = selector.source();
    selector.check_now().await;
    let balances = source.balances(addr(ALICE)).await.unwrap();
    assert_eq!(balances.len(), 4);
    assert_eq!(source.kind(), SourceKind::TeloscanIndexer);

    set_health(&server, LAGGING);
    selector.check_now().await;
    assert_eq!(source.kind(), SourceKind::Rpc);
    let error = source.balances(addr(ALICE)).await.unwrap_err();
    assert!(matches!(
        error,
        EvmError::Unsupported {
            kind: SourceKind::Rpc,
            ..
        }
    ));
}
