//! Misbehaving nodes and lying contracts, which the devnet cannot produce: a local
//! axum JSON-RPC stub answers garbage for chosen calls. The main tests use the real
//! chain (reads_devnet.rs, rpc_source_devnet.rs); this file only covers degradation.

use std::net::SocketAddr;

use alloy::primitives::{Address, U256};
use alloy::sol_types::{SolCall, SolValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Value, json};
use tandem_evm::reads::ChainReader;
use tandem_evm::reads::abi::{IErc20, IErc165};
use tandem_evm::rpc_source::RpcSource;
use tandem_evm::source::ContractInterface;
use tandem_evm::{EvmError, EvmSource};

/// Decimals 1000, a name that is not text, ERC-165 calls revert.
const LIAR: Address = Address::repeat_byte(0x11);
/// Decimals answered as a string, a `bytes32` name, no symbol data.
const OLD_STYLE: Address = Address::repeat_byte(0x22);
/// `balanceOf` answers two bytes.
const BROKEN_BALANCE: Address = Address::repeat_byte(0x33);
/// A healthy token.
const GOOD: Address = Address::repeat_byte(0x44);

fn hex(bytes: &[u8]) -> String {
    format!("0x{}", alloy::primitives::hex::encode(bytes))
}

fn word(value: u64) -> Vec<u8> {
    U256::from(value).abi_encode()
}

/// What the stub contract at `to` returns for `selector`: `Ok(data)` or a revert.
fn answer(to: Address, selector: [u8; 4]) -> Result<Vec<u8>, &'static str> {
    let is = |candidate: [u8; 4]| candidate == selector;
    if is(IErc165::supportsInterfaceCall::SELECTOR) {
        return Err("execution reverted");
    }
    if is(IErc20::totalSupplyCall::SELECTOR) {
        return Ok(word(1_000_000));
    }
    if is(IErc20::balanceOfCall::SELECTOR) {
        return Ok(if to == BROKEN_BALANCE {
            vec![0x12, 0x34]
        } else {
            word(7)
        });
    }
    let by_contract = match (to, selector) {
        (LIAR, s) if s == IErc20::decimalsCall::SELECTOR => word(1000),
        (LIAR, s) if s == IErc20::nameCall::SELECTOR => vec![0xff; 40],
        (LIAR, s) if s == IErc20::symbolCall::SELECTOR => "LIE".to_string().abi_encode(),
        (OLD_STYLE, s) if s == IErc20::decimalsCall::SELECTOR => "18".to_string().abi_encode(),
        (OLD_STYLE, s) if s == IErc20::nameCall::SELECTOR => {
            let mut name = [0_u8; 32];
            name[..3].copy_from_slice(b"OLD");
            name.to_vec()
        }
        (OLD_STYLE, s) if s == IErc20::symbolCall::SELECTOR => Vec::new(),
        (_, s) if s == IErc20::decimalsCall::SELECTOR => word(8),
        (_, s) if s == IErc20::nameCall::SELECTOR => "Good".to_string().abi_encode(),
        (_, s) if s == IErc20::symbolCall::SELECTOR => "GOOD".to_string().abi_encode(),
        _ => return Err("execution reverted"),
    };
    Ok(by_contract)
}

fn respond(request: &Value) -> Value {
    let id = request["id"].clone();
    let result = match request["method"].as_str() {
        Some("eth_getCode") => Ok(json!("0x6080")),
        Some("eth_getBalance") => Ok(json!("0x10")),
        Some("eth_call") => {
            let call = &request["params"][0];
            let to: Option<Address> = call["to"].as_str().and_then(|to| to.parse().ok());
            let data = call["data"].as_str().unwrap_or("0x");
            let selector = alloy::primitives::hex::decode(data)
                .ok()
                .and_then(|bytes| bytes.get(..4).and_then(|s| <[u8; 4]>::try_from(s).ok()));
            match (to, selector) {
                (Some(to), Some(selector)) => answer(to, selector).map(|data| json!(hex(&data))),
                _ => Err("bad call"),
            }
        }
        _ => Err("method not found"),
    };
    match result {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        Err(message) => {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": 3, "message": message}})
        }
    }
}

async fn lying_node(Json(body): Json<Value>) -> Json<Value> {
    Json(match &body {
        Value::Array(requests) => Value::Array(requests.iter().map(respond).collect()),
        single => respond(single),
    })
}

