//! What the staking, resource and voting screens read, checked against the chain's own rows
//! on the native devnet: REX maturities and what the matured REX sells for, the account's
//! meters, stakes by receiver, proxies, and RAM trades priced as the contract books them.

use crate::native_common::{get, router};
use axum::http::StatusCode;
use serde_json::{Value, json};
use tandem_testkit::NativeDevnet;

async fn chain(devnet: &NativeDevnet, call: &str, body: Value) -> Value {
    let answer = reqwest::Client::new()
        .post(format!("{}/v1/chain/{call}", devnet.rpc_url()))
        .json(&body)
        .send()
        .await
        .expect("chain");
    assert!(answer.status().is_success(), "{call}");
    answer.json().await.expect("json")
}

async fn row(devnet: &NativeDevnet, table: &str, scope: &str) -> Value {
    let rows = chain(
        devnet,
        "get_table_rows",
        json!({"code": "eosio", "scope": scope, "table": table, "json": true, "limit": 10}),
    )
    .await;
    rows["rows"].clone()
}

/// `"12.3456 TLOS"` → 123456.
fn units(quantity: &Value) -> i128 {
    let text = quantity.as_str().expect("asset text");
    let number = text.split(' ').next().expect("number");
    number.replace('.', "").parse().expect("units")
}

async fn blocks(devnet: &NativeDevnet, control: Value) {
    let answer = reqwest::Client::new()
        .post(format!("{}/_devnet/blocks", devnet.rpc_url()))
        .json(&control)
        .send()
        .await
        .expect("devnet control");
    assert!(answer.status().is_success(), "{control}");
}

#[tokio::test]
async fn stake_reads_match_the_chain() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let app = router(&devnet, None);

    // Meters and stake: the account route's numbers are the chain's. CPU and NET use and the
    // elastic limits move every block, so the chain holds still while both are read.
    blocks(&devnet, json!({ "timer": "paused" })).await;
    let (status, alice) = get(&app, "accounts/alice").await;
    assert_eq!(status, StatusCode::OK, "{alice}");
    let raw = chain(&devnet, "get_account", json!({"account_name": "alice"})).await;
    for kind in ["cpu", "net"] {
        let limit = &raw[format!("{kind}_limit")];
        assert_eq!(
            alice[kind]["used"].as_i64(),
            limit["used"].as_i64(),
            "{kind}"
        );
        assert_eq!(alice[kind]["max"].as_i64(), limit["max"].as_i64(), "{kind}");
    }
    assert_eq!(alice["ram"]["quota"], raw["ram_quota"]);
    assert_eq!(alice["ram"]["usage"], raw["ram_usage"]);
    assert_eq!(
        alice["stakedCpu"]["quantity"],
        raw["self_delegated_bandwidth"]["cpu_weight"]
    );
    assert_eq!(
        (&alice["isProxy"], &alice["refundDue"]),
        (&json!(false), &json!(false))
    );
    assert!(alice["refundAvailableAt"].is_null());
    assert!(
        alice["chainTime"]
            .as_str()
            .expect("chain time")
            .ends_with('Z')
    );
    blocks(&devnet, json!({ "timer": "running" })).await;
    let (_, bob) = get(&app, "accounts/bob").await;
    assert_eq!(bob["isProxy"], true, "bob is alice's proxy");

    // Stakes by receiver: the account's own first, as in `delband`.
    let (status, stakes) = get(&app, "accounts/alice/delegations").await;
    assert_eq!(status, StatusCode::OK, "{stakes}");
    let delband = row(&devnet, "delband", "alice").await;
    let listed = stakes["delegations"].as_array().expect("list");
    assert_eq!(listed.len(), delband.as_array().expect("rows").len());
    assert_eq!(listed[0]["to"], "alice");
    let own = delband
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["to"] == "alice")
        .expect("own stake");
    assert_eq!(listed[0]["cpu"]["quantity"], own["cpu_weight"]);
    assert_eq!(listed[0]["net"]["quantity"], own["net_weight"]);
    assert_eq!(stakes["more"], false);

    // REX: the seeded purchase matures in a bucket the chain wrote; nothing sells before it.
    let (status, rex) = get(&app, "accounts/alice/rex").await;
    assert_eq!(status, StatusCode::OK, "{rex}");
    let rexbal = row(&devnet, "rexbal", "eosio").await;
    let balance = rexbal
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["owner"] == "alice")
        .expect("alice's REX")
        .clone();
    let buckets = balance["rex_maturities"].as_array().expect("buckets");
    let shown = rex["maturities"].as_array().expect("maturities");
    assert_eq!(shown.len(), buckets.len());
    for (bucket, view) in buckets.iter().zip(shown) {
        assert_eq!(
            view["until"],
            format!("{}Z", bucket["key"].as_str().expect("time"))
        );
        assert_eq!(
            view["rex"]["amount"].as_str().map(|a| a.replace('.', "")),
            bucket["value"].as_str().map(str::to_owned)
        );
        assert_eq!(view["matured"], false);
    }
    assert_eq!(rex["matured"]["quantity"], "0.0000 REX");
    assert_eq!(rex["maturedValue"]["quantity"], "0.0000 TLOS");

    // Six days on (the chain's clock, not the server's), all of it sells, at the pool's ratio.
    blocks(&devnet, json!({ "skipSeconds": 6 * 24 * 3600, "count": 2 })).await;
    let (_, rex) = get(&app, "accounts/alice/rex").await;
    assert_eq!(rex["matured"]["quantity"], balance["rex_balance"]);
    assert!(
        rex["maturities"]
            .as_array()
            .expect("list")
            .iter()
            .all(|m| m["matured"] == true)
    );
    let pool = row(&devnet, "rexpool", "eosio").await[0].clone();
    let proceeds =
        units(&balance["rex_balance"]) * units(&pool["total_lendable"]) / units(&pool["total_rex"]);
    assert_eq!(units(&rex["maturedValue"]["quantity"]), proceeds);

    // RAM: priced from the market row as the contract converts (doubles, truncated).
    let market = row(&devnet, "rammarket", "eosio").await[0].clone();
    let ram = units(&market["base"]["balance"]) as f64;
    let core = units(&market["quote"]["balance"]) as f64;
    let (status, buy) = get(&app, "ram-quote?buy=1.0000").await;
    assert_eq!(status, StatusCode::OK, "{buy}");
    let spent = 10_000.0 - 50.0;
    assert_eq!(
        buy["bytes"].as_f64(),
        Some(((spent * ram) / (core + spent)).trunc())
    );
    assert_eq!(
        (buy["side"].as_str(), buy["fee"]["quantity"].as_str()),
        (Some("buy"), Some("0.0050 TLOS"))
    );
    assert_eq!(buy["quantity"]["quantity"], "1.0000 TLOS");
    let (status, sell) = get(&app, "ram-quote?sell=4096").await;
    assert_eq!(status, StatusCode::OK, "{sell}");
    let gross = ((4096.0 * core) / (ram + 4096.0)).trunc() as i128;
    assert_eq!(
        units(&sell["quantity"]["quantity"]),
        gross - (gross + 199) / 200
    );
    for bad in [
        "ram-quote",
        "ram-quote?buy=1&sell=1",
        "ram-quote?buy=0",
        "ram-quote?buy=abc",
        "ram-quote?buy=1.00001",
        "ram-quote?sell=0",
        "ram-quote?sell=-5",
    ] {
        let (status, body) = get(&app, bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }
}
