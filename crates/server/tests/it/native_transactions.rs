//! Client-signed pushes and the fee-sponsor flow through the server, end to end on the
//! real native devnet. A tiny tampering proxy sits between the server and the devnet's
//! sponsor; every tampered answer is refused with its own key and nothing is broadcast.

use std::sync::{Arc, Mutex};

use crate::native_common::{get as api_get, post as api_post, router};
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use serde_json::{Value, json};
use tandem_antelope::keys::PrivateKey;
use tandem_antelope::{ChainClient, HeaderOptions, Transaction};
use tandem_domain::sponsor::{Action, BuyRamBytesData, PermissionLevel, TransferData};
use tandem_testkit::NativeDevnet;

/// A change the proxy makes to the sponsor's answer.
type Tamper = fn(&mut Value);

#[derive(Clone)]
struct Proxy {
    upstream: String,
    tamper: Arc<Mutex<Option<Tamper>>>,
}

async fn forward(State(proxy): State<Proxy>, body: String) -> (StatusCode, String) {
    let answer = reqwest::Client::new()
        .post(format!(
            "{}/v1/resource_provider/request_transaction",
            proxy.upstream
        ))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("devnet sponsor");
    let status = StatusCode::from_u16(answer.status().as_u16()).expect("status");
    let mut json: Value = answer.json().await.expect("json");
    if let Some(tamper) = *proxy.tamper.lock().expect("lock") {
        tamper(&mut json);
    }
    (status, json.to_string())
}

async fn start_proxy(upstream: &str) -> (String, Arc<Mutex<Option<Tamper>>>) {
    let tamper = Arc::new(Mutex::new(None));
    let proxy = Proxy {
        upstream: upstream.to_owned(),
        tamper: Arc::clone(&tamper),
    };
    let app = Router::new()
        .route("/fuel", get(|| async { "ok" }))
        .route(
            "/fuel/v1/resource_provider/request_transaction",
            post(forward),
        )
        .with_state(proxy);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("http://{}/fuel", listener.local_addr().expect("address"));
    // Ends with the test's runtime; it starts no process.
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, tamper)
}

fn name(text: &str) -> tandem_domain::antelope::Name {
    text.parse().expect("name")
}

fn transfer(from: &str, to: &str, quantity: &str) -> Action {
    let data = TransferData {
        from: name(from),
        to: name(to),
        quantity: quantity.parse().expect("asset"),
        memo: "server".into(),
    };
    Action {
        account: name("eosio.token"),
        name: name("transfer"),
        authorization: vec![PermissionLevel {
            actor: name(from),
            permission: name("active"),
        }],
        data: data.encode(),
    }
}

struct Client {
    chain: ChainClient,
    chain_id: String,
    devnet: NativeDevnet,
}

impl Client {
    fn key(&self, account: &str) -> PrivateKey {
        self.devnet
            .manifest()
            .account(account, "active")
            .expect("account")
            .private_key
            .parse()
            .expect("wif")
    }

    async fn transaction(&self, from: &str, quantity: &str, options: HeaderOptions) -> Transaction {
        self.chain
            .new_transaction(vec![transfer(from, "alice", quantity)], options)
            .await
            .expect("header")
    }

    fn sign(&self, packed_trx_hex: &str, account: &str) -> String {
        let transaction =
            Transaction::unpack(&hex::decode(packed_trx_hex).expect("hex")).expect("transaction");
        let digest = transaction.signing_digest(&self.chain_id).expect("digest");
        self.key(account)
            .sign_digest(&digest)
            .expect("signature")
            .to_string()
    }

    async fn balance(&self, account: &str) -> i64 {
        let found = self
            .chain
            .get_currency_balance(name("eosio.token"), name(account), Some("TLOS"))
            .await
            .expect("balance");
        found.first().map_or(0, |asset| asset.amount)
    }
}

/// The devnet's sponsor answers as told from now on (devnet/native/README.md "Test controls").
async fn sponsor_behaves(devnet: &NativeDevnet, behaviour: &str) {
    let answer = reqwest::Client::new()
        .post(format!("{}/_devnet/sponsor", devnet.rpc_url()))
        .json(&json!({ "behaviour": behaviour }))
        .send()
        .await
        .expect("devnet control");
    assert!(answer.status().is_success(), "{behaviour}");
}

fn sponsor_body(signer: &str, transaction: &Transaction) -> Value {
    json!({
        "signer": {"actor": signer, "permission": "active"},
        "packedTransaction": transaction.to_packed(vec![]).expect("packed"),
    })
}

