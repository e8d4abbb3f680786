//! The native read routes against the real native devnet, and their input validation.

use crate::native_common::{call, get, router};
use axum::http::{Method, StatusCode};
use serde_json::json;
use tandem_testkit::NativeDevnet;

#[tokio::test]
async fn native_reads_and_validation() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let app = router(&devnet, None);
    let seeded = devnet.manifest().seeded.clone();

    let (status, networks) = call(&app, Method::GET, "/api/v1/networks", None).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = networks["networks"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|n| n["name"].as_str())
        .collect();
    assert!(names.contains(&"telos-native-devnet"), "{names:?}");

    let (status, alice) = get(&app, "accounts/alice").await;
    assert_eq!(status, StatusCode::OK, "{alice}");
    assert_eq!(alice["totalResources"]["quantity"], "20.0000 TLOS");
    assert_eq!(
        alice["stakedCpu"]["quantity"],
        seeded["resources"]["alice"]["cpuStake"]
    );
    assert_eq!(alice["liquid"]["amount"], "900.0000");
    assert_eq!(alice["ram"]["unlimited"], false);
    assert!(alice["cpu"]["max"].as_i64().expect("cpu max") > 0);
    assert_eq!(alice["voterProxy"], "bob");

    let (status, balances) = get(&app, "accounts/alice/balances").await;
    assert_eq!(status, StatusCode::OK, "{balances}");
    assert_eq!(balances["pricesAvailable"], false);
    assert_eq!(balances["tokensComplete"], true);
    let list = balances["balances"].as_array().expect("balances");
    assert_eq!(list[0]["symbol"], "TLOS");
    assert_eq!(list[0]["isSystem"], true);
    assert!(list.iter().all(|b| b["price"].is_null()));
    for expected in seeded["balances"]
        .as_array()
        .expect("seeded")
        .iter()
        .filter(|b| b["account"] == "alice")
    {
        let found = list
            .iter()
            .find(|b| b["contract"] == expected["contract"] && b["symbol"] == expected["symbol"])
            .expect("listed");
        assert_eq!(found["balance"]["quantity"], expected["amount"]);
    }

    let (status, rex) = get(&app, "accounts/alice/rex").await;
    assert_eq!(status, StatusCode::OK, "{rex}");
    assert_eq!(rex["value"]["quantity"], seeded["rex"]["value"]);
    assert_eq!(rex["fund"]["quantity"], seeded["rex"]["fund"]);
    let (_, bob_rex) = get(&app, "accounts/bob/rex").await;
    assert_eq!(bob_rex["value"]["quantity"], "0.0000 TLOS");

    let (status, profile) = get(&app, "accounts/alice/profile").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(profile["profile"], seeded["profile"]);
    // The avatar as the browser loads it (through the media proxy when it is on).
    assert!(
        profile["avatarSrc"]
            .as_str()
            .is_some_and(|src| src.contains("alice.png")),
        "{profile}"
    );
    let (status, none) = get(&app, "accounts/bob/profile").await;
    assert_eq!(
        (status, none["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("antelope.profile.not_found"))
    );

    let (status, creator) = get(&app, "accounts/kid1.carol/creator").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(creator["creator"], "carol");
    let (_, children) = get(&app, "accounts/carol/children").await;
    let mut kids: Vec<&str> = children["children"]
        .as_array()
        .expect("kids")
        .iter()
        .filter_map(|k| k.as_str())
        .collect();
    kids.sort_unstable();
    assert_eq!(kids, ["kid1.carol", "kid2.carol"]);

    let (_, links) = get(&app, "accounts/alice/links").await;
    assert_eq!(links["links"][0]["permission"], "transfer");
    assert_eq!(links["links"][0]["code"], "eosio.token");
    let (_, permissions) = get(&app, "accounts/alice/permissions").await;
    let transfer = permissions["permissions"]
        .as_array()
        .expect("permissions")
        .iter()
        .find(|p| p["perm_name"] == "transfer")
        .expect("transfer");
    let key = &devnet
        .manifest()
        .account("alice", "transfer")
        .expect("key")
        .public_key;
    assert_eq!(&transfer["required_auth"]["keys"][0]["key"], key);

    let (_, proposals) = get(&app, "accounts/alice/proposals").await;
    assert_eq!(proposals["proposals"][0]["proposal_name"], "sendbob");
    let (_, approved) = get(&app, "accounts/bob/proposals?role=provided").await;
    assert_eq!(approved["proposals"][0]["proposer"], "alice");

    let alice_key = &devnet
        .manifest()
        .account("alice", "active")
        .expect("alice")
        .public_key;
    let (status, accounts) = get(&app, &format!("keys/{alice_key}/accounts")).await;
    assert_eq!(status, StatusCode::OK, "{accounts}");
    assert_eq!(accounts["accounts"], json!(["alice"]));

    let (_, first) = get(&app, "accounts/alice/history?limit=2").await;
    let (_, second) = get(&app, "accounts/alice/history?limit=2&skip=2").await;
    assert_eq!(first["actions"].as_array().expect("page").len(), 2);
    assert_ne!(first["actions"][0]["trxId"], second["actions"][0]["trxId"]);
    assert!(first["total"].as_u64().expect("total") >= 4);
    let (_, transfers) = get(&app, "accounts/bob/history?filter=eosio.token:transfer").await;
    assert!(
        transfers["actions"]
            .as_array()
            .expect("page")
            .iter()
            .all(|a| a["action"] == "transfer")
    );

    let invalid = [
        (
            "/api/v1/native/nowhere/accounts/alice",
            400,
            "antelope.chain.error_invalid_network",
        ),
        (
            "/api/v1/native/telos-evm/accounts/alice",
            400,
            "antelope.chain.error_invalid_network",
        ),
        (
            "/api/v1/native/telos/accounts/Alice",
            400,
            "validation.account_name_characters",
        ),
        (
            "/api/v1/native/telos-native-devnet/accounts/abcdefghijklm",
            400,
            "validation.account_name_length",
        ),
        (
            "/api/v1/native/telos-native-devnet/accounts/nobody",
            404,
            "antelope.account.not_found",
        ),
        (
            "/api/v1/native/telos-native-devnet/accounts/alice/history?limit=0",
            400,
            "validation.invalid_parameter",
        ),
        (
            "/api/v1/native/telos-native-devnet/accounts/alice/history?limit=x",
            400,
            "validation.invalid_parameter",
        ),
        (
            "/api/v1/native/telos-native-devnet/accounts/alice/history?sort=up",
            400,
            "validation.invalid_parameter",
        ),
        (
            "/api/v1/native/telos-native-devnet/accounts/alice/history?filter=x",
            400,
            "validation.invalid_parameter",
        ),
        (
            "/api/v1/native/telos-native-devnet/accounts/alice/proposals?role=x",
            400,
            "validation.invalid_parameter",
        ),
        (
            "/api/v1/native/telos-native-devnet/keys/EOS123/accounts",
            400,
            "antelope.key.invalid",
        ),
    ];
    for (uri, status, code) in invalid {
        let (got, body) = call(&app, Method::GET, uri, None).await;
        assert_eq!(
            (got.as_u16(), body["code"].as_str()),
            (status, Some(code)),
            "{uri}: {body}"
        );
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{uri}"
        );
    }
}

