//! The chain-data cache lifetime of spec §4 at the route: an account's balances are read
//! from the source at most every 10 s. A transfer made meanwhile shows only once that
//! lifetime is over, and then exactly (the sender paid the amount plus the fee).

use crate::evm_prepare_support;

use std::time::{Duration, Instant};

use crate::evm_history_support::{DEVNET, DevnetApp, get};
use alloy_primitives::U256;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

/// The raw TLOS amount (wei) of a balances answer.
fn tlos(sheet: &Value) -> U256 {
    let row = sheet["balances"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["token"]["symbol"] == "TLOS")
        .expect("TLOS is always listed");
    row["amount"]["raw"].as_str().unwrap().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn balances_are_cached_for_ten_seconds_then_read_again() {
    let devnet = DevnetApp::start().await;
    let (carol, dave) = (devnet.account("carol"), devnet.account("dave"));
    let uri = format!("/api/v1/evm/{DEVNET}/accounts/{carol}/balances?fiat=USD");

    let (status, first) = get(devnet.router(), &uri).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let cached_at = Instant::now();
    let before = tlos(&first);

    let (status, prepared) = evm_prepare_support::call(
        &devnet.router(),
        Method::POST,
        &format!("/api/v1/evm/{DEVNET}/transactions/prepare"),
        Some(json!({ "kind": "send", "from": carol, "to": dave, "amount": "1.5" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{prepared}");
    evm_prepare_support::sign_and_send(&devnet.devnet, "carol", &prepared).await;

    // Within the lifetime the answer is the cached one.
    let (_, again) = get(devnet.router(), &uri).await;
    assert!(
        cached_at.elapsed() < Duration::from_secs(9),
        "the transfer took too long to test the cache"
    );
    assert_eq!(tlos(&again), before, "read again before 10 s");

    // After it, the source is read again: 1.5 TLOS and at most the estimated fee less.
    tokio::time::sleep(
        Duration::from_secs(10).saturating_sub(cached_at.elapsed()) + Duration::from_millis(500),
    )
    .await;
    let after = tlos(&devnet.get_until(&uri, |sheet| tlos(sheet) != before).await);
    let sent = U256::from(1_500_000_000_000_000_000_u128);
    let fee_cap: U256 = prepared["fee"]["wei"].as_str().unwrap().parse().unwrap();
    assert!(
        after < before - sent && after >= before - sent - fee_cap,
        "{before} → {after}"
    );
    devnet.state.shut_down().await;
}