fn action_data(answer: &mut Value, index: usize) -> (&mut Value, Vec<u8>) {
    let action = &mut answer["data"]["request"][1]["actions"][index];
    let bytes = hex::decode(action["data"].as_str().expect("hex")).expect("hex");
    (&mut action["data"], bytes)
}

fn fee_to(answer: &mut Value, change: fn(&mut TransferData)) {
    let (slot, bytes) = action_data(answer, 1);
    let mut data = TransferData::decode(&bytes).expect("fee transfer");
    change(&mut data);
    *slot = Value::from(hex::encode(data.encode()));
}

fn last_index(answer: &Value) -> usize {
    answer["data"]["request"][1]["actions"]
        .as_array()
        .expect("actions")
        .len()
        - 1
}

const TAMPERS: [(&str, Tamper, &str); 6] = [
    (
        "fee of 0.06",
        |a| fee_to(a, |d| d.quantity = "0.0600 TLOS".parse().expect("asset")),
        "sponsor.fee_exceeds_maximum",
    ),
    (
        "fee to another account",
        |a| fee_to(a, |d| d.to = "bob".parse().expect("name")),
        "sponsor.fee_action_invalid_recipient",
    ),
    (
        "RAM paid by the user",
        |a| {
            let index = last_index(a);
            let (slot, bytes) = action_data(a, index);
            let mut data = BuyRamBytesData::decode(&bytes).expect("buyrambytes");
            data.payer = data.receiver;
            *slot = Value::from(hex::encode(data.encode()));
        },
        "sponsor.ram_action_invalid_payer",
    ),
    (
        "an extra action",
        |a| {
            let actions = a["data"]["request"][1]["actions"]
                .as_array_mut()
                .expect("actions");
            let mut extra = actions[2].clone();
            extra["name"] = Value::from("issue");
            actions.push(extra);
        },
        "sponsor.additional_actions",
    ),
    (
        "a changed original action",
        |a| {
            let (slot, bytes) = action_data(a, 2);
            let mut data = TransferData::decode(&bytes).expect("original");
            data.to = "carol".parse().expect("name");
            *slot = Value::from(hex::encode(data.encode()));
        },
        "sponsor.non_matching_action",
    ),
    (
        "no-op by another signer",
        |a| {
            a["data"]["request"][1]["actions"][0]["authorization"] =
                json!([{"actor": "kid2.carol", "permission": "active"}]);
        },
        "sponsor.invalid_noop_authorization",
    ),
];

