//! Blockscout fixtures (`tests/fixtures/blockscout/{v11,v12}`: answers shaped like
//! Blockscout's documented ones before and after v12.0.0) served by the fixture server,
//! with the routes each test needs.

#![allow(dead_code, reason = "each test module uses a part")]

use crate::teloscan_support::addresses::ALICE;
use crate::teloscan_support::{FixtureServer, Route};
use tandem_evm::blockscout::BlockscoutClient;
use tandem_evm::http::RequestLimiter;

/// The two API generations the fixtures record.
pub const GENERATIONS: [&str; 2] = ["v11", "v12"];

/// The transactions of the fixtures' account, newest first.
pub fn tx(n: u32) -> String {
    format!("0x{:064x}", 0xa11c_e000_u64 + u64::from(n))
}

/// `path` (under `/api/v2/`) answered with `blockscout/<generation>/<file>.json`.
pub fn route(generation: &str, path: &str, file: &str) -> Route {
    Route::file(
        &format!("/api/v2/{path}"),
        &format!("blockscout/{generation}/{file}.json"),
    )
}

/// Every route of the fixtures' account history, its transactions and their logs.
pub fn history_routes(generation: &str) -> Vec<Route> {
    let account = format!("addresses/{ALICE}");
    let page2 = |r: Route| match generation {
        "v11" => r.when("items_count=50"),
        _ => r,
    };
    let mut routes = vec![
        page2(route(
            generation,
            &format!("{account}/transactions"),
            "transactions_page2",
        ))
        .when("block_number=362812200")
        .when("inserted_at=2026-11-30T09%3A58%3A52.120000Z"),
        route(
            generation,
            &format!("{account}/transactions"),
            "transactions_page1",
        ),
        Route::status(&format!("/api/v2/{account}/token-transfers"), 422).when("limit="),
        page2(route(
            generation,
            &format!("{account}/token-transfers"),
            "token_transfers_page2",
        ))
        .when("block_number=362811500")
        .when("index=3"),
        route(
            generation,
            &format!("{account}/token-transfers"),
            "token_transfers_page1",
        ),
        Route::status(&format!("/api/v2/{account}/internal-transactions"), 422).when("limit="),
        route(
            generation,
            &format!("{account}/internal-transactions"),
            "internal_transactions",
        ),
        route(
            generation,
            &format!("transactions/{}", tx(4)),
            "transaction",
        ),
        route(
            generation,
            &format!("transactions/{}", tx(2)),
            "transaction_mint",
        ),
    ];
    for n in 1..=6 {
        routes.push(route(
            generation,
            &format!("transactions/{}/logs", tx(n)),
            "transaction_logs",
        ));
    }
    routes
}

/// A fixture server with `routes` and a Blockscout client pointed at it.
pub async fn serve(routes: Vec<Route>) -> (FixtureServer, BlockscoutClient) {
    let server = FixtureServer::start(routes).await;
    let client = BlockscoutClient::new(
        reqwest::Client::new(),
        &server.url,
        RequestLimiter::default(),
    )
    .unwrap();
    (server, client)
}
