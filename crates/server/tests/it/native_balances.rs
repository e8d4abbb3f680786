//! Native balances at full strength against the real native devnet: the system token
//! priced by a CoinGecko-style aggregator (its recorded answer, served here), names and
//! logos from the devnet's token list, spec §4's rules, and a node that fails one
//! token's read (a proxy in front of the devnet) degrading that row only.

use std::net::SocketAddr;

use crate::native_common::{NETWORK, call};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{Method, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::{any, get};
use serde_json::{Value, json};
use tandem_domain::network::{ChainSettingsOverride, NetworkName, RpcEndpoint};
use tandem_server::app;
use tandem_server::config::Config;
use tandem_server::evm::{DevnetExtras, EvmOptions};
use tandem_server::networks::served_networks;
use tandem_server::state::AppState;
use tandem_testkit::NativeDevnet;

async fn serve(app: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    // Ends with the test's runtime; it starts no process.
    tokio::spawn(async move { axum::serve(listener, app).await });
    address
}

/// The aggregator's simple price of TLOS in USD, as recorded (devnet/evm/assets/prices).
async fn aggregator() -> String {
    let answer = || async {
        let updated = tandem_domain::time::now_ms() / 1000 - 20;
        axum::Json(json!({ "telos": {
            "usd": 0.2345, "usd_market_cap": 93_359_950.43, "usd_24h_vol": 4_123_456.78,
            "usd_24h_change": -1.923_985_651_4, "last_updated_at": updated,
        }}))
    };
    let address = serve(Router::new().route("/simple/price", get(answer))).await;
    format!("http://{address}")
}

/// A node in front of the devnet that fails every balance read of `tandemtokens`.
async fn flaky_node(upstream: String) -> RpcEndpoint {
    async fn forward(
        State(upstream): State<String>,
        method: Method,
        uri: Uri,
        body: Bytes,
    ) -> impl IntoResponse {
        if uri.path() == "/v1/chain/get_currency_balance"
            && body.windows(12).any(|w| w == b"tandemtokens")
        {
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                "upstream node failed".to_owned(),
            )
                .into_response();
        }
        let answer = reqwest::Client::new()
            .request(method, format!("{upstream}{uri}"))
            .body(body)
            .send()
            .await
            .expect("devnet");
        let status = StatusCode::from_u16(answer.status().as_u16()).expect("status");
        (
            status,
            [("content-type", "application/json")],
            answer.text().await.expect("body"),
        )
            .into_response()
    }
    let address = serve(Router::new().fallback(any(forward)).with_state(upstream)).await;
    RpcEndpoint {
        protocol: "http".to_owned(),
        host: "127.0.0.1".to_owned(),
        port: address.port(),
        path: "/".to_owned(),
    }
}

#[tokio::test]
async fn native_balances_priced_named_ordered_and_degraded_per_row() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let mut config = Config {
        native_devnet_manifest: Some(devnet.manifest_path().to_owned()),
        ..Config::default()
    };
    config.network_overrides.insert(
        NetworkName::TelosNativeDevnet,
        ChainSettingsOverride {
            rpc_endpoint: Some(flaky_node(devnet.rpc_url().to_owned()).await),
            ..ChainSettingsOverride::default()
        },
    );
    let options = EvmOptions {
        devnet: Some(DevnetExtras {
            price_aggregator_url: Some(aggregator().await),
            ..DevnetExtras::default()
        }),
        ..EvmOptions::default()
    };
    let state = AppState::builder(
        served_networks(&config).expect("networks"),
        "/nonexistent".into(),
    )
    .evm_options(options)
    .build();
    let app = app::router(state);
    let path = |account: &str, fiat: &str| {
        format!("/api/v1/native/{NETWORK}/accounts/{account}/balances?fiat={fiat}")
    };

    let (status, alice) = call(&app, Method::GET, &path("alice", "usd"), None).await;
    assert_eq!(status, StatusCode::OK, "{alice}");
    assert_eq!(
        (alice["fiat"].as_str(), alice["pricesAvailable"].as_bool()),
        (Some("USD"), Some(true))
    );
    let rows = alice["balances"].as_array().expect("rows");
    let symbols: Vec<&str> = rows
        .iter()
        .filter_map(|row| row["symbol"].as_str())
        .collect();
    // System first; then by amount (no other token is priced); the unreadable one last.
    assert_eq!(symbols, ["TLOS", "SEEDS", "TDM"], "{alice}");
    let tlos = &rows[0];
    assert_eq!(tlos["isSystem"], true);
    assert_eq!(
        (
            tlos["name"].as_str(),
            tlos["listed"].as_bool(),
            tlos["supported"].as_bool()
        ),
        (Some("Telos"), Some(true), Some(true))
    );
    assert!(
        tlos["logo"]
            .as_str()
            .expect("logo")
            .ends_with("/tokens/logos/tlos.svg")
    );
    assert_eq!(tlos["balance"]["quantity"], "900.0000 TLOS");
    assert_eq!(
        (tlos["price"].as_str(), tlos["priceSource"].as_str()),
        (Some("0.2345"), Some("aggregator"))
    );
    assert_eq!(tlos["fiatValue"], "211.05");
    let seeds = &rows[1];
    assert_eq!(
        (seeds["listed"].as_bool(), seeds["supported"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(
        (seeds["price"].clone(), seeds["fiatValue"].clone()),
        (Value::Null, Value::Null)
    );
    let tdm = &rows[2];
    assert_eq!(
        (tdm["listed"].as_bool(), tdm["supported"].as_bool()),
        (Some(false), Some(false)),
        "{tdm}"
    );
    assert_eq!(
        (tdm["name"].as_str(), tdm["logo"].clone()),
        (Some("TDM"), Value::Null)
    );
    assert_eq!(
        tdm["balance"],
        Value::Null,
        "the read failed: the row stays without an amount"
    );
    assert_eq!(alice["totalFiatValue"], "211.05");

    // A currency the aggregator has no price in: no fiat values, never zero.
    let (status, eur) = call(&app, Method::GET, &path("alice", "EUR"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            eur["balances"][0]["fiatValue"].clone(),
            eur["totalFiatValue"].clone()
        ),
        (Value::Null, Value::Null)
    );
    assert_eq!(eur["balances"][0]["priceSource"], "unavailable");

    // kid2.carol holds only TLOS: the zero-balance tokens of others never show.
    let (status, kid) = call(&app, Method::GET, &path("kid2.carol", "USD"), None).await;
    assert_eq!(status, StatusCode::OK, "{kid}");
    assert_eq!(kid["balances"].as_array().map(Vec::len), Some(1), "{kid}");

    let (status, bad) = call(&app, Method::GET, &path("alice", "dollars"), None).await;
    assert_eq!(
        (status, bad["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("validation.invalid_fiat_currency")
        )
    );
}