#[tokio::test]
async fn native_accounts_linked_to_evm_addresses() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let app = router(&devnet, None);
    // alice's linked address is a keyless one `eosio.evm::create` made.
    let link = devnet.manifest().seeded["evmLinks"][0].clone();
    assert_eq!(
        (&link["account"], &link["keyless"]),
        (&json!("alice"), &json!(true))
    );
    let address = link["address"].as_str().expect("address");

    let (status, networks) = call(&app, Method::GET, "/api/v1/networks", None).await;
    assert_eq!(status, StatusCode::OK);
    let native = networks["networks"]
        .as_array()
        .expect("list")
        .iter()
        .find(|n| n["name"] == "telos-native-devnet")
        .expect("devnet served");
    assert_eq!(native["linkedNetwork"], "telos-evm-devnet");

    let (status, linked) = get(&app, "accounts/alice/evm-address").await;
    assert_eq!(status, StatusCode::OK, "{linked}");
    assert_eq!(
        (
            &linked["account"],
            &linked["evmNetwork"],
            &linked["address"]
        ),
        (&json!("alice"), &json!("telos-evm-devnet"), &json!(address)),
        "{linked}"
    );
    // What `withdraw` can take: the table's balance of the address, in wei.
    assert!(
        linked["contractBalanceWei"]
            .as_str()
            .is_some_and(|wei| wei.parse::<u128>().is_ok()),
        "{linked}"
    );
    let (status, none) = get(&app, "accounts/bob/evm-address").await;
    assert_eq!((status, &none["address"]), (StatusCode::OK, &json!(null)));

    // The other way, whatever the case of the address.
    let lower = address.to_lowercase();
    let (status, back) = get(&app, &format!("evm-addresses/{lower}/account")).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back, json!({ "address": address, "account": "alice" }));
    // A row `openwallet` opened for an address (a deposit's recipient) links no account.
    let opened = devnet.manifest().seeded["evmOpened"][0]["address"].clone();
    let opened = opened.as_str().expect("opened address");
    let (status, unlinked) = get(&app, &format!("evm-addresses/{opened}/account")).await;
    assert_eq!(status, StatusCode::OK, "{unlinked}");
    assert_eq!(unlinked, json!({ "address": opened, "account": null }));
    let unknown = format!("0x{}", "ab".repeat(20));
    let (status, nobody) = get(&app, &format!("evm-addresses/{unknown}/account")).await;
    assert_eq!((status, &nobody["account"]), (StatusCode::OK, &json!(null)));
    let (status, bad) = get(&app, "evm-addresses/0x1234/account").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    let (status, bad) = get(&app, "accounts/Alice/evm-address").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
}

