//! `POST …/evm-moves/prepare` against the real native devnet: what each leg of a TLOS move
//! between Telos Zero and Telos EVM signs, and every refusal before anything is signed.

use crate::native_common::{post, router};
use axum::http::StatusCode;
use serde_json::{Value, json};
use tandem_testkit::NativeDevnet;

const FRESH: &str = "0x00000000000000000000000000000000000000A1";
const SENDER: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

fn refusal(answer: &(StatusCode, Value)) -> (StatusCode, &str) {
    (answer.0, answer.1["code"].as_str().unwrap_or("no code"))
}

#[tokio::test]
async fn moves_are_planned_leg_by_leg_and_refused_before_signing() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let app = router(&devnet, None);
    let linked = devnet.manifest().seeded["evmLinks"][0]["address"]
        .as_str()
        .expect("alice's linked address")
        .to_owned();
    let plan = |body: Value| {
        let app = app.clone();
        async move { post(&app, "evm-moves/prepare", body).await }
    };

    // Zero → EVM to an address the contract has no row for: openwallet first (alice pays
    // its RAM), then the transfer with the address as memo.
    let (status, to_fresh) = plan(json!({
        "direction": "toEvm", "account": "alice", "amount": "12.5", "to": FRESH,
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{to_fresh}");
    assert_eq!(to_fresh["quantity"]["quantity"], "12.5000 TLOS");
    assert_eq!(to_fresh["wei"], "12500000000000000000");
    assert_eq!(to_fresh["evmNetwork"], "telos-evm-devnet");
    assert_eq!(to_fresh["evmLeg"], Value::Null);
    assert_eq!(
        to_fresh["nativeActions"],
        json!([
            { "contract": "eosio.evm", "name": "openwallet",
              "data": { "account": "alice", "address": "00000000000000000000000000000000000000a1" } },
            { "contract": "eosio.token", "name": "transfer",
              "data": { "from": "alice", "to": "eosio.evm", "quantity": "12.5000 TLOS",
                        "memo": "0x00000000000000000000000000000000000000a1" } },
        ])
    );
    assert_eq!(to_fresh["ram"]["bytesNeeded"], 477);
    assert_eq!(to_fresh["ram"]["enough"], true, "{to_fresh}");
    assert_eq!(to_fresh["ram"]["costToBuy"], Value::Null);

    // An address with a row needs no RAM: the transfer alone.
    let (status, to_linked) = plan(json!({
        "direction": "toEvm", "account": "alice", "amount": "1", "to": linked,
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{to_linked}");
    let actions = to_linked["nativeActions"].as_array().expect("actions");
    assert_eq!(actions.len(), 1, "{to_linked}");
    assert_eq!(actions[0]["data"]["memo"], linked.to_lowercase());
    assert_eq!(to_linked["ram"]["bytesNeeded"], 0);

    // EVM → Zero from another address: the EVM leg to the linked address, then withdraw and
    // the transfer on to carol.
    let (status, to_carol) = plan(json!({
        "direction": "toZero", "account": "alice", "amount": "2", "to": "carol", "evmFrom": SENDER,
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{to_carol}");
    if linked.eq_ignore_ascii_case(SENDER) {
        assert_eq!(to_carol["evmLeg"], Value::Null);
    } else {
        assert_eq!(
            to_carol["evmLeg"],
            json!({ "from": SENDER, "to": linked, "value": "2000000000000000000" })
        );
    }
    assert_eq!(
        to_carol["nativeActions"],
        json!([
            { "contract": "eosio.evm", "name": "withdraw", "data": { "to": "alice", "quantity": "2.0000 TLOS" } },
            { "contract": "eosio.token", "name": "transfer",
              "data": { "from": "alice", "to": "carol", "quantity": "2.0000 TLOS", "memo": "" } },
        ])
    );
    // From the linked address itself only the native leg is left (how a half-done move finishes).
    let (status, finish) = plan(json!({
        "direction": "toZero", "account": "alice", "amount": "2", "to": "alice", "evmFrom": linked,
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{finish}");
    assert_eq!(finish["evmLeg"], Value::Null);
    assert_eq!(finish["nativeActions"].as_array().map(Vec::len), Some(1));

    // Refusals, each before anything is signed.
    let over = plan(
        json!({ "direction": "toEvm", "account": "alice", "amount": "900.0001", "to": FRESH }),
    )
    .await;
    assert_eq!(
        refusal(&over),
        (StatusCode::BAD_REQUEST, "move.over_balance"),
        "{}",
        over.1
    );
    assert_eq!(over.1["details"]["available"], "900.0000 TLOS");
    let reserved = plan(json!({
        "direction": "toEvm", "account": "alice", "amount": "1", "to": "0xbbbbbbbbbbbbbbbbbbbbbbbb345c850000000000",
    }))
    .await;
    assert_eq!(
        refusal(&reserved),
        (StatusCode::BAD_REQUEST, "move.reserved_destination"),
        "{}",
        reserved.1
    );
    assert!(
        reserved.1["message"]
            .as_str()
            .is_some_and(|m| m.contains("alice"))
    );
    let zero = plan(json!({
        "direction": "toEvm", "account": "alice", "amount": "1", "to": format!("0x{}", "0".repeat(40)),
    }))
    .await;
    assert_eq!(
        refusal(&zero),
        (StatusCode::BAD_REQUEST, "move.zero_destination")
    );
    let nobody = plan(json!({
        "direction": "toZero", "account": "alice", "amount": "1", "to": "nosuchacct", "evmFrom": SENDER,
    }))
    .await;
    assert_eq!(
        refusal(&nobody),
        (StatusCode::BAD_REQUEST, "move.recipient_not_found")
    );
    let unlinked = plan(json!({
        "direction": "toZero", "account": "bob", "amount": "1", "to": "bob", "evmFrom": SENDER,
    }))
    .await;
    assert_eq!(
        refusal(&unlinked),
        (StatusCode::BAD_REQUEST, "move.no_linked_address")
    );
    let no_sender =
        plan(json!({ "direction": "toZero", "account": "alice", "amount": "1", "to": "alice" }))
            .await;
    assert_eq!(
        refusal(&no_sender),
        (StatusCode::BAD_REQUEST, "move.no_evm_sender")
    );
    for (amount, code) in [
        ("0", "move.amount_not_positive"),
        ("1.00001", "validation.too_many_decimals"),
        ("-1", "validation.negative_amount"),
    ] {
        let bad = plan(
            json!({ "direction": "toEvm", "account": "alice", "amount": amount, "to": FRESH }),
        )
        .await;
        assert_eq!(
            refusal(&bad),
            (StatusCode::BAD_REQUEST, code),
            "{amount}: {}",
            bad.1
        );
    }
    let bad_address =
        plan(json!({ "direction": "toEvm", "account": "alice", "amount": "1", "to": "0x1234" }))
            .await;
    assert_eq!(bad_address.0, StatusCode::BAD_REQUEST);
    let unknown_field = plan(json!({ "direction": "toEvm", "account": "alice", "amount": "1", "to": FRESH, "memo": "x" })).await;
    assert_eq!(unknown_field.0, StatusCode::BAD_REQUEST);
}
