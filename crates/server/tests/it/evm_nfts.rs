//! The NFT routes in-process: the seeded devnet's holdings through the built-in index
//! checked against `ownerOf` / ERC-1155 `balanceOf`, metadata (media, attributes, the
//! broken token's fallback), details with owners and approvals, refresh, filters and
//! paging; an ERC-721 transfer signed like a wallet would, after which refresh shows the
//! new owner at once and the inventories follow; the Teloscan fixtures on telos-evm;
//! malformed input.

use crate::evm_prepare_support;

use crate::evm_history_support::{
    DEVNET, DevnetApp, TeloscanFixtures, addr, assert_bad_request, fixture, get, post, teloscan_app,
};
use alloy_primitives::U256;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

fn nfts(list: &Value) -> &Vec<Value> {
    list["nfts"].as_array().unwrap()
}

fn same(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_nfts_of_the_seeded_devnet() {
    let devnet = DevnetApp::start().await;
    let network = devnet.state.evm(DEVNET).unwrap();
    let (art, items) = (devnet.contract("ART"), devnet.contract("ITEMS"));
    let list = |name: &str, query: &str| {
        format!(
            "/api/v1/evm/{DEVNET}/accounts/{}/nfts?{query}",
            devnet.account(name)
        )
    };
    let nft = |contract: &str, id: u64| format!("/api/v1/evm/{DEVNET}/nfts/{contract}/{id}");

    // Metadata is fetched by the index after the blocks: wait for it.
    let alice = devnet
        .get_until(&list("alice", ""), |body| {
            body["nfts"]
                .as_array()
                .is_some_and(|rows| rows.iter().any(|r| r["name"] == "Sunrise"))
        })
        .await;

    // What the list holds is what the chain says.
    let alice_address = devnet.account("alice");
    let seeded = devnet.seeded();
    let mut expected_721: Vec<String> = seeded["erc721Owners"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["owner"] == "alice")
        .map(|o| o["tokenId"].as_str().unwrap().to_owned())
        .collect();
    let mut expected_1155: Vec<(String, String)> = seeded["erc1155Balances"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["account"] == "alice" && b["amount"] != "0")
        .map(|b| {
            (
                b["id"].as_str().unwrap().to_owned(),
                b["amount"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut listed_721 = Vec::new();
    let mut listed_1155 = Vec::new();
    for row in nfts(&alice) {
        let contract = row["contractAddress"].as_str().unwrap();
        let id: U256 = row["tokenId"].as_str().unwrap().parse().unwrap();
        if row["nftInterface"] == "erc721" {
            assert!(same(contract, &art), "{row}");
            let owner = network.reader().owner_of(addr(contract), id).await.unwrap();
            assert_eq!(owner, addr(&alice_address), "ownerOf {id}");
            assert_eq!(row["amount"], "1");
            assert!(
                same(row["owner"].as_str().unwrap(), &alice_address),
                "{row}"
            );
            listed_721.push(id.to_string());
        } else {
            assert!(same(contract, &items), "{row}");
            let held = network
                .reader()
                .erc1155_balance_of(addr(contract), addr(&alice_address), id)
                .await
                .unwrap();
            assert_eq!(row["amount"], held.to_string(), "balanceOf {id}");
            listed_1155.push((id.to_string(), held.to_string()));
        }
    }
    for list in [&mut expected_721, &mut listed_721] {
        list.sort();
    }
    expected_1155.sort();
    listed_1155.sort();
    assert_eq!(listed_721, expected_721);
    assert_eq!(listed_1155, expected_1155);
    assert_eq!(alice["total"].as_u64(), Some(nfts(&alice).len() as u64));

    // Metadata: name, description, media, attributes.
    let sunrise = nfts(&alice).iter().find(|r| r["tokenId"] == "1").unwrap();
    assert_eq!(sunrise["name"], "Sunrise");
    assert_eq!(sunrise["contractPrettyName"], "Tandem Art");
    assert_eq!(sunrise["mediaType"], "image");
    assert!(
        sunrise["imgSrc"]
            .as_str()
            .unwrap()
            .ends_with("/media/sunrise.svg")
    );
    assert_eq!(sunrise["metadataStatus"], "ok");
    assert_eq!(
        sunrise["attributes"],
        serde_json::json!([{"label": "Palette", "text": "Warm"}, {"label": "Edition", "text": "1"}])
    );
    let orb = nfts(&alice).iter().find(|r| r["tokenId"] == "4").unwrap();
    assert!(
        orb["imgSrc"]
            .as_str()
            .unwrap()
            .starts_with("data:image/svg+xml;base64,"),
        "{orb}"
    );

    // Filters and paging.
    let (_, only_items) = get(
        devnet.router(),
        &list("alice", &format!("collection={items}")),
    )
    .await;
    assert!(
        nfts(&only_items)
            .iter()
            .all(|r| r["nftInterface"] == "erc1155")
    );
    assert_eq!(nfts(&only_items).len(), expected_1155.len());
    let (_, found) = get(devnet.router(), &list("alice", "search=SUNR")).await;
    assert_eq!(nfts(&found).len(), 1);
    let (_, page) = get(devnet.router(), &list("alice", "offset=1&limit=2")).await;
    assert_eq!(nfts(&page)[..], nfts(&alice)[1..3]);
    assert_eq!(page["total"], alice["total"]);

    // The broken token degrades, in dave's list and on its own.
    let dave = devnet.get_until(&list("dave", ""), |_| true).await;
    let broken = nfts(&dave)
        .iter()
        .find(|r| r["tokenId"] == "5")
        .expect("dave holds 5");
    assert_eq!(broken["metadataStatus"], "invalid");
    assert_eq!(
        (broken["name"].as_str(), broken["mediaType"].as_str()),
        (Some("#5"), Some("unknown"))
    );
    let (status, details) = get(devnet.router(), &nft(&art, 5)).await;
    assert_eq!(status, StatusCode::OK, "{details}");
    assert_eq!(details["metadataStatus"], "invalid");

    // Details of an ERC-721: owner from the chain, who may move it.
    let (status, pixel) = get(devnet.router(), &nft(&art, 7)).await;
    assert_eq!(status, StatusCode::OK, "{pixel}");
    assert!(same(pixel["owner"].as_str().unwrap(), &alice_address));
    assert_eq!(
        (pixel["supply"].as_str(), pixel["contractName"].as_str()),
        (Some("1"), Some("Tandem Art"))
    );
    assert!(same(
        pixel["approvals"]["approved"].as_str().unwrap(),
        &devnet.account("bob")
    ));
    let operators = pixel["approvals"]["operators"].as_array().unwrap();
    assert!(
        operators
            .iter()
            .any(|o| same(o["operator"].as_str().unwrap(), &devnet.account("carol"))),
        "{pixel}"
    );
    assert!(
        pixel["blockMinted"].is_u64() && pixel["minter"].is_string(),
        "{pixel}"
    );

    // Details of an ERC-1155: owners map as the chain has it, the revoked-free operators.
    let (status, sword) = get(devnet.router(), &nft(&items, 1)).await;
    assert_eq!(status, StatusCode::OK, "{sword}");
    let owners = sword["owners"].as_object().unwrap();
    for balance in seeded["erc1155Balances"].as_array().unwrap() {
        if balance["id"] == "1" && balance["amount"] != "0" {
            let owner = owners
                .iter()
                .find(|(a, _)| same(a, balance["address"].as_str().unwrap()))
                .unwrap_or_else(|| panic!("{balance} missing from {sword}"));
            assert_eq!(owner.1, &balance["amount"]);
        }
    }
    assert!(
        sword["approvals"]["operators"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| {
                same(o["owner"].as_str().unwrap(), &devnet.account("bob"))
                    && same(o["operator"].as_str().unwrap(), &devnet.account("dave"))
            })
    );

    // Refresh answers the same fresh details.
    let (status, refreshed) = post(devnet.router(), &format!("{}/refresh", nft(&art, 7))).await;
    assert_eq!(status, StatusCode::OK, "{refreshed}");
    assert_eq!(refreshed["owner"], pixel["owner"]);

    // Errors.
    let (status, missing) = get(devnet.router(), &nft(&art, 99)).await;
    assert_eq!(
        (status, missing["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("evm.nft_not_found"))
    );
    let tusd = devnet.contract("TUSD");
    for (uri, code) in [
        (
            nft(&tusd, 1),
            "antelope.contracts.error_invalid_nft_contract_type",
        ),
        (
            format!("/api/v1/evm/{DEVNET}/nfts/{art}/abc"),
            "validation.invalid_parameter",
        ),
        (
            format!("/api/v1/evm/{DEVNET}/nfts/0xabc/1"),
            "antelope.evm.error_invalid_address",
        ),
        (list("alice", "limit=10001"), "validation.invalid_parameter"),
        (list("alice", "offset=-1"), "validation.invalid_parameter"),
        (
            list("alice", "collection=0x12"),
            "antelope.evm.error_invalid_address",
        ),
        (list("alice", "colour=red"), "validation.invalid_parameter"),
    ] {
        assert_bad_request(devnet.router(), &uri, code).await;
    }
    devnet.state.shut_down().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_nft_owner_refreshed_after_a_transfer() {
    let devnet = DevnetApp::start().await;
    let art = devnet.contract("ART");
    let (alice, carol) = (devnet.account("alice"), devnet.account("carol"));
    let token_id = devnet.seeded()["erc721Owners"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["owner"] == "alice")
        .map(|row| row["tokenId"].as_str().unwrap().to_owned())
        .expect("alice owns an ART token");
    let details = format!("/api/v1/evm/{DEVNET}/nfts/{art}/{token_id}");
    let holds = |list: &Value| {
        nfts(list).iter().any(|row| {
            row["contractAddress"]
                .as_str()
                .is_some_and(|c| same(c, &art))
                && row["tokenId"] == token_id
        })
    };
    let list = |name: &str| {
        format!(
            "/api/v1/evm/{DEVNET}/accounts/{}/nfts",
            devnet.account(name)
        )
    };

    // Read once so the details are cached with the old owner.
    let (status, before) = get(devnet.router(), &details).await;
    assert_eq!(status, StatusCode::OK, "{before}");
    assert!(same(before["owner"].as_str().unwrap(), &alice));

    // The transfer, prepared by the server and signed with alice's devnet key.
    let (status, prepared) = evm_prepare_support::call(
        &devnet.router(),
        Method::POST,
        &format!("/api/v1/evm/{DEVNET}/transactions/prepare"),
        Some(json!({
            "kind": "nftTransfer", "from": alice, "contract": art, "tokenId": token_id, "to": carol,
        })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{prepared}");
    evm_prepare_support::sign_and_send(&devnet.devnet, "alice", &prepared).await;

    // Refresh reads the owner from the chain at once, without waiting for the index.
    let (status, refreshed) = post(devnet.router(), &format!("{details}/refresh")).await;
    assert_eq!(status, StatusCode::OK, "{refreshed}");
    assert!(
        same(refreshed["owner"].as_str().unwrap(), &carol),
        "{refreshed}"
    );
    let (_, after) = get(devnet.router(), &details).await;
    assert!(same(after["owner"].as_str().unwrap(), &carol), "{after}");

    // The inventories follow once the index has the block.
    devnet.get_until(&list("carol"), holds).await;
    devnet.get_until(&list("alice"), |body| !holds(body)).await;
    devnet.state.shut_down().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_nfts_from_teloscan_fixtures() {
    let fixtures = TeloscanFixtures::start().await;
    let (state, app) = teloscan_app(&fixtures).await;
    let uri = format!("/api/v1/evm/telos-evm/accounts/{}/nfts", fixture::ALICE);
    let (status, list) = get(app, &uri).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let rows = nfts(&list);
    let find = |contract: &str, id: &str| {
        rows.iter()
            .find(|r| same(r["contractAddress"].as_str().unwrap(), contract) && r["tokenId"] == id)
            .unwrap_or_else(|| panic!("{contract}/{id} not in {list}"))
    };
    let punk = find(fixture::NFT721, "42");
    assert_eq!(punk["name"], "Telos Punk #42");
    assert_eq!(punk["imgSrc"], "https://ipfs.io/ipfs/QmPunkCid/42.png");
    assert_eq!(punk["tokenUri"], "https://ipfs.io/ipfs/QmPunkCid/42.json");
    assert_eq!(punk["attributes"][0]["label"], "Hat");
    let invalid = find(fixture::NFT721, "7");
    assert_eq!(
        (invalid["metadataStatus"].as_str(), invalid["name"].as_str()),
        (Some("invalid"), Some("#7"))
    );
    let potion = find(fixture::NFT1155, "3");
    assert_eq!(
        (potion["amount"].as_str(), potion["supply"].as_str()),
        (Some("25"), Some("1000"))
    );
    assert_eq!(potion["nftInterface"], "erc1155");
    assert_eq!(list["total"].as_u64(), Some(rows.len() as u64));
    state.shut_down().await;
}