#[tokio::test]
async fn native_ram_cost_prices_bytes_from_the_ram_market() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let app = router(&devnet, None);
    let (status, cost) = get(&app, "ram-cost?bytes=4096").await;
    assert_eq!(status, StatusCode::OK, "{cost}");
    assert_eq!(
        (cost["bytes"].as_u64(), cost["cost"]["symbol"].as_str()),
        (Some(4096), Some("TLOS"))
    );
    let amount: f64 = cost["cost"]["amount"]
        .as_str()
        .expect("amount")
        .parse()
        .expect("number");
    assert!(amount > 0.0 && amount < 10.0, "{cost}");
    let (status, double) = get(&app, "ram-cost?bytes=8192").await;
    assert_eq!(status, StatusCode::OK);
    assert!(double["cost"]["amount"].as_str() > cost["cost"]["amount"].as_str());
    for bad in [
        "ram-cost?bytes=0",
        "ram-cost?bytes=99999999",
        "ram-cost",
        "ram-cost?bytes=x",
    ] {
        let (status, body) = get(&app, bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }
}

#[tokio::test]
async fn native_history_filters_and_transaction_lookup() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let app = router(&devnet, None);
    let (status, all) = get(&app, "accounts/carol/history?limit=100").await;
    assert_eq!(status, StatusCode::OK, "{all}");
    let total = all["total"].as_u64().expect("total");
    // Each filter narrows the list to what it names.
    let (_, transfers) = get(&app, "accounts/carol/history?limit=100&actName=transfer").await;
    let actions = transfers["actions"].as_array().expect("actions");
    assert!(!actions.is_empty() && (actions.len() as u64) < total);
    assert!(actions.iter().all(|a| a["action"] == "transfer"));
    let (_, notified) = get(&app, "accounts/carol/history?limit=100&notified=kid2.carol").await;
    let narrowed = notified["actions"].as_array().expect("actions");
    assert!(!narrowed.is_empty() && (narrowed.len() as u64) < total);
    let block = narrowed[0]["blockNum"].as_u64().expect("block");
    let (_, in_block) = get(
        &app,
        &format!("accounts/carol/history?limit=100&block={block}"),
    )
    .await;
    assert!(
        in_block["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .all(|a| a["blockNum"] == block)
    );
    let (_, after) = get(
        &app,
        &format!("accounts/carol/history?limit=100&after={}", block + 1),
    )
    .await;
    let (_, before) = get(
        &app,
        &format!("accounts/carol/history?limit=100&before={block}"),
    )
    .await;
    let count = |page: &serde_json::Value| page["total"].as_u64().expect("total");
    assert!(
        count(&after) < total && count(&before) < total,
        "{after} {before}"
    );
    for bad in [
        "after=yesterday",
        "before=2026-13-01T00:00:00",
        "actName=Transfer",
        "notified=Kid",
        "block=x",
    ] {
        let (status, body) = get(&app, &format!("accounts/carol/history?{bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }

    // A transaction by id: its actions; an unknown id and a malformed one said so.
    let id = narrowed[0]["trxId"].as_str().expect("id");
    let (status, trx) = get(&app, &format!("transactions/{}", id.to_uppercase())).await;
    assert_eq!(status, StatusCode::OK, "{trx}");
    assert_eq!(trx["id"], id);
    assert!(
        trx["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .any(|a| a["action"] == "transfer")
    );
    let (status, missing) = get(&app, &format!("transactions/{}", "ab".repeat(32))).await;
    assert_eq!(
        (status, missing["code"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("antelope.transaction.not_found")
        )
    );
    let (status, malformed) = get(&app, "transactions/xyz").await;
    assert_eq!(
        (status, malformed["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("validation.invalid_transaction_id")
        )
    );
}

#[tokio::test]
async fn native_producers_and_the_rex_apy() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let app = router(&devnet, None);
    let producer = devnet.manifest().seeded["producer"].clone();
    let (status, list) = get(&app, "producers").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let carol = list["producers"]
        .as_array()
        .expect("producers")
        .iter()
        .find(|p| p["owner"] == producer["producer"])
        .expect("carol registered");
    assert_eq!(
        (carol["url"].clone(), carol["scheduled"].clone()),
        (producer["url"].clone(), json!(false))
    );
    assert_eq!(list["schedule"], json!(["eosio"]));
    let (status, apy) = get(&app, "rex/apy").await;
    assert_eq!(status, StatusCode::OK, "{apy}");
    assert_eq!(
        (apy["status"].as_str(), apy["apy"].as_str()),
        (Some("available"), Some("10.78"))
    );
}
