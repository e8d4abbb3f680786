//! The wallet tools of issue 18 over the seeded devnet (own index): the approval alarm
//! of a prepared call, the history rows that granted a live approval, the streamed CSV
//! export and its range checks, and the portfolio value over time.

use alloy_primitives::{Address, U256, keccak256};
use axum::http::{HeaderName, Method, StatusCode};
use serde_json::{Value, json};
use tandem_testkit::request;

use crate::DEVNET;
use crate::evm_history_support::{DevnetApp, addr, assert_bad_request, get};

fn call_data(signature: &str, target: Address, value: U256) -> String {
    let mut data = keccak256(signature)[..4].to_vec();
    data.extend_from_slice(target.into_word().as_slice());
    data.extend_from_slice(&value.to_be_bytes::<32>());
    format!(
        "0x{}",
        data.iter().map(|b| format!("{b:02x}")).collect::<String>()
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wallet_tools_over_the_seeded_devnet() {
    let devnet = DevnetApp::start().await;
    let app = devnet.router();
    let alice = devnet.account("alice");
    let tusd = devnet.contract("TUSD");
    let swap = devnet.seeded()["helperContracts"]["SWAP"]
        .as_str()
        .unwrap()
        .to_owned();

    // The alarm: an unlimited approve is weighed, with the balance as the limited amount.
    let check = |data: String| json!({ "from": alice, "to": tusd, "data": data });
    let uri = format!("/api/v1/evm/{DEVNET}/approvals/check");
    let unlimited = call_data("approve(address,uint256)", addr(&swap), U256::MAX);
    let (status, body) = crate::call(&app, Method::POST, &uri, Some(check(unlimited))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let alarm = &body["approval"];
    assert_eq!(alarm["kind"], "allowance");
    assert_eq!(alarm["unlimited"], true);
    assert_eq!(alarm["risks"], json!(["unlimited"]));
    assert_eq!(alarm["symbol"], "TUSD");
    assert_eq!(alarm["spender"]["isContract"], true);
    assert!(alarm["spender"]["otherApprovers"].is_u64(), "{alarm}");
    assert!(alarm["spender"]["firstSeenMs"].is_u64(), "{alarm}");
    assert_eq!(alarm["limitedAlternative"], alarm["balance"]);
    let transfer = call_data("transfer(address,uint256)", addr(&swap), U256::from(1));
    let (_, body) = crate::call(&app, Method::POST, &uri, Some(check(transfer))).await;
    assert_eq!(body["approval"], Value::Null, "a transfer grants nothing");
    let (status, body) = crate::call(&app, Method::POST, &uri, Some(check("0x12345".into()))).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("validation.invalid_parameter")
        )
    );

    // History rows that granted an approval still in force carry its approvals-list id.
    let history = get(
        app.clone(),
        &format!("/api/v1/evm/{DEVNET}/accounts/{alice}/transactions?limit=200"),
    )
    .await
    .1;
    let approvals = get(
        app.clone(),
        &format!("/api/v1/evm/{DEVNET}/accounts/{alice}/approvals"),
    )
    .await
    .1;
    let live: Vec<&str> = approvals["approvals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["revoked"] == false)
        .filter_map(|a| a["id"].as_str())
        .collect();
    let granted: Vec<&str> = history["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|row| row["liveApproval"]["id"].as_str())
        .collect();
    assert!(
        !granted.is_empty(),
        "alice's seeded approvals are in her history"
    );
    assert!(
        granted.iter().all(|id| live.contains(id)),
        "{granted:?} ⊆ {live:?}"
    );

    // The export streams CSV, one row per movement, and refuses bad ranges in words.
    let csv = format!("/api/v1/evm/{DEVNET}/accounts/{alice}/history.csv");
    let answer = request::call(&app, Method::GET, &csv, None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    assert_eq!(
        answer.header(HeaderName::from_static("content-type")),
        Some("text/csv; charset=utf-8")
    );
    assert_eq!(
        answer
            .header(HeaderName::from_static("x-tandem-export-total"))
            .map(str::to_owned),
        history["total"].as_u64().map(|t| t.to_string())
    );
    let text = answer.text();
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .is_some_and(|h| h.starts_with("date_utc,transaction_id,direction,"))
    );
    assert!(lines.count() >= history["transactions"].as_array().unwrap().len() / 2);
    assert_bad_request(
        app.clone(),
        &format!("{csv}?from=2999-01-01"),
        "export.range_in_future",
    )
    .await;
    assert_bad_request(
        app.clone(),
        &format!("{csv}?from=2026-02-30"),
        "export.invalid_date",
    )
    .await;
    assert_bad_request(
        app.clone(),
        &format!("{csv}?from=2026-03-02&to=2026-03-01"),
        "export.range_reversed",
    )
    .await;

    // The portfolio: a point an hour over the day, its range checked.
    let portfolio = format!("/api/v1/evm/{DEVNET}/accounts/{alice}/portfolio");
    let (status, day) = get(app.clone(), &format!("{portfolio}?range=day")).await;
    assert_eq!(status, StatusCode::OK, "{day}");
    assert_eq!(day["points"].as_array().map(Vec::len), Some(25));
    assert_eq!(day["counted"], json!(["TLOS", "WTLOS"]));
    assert_bad_request(
        app,
        &format!("{portfolio}?range=year"),
        "validation.invalid_parameter",
    )
    .await;
}
