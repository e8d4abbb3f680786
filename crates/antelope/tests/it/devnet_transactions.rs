//! Transactions on the real native devnet: a signed transfer executes; a wrong key and a
//! failing assertion come back as the chain's clear messages; the fee sponsor co-signs
//! (free 200 and fee-paying 402), says "sign normally" (400), and its real answers,
//! mutated here, are refused by the verification before anything is signed.

use crate::common;

use crate::common::{Devnet, active, asset, name, transfer};
use tandem_antelope::http::{RawAnswer, Service};
use tandem_antelope::sponsor::SponsorClient;
use tandem_antelope::{HeaderOptions, SponsorOutcome, Transaction};
use tandem_domain::sponsor::{BuyRamBytesData, SponsorConfig, TransferData};

#[tokio::test]
async fn transactions_and_the_fee_sponsor() {
    let devnet = common::start();
    signed_transfer_executes(&devnet).await;
    wrong_key_and_assertions_are_clear(&devnet).await;
    // Before the fee case buys kid2.carol RAM, so the sponsor still asks for a fee.
    tampered_answers_are_refused(&devnet).await;
    sponsor_outcomes(&devnet).await;
}

fn sponsor(devnet: &Devnet) -> SponsorClient {
    SponsorClient::new(
        &devnet.manifest().sponsor_url,
        reqwest::Client::new(),
        SponsorConfig::public_sponsor("4,TLOS".parse().expect("symbol")),
    )
    .expect("sponsor url")
}

async fn signed_transfer_executes(devnet: &Devnet) {
    let before = (devnet.balance("bob").await, devnet.balance("carol").await);
    let transaction = devnet
        .chain
        .new_transaction(
            vec![transfer("bob", "carol", "1.2345 TLOS", "rust")],
            HeaderOptions::NORMAL,
        )
        .await
        .expect("header");
    let signatures = devnet.sign(&transaction, &[devnet.key("bob", "active")]);
    let result = devnet
        .chain
        .push_transaction(&transaction.to_packed(signatures).expect("packed"))
        .await
        .expect("pushed");
    assert_eq!(result.transaction_id, transaction.id().expect("id"));
    assert_eq!(devnet.balance("bob").await.amount, before.0.amount - 12_345);
    assert_eq!(
        devnet.balance("carol").await.amount,
        before.1.amount + 12_345
    );
}

async fn wrong_key_and_assertions_are_clear(devnet: &Devnet) {
    let before = devnet.balance("bob").await;
    let transaction = devnet
        .chain
        .new_transaction(
            vec![transfer("bob", "carol", "1.0000 TLOS", "")],
            HeaderOptions::NORMAL,
        )
        .await
        .expect("header");
    let signatures = devnet.sign(&transaction, &[devnet.key("carol", "active")]);
    let error = devnet
        .chain
        .push_transaction(&transaction.to_packed(signatures).expect("packed"))
        .await
        .expect_err("must fail");
    let chain = error.chain_error().expect("chain error body");
    assert!(chain.is_unsatisfied_authorization(), "{chain:?}");
    assert_eq!(error.http_status(), Some(401));
    assert!(
        chain.clear_message().contains("bob"),
        "{}",
        chain.clear_message()
    );
    assert_eq!(devnet.balance("bob").await, before, "nothing moved");

    let overdraw = devnet
        .chain
        .new_transaction(
            vec![transfer("bob", "carol", "99999.0000 TLOS", "")],
            HeaderOptions::NORMAL,
        )
        .await
        .expect("header");
    let signatures = devnet.sign(&overdraw, &[devnet.key("bob", "active")]);
    let error = devnet
        .chain
        .push_transaction(&overdraw.to_packed(signatures).expect("packed"))
        .await
        .expect_err("must fail");
    assert_eq!(
        error.chain_error().expect("body").clear_message(),
        "overdrawn balance"
    );
}

async fn sponsor_outcomes(devnet: &Devnet) {
    let client = sponsor(devnet);
    assert!(client.is_available().await);
    let cases = &devnet.manifest().seeded["sponsorCases"];
    for (case, fee_expected) in [("free", false), ("fee", true)] {
        let kid = cases[case].as_str().expect("case account");
        let original = devnet
            .chain
            .new_transaction(
                vec![transfer(kid, "alice", "0.1000 TLOS", case)],
                HeaderOptions::SPONSORED,
            )
            .await
            .expect("header");
        let outcome = client
            .request(active(kid), &original)
            .await
            .expect("sponsor answer");
        let SponsorOutcome::Sponsored(sponsored) = outcome else {
            panic!("{case}: expected a sponsored transaction, got {outcome:?}");
        };
        assert_eq!(sponsored.fee_required, fee_expected, "{case}");
        assert_eq!(sponsored.charges.fee.is_some(), fee_expected, "{case}");
        assert_eq!(
            sponsored.charges.ram_bytes.is_some(),
            fee_expected,
            "{case}"
        );
        let fee = sponsored.charges.fee.map_or(0, |fee| fee.amount);
        let before = devnet.balance(kid).await;
        let mut signatures = sponsored.signatures.clone();
        signatures.extend(devnet.sign(&sponsored.transaction, &[devnet.key(kid, "active")]));
        devnet
            .chain
            .push_transaction(&sponsored.transaction.to_packed(signatures).expect("packed"))
            .await
            .expect("co-signed transaction executes");
        assert_eq!(
            devnet.balance(kid).await.amount,
            before.amount - 1000 - fee,
            "{case}"
        );
    }
    let alice = cases["notNeeded"].as_str().expect("alice");
    let original = devnet
        .chain
        .new_transaction(
            vec![transfer(alice, "bob", "0.0001 TLOS", "")],
            HeaderOptions::SPONSORED,
        )
        .await
        .expect("header");
    let outcome = client
        .request(active(alice), &original)
        .await
        .expect("answer");
    assert!(
        matches!(outcome, SponsorOutcome::SignNormally { .. }),
        "{outcome:?}"
    );

    let answer = RawAnswer {
        status: 503,
        body: String::new(),
    };
    let error = client
        .check_answer(active(alice), &original, &answer)
        .expect_err("must fail");
    assert_eq!(
        error.to_string(),
        "Code 503 not expected from resource provider endpoint"
    );
}