#[tokio::test]
async fn native_push_and_sponsored_flow() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let (proxy_url, tamper) = start_proxy(&devnet.manifest().sponsor_url).await;
    let app = router(&devnet, Some(proxy_url));
    let client = Client {
        chain: ChainClient::new(&devnet.manifest().rpc_url, reqwest::Client::new()).expect("rpc"),
        chain_id: devnet.manifest().chain_id.clone(),
        devnet,
    };

    // A normal transfer signed by the client executes; a wrong key is the chain's clear refusal.
    let before = client.balance("bob").await;
    let transaction = client
        .transaction("bob", "1.0000 TLOS", HeaderOptions::NORMAL)
        .await;
    let packed = transaction.to_packed(vec![]).expect("packed");
    let wrong = client.sign(&packed.packed_trx, "carol");
    let (status, refused) = api_post(&app, "transactions", json!({"signatures": [wrong], "compression": 0, "packed_context_free_data": "", "packed_trx": packed.packed_trx})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("antelope.chain.error")),
        "{refused}"
    );
    assert!(
        refused["message"]
            .as_str()
            .expect("message")
            .contains("bob"),
        "{refused}"
    );
    assert_eq!(refused["details"]["name"], "unsatisfied_authorization");
    let good = client.sign(&packed.packed_trx, "bob");
    let (status, pushed) = api_post(&app, "transactions", json!({"signatures": [good], "compression": 0, "packed_context_free_data": "", "packed_trx": packed.packed_trx})).await;
    assert_eq!(status, StatusCode::OK, "{pushed}");
    assert_eq!(pushed["transactionId"], transaction.id().expect("id"));
    assert_eq!(client.balance("bob").await, before - 10_000);
    let (_, balances) = api_get(&app, "accounts/bob/balances").await;
    assert_eq!(
        balances["balances"][0]["balance"]["amount"].as_str(),
        Some(
            format!(
                "{}.{:04}",
                (before - 10_000) / 10_000,
                (before - 10_000) % 10_000
            )
            .as_str()
        )
    );

    // Tampered sponsor answers: refused, nothing broadcast.
    let kid = "kid2.carol";
    let fee_account_before = client.balance("fuel.gm").await;
    let kid_before = client.balance(kid).await;
    for (what, change, code) in TAMPERS {
        *tamper.lock().expect("lock") = Some(change);
        let original = client
            .transaction(kid, "0.0100 TLOS", HeaderOptions::SPONSORED)
            .await;
        let (status, body) = api_post(&app, "sponsor", sponsor_body(kid, &original)).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::BAD_GATEWAY, Some(code)),
            "{what}: {body}"
        );
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{what}"
        );
    }
    *tamper.lock().expect("lock") = None;
    assert_eq!(
        client.balance(kid).await,
        kid_before,
        "nothing was broadcast"
    );
    assert_eq!(client.balance("fuel.gm").await, fee_account_before);

    // The real answers: 402 (fee, RAM) then 200 (free), each signed by the client and pushed.
    let cases = [("kid2.carol", true), ("kid1.carol", false)];
    for (kid, fee_required) in cases {
        let original = client
            .transaction(kid, "0.1000 TLOS", HeaderOptions::SPONSORED)
            .await;
        let (status, sponsored) = api_post(&app, "sponsor", sponsor_body(kid, &original)).await;
        assert_eq!(status, StatusCode::OK, "{sponsored}");
        assert_eq!(sponsored["feeRequired"], fee_required, "{sponsored}");
        let fee = if fee_required {
            let fee: tandem_domain::antelope::Asset = sponsored["fee"]["quantity"]
                .as_str()
                .expect("fee")
                .parse()
                .expect("asset");
            assert!(
                fee.amount > 0 && fee.amount <= 500,
                "within the 0.05 TLOS cap"
            );
            fee.amount
        } else {
            assert!(sponsored["fee"].is_null());
            0
        };
        let before = client.balance(kid).await;
        let packed_trx = sponsored["packedTrx"].as_str().expect("packed").to_owned();
        let mut signatures: Vec<Value> = sponsored["signatures"].as_array().expect("sigs").clone();
        signatures.push(Value::from(client.sign(&packed_trx, kid)));
        let body = json!({"signatures": signatures, "compression": 0, "packed_context_free_data": "", "packed_trx": packed_trx});
        let (status, pushed) = api_post(&app, "transactions", body).await;
        assert_eq!(status, StatusCode::OK, "{kid}: {pushed}");
        assert_eq!(pushed["transactionId"], sponsored["transactionId"]);
        assert_eq!(client.balance(kid).await, before - 1000 - fee, "{kid}");
    }

    // An account with its own resources is told to sign normally.
    let original = client
        .transaction("alice", "0.0001 TLOS", HeaderOptions::SPONSORED)
        .await;
    let (status, fallback) = api_post(&app, "sponsor", sponsor_body("alice", &original)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fallback["fallback"], "sign-normally", "{fallback}");

    // A failing sponsor is named by what went wrong, so the user can pay the resources
    // themselves instead: its 500 (the devnet made to fail), a tampered fee.
    let direct = router(&client.devnet, None);
    for (behaviour, code) in [
        ("fail", "sponsor.unexpected_code"),
        ("tamper", "sponsor.fee_exceeds_maximum"),
    ] {
        sponsor_behaves(&client.devnet, behaviour).await;
        let (status, failed) = api_post(&direct, "sponsor", sponsor_body("alice", &original)).await;
        assert_eq!(
            (status, failed["code"].as_str()),
            (StatusCode::BAD_GATEWAY, Some(code)),
            "{behaviour}: {failed}"
        );
        if behaviour == "fail" {
            assert_eq!(failed["details"]["sponsorStatus"], 500, "{failed}");
        }
    }
    sponsor_behaves(&client.devnet, "normal").await;

    // Input validation.
    let invalid = [
        (
            json!({"signer": {"actor": "Alice", "permission": "active"}, "packedTransaction": original.to_packed(vec![]).expect("packed")}),
            "validation.account_name_characters",
        ),
        (
            json!({"signer": {"actor": "alice", "permission": "active"}, "packedTransaction": {"signatures": [], "compression": 0, "packed_trx": "zz"}}),
            "antelope.transaction.invalid",
        ),
        (
            json!({"signer": {"actor": "alice"}}),
            "validation.invalid_body",
        ),
    ];
    for (body, code) in invalid {
        let (status, answer) = api_post(&app, "sponsor", body).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code)),
            "{answer}"
        );
    }
    let (status, unsigned) = api_post(
        &app,
        "transactions",
        json!(original.to_packed(vec![]).expect("packed")),
    )
    .await;
    assert_eq!(
        (status, unsigned["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("antelope.transaction.unsigned")
        )
    );
}
