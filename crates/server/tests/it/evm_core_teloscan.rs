//! telos-evm with Teloscan as primary source, played by a fixture server with the
//! recorded answers of crates/evm/tests/fixtures/, and the devnet's anvil as its RPC
//! node: balances and contract lookups from the indexer while it is healthy, stale market
//! prices shown as unavailable (price 0, never an error), then with the indexer 60 s
//! behind, balances and lookups from RPC reads and the status saying so.

use std::time::Duration;

use crate::evm_core_support::{TeloscanFixture, get, router, telos_evm_state, wait_for_source};
use axum::http::StatusCode;
use serde_json::Value;
use tandem_evm::source::SourceKind;
use tandem_server::config;
use tandem_server::state::AppState;
use tandem_testkit::EvmDevnet;

const NETWORK: &str = "telos-evm";
/// The account of the recorded balances answer.
const RECORDED_ACCOUNT: &str = "0x5ac0a1a3b4c7e2d9f01f4b3c6e7d8a9b0c1d2e3f";
const WTLOS: &str = "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E";

/// telos-evm only, every upstream pointed at the fixture server, the node at anvil.
fn state(fixture: &TeloscanFixture, devnet: &EvmDevnet) -> AppState {
    assert!(config::DEFAULT_PRICE_AGGREGATOR_URL.starts_with("https://"));
    let port = devnet
        .rpc_url()
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("anvil port");
    telos_evm_state(fixture, port)
}

fn symbols(sheet: &Value) -> Vec<&str> {
    sheet["balances"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row["token"]["symbol"].as_str().expect("symbol"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_core_reads_teloscan_while_healthy_and_rpc_while_it_lags() {
    let devnet = EvmDevnet::start().expect("devnet");
    let fixture = TeloscanFixture::start().await;
    let state = state(&fixture, &devnet);
    let app = router(&state);
    wait_for_source(
        &state,
        NETWORK,
        SourceKind::TeloscanIndexer,
        Duration::from_secs(20),
    )
    .await;

    let uri = format!("/api/v1/evm/{NETWORK}/accounts/{RECORDED_ACCOUNT}/balances");
    let (status, sheet) = get(&app, &uri).await;
    assert_eq!(status, StatusCode::OK, "{sheet}");
    assert_eq!(sheet["source"], "teloscanIndexer");
    assert_eq!(symbols(&sheet), ["TLOS", "STLOS", "WTLOS", "USDC"]);
    let rows = sheet["balances"].as_array().expect("rows");
    assert_eq!(rows[0]["amount"]["raw"], "1523456789012345678901");
    assert_eq!(rows[0]["amount"]["value"], "1523.456789012345678901");
    assert_eq!(rows[0]["amount"]["formatted"], "1,523.4567");
    assert_eq!(rows[2]["amount"]["value"], "0.25");
    assert_eq!(rows[2]["token"]["address"], WTLOS);
    // The recorded market data is from 2024: too old to count, so no price, no error.
    for row in rows {
        assert_eq!(row["priceAvailable"], false, "{row}");
        assert_eq!(row["price"], "0");
        assert!(row["fiatValue"].is_null());
    }

    let (status, contract) = get(&app, &format!("/api/v1/evm/{NETWORK}/contracts/{WTLOS}")).await;
    assert_eq!(status, StatusCode::OK, "{contract}");
    assert_eq!(contract["foundBy"], "indexer");
    assert_eq!(contract["name"], "Wrapped TLOS");
    assert_eq!(
        contract["supportedInterfaces"],
        serde_json::json!(["erc20"])
    );
    assert!(
        contract["creationInfo"]["creator"].is_string(),
        "{contract}"
    );

    let (_, healthy) = get(&app, &format!("/api/v1/evm/{NETWORK}/status")).await;
    assert_eq!(healthy["source"]["inUse"], "teloscanIndexer");
    assert_eq!(healthy["source"]["primaryHealth"]["secondsBehind"], 2);
    assert_eq!(healthy["source"]["primaryHealth"]["healthy"], true);

    fixture.lag();
    wait_for_source(&state, NETWORK, SourceKind::Rpc, Duration::from_secs(20)).await;
    let alice = devnet
        .manifest()
        .account("alice")
        .expect("alice")
        .address
        .clone();
    let (status, sheet) = get(
        &app,
        &format!("/api/v1/evm/{NETWORK}/accounts/{alice}/balances"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{sheet}");
    assert_eq!(sheet["source"], "rpc");
    let native = devnet.manifest().seeded["nativeBalances"]
        .as_array()
        .and_then(|all| all.iter().find(|e| e["account"] == "alice"))
        .expect("seeded alice");
    assert_eq!(sheet["balances"][0]["amount"]["raw"], native["amount"]);
    // telos-evm's STLOS / WTLOS do not exist on this node: shown at zero, never left out.
    assert_eq!(symbols(&sheet), ["TLOS", "STLOS", "WTLOS"]);

    let tusd = devnet.manifest().contract("TUSD").expect("TUSD").to_owned();
    let (status, contract) = get(&app, &format!("/api/v1/evm/{NETWORK}/contracts/{tusd}")).await;
    assert_eq!(status, StatusCode::OK, "{contract}");
    assert_eq!(contract["foundBy"], "chainReads");
    assert_eq!(contract["symbol"], "TUSD");
    assert_eq!(contract["decimals"], 6);

    let (_, lagging) = get(&app, &format!("/api/v1/evm/{NETWORK}/status")).await;
    assert_eq!(lagging["source"]["inUse"], "rpc");
    assert_eq!(lagging["source"]["primary"], "teloscanIndexer");
    assert_eq!(lagging["source"]["primaryHealth"]["secondsBehind"], 60);
    assert_eq!(lagging["source"]["primaryHealth"]["healthy"], false);
    let (_, health) = get(&app, "/api/v1/health").await;
    assert_eq!(health["evmSources"][0]["network"], NETWORK);
    assert_eq!(health["evmSources"][0]["inUse"], "rpc");
    state.shut_down().await;
}
