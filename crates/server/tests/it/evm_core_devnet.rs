//! The EVM core routes against the real seeded devnet: the built-in index as primary
//! source, balances equal to every seeded fact, the display order, fiat values from the
//! devnet's recorded price services, the price chart, contract lookup and status; then
//! with the indexer stopped (so it falls behind), the same answers from RPC reads.

use std::str::FromStr;
use std::time::Duration;

use crate::evm_core_support::{
    DEVNET, devnet_state, get, router, wait_for_source, wait_for_token_list,
};
use alloy_primitives::U256;
use axum::Router;
use axum::http::StatusCode;
use serde_json::Value;
use tandem_evm::source::SourceKind;
use tandem_testkit::{EvmDevnet, EvmManifest};

const ACCOUNTS: [&str; 4] = ["alice", "bob", "carol", "dave"];
/// The recorded aggregator price of TLOS and market price of TUSD (devnet/evm/assets/prices).
const TLOS_PRICE: &str = "0.2345";
const TUSD_PRICE: &str = "1.0002";

fn text<'a>(value: &'a Value, pointer: &str) -> &'a str {
    value
        .pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{pointer} missing in {value}"))
}

fn u256(text: &str) -> U256 {
    U256::from_str(text).unwrap_or_else(|_| panic!("not an integer: {text}"))
}

/// `raw / 10^decimals × price` as an 18-decimal fiat amount, as the domain computes it.
fn fiat_raw(raw: U256, decimals: u8, price: &str) -> U256 {
    let (whole, fraction) = price.split_once('.').unwrap_or((price, ""));
    let price_raw = u256(&format!("{whole}{fraction:0<18}"));
    raw * price_raw / U256::from(10u8).pow(U256::from(decimals))
}

fn seeded<'a>(manifest: &'a EvmManifest, list: &str) -> &'a [Value] {
    manifest.seeded[list]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// Checks one account's sheet against the seeded facts; `listed_only` when the source
/// can only see the token list's tokens (RPC reads).
fn check_account(manifest: &EvmManifest, name: &str, sheet: &Value, listed_only: bool) -> bool {
    let rows = sheet["balances"].as_array().expect("balances");
    let row_of = |address: &str| {
        rows.iter()
            .find(|row| row["token"]["address"].as_str() == Some(address))
    };
    let native = seeded(manifest, "nativeBalances")
        .iter()
        .find(|entry| entry["account"] == name)
        .expect("seeded native balance");
    let tlos = &rows[0];
    assert_eq!(text(tlos, "/token/symbol"), "TLOS", "{name}: TLOS first");
    assert_eq!(tlos["token"]["isNative"], true);
    assert_eq!(
        text(tlos, "/amount/raw"),
        text(native, "/amount"),
        "{name} TLOS"
    );
    let mut saw_tusd = false;
    for entry in seeded(manifest, "balances")
        .iter()
        .filter(|e| e["account"] == name)
    {
        let (token, address, amount) = (
            text(entry, "/token"),
            text(entry, "/tokenAddress"),
            text(entry, "/amount"),
        );
        if listed_only && !["WTLOS", "STLOS", "TUSD", "GEMS"].contains(&token) {
            continue;
        }
        match row_of(address) {
            Some(row) => {
                assert_eq!(text(row, "/amount/raw"), amount, "{name} {token}");
                assert_eq!(text(row, "/token/symbol"), token);
            }
            None => assert!(
                amount == "0" && !["WTLOS", "STLOS"].contains(&token),
                "{name}: no {token} row for {amount}"
            ),
        }
        if token == "TUSD" && amount != "0" {
            saw_tusd = true;
            let row = row_of(address).expect("TUSD row");
            assert_eq!(text(row, "/price"), TUSD_PRICE);
            assert_eq!(text(row, "/priceSource"), "indexer");
            let expected = fiat_raw(u256(amount), 6, TUSD_PRICE);
            assert_eq!(
                u256(text(row, "/fiatValue/raw")),
                expected,
                "{name} TUSD fiat"
            );
        }
    }
    for row in rows {
        let symbol = text(row, "/token/symbol");
        if text(row, "/amount/raw") == "0" {
            assert!(
                ["TLOS", "STLOS", "WTLOS"].contains(&symbol),
                "zero {symbol} row"
            );
        }
    }
    assert_eq!(text(tlos, "/price"), TLOS_PRICE);
    assert_eq!(text(tlos, "/priceSource"), "aggregator");
    assert_eq!(text(tlos, "/dayChange"), "-1.9239856514");
    let expected = fiat_raw(u256(text(native, "/amount")), 18, TLOS_PRICE);
    assert_eq!(
        u256(text(tlos, "/fiatValue/raw")),
        expected,
        "{name} TLOS fiat"
    );
    check_order(rows);
    saw_tusd
}

