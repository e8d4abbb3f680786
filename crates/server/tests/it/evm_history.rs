//! `GET /api/v1/evm/{network}/accounts/{address}/transactions` in-process: the seeded
//! devnet's history through the built-in index (action names, movements, NFT names,
//! failed and contract-creation rows, paging and sort), the Teloscan fixtures on
//! telos-evm, and malformed input.

use crate::evm_history_support::{
    DEVNET, DevnetApp, TeloscanFixtures, assert_bad_request, fixture, get, movements, pair, row,
    teloscan_app,
};
use axum::http::StatusCode;
use serde_json::Value;

fn ids(page: &Value) -> Vec<String> {
    page["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_history_rows_of_the_seeded_devnet() {
    let devnet = DevnetApp::start().await;
    let seeded = devnet.seeded()["transactions"].clone();
    let hash = |label: &str| seeded[label]["hash"].as_str().unwrap().to_owned();
    let history = |name: &str, query: &str| {
        format!(
            "/api/v1/evm/{DEVNET}/accounts/{}/transactions?{query}",
            devnet.account(name)
        )
    };

    // NFT names come from metadata the index fetches after the blocks: wait for them.
    let alice = devnet
        .get_until(&history("alice", "limit=200"), |page| {
            page["transactions"]
                .as_array()
                .is_some_and(|rows| rows.iter().any(|r| r["nftsOut"][0]["tokenName"] == "Waves"))
        })
        .await;
    let total = alice["total"].as_u64().unwrap();
    assert_eq!(
        total,
        alice["transactions"].as_array().unwrap().len() as u64
    );
    assert_eq!(
        (alice["more"].as_bool(), alice["sort"].as_str()),
        (Some(false), Some("desc"))
    );

    let sent = row(&alice, &hash("tlos.alice-bob"));
    assert_eq!(sent["actionName"], "send");
    assert_eq!(movements(sent, "valuesOut"), [pair("1.5", "TLOS")]);
    assert!(movements(sent, "valuesIn").is_empty());
    assert_eq!(sent["to"], devnet.account("bob"));
    assert_eq!(sent["failed"], false);
    assert!(
        sent["gasUsed"].as_str().is_some_and(|gas| gas != "0"),
        "{sent}"
    );
    assert!(
        sent["epoch"]
            .as_u64()
            .is_some_and(|epoch| epoch > 1_000_000_000)
    );

    let received = row(&alice, &hash("tlos.dave-alice"));
    assert_eq!(received["actionName"], "receive");
    assert_eq!(movements(received, "valuesIn"), [pair("2", "TLOS")]);

    let tusd_out = row(&alice, &hash("erc20.alice-bob.TUSD"));
    assert_eq!(tusd_out["actionName"], "send");
    assert_eq!(movements(tusd_out, "valuesOut"), [pair("12.5", "TUSD")]);
    assert_eq!(tusd_out["toPrettyName"], "Tandem USD");
    let tusd_in = row(&alice, &hash("erc20.bob-alice.TUSD"));
    assert_eq!(tusd_in["actionName"], "receive");
    assert_eq!(movements(tusd_in, "valuesIn"), [pair("3.25", "TUSD")]);

    let swap = row(&alice, &hash("swap"));
    assert_eq!(swap["actionName"], "swap");
    assert_eq!(movements(swap, "valuesOut"), [pair("25", "TUSD")]);
    assert_eq!(movements(swap, "valuesIn"), [pair("250", "GEMS")]);

    let art = row(&alice, &hash("art.transfer.2"));
    assert_eq!(art["actionName"], "send");
    let nft = &art["nftsOut"][0];
    assert_eq!(nft["tokenId"], "2");
    assert_eq!(nft["tokenName"], "Waves");
    assert_eq!(nft["collectionName"], "Tandem Art");
    assert_eq!(nft["nftInterface"], "erc721");
    assert_eq!(nft["type"], "video");
    assert!(
        nft["videoSrc"]
            .as_str()
            .is_some_and(|src| src.ends_with("/media/waves.webm"))
    );
    let batch = row(&alice, &hash("items.batchTransfer.alice-carol"));
    assert_eq!(batch["actionName"], "send");
    let quantities: Vec<(&str, &str)> = batch["nftsOut"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["tokenId"].as_str().unwrap(),
                n["quantity"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(quantities, [("2", "1"), ("3", "20")]);
    assert!(batch["nftsOut"][0]["nftInterface"] == "erc1155");

    // Carol: the failed transfer carries no movements; the batch arrives.
    let carol = devnet
        .get_until(&history("carol", "limit=200"), |_| true)
        .await;
    let failed = row(&carol, &hash("failed"));
    assert_eq!(failed["failed"], true);
    for side in ["valuesIn", "valuesOut", "nftsIn", "nftsOut"] {
        assert_eq!(failed[side], serde_json::json!([]), "{failed}");
    }
    assert_eq!(failed["actionName"], "transfer");
    assert_eq!(
        row(&carol, &hash("items.batchTransfer.alice-carol"))["actionName"],
        "receive"
    );

    // Dave: the contract creation.
    let dave = devnet
        .get_until(&history("dave", "limit=200"), |_| true)
        .await;
    let creation = row(&dave, &hash("contractCreation"));
    assert_eq!(creation["actionName"], "contractCreation");
    assert_eq!(creation["to"], Value::Null);

    // Paging and sort: pages are slices of the full list; ascending is its reverse.
    let all = ids(&alice);
    let (status, first) = get(devnet.router(), &history("alice", "limit=3")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ids(&first), all[..3]);
    assert_eq!(first["more"], true);
    assert_eq!(first["total"], total);
    let (_, second) = get(devnet.router(), &history("alice", "offset=3&limit=3")).await;
    assert_eq!(ids(&second), all[3..6]);
    let (_, ascending) = get(devnet.router(), &history("alice", "limit=200&sort=asc")).await;
    let mut reversed = all.clone();
    reversed.reverse();
    assert_eq!(ids(&ascending), reversed);
    // A second ask with the same filter is answered from the cache, identically.
    let (_, again) = get(devnet.router(), &history("alice", "limit=3")).await;
    assert_eq!(ids(&again), ids(&first));

    // Malformed input never reaches the source.
    let bad = |query: &str| history("alice", query);
    for (uri, code) in [
        (bad("limit=10001"), "validation.invalid_parameter"),
        (bad("limit=0"), "validation.invalid_parameter"),
        (bad("offset=-1"), "validation.invalid_parameter"),
        (bad("limit=ten"), "validation.invalid_parameter"),
        (bad("sort=sideways"), "validation.invalid_parameter"),
        (bad("fiat=dollars"), "validation.invalid_fiat_currency"),
        (
            format!("/api/v1/evm/{DEVNET}/accounts/0x1234/transactions"),
            "antelope.evm.error_invalid_address",
        ),
        (
            "/api/v1/evm/telos/accounts/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/transactions"
                .to_owned(),
            "antelope.chain.error_invalid_network",
        ),
    ] {
        assert_bad_request(devnet.router(), &uri, code).await;
    }

    // Whether alice sent to an address before, from her history on the chain: bob yes
    // (TLOS and TUSD), an address she never paid no, after searching all of it.
    let sent_to =
        |from: &str, to: &str| format!("/api/v1/evm/{DEVNET}/accounts/{from}/sent-to/{to}");
    let (status, bob) = get(
        devnet.router(),
        &sent_to(&devnet.account("alice"), &devnet.account("bob")),
    )
    .await;
    assert_eq!((status, &bob["sent"]), (StatusCode::OK, &Value::Bool(true)));
    let stranger = "0x000000000000000000000000000000000000dEaD";
    let (status, none) = get(
        devnet.router(),
        &sent_to(&devnet.account("alice"), stranger),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (&none["sent"], &none["complete"]),
        (&Value::Bool(false), &Value::Bool(true))
    );
    assert_eq!(none["searched"], alice["total"]);
    assert_bad_request(
        devnet.router(),
        &sent_to(&devnet.account("alice"), "0x1234"),
        "antelope.evm.error_invalid_address",
    )
    .await;
    devnet.state.shut_down().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_history_rows_from_teloscan_fixtures() {
    let fixtures = TeloscanFixtures::start().await;
    let (state, app) = teloscan_app(&fixtures).await;
    let uri = format!(
        "/api/v1/evm/telos-evm/accounts/{}/transactions?limit=10",
        fixture::ALICE
    );
    let (status, page) = get(app, &uri).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(
        (page["total"].as_u64(), page["more"].as_bool()),
        (Some(57), Some(true))
    );
    let rows = page["transactions"].as_array().unwrap();
    assert_eq!(
        rows.len(),
        3,
        "the row with a malformed hash is dropped: {page}"
    );
    assert_eq!(rows[0]["actionName"], "send");
    assert_eq!(movements(&rows[0], "valuesOut"), [pair("1", "TLOS")]);
    assert!(
        rows[0]["to"]
            .as_str()
            .unwrap()
            .eq_ignore_ascii_case(fixture::BOB)
    );
    assert_eq!(rows[1]["actionName"], "send");
    assert_eq!(rows[1]["valuesOut"].as_array().map(Vec::len), Some(1));
    assert_eq!(rows[2]["actionName"], "contractCreation");
    assert_eq!(rows[2]["failed"], true);
    state.shut_down().await;
}
