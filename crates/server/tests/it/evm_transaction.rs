//! The transaction detail on the seeded devnet (`GET …/transactions/{hash}`): status,
//! block and time, the function and its decoded arguments (the built-in table for the
//! devnet's unverified contracts, the history service's lookup for a selector nothing
//! else names, answered here by its recorded responses), every movement with the TLOS
//! the wrapped token pays back, the fee and who paid it; a 404 for an unknown hash and a
//! 400 for a malformed one.

use std::path::Path;

use alloy_primitives::keccak256;
use axum::Router;
use axum::extract::RawQuery;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use serde_json::{Value, json};
use tokio::task::JoinHandle;

use crate::evm_history_support::{DEVNET, DevnetApp, assert_bad_request, get, row};
use crate::evm_prepare_support::sign_and_send;

/// A stand-in for the history service answering `get_abi_signature` with its recorded
/// responses (`transferAndCall` known, every other selector unknown); stopped on drop.
struct HistoryService {
    url: String,
    task: JoinHandle<()>,
}

impl Drop for HistoryService {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn recorded(name: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../evm/tests/fixtures/hyperion");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

async fn signature(RawQuery(query): RawQuery) -> axum::response::Response {
    let query = query.unwrap_or_default();
    let known = format!(
        "hex={}",
        selector_hex("transferAndCall(address,uint256,bytes)")
    );
    let file = if query.contains("type=function") && query.contains(&known) {
        "signature_transfer_and_call.json"
    } else {
        "signature_unknown.json"
    };
    ([("content-type", "application/json")], recorded(file)).into_response()
}

impl HistoryService {
    async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let app = Router::new().route("/v2/evm/get_abi_signature", axum::routing::get(signature));
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Self { url, task }
    }
}

fn selector_hex(signature: &str) -> String {
    alloy_primitives::hex::encode_prefixed(&keccak256(signature.as_bytes())[..4])
}

fn word(hex: &str) -> String {
    format!("{hex:0>64}")
}

fn same(a: &Value, b: &str) -> bool {
    a.as_str().is_some_and(|a| a.eq_ignore_ascii_case(b))
}

/// Each movement as (from, to, amount or NFT id, symbol or collection address).
fn moves(detail: &Value) -> Vec<(String, String, String, String)> {
    detail["movements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let (what, unit) = if m["nft"].is_object() {
                (&m["nft"]["tokenId"], &m["nft"]["collectionAddress"])
            } else {
                (&m["value"]["amount"], &m["value"]["symbol"])
            };
            (
                m["from"]["address"].as_str().unwrap().to_lowercase(),
                m["to"]["address"].as_str().unwrap().to_lowercase(),
                what.as_str().unwrap().to_owned(),
                unit.as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_transaction_details_of_the_seeded_devnet() {
    let service = HistoryService::start().await;
    let url = service.url.clone();
    let devnet = DevnetApp::start_with(|settings| settings.history_endpoint = Some(url)).await;
    let seeded = devnet.seeded()["transactions"].clone();
    let hash = |label: &str| seeded[label]["hash"].as_str().unwrap().to_owned();
    let detail = |hash: &str| format!("/api/v1/evm/{DEVNET}/transactions/{hash}");
    let read = |hash: String| {
        let router = devnet.router();
        let uri = detail(&hash);
        async move {
            let (status, body) = get(router, &uri).await;
            assert_eq!(status, StatusCode::OK, "{uri}: {body}");
            body
        }
    };
    let (alice, bob) = (devnet.account("alice"), devnet.account("bob"));
    let lower = |text: &str| text.to_lowercase();
    let zero = "0x0000000000000000000000000000000000000000";

    // An unwrap on the unverified WTLOS: named by the built-in table, its argument
    // decoded, the WTLOS burnt and the TLOS the contract paid back by internal call.
    let unwrap = read(hash("unwrap.alice")).await;
    assert_eq!(unwrap["status"], "success");
    assert!(unwrap["blockNumber"].as_u64().unwrap() > 0);
    assert!(unwrap["epoch"].as_u64().unwrap() > 1_600_000_000);
    assert!(same(&unwrap["from"]["address"], &alice), "{unwrap}");
    assert_eq!(unwrap["to"]["name"], "Wrapped TLOS");
    assert_eq!(unwrap["function"]["name"], "withdraw");
    assert_eq!(unwrap["function"]["signature"], "withdraw(uint256)");
    assert_eq!(unwrap["function"]["source"], "knownSignature");
    assert_eq!(
        unwrap["function"]["arguments"],
        json!([{"name": null, "type": "uint256", "value": "4000000000000000000"}])
    );
    let wtlos = lower(unwrap["to"]["address"].as_str().unwrap());
    assert_eq!(
        moves(&unwrap),
        [
            (wtlos.clone(), lower(&alice), "4".into(), "TLOS".into()),
            (lower(&alice), zero.into(), "4".into(), "WTLOS".into()),
        ]
    );
    assert_eq!(
        unwrap["movements"][1]["token"].as_str().map(lower),
        Some(wtlos)
    );
    let fee = &unwrap["fee"];
    assert!(same(&fee["paidBy"], &alice), "{fee}");
    assert_eq!(fee["symbol"], "TLOS");
    assert!(fee["amount"].as_str().unwrap().parse::<f64>().unwrap() > 0.0);
    assert_eq!(unwrap["value"]["amount"], "0");
    assert_eq!(unwrap["selector"], selector_hex("withdraw(uint256)"));

    // An ERC-20 transfer: the recipient and amount decoded, the TUSD moved.
    let transfer = read(hash("erc20.bob-alice.TUSD")).await;
    assert_eq!(transfer["function"]["name"], "transfer");
    let arguments = transfer["function"]["arguments"].as_array().unwrap();
    assert_eq!(arguments[0]["type"], "address");
    assert!(same(&arguments[0]["value"], &alice));
    let moved = moves(&transfer);
    assert_eq!(moved.len(), 1, "{transfer}");
    assert_eq!(
        (moved[0].0.as_str(), moved[0].1.as_str()),
        (lower(&bob).as_str(), lower(&alice).as_str())
    );
    assert_eq!(moved[0].3, "TUSD");

    // An ERC-1155 transfer: the NFT with its collection's name.
    let items = read(hash("items.transfer.alice-bob")).await;
    let nft = &items["movements"][0]["nft"];
    assert_eq!(nft["tokenId"], "1");
    assert_eq!(nft["quantity"], "2");
    assert_eq!(nft["nftInterface"], "erc1155");
    assert!(nft["collectionName"].is_string(), "{items}");

    // A reverted transaction moved nothing, yet its sender paid the fee.
    let failed = read(hash("failed")).await;
    assert_eq!(failed["status"], "failed");
    assert_eq!(failed["movements"], json!([]));
    let sender = devnet.account(seeded["failed"]["from"].as_str().unwrap());
    assert!(same(&failed["fee"]["paidBy"], &sender), "{failed}");

    // A contract creation has no recipient but the contract it made.
    let created = read(hash("contractCreation")).await;
    assert!(created["to"].is_null(), "{created}");
    assert!(
        created["createdContract"]["address"].is_string(),
        "{created}"
    );

    // A call nothing else names: the history service's signature, its arguments decoded
    // without names, the same name on Alice's history row.
    let call = [
        selector_hex("transferAndCall(address,uint256,bytes)"),
        word(bob.trim_start_matches("0x")),
        word("7"),
        word("60"),
        word("2"),
        "beef".to_owned() + &"0".repeat(60),
    ]
    .concat();
    let looked_up = json!({
        "from": alice, "to": bob, "data": call, "value": "0",
        "gasLimit": "60000", "gasPrice": "10000000000",
        "chainId": devnet.devnet.manifest().chain_id,
    });
    let sent = sign_and_send(&devnet.devnet, "alice", &looked_up).await;
    let guessed = read(sent.clone()).await;
    assert_eq!(guessed["function"]["name"], "transferAndCall");
    assert_eq!(guessed["function"]["source"], "lookedUp");
    let values: Vec<&str> = guessed["function"]["arguments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["value"].as_str().unwrap())
        .collect();
    assert_eq!(values[1..], ["7", "0xbeef"]);
    assert!(values[0].eq_ignore_ascii_case(&bob));
    let history = format!("/api/v1/evm/{DEVNET}/accounts/{alice}/transactions?limit=500");
    let page = devnet
        .get_until(&history, |page| {
            page["transactions"]
                .as_array()
                .is_some_and(|rows| rows.iter().any(|r| same(&r["id"], &sent)))
        })
        .await;
    assert_eq!(row(&page, &sent)["actionName"], "transferAndCall");

    // Unknown and malformed hashes.
    let unknown = format!("0x{}", "ab".repeat(32));
    let (status, body) = get(devnet.router(), &detail(&unknown)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(body["code"], "evm.transaction_not_found");
    assert_eq!(body["details"]["hash"], unknown);
    for bad in ["0x1234", "0xzz", "abcd", &format!("{unknown}00")] {
        assert_bad_request(devnet.router(), &detail(bad), "validation.invalid_hash").await;
    }
}
