//! Property tests over the whole router, in process: random paths, query strings,
//! methods and JSON bodies never make it answer 500 (the panic guard's status). Every
//! API error is the JSON error body with a code, and with the seeded devnet behind the
//! EVM routes never any 5xx: every bad input is the caller's 4xx.
//!
//! Without a devnet, every upstream points at a closed local port, so routes that get
//! past validation fail fast with 502/503 — an honest answer, which is allowed there.

use crate::evm_history_support;
use crate::evm_prepare_support;

use std::path::PathBuf;

use axum::Router;
use axum::http::{Method, StatusCode};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Value, json};
use tandem_domain::network::{ChainSettings, ChainSettingsOverride, RpcEndpoint};
use tandem_server::app;
use tandem_server::state::AppState;

/// One request to throw at the router.
#[derive(Debug, Clone)]
struct Probe {
    method: Method,
    uri: String,
    body: Option<Value>,
}

const NETWORKS: &[&str] = &[
    "telos-evm",
    "telos-evm-testnet",
    "telos-evm-devnet",
    "telos",
    "eos",
    "nowhere",
    "",
];
const WORDS: &[&str] = &[
    "accounts",
    "staking",
    "transactions",
    "prepare",
    "approvals",
    "revoke-plan",
    "balances",
    "nfts",
    "history",
    "prices",
    "contracts",
    "status",
    "chart",
    "refresh",
    "evm",
    "native",
    "v1",
    "api",
    "..",
    ".",
    "%2e%2e",
    "openapi.json",
    "health",
    "networks",
];
const KINDS: &[&str] = &[
    "send",
    "nftTransfer",
    "wrap",
    "unwrap",
    "stake",
    "unstake",
    "withdraw",
    "approve",
    "revoke",
    "Send",
    "burn",
    "",
];

/// The fields each kind needs (`from` first).
const REQUIRED: &[(&str, &[&str])] = &[
    ("send", &["from", "to", "amount"]),
    ("send", &["from", "to", "amount", "token"]),
    (
        "nftTransfer",
        &["from", "contract", "tokenId", "to", "quantity"],
    ),
    ("wrap", &["from", "amount"]),
    ("unwrap", &["from", "amount"]),
    ("stake", &["from", "amount"]),
    ("unstake", &["from", "amount"]),
    ("withdraw", &["from"]),
    ("approve", &["from", "token", "spender", "amount"]),
    ("revoke", &["from", "contract", "spender", "tokenId"]),
    ("revoke", &["from", "contract", "spender"]),
];

/// Percent-encodes everything but unreserved characters, so any text is a valid URI part.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Text a user or an attacker might put in a field: addresses in every casing, amounts
/// in every shape, and anything at all.
fn field_text(addresses: Vec<String>) -> BoxedStrategy<String> {
    let mut known: Vec<String> = addresses
        .iter()
        .flat_map(|a| {
            [
                a.clone(),
                a.to_lowercase(),
                a.to_uppercase().replacen("0X", "0x", 1),
            ]
        })
        .collect();
    known.extend(
        [
            "0x",
            "0x123",
            "0x0000000000000000000000000000000000000000",
            "1",
            "1.5",
            "0",
            "-1",
            "1e5",
            "0.0000001",
            "1,5",
            "unlimited",
            "NaN",
            " 2 ",
            "٣",
            "1.",
            ".5",
            "115792089237316195423570985008687907853269984665640564039457584007913129639936",
        ]
        .map(str::to_owned),
    );
    prop_oneof![
        3 => proptest::sample::select(known),
        1 => "[0-9]{1,80}",
        1 => ".{0,40}",
    ]
    .boxed()
}