/// A real 402 answer (fee, RAM purchase) for kid2.carol, as raw JSON.
async fn real_fee_answer(devnet: &Devnet) -> (Transaction, serde_json::Value) {
    let kid = "kid2.carol";
    let original = devnet
        .chain
        .new_transaction(
            vec![transfer(kid, "alice", "0.0100 TLOS", "tamper")],
            HeaderOptions::SPONSORED,
        )
        .await
        .expect("header");
    let service = Service::new(
        "fee_sponsor",
        &devnet.manifest().sponsor_url,
        reqwest::Client::new(),
    )
    .expect("url");
    let body = serde_json::json!({
        "signer": {"actor": kid, "permission": "active"},
        "packedTransaction": original.to_packed(vec![]).expect("packed"),
    });
    let answer = service
        .post_raw("v1/resource_provider/request_transaction", &body)
        .await
        .expect("sponsor answers");
    assert_eq!(answer.status, 402, "{}", answer.body);
    (original, serde_json::from_str(&answer.body).expect("json"))
}

fn actions(answer: &mut serde_json::Value) -> &mut Vec<serde_json::Value> {
    answer["data"]["request"][1]["actions"]
        .as_array_mut()
        .expect("actions")
}

fn rewrite_transfer(action: &mut serde_json::Value, change: impl FnOnce(&mut TransferData)) {
    let bytes = hex::decode(action["data"].as_str().expect("hex")).expect("hex");
    let mut data = TransferData::decode(&bytes).expect("transfer");
    change(&mut data);
    action["data"] = serde_json::Value::from(hex::encode(data.encode()));
}

async fn tampered_answers_are_refused(devnet: &Devnet) {
    let client = sponsor(devnet);
    let (original, answer) = real_fee_answer(devnet).await;
    let check = |tampered: &serde_json::Value| {
        let raw = RawAnswer {
            status: 402,
            body: tampered.to_string(),
        };
        client.check_answer(active("kid2.carol"), &original, &raw)
    };
    assert!(check(&answer).is_ok(), "the untouched answer passes");
    let fee_index = 1;
    let ram_index = actions(&mut answer.clone()).len() - 1;

    type Tamper = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Tamper, &str)> = vec![
        (
            "fee of 0.06",
            Box::new(move |a| {
                rewrite_transfer(&mut actions(a)[fee_index], |d| {
                    d.quantity = asset("0.0600 TLOS")
                })
            }),
            "sponsor.fee_exceeds_maximum",
        ),
        (
            "fee to another account",
            Box::new(move |a| rewrite_transfer(&mut actions(a)[fee_index], |d| d.to = name("bob"))),
            "sponsor.fee_action_invalid_recipient",
        ),
        (
            "RAM paid by the user",
            Box::new(move |a| {
                let action = &mut actions(a)[ram_index];
                let bytes = hex::decode(action["data"].as_str().expect("hex")).expect("hex");
                let mut data = BuyRamBytesData::decode(&bytes).expect("buyrambytes");
                data.payer = name("kid2.carol");
                action["data"] = serde_json::Value::from(hex::encode(data.encode()));
            }),
            "sponsor.ram_action_invalid_payer",
        ),
        (
            "an extra action",
            Box::new(|a| {
                let mut extra = actions(a)[2].clone();
                extra["name"] = serde_json::Value::from("issue");
                actions(a).push(extra);
            }),
            "sponsor.additional_actions",
        ),
        (
            "a changed original action",
            Box::new(|a| rewrite_transfer(&mut actions(a)[2], |d| d.to = name("carol"))),
            "sponsor.non_matching_action",
        ),
        (
            "no-op by another signer",
            Box::new(|a| {
                actions(a)[0]["authorization"] =
                    serde_json::json!([{"actor": "alice", "permission": "active"}]);
            }),
            "sponsor.invalid_noop_authorization",
        ),
        (
            "a changed expiration",
            Box::new(|a| {
                a["data"]["request"][1]["expiration"] =
                    serde_json::Value::from("2099-01-01T00:00:00");
            }),
            "sponsor.header_changed",
        ),
    ];
    for (what, tamper, code) in cases {
        let mut tampered = answer.clone();
        tamper(&mut tampered);
        let error = check(&tampered).expect_err(what);
        assert_eq!(error.code(), code, "{what}: {error}");
    }
}