/// TLOS first, then rows with a fiat value by value descending, then the rest by
/// amount; zero STLOS / WTLOS rows last.
fn check_order(rows: &[Value]) {
    let fiat = |row: &Value| {
        row["fiatValue"]["raw"]
            .as_str()
            .map(u256)
            .filter(|v| !v.is_zero())
    };
    let rest = &rows[1..];
    let priced = rest.iter().take_while(|row| fiat(row).is_some()).count();
    let values: Vec<U256> = rest[..priced].iter().filter_map(fiat).collect();
    assert!(
        values.windows(2).all(|w| w[0] >= w[1]),
        "fiat order {values:?}"
    );
    assert!(
        rest[priced..].iter().all(|row| fiat(row).is_none()),
        "priced rows first"
    );
    let zero_at = rest
        .iter()
        .position(|row| text(row, "/amount/raw") == "0")
        .unwrap_or(rest.len());
    assert!(
        rest[zero_at..]
            .iter()
            .all(|row| text(row, "/amount/raw") == "0")
    );
}

async fn check_balances(app: &Router, manifest: &EvmManifest, source: &str) {
    let mut saw_tusd = false;
    for name in ACCOUNTS {
        let address = &manifest.account(name).expect("account").address;
        let uri = format!("/api/v1/evm/{DEVNET}/accounts/{address}/balances?fiat=USD&locale=en-US");
        let (status, sheet) = get(app, &uri).await;
        assert_eq!(status, StatusCode::OK, "{sheet}");
        assert_eq!(sheet["source"], source, "{name}");
        assert_eq!(sheet["address"], address.as_str());
        saw_tusd |= check_account(manifest, name, &sheet, source == "rpc");
    }
    assert!(saw_tusd, "some account holds TUSD");
}

/// The sum of the balance rows' fiat values of `symbols`, exact plain text.
fn counted_fiat_value(balances: &Value, symbols: &[&str]) -> String {
    let rows = balances["balances"].as_array().expect("balance rows");
    let mut sum = tandem_domain::amount::Amount::zero(18);
    for row in rows
        .iter()
        .filter(|row| symbols.contains(&text(row, "/token/symbol")))
    {
        let decimals = row["fiatValue"]["decimals"].as_u64().expect("a priced row");
        let amount = tandem_domain::amount::Amount::new(
            u256(text(row, "/fiatValue/raw")),
            u8::try_from(decimals).expect("decimals"),
        )
        .expect("amount");
        sum = sum.checked_add(&amount).expect("sum");
    }
    sum.to_plain_string()
}