fn segment(addresses: Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::sample::select(WORDS).prop_map(str::to_owned),
        2 => proptest::sample::select(NETWORKS).prop_map(str::to_owned),
        2 => field_text(addresses).prop_map(|text| encode(&text)),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        ".{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map("[a-zA-Z]{1,8}", inner, 0..4)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

/// Bodies shaped like the POST routes' (a known kind and plausible fields), and noise.
fn body(addresses: Vec<String>) -> impl Strategy<Value = Option<Value>> {
    let fields = [
        "from", "to", "token", "amount", "contract", "tokenId", "quantity", "spender", "owner",
    ];
    let shaped = (
        proptest::sample::select(KINDS),
        proptest::collection::btree_map(
            proptest::sample::select(fields.to_vec()),
            field_text(addresses.clone()),
            0..7,
        ),
    )
        .prop_map(|(kind, fields)| {
            let mut body = json!({ "kind": kind });
            for (key, value) in fields {
                body[key] = Value::String(value);
            }
            body
        });
    // Every field a kind needs, each with plausible or hostile text.
    let complete = (
        proptest::sample::select(REQUIRED.to_vec()),
        proptest::collection::vec(field_text(addresses.clone()), 6),
    )
        .prop_map(|((kind, required), values)| {
            let mut body = json!({ "kind": kind });
            for (key, value) in required.iter().zip(values) {
                body[*key] = Value::String(value);
            }
            body
        });
    let plan = (
        field_text(addresses.clone()),
        proptest::collection::vec(field_text(addresses), 0..4),
    )
        .prop_map(|(owner, items)| json!({ "owner": owner, "items": items }));
    prop_oneof![
        2 => shaped.prop_map(Some),
        4 => complete.prop_map(Some),
        2 => plan.prop_map(Some),
        2 => json_value().prop_map(Some),
        1 => Just(None),
    ]
}

fn probe(addresses: Vec<String>, networks: Vec<&'static str>) -> impl Strategy<Value = Probe> {
    let network = proptest::sample::select(networks.clone());
    let templated = (
        network,
        field_text(addresses.clone()),
        proptest::sample::select(vec![
            "staking",
            "balances",
            "transactions",
            "nfts",
            "approvals",
            "nfts/1",
            "staking/x",
        ]),
    )
        .prop_map(|(network, address, resource)| {
            let path = format!(
                "/api/v1/evm/{network}/accounts/{}/{resource}",
                encode(&address)
            );
            (path, Method::GET)
        });
    // Routes keyed by a contract, a token id or a symbol.
    let keyed = (
        proptest::sample::select(networks.clone()),
        field_text(addresses.clone()),
        field_text(addresses.clone()),
        proptest::sample::select(vec![
            "contracts/{a}",
            "nfts/{a}/{b}",
            "nfts/{a}/{b}/refresh",
            "prices/{b}",
            "prices/{b}/chart",
            "prices/TLOS",
            "prices/TLOS/chart",
        ]),
    )
        .prop_map(|(network, a, b, template)| {
            let tail = template
                .replace("{a}", &encode(&a))
                .replace("{b}", &encode(&b));
            let method = if tail.ends_with("/refresh") {
                Method::POST
            } else {
                Method::GET
            };
            (format!("/api/v1/evm/{network}/{tail}"), method)
        });
    let route = (
        proptest::sample::select(networks),
        proptest::sample::select(vec![
            "staking",
            "transactions/prepare",
            "transactions/prepare",
            "transactions/prepare",
            "approvals/revoke-plan",
            "approvals/revoke-plan",
            "status",
            "prices",
        ]),
    )
        .prop_map(|(network, route)| {
            let method = if route.contains('/') {
                Method::POST
            } else {
                Method::GET
            };
            (format!("/api/v1/evm/{network}/{route}"), method)
        });
    let free = (
        proptest::sample::select(vec![
            "/api/v1/evm/",
            "/api/v1/",
            "/api/",
            "/",
            "/api/v1/native/",
        ]),
        proptest::collection::vec(segment(addresses.clone()), 0..6),
    )
        .prop_map(|(prefix, segments)| (format!("{prefix}{}", segments.join("/")), Method::GET));
    let path = prop_oneof![2 => templated, 2 => keyed, 3 => route, 2 => free];
    let query_pairs = proptest::collection::vec(
        (
            proptest::sample::select(vec![
                "fiat", "locale", "limit", "offset", "sort", "x", "tokenId",
            ]),
            field_text(addresses.clone()),
        ),
        0..3,
    )
    .prop_map(|pairs| {
        let pairs: Vec<String> = pairs
            .into_iter()
            .map(|(key, value)| format!("{key}={}", encode(&value)))
            .collect();
        if pairs.is_empty() {
            String::new()
        } else {
            format!("?{}", pairs.join("&"))
        }
    });
    // Mostly no query, so bodies are judged more often than query strings.
    let query = prop_oneof![2 => Just(String::new()), 1 => query_pairs];
    // Mostly the route's own method, so most probes get past routing to the handler.
    let other_method = proptest::option::weighted(
        0.2,
        proptest::sample::select(vec![Method::GET, Method::POST, Method::PUT, Method::DELETE]),
    );
    (path, other_method, query, body(addresses)).prop_map(
        |((path, method), other_method, query, body)| Probe {
            method: other_method.unwrap_or(method),
            uri: format!("{path}{query}"),
            body,
        },
    )
}

/// Anywhere: never 500 (a panic or an unexpected error), and every API error is the
/// JSON body with a code. With the devnet up, no EVM route of the devnet answers any 5xx.
fn check(
    probe: &Probe,
    status: StatusCode,
    body: &Value,
    devnet: bool,
) -> Result<(), TestCaseError> {
    prop_assert_ne!(
        status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{:?} → {}",
        probe,
        body
    );
    if probe.uri.starts_with("/api/") && status.as_u16() >= 400 {
        prop_assert!(
            body["code"].is_string(),
            "{:?} → {} {}",
            probe,
            status,
            body
        );
    }
    if devnet && probe.uri.starts_with("/api/v1/evm/telos-evm-devnet/") {
        prop_assert!(status.as_u16() < 500, "{:?} → {} {}", probe, status, body);
    }
    Ok(())
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

/// Every built-in network with all its upstreams at a closed local port.
pub fn offline_networks() -> Vec<ChainSettings> {
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let url = format!("http://{closed}");
    let overrides = ChainSettingsOverride {
        rpc_endpoint: Some(RpcEndpoint {
            protocol: "http".to_owned(),
            host: "127.0.0.1".to_owned(),
            port: closed.port(),
            path: "/".to_owned(),
        }),
        history_endpoint: Some(url.clone()),
        fuel_rpc: Some(url.clone()),
        api_endpoint: Some(url.clone()),
        indexer_endpoint: Some(url.clone()),
        token_list_url: Some(format!("{url}/tokenlist.json")),
        trusted_contracts_bucket: Some(url),
        ..ChainSettingsOverride::default()
    };
    ChainSettings::all_builtin()
        .into_iter()
        .map(|settings| settings.with_override(&overrides))
        .collect()
}

fn run(
    app: &Router,
    runtime: &tokio::runtime::Runtime,
    addresses: Vec<String>,
    cases: u32,
    devnet: bool,
) {
    let mut networks = NETWORKS.to_vec();
    if devnet {
        // Mostly the served network, so most probes reach the handlers.
        networks.extend(["telos-evm-devnet"; 12]);
    }
    runner(cases)
        .run(&probe(addresses, networks), |probe| {
            let (status, body) = runtime.block_on(evm_prepare_support::call(
                app,
                probe.method.clone(),
                &probe.uri,
                probe.body.clone(),
            ));
            check(&probe, status, &body, devnet)
        })
        .unwrap();
}

#[test]
fn evm_router_props_offline_never_500() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let state = runtime
        .block_on(async { AppState::new(offline_networks(), PathBuf::from("/nonexistent")) });
    let app = app::router(state);
    let addresses = vec![
        "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E".to_owned(),
        "0xB4B01216a5Bc8F1C8A33CD990A1239030E60C905".to_owned(),
    ];
    run(&app, &runtime, addresses, 512, false);
}

/// The devnet served as the demo serves it: the built-in index in use, RPC reads behind it.
#[test]
fn evm_router_props_devnet_never_5xx() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let served = runtime.block_on(evm_history_support::DevnetApp::start());
    let manifest = served.devnet.manifest();
    let mut addresses: Vec<String> = manifest.contracts.values().cloned().collect();
    addresses.extend(
        manifest
            .accounts
            .iter()
            .map(|account| account.address.clone()),
    );
    run(&served.router(), &runtime, addresses, 512, true);
}