/// A node without batch support: one error object for any array.
async fn no_batches(Json(_): Json<Value>) -> Json<Value> {
    Json(
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": "batch requests are not supported"}}),
    )
}

async fn failing_gateway() -> Response {
    (StatusCode::BAD_GATEWAY, "upstream down").into_response()
}

async fn not_json() -> Response {
    (StatusCode::OK, "<html>maintenance</html>").into_response()
}

/// Serves `router` on a free 127.0.0.1 port until the test's runtime ends.
async fn serve(router: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, router).await });
    address
}

async fn reader_for(router: Router) -> ChainReader {
    let address = serve(router).await;
    ChainReader::connect(&format!("http://{address}")).expect("valid url")
}

#[tokio::test]
async fn lying_metadata_degrades_field_by_field() {
    let reader = reader_for(Router::new().route("/", post(lying_node))).await;

    let liar = reader
        .probe_contract(LIAR)
        .await
        .expect("probe")
        .expect("code");
    assert_eq!(liar.interfaces, vec![ContractInterface::Erc20]);
    assert_eq!(liar.decimals, None, "decimals 1000 is a lie");
    assert_eq!(liar.name, None, "undecodable name");
    assert_eq!(liar.symbol.as_deref(), Some("LIE"));
    assert_eq!(liar.supply, Some(U256::from(1_000_000)));

    let old = reader
        .probe_contract(OLD_STYLE)
        .await
        .expect("probe")
        .expect("code");
    assert_eq!(old.decimals, None, "a string is no decimals");
    assert_eq!(old.name.as_deref(), Some("OLD"), "bytes32 names are read");
    assert_eq!(old.symbol, None, "empty answer");

    let good = reader
        .probe_contract(GOOD)
        .await
        .expect("probe")
        .expect("code");
    assert_eq!(good.decimals, Some(8));
    assert_eq!(good.name.as_deref(), Some("Good"));

    // Strict typed reads report the lie instead of degrading.
    match reader.token_decimals(LIAR).await {
        Err(EvmError::ContractCall {
            contract, function, ..
        }) => {
            assert_eq!(contract, LIAR);
            assert_eq!(function, "decimals()");
        }
        other => panic!("decimals 1000 as uint8 gave {other:?}"),
    }
    match reader
        .supports_interface(LIAR, [0x01, 0xff, 0xc9, 0xa7])
        .await
    {
        Err(EvmError::ContractCall { reason, .. }) => assert!(reason.contains("reverted")),
        other => panic!("revert gave {other:?}"),
    }
}

#[tokio::test]
async fn a_broken_token_is_left_out_of_balances() {
    let reader = reader_for(Router::new().route("/", post(lying_node))).await;
    let source = RpcSource::new(reader).with_tokens(vec![GOOD, BROKEN_BALANCE, LIAR], Vec::new());
    let balances = source
        .balances(Address::repeat_byte(0x99))
        .await
        .expect("balances");
    let tokens: Vec<Option<Address>> = balances.iter().map(|balance| balance.token).collect();
    assert_eq!(tokens, vec![None, Some(GOOD), Some(LIAR)]);
    assert_eq!(balances[0].amount, U256::from(0x10));
    assert_eq!(balances[1].amount, U256::from(7));
}

#[tokio::test]
async fn a_node_without_batches_is_an_rpc_error() {
    let reader = reader_for(Router::new().route("/", post(no_batches))).await;
    match reader.probe_contract(GOOD).await {
        Err(EvmError::Rpc { method, reason }) => {
            assert_eq!(method, "batch");
            assert!(reason.contains("no read"), "{reason}");
        }
        other => panic!("batch refusal gave {other:?}"),
    }
}

#[tokio::test]
async fn http_failures_are_rpc_errors_without_the_url() {
    for router in [
        Router::new().route("/", post(failing_gateway)),
        Router::new().route("/", post(not_json)),
    ] {
        let address = serve(router).await;
        let reader = ChainReader::connect(&format!("http://{address}/?key=secret")).expect("url");
        let batch = reader.account_balances(GOOD, &[GOOD]).await;
        let single = reader.block_number().await;
        for result in [batch.map(drop), single.map(drop)] {
            match result {
                Err(error @ EvmError::Rpc { .. }) => {
                    let text = error.to_string();
                    assert!(!text.contains("secret"), "{text}");
                }
                other => panic!("HTTP failure gave {other:?}"),
            }
        }
    }
}
