//! The curated dapp list route: search, network marking and input validation. It reads only
//! the list in the repository, so the default networks are enough (no chain is called).

use crate::native_common::call;
use axum::http::{Method, StatusCode};
use tandem_server::app;
use tandem_server::config::Config;
use tandem_server::networks::served_networks;
use tandem_server::state::AppState;

fn router() -> axum::Router {
    let networks = served_networks(&Config::default()).expect("default networks");
    app::router(AppState::new(networks, "/nonexistent/web/dist".into()))
}

#[tokio::test]
async fn dapps_are_searched_by_name_category_and_description() {
    let app = router();
    let (status, all) = call(&app, Method::GET, "/api/v1/native/telos/dapps", None).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    let total = all["total"].as_u64().expect("total");
    assert!(total >= 10, "{all}");
    assert_eq!(
        all["dapps"].as_array().map(Vec::len),
        Some(usize::try_from(total).expect("fits"))
    );

    let (status, found) = call(
        &app,
        Method::GET,
        "/api/v1/native/telos/dapps?q=wallet",
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = found["dapps"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|d| d["name"].as_str())
        .collect();
    assert!(
        names.contains(&"Anchor") && names.contains(&"Sqrl Wallet"),
        "{names:?}"
    );
    assert_eq!(found["query"], "wallet");
    assert!(found["dapps"][0]["runsOnNetwork"].as_bool().expect("flag"));

    let (_, by_description) = call(
        &app,
        Method::GET,
        "/api/v1/native/telos/dapps?q=Regenerative%20currency",
        None,
    )
    .await;
    assert_eq!(by_description["total"], 1);
    assert_eq!(by_description["dapps"][0]["id"], "seeds");

    let (_, nothing) = call(&app, Method::GET, "/api/v1/native/telos/dapps?q=zzzz", None).await;
    assert_eq!(
        (
            nothing["total"].as_u64(),
            nothing["dapps"].as_array().map(Vec::len)
        ),
        (Some(0), Some(0))
    );

    let (_, testnet) = call(
        &app,
        Method::GET,
        "/api/v1/native/telos-testnet/dapps?q=faucet",
        None,
    )
    .await;
    assert_eq!(testnet["dapps"][0]["id"], "telos-faucet");
    assert_eq!(testnet["dapps"][0]["runsOnNetwork"], true);
}

#[tokio::test]
async fn dapps_reject_bad_networks_and_queries() {
    let app = router();
    let (status, body) = call(&app, Method::GET, "/api/v1/native/telos-evm/dapps", None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("antelope.chain.error_invalid_network")
        )
    );
    let long = "a".repeat(101);
    let (status, body) = call(
        &app,
        Method::GET,
        &format!("/api/v1/native/telos/dapps?q={long}"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("validation.invalid_parameter")
        )
    );
    let (status, body) = call(&app, Method::GET, "/api/v1/native/telos/dapps?page=2", None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("validation.invalid_parameter")
        )
    );
}
