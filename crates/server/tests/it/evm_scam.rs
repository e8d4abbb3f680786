//! What scammers plant in a wallet (issue 37), on the seeded devnet: the junk token with a
//! link in its name is labelled likely spam in the balances (never dropped); the zero-value
//! `transferFrom` of alice's TUSD and the dust TLOS from an address that imitates bob's are
//! marked poisoning in her history; a send to the poisoning address is told it imitates bob
//! and was only ever met in poisoning rows.

use crate::evm_history_support::{DEVNET, DevnetApp, get, row};
use axum::http::StatusCode;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_scam_tokens_labelled_and_poisoning_marked() {
    let devnet = DevnetApp::start().await;
    let seeded = devnet.seeded().clone();
    let hash = |label: &str| {
        seeded["transactions"][label]["hash"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let alice = devnet.account("alice");
    let bob = devnet.account("bob");
    let poisoner = seeded["scam"]["poisoner"].as_str().unwrap().to_owned();
    let spam = seeded["scam"]["spamToken"]["address"]
        .as_str()
        .unwrap()
        .to_owned();

    let history = devnet
        .get_until(
            &format!("/api/v1/evm/{DEVNET}/accounts/{alice}/transactions?limit=200"),
            |page| {
                page["transactions"]
                    .as_array()
                    .is_some_and(|rows| !rows.is_empty())
            },
        )
        .await;
    let zero = row(&history, &hash("scam.poison.zeroTransferFrom"));
    assert_eq!(
        zero["poisoning"],
        json!({"reason": "zero_value_transfer_from", "imitates": null}),
        "{zero}"
    );
    let dust = row(&history, &hash("scam.poison.dust"));
    assert_eq!(
        dust["poisoning"],
        json!({"reason": "lookalike_dust", "imitates": bob}),
        "{dust}"
    );
    // Alice's own dealings with bob, and the airdrop (a spam token, not poisoning), are not.
    for label in [
        "tlos.alice-bob",
        "erc20.alice-bob.TUSD",
        "scam.spamToken.airdrop",
    ] {
        assert_eq!(
            row(&history, &hash(label))["poisoning"],
            Value::Null,
            "{label}"
        );
    }
    let marked = history["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| !r["poisoning"].is_null())
        .count();
    assert_eq!(marked, 2, "only the two planted rows are marked");

    // The transaction's own page says it too, for the account looking at it.
    let detail = |query: &str| {
        format!(
            "/api/v1/evm/{DEVNET}/transactions/{}{query}",
            hash("scam.poison.dust")
        )
    };
    let (status, for_alice) = get(devnet.router(), &detail(&format!("?account={alice}"))).await;
    assert_eq!(status, StatusCode::OK, "{for_alice}");
    assert_eq!(for_alice["poisoning"]["reason"], "lookalike_dust");
    let (_, for_nobody) = get(devnet.router(), &detail("")).await;
    assert_eq!(for_nobody["poisoning"], Value::Null);

    let sent_to = |to: &str| format!("/api/v1/evm/{DEVNET}/accounts/{alice}/sent-to/{to}");
    let (status, planted) = get(devnet.router(), &sent_to(&poisoner)).await;
    assert_eq!(status, StatusCode::OK, "{planted}");
    assert_eq!(
        (
            &planted["sent"],
            &planted["imitates"],
            &planted["onlyInPoisoning"]
        ),
        (&json!(false), &json!(bob), &json!(true))
    );
    let (_, real) = get(devnet.router(), &sent_to(&bob)).await;
    assert_eq!(
        (&real["sent"], &real["imitates"], &real["onlyInPoisoning"]),
        (&json!(true), &Value::Null, &json!(false))
    );

    let balances = devnet
        .get_until(
            &format!("/api/v1/evm/{DEVNET}/accounts/{alice}/balances"),
            |answer| answer.to_string().contains(&spam),
        )
        .await;
    let rows = balances["balances"]
        .as_array()
        .or(balances["rows"].as_array())
        .unwrap();
    let junk = rows.iter().find(|r| r.to_string().contains(&spam)).unwrap();
    assert_eq!(junk["spam"]["likely"], true, "{junk}");
    let reasons = junk["spam"]["reasons"].to_string();
    assert!(
        reasons.contains("link_in_name") && reasons.contains("domain_in_name"),
        "{junk}"
    );
    for listed in rows.iter().filter(|r| !r.to_string().contains(&spam)) {
        assert_eq!(listed["spam"]["likely"], false, "{listed}");
    }
    devnet.state.shut_down().await;
}