/// The portfolio's "now" is the balances' own value of what it counts (TLOS and WTLOS), so
/// the chart's figure and those rows add up to the same amount on screen. (Its history read
/// resolves contracts into the cache: asked last, after the contract checks.)
async fn check_portfolio(app: &Router, alice: &str) {
    let (_, balances) = get(
        app,
        &format!("/api/v1/evm/{DEVNET}/accounts/{alice}/balances?fiat=USD&locale=en-US"),
    )
    .await;
    let (status, day) = get(
        app,
        &format!("/api/v1/evm/{DEVNET}/accounts/{alice}/portfolio?range=day&fiat=USD"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{day}");
    assert_eq!(day["counted"], serde_json::json!(["TLOS", "WTLOS"]));
    let now = day["points"].as_array().and_then(|points| points.last());
    assert_eq!(
        now.and_then(|point| point["value"].as_str()),
        Some(counted_fiat_value(&balances, &["TLOS", "WTLOS"]).as_str()),
        "{balances}"
    );
}

async fn check_prices(app: &Router, alice: &str) {
    let (status, chart) = get(
        app,
        &format!("/api/v1/evm/{DEVNET}/prices/TLOS/chart?fiat=USD"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{chart}");
    assert_eq!(chart["priceAvailable"], true);
    assert_eq!(chart["tokenPrice"], TLOS_PRICE);
    assert_eq!(chart["marketCap"], "93359950.43");
    assert_eq!(chart["dayVolume"], "4123456.78");
    let points = chart["prices"].as_array().expect("points");
    assert_eq!(points.len(), 25);
    assert_eq!(points[24][1], TLOS_PRICE);

    let (_, gems) = get(app, &format!("/api/v1/evm/{DEVNET}/prices/gems")).await;
    assert_eq!(
        (gems["price"].as_str(), gems["source"].as_str()),
        (Some("0.01253"), Some("indexer"))
    );
    let (status, error) = get(app, &format!("/api/v1/evm/{DEVNET}/prices/TUSD/chart")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["code"], "evm.price.chart_unavailable");

    // Only USD is recorded: another currency has no price, never an error.
    let uri = format!("/api/v1/evm/{DEVNET}/accounts/{alice}/balances?fiat=EUR&locale=de-DE");
    let (status, sheet) = get(app, &uri).await;
    assert_eq!(status, StatusCode::OK, "{sheet}");
    for row in sheet["balances"].as_array().expect("rows") {
        assert_eq!(row["priceAvailable"], false);
        assert_eq!(row["price"], "0");
        assert!(row["fiatValue"].is_null());
    }
}

async fn check_contract(app: &Router, manifest: &EvmManifest, token: &str, found_by: &str) {
    let address = manifest.contract(token).expect("contract");
    let (status, contract) = get(app, &format!("/api/v1/evm/{DEVNET}/contracts/{address}")).await;
    assert_eq!(status, StatusCode::OK, "{contract}");
    assert_eq!(contract["symbol"], token);
    assert_eq!(contract["address"], address);
    assert_eq!(contract["supportedInterfaces"][0], "erc20");
    assert_eq!(contract["foundBy"], found_by, "{contract}");
}

async fn status(app: &Router) -> Value {
    let (status, body) = get(app, &format!("/api/v1/evm/{DEVNET}/status")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body["blockNumber"].as_u64().is_some_and(|n| n > 0),
        "{body}"
    );
    assert!(
        text(&body, "/gasPrice")
            .parse::<u128>()
            .is_ok_and(|p| p > 0)
    );
    assert_eq!(body["chainId"], 41);
    assert_eq!(body["tokenListLoaded"], true);
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_core_answers_from_the_own_index_then_from_rpc_when_it_falls_behind() {
    let devnet = EvmDevnet::start().expect("devnet");
    let manifest = devnet.manifest().clone();
    let data_dir = tempfile::tempdir().expect("data dir");
    let state = devnet_state(&devnet, data_dir.path());
    let app = router(&state);
    wait_for_source(
        &state,
        DEVNET,
        SourceKind::OwnIndex,
        Duration::from_secs(120),
    )
    .await;
    wait_for_token_list(&state, DEVNET).await;
    let evm = state.evm(DEVNET).expect("devnet served");
    let head = evm.reader().block_number().await.expect("head");
    // The blocks, then what the index reads after them (contract names, NFT metadata).
    while evm.indexer_status().and_then(|s| s.enriched_block) < Some(head) {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        data_dir
            .path()
            .join("index/telos-evm-devnet.sqlite")
            .is_file()
    );

    check_balances(&app, &manifest, "ownIndex").await;
    let alice = &manifest.account("alice").expect("alice").address;
    check_prices(&app, alice).await;
    check_contract(&app, &manifest, "TUSD", "indexer").await;
    let (status_code, missing) =
        get(&app, &format!("/api/v1/evm/{DEVNET}/contracts/{alice}")).await;
    assert_eq!(status_code, StatusCode::NOT_FOUND, "{missing}");
    assert_eq!(missing["code"], "evm.contract_not_found");
    let healthy = status(&app).await;
    assert_eq!(healthy["source"]["inUse"], "ownIndex");
    assert!(healthy["indexer"]["indexedBlock"].as_u64() >= Some(head));
    assert!(
        healthy["indexer"]["enrichedBlock"].as_u64() >= Some(head),
        "{healthy}"
    );
    let (_, health) = get(&app, "/api/v1/health").await;
    let devnet_source = health["evmSources"]
        .as_array()
        .and_then(|all| all.iter().find(|s| s["network"] == DEVNET))
        .expect("devnet in health");
    assert_eq!(devnet_source["inUse"], "ownIndex");

    // The indexer stops, so its index falls more than 10 s behind: RPC reads answer.
    state.evm_networks().stop();
    wait_for_source(&state, DEVNET, SourceKind::Rpc, Duration::from_secs(40)).await;
    check_balances(&app, &manifest, "rpc").await;
    check_contract(&app, &manifest, "GEMS", "chainReads").await;
    check_portfolio(&app, alice).await;
    let lagging = status(&app).await;
    assert_eq!(lagging["source"]["inUse"], "rpc");
    assert_eq!(lagging["source"]["primary"], "ownIndex");
    assert_eq!(lagging["source"]["everUnhealthy"], true);
    assert_eq!(lagging["source"]["primaryHealth"]["healthy"], false);
    state.shut_down().await;
}
