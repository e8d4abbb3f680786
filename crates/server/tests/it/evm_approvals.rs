//! `GET /api/v1/evm/{network}/accounts/{address}/approvals` in-process: the seeded
//! devnet's approvals through the built-in index checked against `allowance()`,
//! `getApproved` and `isApprovedForAll`, revoked rows hidden by default, risk facts,
//! sorting, type filter and search; a revoke shows as soon as the index has its block
//! (answers are reused only while the index stands still, or carried over blocks that
//! did not touch the owner); the Teloscan fixtures on
//! telos-evm; malformed input.

use crate::evm_prepare_support;

use alloy::providers::{Provider, ProviderBuilder};
use alloy_primitives::U256;
use std::time::{Duration, Instant};

use crate::evm_history_support::{
    DEVNET, DevnetApp, TeloscanFixtures, addr, assert_bad_request, fixture, get, teloscan_app,
};
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

fn rows(list: &Value) -> &Vec<Value> {
    list["approvals"].as_array().unwrap()
}

fn same(a: &Value, b: &str) -> bool {
    a.as_str().is_some_and(|a| a.eq_ignore_ascii_case(b))
}

fn has_fact(row: &Value, fact: &str) -> bool {
    row["riskFacts"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f == fact)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_approvals_of_the_seeded_devnet() {
    let devnet = DevnetApp::start().await;
    let reader = devnet.state.evm(DEVNET).unwrap().reader().clone();
    let uri = |name: &str, query: &str| {
        format!(
            "/api/v1/evm/{DEVNET}/accounts/{}/approvals?{query}",
            devnet.account(name)
        )
    };
    let (art, tusd, gems, swap) = (
        devnet.contract("ART"),
        devnet.contract("TUSD"),
        devnet.contract("GEMS"),
        devnet.contract("SWAP"),
    );

    // Every seeded ERC-20 allowance: shown when live, hidden when revoked unless asked,
    // and equal to allowance() on the chain.
    for seeded in devnet.seeded()["allowances"].as_array().unwrap() {
        let owner = seeded["owner"].as_str().unwrap();
        let token = seeded["tokenAddress"].as_str().unwrap();
        let spender = seeded["spenderAddress"].as_str().unwrap();
        let find = |list: &Value| {
            rows(list)
                .iter()
                .find(|r| same(&r["tokenAddress"], token) && same(&r["spenderAddress"], spender))
                .cloned()
        };
        let (status, shown) = get(devnet.router(), &uri(owner, "type=erc20")).await;
        assert_eq!(status, StatusCode::OK, "{shown}");
        let (_, everything) = get(
            devnet.router(),
            &uri(owner, "type=erc20&includeRevoked=true"),
        )
        .await;
        let row = find(&everything).unwrap_or_else(|| panic!("{seeded} missing: {everything}"));
        let on_chain = reader
            .allowance(
                addr(token),
                addr(seeded["ownerAddress"].as_str().unwrap()),
                addr(spender),
            )
            .await
            .unwrap();
        assert_eq!(row["allowanceRaw"], on_chain.to_string(), "{seeded}");
        assert_eq!(row["allowanceRaw"], seeded["amount"], "{seeded}");
        match seeded["kind"].as_str().unwrap() {
            "revoked" => {
                assert!(find(&shown).is_none(), "revoked shown by default: {shown}");
                assert_eq!(row["revoked"], true);
                assert_eq!(row["riskFacts"], serde_json::json!([]));
            }
            "unlimited" => {
                assert_eq!(
                    (row["unlimited"].as_bool(), row["revoked"].as_bool()),
                    (Some(true), Some(false))
                );
                assert!(has_fact(&row, "unlimited"), "{row}");
                assert!(find(&shown).is_some());
            }
            _ => assert!(find(&shown).is_some(), "{seeded}: {shown}"),
        }
    }

    // Alice: token names, decimals, logo from the token list, exact amounts, balances,
    // the spender that is an account.
    // The token list loads in the background and the index fetches NFT metadata after
    // the blocks: wait for a logo and for the approved NFT's name.
    let alice = devnet
        .get_until(&uri("alice", ""), |list| {
            let rows = rows(list);
            rows.iter().any(|r| r["tokenLogo"].is_string())
                && rows
                    .iter()
                    .any(|r| r["collectionWide"] == false && r["tokenName"].is_string())
        })
        .await;
    let tusd_row = rows(&alice)
        .iter()
        .find(|r| same(&r["tokenAddress"], &tusd))
        .unwrap();
    assert_eq!(tusd_row["type"], "erc20");
    assert_eq!(
        (
            tusd_row["tokenName"].as_str(),
            tusd_row["tokenSymbol"].as_str()
        ),
        (Some("Tandem USD"), Some("TUSD"))
    );
    assert_eq!(
        (
            tusd_row["tokenDecimals"].as_u64(),
            tusd_row["allowance"].as_str()
        ),
        (Some(6), Some("75"))
    );
    assert!(
        tusd_row["tokenLogo"]
            .as_str()
            .is_some_and(|logo| logo.ends_with("/logos/tusd.svg")),
        "{tusd_row}"
    );
    assert!(same(&tusd_row["spenderAddress"], &swap));
    assert_eq!(tusd_row["spenderIsContract"], true);
    let alice_tusd = reader
        .balance_of(addr(&tusd), addr(&devnet.account("alice")))
        .await
        .unwrap();
    let expected = tandem_domain::amount::Amount::new(alice_tusd, 6).unwrap();
    assert_eq!(tusd_row["balance"], expected.to_plain_string());
    let gems_row = rows(&alice)
        .iter()
        .find(|r| same(&r["tokenAddress"], &gems))
        .unwrap();
    assert_eq!(gems_row["spenderIsContract"], false);
    assert!(has_fact(gems_row, "spenderNotContract"), "{gems_row}");

    // Alice's ERC-721 approvals: token 7 to bob, the whole collection to carol.
    let single = rows(&alice)
        .iter()
        .find(|r| r["type"] == "erc721" && r["collectionWide"] == false)
        .unwrap();
    assert_eq!(
        (single["tokenId"].as_str(), single["tokenName"].as_str()),
        (Some("7"), Some("Pixel"))
    );
    let approved = reader
        .get_approved(addr(&art), U256::from(7))
        .await
        .unwrap();
    assert!(same(&single["spenderAddress"], &approved.to_checksum(None)));
    let wide = rows(&alice)
        .iter()
        .find(|r| r["type"] == "erc721" && r["collectionWide"] == true)
        .unwrap();
    assert!(same(&wide["spenderAddress"], &devnet.account("carol")));
    assert!(has_fact(wide, "collectionWide"));
    assert!(
        reader
            .is_approved_for_all(
                addr(&art),
                addr(&devnet.account("alice")),
                addr(&devnet.account("carol"))
            )
            .await
            .unwrap()
    );
    assert_eq!(wide["collectionName"], "Tandem Art");
    let held_art = devnet.seeded()["erc721Owners"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["owner"] == "alice")
        .count();
    assert_eq!(wide["balance"], held_art.to_string());

    // Operators: revoked hidden by default (dave → bob on ART), ERC-1155 (bob → dave).
    for seeded in devnet.seeded()["operatorApprovals"].as_array().unwrap() {
        let owner = seeded["owner"].as_str().unwrap();
        let operator = seeded["operatorAddress"].as_str().unwrap();
        let collection = seeded["collection"].as_str().unwrap();
        let kind = if collection == "ITEMS" {
            "erc1155"
        } else {
            "erc721"
        };
        let wide = |list: &Value| {
            rows(list)
                .iter()
                .find(|r| {
                    r["type"] == kind
                        && r["collectionWide"] != false
                        && same(&r["spenderAddress"], operator)
                })
                .cloned()
        };
        let (_, shown) = get(devnet.router(), &uri(owner, &format!("type={kind}"))).await;
        let (_, all) = get(
            devnet.router(),
            &uri(owner, &format!("type={kind}&includeRevoked=true")),
        )
        .await;
        let on_chain = reader
            .is_approved_for_all(
                addr(&devnet.contract(collection)),
                addr(seeded["ownerAddress"].as_str().unwrap()),
                addr(operator),
            )
            .await
            .unwrap();
        assert_eq!(Some(on_chain), seeded["approved"].as_bool());
        let row = wide(&all).unwrap_or_else(|| panic!("{seeded} missing: {all}"));
        assert_eq!(row["allowed"], on_chain, "{seeded}");
        assert_eq!(wide(&shown).is_some(), on_chain, "{seeded}: {shown}");
    }

    // Sorting, type filter and search.
    let (_, by_token) = get(devnet.router(), &uri("alice", "sort=token&dir=asc")).await;
    let labels: Vec<String> = rows(&by_token)
        .iter()
        .map(|r| {
            // The token of an ERC-20 row, the collection of an NFT row.
            r["collectionName"]
                .as_str()
                .or(r["tokenName"].as_str())
                .unwrap()
                .to_lowercase()
        })
        .collect();
    let mut sorted = labels.clone();
    sorted.sort();
    assert_eq!(labels, sorted);
    let (_, by_date) = get(devnet.router(), &uri("alice", "sort=date")).await;
    let dates: Vec<u64> = rows(&by_date)
        .iter()
        .map(|r| r["lastUpdated"].as_u64().unwrap())
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");
    let (_, searched) = get(devnet.router(), &uri("alice", "search=gems")).await;
    assert!(!rows(&searched).is_empty());
    assert!(
        rows(&searched)
            .iter()
            .all(|r| same(&r["tokenAddress"], &gems)),
        "{searched}"
    );
    let (_, only_nfts) = get(devnet.router(), &uri("alice", "type=erc721")).await;
    assert!(rows(&only_nfts).iter().all(|r| r["type"] == "erc721"));
    assert_eq!(
        only_nfts["total"].as_u64(),
        Some(rows(&only_nfts).len() as u64)
    );

    for (query, code) in [
        ("type=erc777", "validation.invalid_parameter"),
        ("sort=price", "validation.invalid_parameter"),
        ("dir=up", "validation.invalid_parameter"),
        ("includeRevoked=maybe", "validation.invalid_parameter"),
    ] {
        assert_bad_request(devnet.router(), &uri("alice", query), code).await;
    }
    assert_bad_request(
        devnet.router(),
        &format!("/api/v1/evm/{DEVNET}/accounts/alice/approvals"),
        "antelope.evm.error_invalid_address",
    )
    .await;
    devnet.state.shut_down().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_approvals_from_teloscan_fixtures() {
    let fixtures = TeloscanFixtures::start().await;
    let (state, app) = teloscan_app(&fixtures).await;
    let uri = |query: &str| {
        format!(
            "/api/v1/evm/telos-evm/accounts/{}/approvals?{query}",
            fixture::ALICE
        )
    };
    let (status, live) = get(app.clone(), &uri("")).await;
    assert_eq!(status, StatusCode::OK, "{live}");
    let usdc = rows(&live)
        .iter()
        .find(|r| same(&r["tokenAddress"], fixture::USDC))
        .expect("a token missing from the token list still has its row");
    assert_eq!(usdc["unlimited"], true);
    assert!(same(&usdc["spenderAddress"], fixture::ROUTER));
    assert!(has_fact(usdc, "unlimited"));
    assert!(rows(&live).iter().all(|r| r["revoked"] == false));
    assert!(
        rows(&live)
            .iter()
            .any(|r| r["type"] == "erc721" && r["tokenId"] == "42")
    );
    assert!(rows(&live).iter().any(|r| r["type"] == "erc1155"));
    let (_, all) = get(app, &uri("includeRevoked=true")).await;
    let revoked: Vec<&Value> = rows(&all).iter().filter(|r| r["revoked"] == true).collect();
    assert!(
        revoked
            .iter()
            .any(|r| same(&r["tokenAddress"], fixture::WTLOS) && r["allowanceRaw"] == "0"),
        "{all}"
    );
    assert!(
        revoked
            .iter()
            .any(|r| r["type"] == "erc721" && same(&r["spenderAddress"], fixture::BOB))
    );
    assert_eq!(rows(&all).len(), rows(&live).len() + revoked.len());
    state.shut_down().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_approvals_show_a_revoke_once_the_index_has_its_block() {
    let devnet = DevnetApp::start().await;
    let live = devnet.seeded()["allowances"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["kind"] != "revoked")
        .cloned()
        .expect("a live seeded allowance");
    let owner = live["owner"].as_str().unwrap();
    let (token, spender) = (
        live["tokenAddress"].as_str().unwrap(),
        live["spenderAddress"].as_str().unwrap(),
    );
    let uri = format!(
        "/api/v1/evm/{DEVNET}/accounts/{}/approvals?type=erc20",
        devnet.account(owner)
    );
    let listed = |list: &Value| {
        rows(list)
            .iter()
            .any(|r| same(&r["tokenAddress"], token) && same(&r["spenderAddress"], spender))
    };
    // Asked twice, so the second answer comes from the reused snapshot.
    for _ in 0..2 {
        let (status, list) = get(devnet.router(), &uri).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        assert!(listed(&list), "{live} missing from {list}");
    }

    // Blocks that touch nobody move the index: the answer built at the newest carries
    // the index's part of the last one forward (balances and prices are read again)
    // and lists exactly the same rows.
    let (_, before) = get(devnet.router(), &uri).await;
    let node = ProviderBuilder::new().connect_http(devnet.devnet.rpc_url().parse().unwrap());
    for _ in 0..2 {
        let _: Value = node.raw_request("evm_mine".into(), ()).await.unwrap();
    }
    let mined = node.get_block_number().await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    let moved = loop {
        let (status, list) = get(devnet.router(), &uri).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        if list["coverage"]["throughBlock"].as_u64() >= Some(mined) {
            break list;
        }
        assert!(
            Instant::now() < deadline,
            "the index never reached block {mined}: {list}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        rows(&moved),
        rows(&before),
        "an untouched owner's rows change"
    );

    let (status, prepared) = evm_prepare_support::call(
        &devnet.router(),
        Method::POST,
        &format!("/api/v1/evm/{DEVNET}/transactions/prepare"),
        Some(json!({
            "kind": "revoke", "from": devnet.account(owner), "contract": token, "spender": spender,
        })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{prepared}");
    evm_prepare_support::sign_and_send(&devnet.devnet, owner, &prepared).await;

    // Well within the snapshot's 60 s lifetime: only the index moving can explain it.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, list) = get(devnet.router(), &uri).await;
        if !listed(&list) {
            break;
        }
        assert!(Instant::now() < deadline, "the revoke never showed: {list}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    devnet.state.shut_down().await;
}
