//! Transaction preparation against the real seeded devnet: every kind returns call data
//! that, signed here with the account's devnet key and sent, executes with the expected
//! effect; invalid requests are refused with the domain's keys before anything is sent.

use crate::evm_prepare_support;

use crate::evm_prepare_support::{Harness, text};
use alloy::primitives::{Address, U256};
use axum::http::StatusCode;
use serde_json::{Value, json};
use tandem_domain::amount::Amount;

const ETHER: u64 = 1_000_000_000_000_000_000;

fn tlos(whole: u64) -> U256 {
    U256::from(whole) * U256::from(ETHER)
}

#[tokio::test]
async fn evm_prepare_every_kind_executes_on_chain() {
    let h = Harness::start().await;
    let reader = h.reader();
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(|name| h.account(name));
    let [wtlos, stlos, escrow, tusd, gems, art, items] =
        ["WTLOS", "STLOS", "ESCROW", "TUSD", "GEMS", "ART", "ITEMS"].map(|key| h.contract(key));
    let from = text(alice);

    // send TLOS
    let before = reader.native_balance(carol).await.unwrap();
    let tx = h
        .prepared(json!({"kind": "send", "from": from, "to": text(carol), "amount": "1.5"}))
        .await;
    assert_eq!(
        tx["effect"],
        json!({"action": "send", "asset": {"address": null, "symbol": "TLOS", "name": null}, "amount": "1.5", "to": text(carol)})
    );
    assert_eq!(tx["grantsApproval"], false);
    assert_eq!(tx["data"], "0x");
    assert_eq!(tx["value"], "1500000000000000000");
    assert_eq!(tx["chainId"], 41);
    assert_eq!(tx["fee"]["symbol"], "TLOS");
    assert!(tx["gas"].as_str().unwrap().parse::<u64>().unwrap() >= 21_000);
    h.sign_and_send("alice", &tx).await;
    assert_eq!(
        reader.native_balance(carol).await.unwrap() - before,
        tlos(3) / U256::from(2u8)
    );

    // send an ERC-20 with 6 decimals
    let before = reader.balance_of(tusd, carol).await.unwrap();
    let tx = h
        .prepared(json!({"kind": "send", "from": from, "token": text(tusd), "to": text(carol), "amount": "2.5"}))
        .await;
    assert_eq!(tx["effect"]["action"], "send");
    assert_eq!(tx["effect"]["asset"]["address"], text(tusd));
    assert_eq!(tx["effect"]["asset"]["symbol"], "TUSD");
    assert_eq!(tx["effect"]["amount"], "2.5");
    assert_eq!(tx["effect"]["to"], text(carol));
    assert_eq!(tx["value"], "0");
    h.sign_and_send("alice", &tx).await;
    assert_eq!(
        reader.balance_of(tusd, carol).await.unwrap() - before,
        U256::from(2_500_000u32)
    );

    // ERC-721 transfer (token 1 is alice's)
    let tx = h
        .prepared(json!({"kind": "nftTransfer", "from": from, "contract": text(art), "tokenId": "1", "to": text(carol)}))
        .await;
    assert_eq!(tx["effect"]["action"], "nftTransfer", "{tx}");
    assert_eq!(tx["effect"]["collection"]["address"], text(art));
    assert_eq!(tx["effect"]["tokenId"], "1");
    assert_eq!(tx["effect"]["quantity"], Value::Null);
    assert_eq!(tx["effect"]["to"], text(carol));
    h.sign_and_send("alice", &tx).await;
    assert_eq!(reader.owner_of(art, U256::from(1u8)).await.unwrap(), carol);

    // ERC-1155 transfer of 5 of id 3
    let before = reader
        .erc1155_balance_of(items, carol, U256::from(3u8))
        .await
        .unwrap();
    let tx = h
        .prepared(json!({"kind": "nftTransfer", "from": from, "contract": text(items), "tokenId": "3", "to": text(carol), "quantity": "5"}))
        .await;
    assert_eq!(tx["effect"]["action"], "nftTransfer", "{tx}");
    assert_eq!(tx["effect"]["tokenId"], "3");
    assert_eq!(tx["effect"]["quantity"], "5");
    h.sign_and_send("alice", &tx).await;
    let after = reader
        .erc1155_balance_of(items, carol, U256::from(3u8))
        .await
        .unwrap();
    assert_eq!(after - before, U256::from(5u8));

    // wrap and unwrap
    let before = reader.wtlos_balance(wtlos, alice).await.unwrap();
    let tx = h
        .prepared(json!({"kind": "wrap", "from": from, "amount": "1"}))
        .await;
    assert_eq!(
        tx["effect"],
        json!({"action": "wrap", "amount": "1", "symbol": "TLOS", "wrappedSymbol": "WTLOS"})
    );
    h.sign_and_send("alice", &tx).await;
    let tx = h
        .prepared(json!({"kind": "unwrap", "from": from, "amount": "0.25"}))
        .await;
    assert_eq!(
        tx["effect"],
        json!({"action": "unwrap", "amount": "0.25", "symbol": "TLOS", "wrappedSymbol": "WTLOS"})
    );
    h.sign_and_send("alice", &tx).await;
    let after = reader.wtlos_balance(wtlos, alice).await.unwrap();
    assert_eq!(after - before, tlos(3) / U256::from(4u8));

    // stake: the shares minted are the preview's
    let shares_before = reader.balance_of(stlos, alice).await.unwrap();
    let expected = reader.preview_deposit(stlos, tlos(2)).await.unwrap();
    let tx = h
        .prepared(json!({"kind": "stake", "from": from, "amount": "2"}))
        .await;
    assert_eq!(tx["effect"]["action"], "stake", "{tx}");
    assert_eq!(tx["effect"]["amount"], "2");
    assert_eq!(tx["effect"]["stakedSymbol"], "STLOS");
    let about = Amount::new(expected, 18).unwrap().to_plain_string();
    assert_eq!(tx["effect"]["shares"], about);
    h.sign_and_send("alice", &tx).await;
    assert_eq!(
        reader.balance_of(stlos, alice).await.unwrap() - shares_before,
        expected
    );

    // unstake: a new locked escrow deposit
    let deposits = reader.escrow_deposits(escrow, alice).await.unwrap().len();
    let tx = h
        .prepared(json!({"kind": "unstake", "from": from, "amount": "1"}))
        .await;
    assert_eq!(
        tx["effect"],
        json!({"action": "unstake", "amount": "1", "symbol": "TLOS", "lock": {"seconds": 3600, "value": 1, "unit": "hour"}})
    );
    h.sign_and_send("alice", &tx).await;
    let now = reader.escrow_deposits(escrow, alice).await.unwrap();
    assert_eq!(now.len(), deposits + 1);
    assert_eq!(now.last().unwrap().amount, tlos(1));

    // withdraw the unlocked 10 TLOS
    assert_eq!(
        reader.escrow_max_withdraw(escrow, alice).await.unwrap(),
        tlos(10)
    );
    let tx = h.prepared(json!({"kind": "withdraw", "from": from})).await;
    assert_eq!(
        tx["effect"],
        json!({"action": "withdraw", "amount": "10", "symbol": "TLOS"})
    );
    h.sign_and_send("alice", &tx).await;
    assert_eq!(
        reader.escrow_max_withdraw(escrow, alice).await.unwrap(),
        U256::ZERO
    );

    // approve unlimited, then revoke it
    let tx = h
        .prepared(json!({"kind": "approve", "from": from, "token": text(gems), "spender": text(dave), "amount": "unlimited"}))
        .await;
    assert_eq!(tx["effect"]["action"], "approve");
    assert_eq!(tx["effect"]["token"]["symbol"], "GEMS");
    assert_eq!(tx["effect"]["spender"], text(dave));
    assert_eq!(tx["effect"]["unlimited"], true);
    assert_eq!(tx["grantsApproval"], true, "the review weighs the grant");
    h.sign_and_send("alice", &tx).await;
    assert_eq!(
        reader.allowance(gems, alice, dave).await.unwrap(),
        U256::MAX
    );
    let tx = h
        .prepared(
            json!({"kind": "revoke", "from": from, "contract": text(gems), "spender": text(dave)}),
        )
        .await;
    assert_eq!(tx["effect"]["action"], "revokeAllowance");
    assert_eq!(tx["effect"]["spender"], text(dave));
    assert_eq!(tx["grantsApproval"], false, "a revoke grants nothing");
    h.sign_and_send("alice", &tx).await;
    assert_eq!(
        reader.allowance(gems, alice, dave).await.unwrap(),
        U256::ZERO
    );

    // revoke the single-token approval of ART 7 (bob) and the operator carol
    let tx = h
        .prepared(json!({"kind": "revoke", "from": from, "contract": text(art), "spender": text(bob), "tokenId": "7"}))
        .await;
    assert_eq!(
        tx["effect"],
        json!({"action": "revokeNft", "collection": {"address": text(art), "symbol": "ART", "name": "Tandem Art"}, "tokenId": "7", "spender": text(bob)}),
        "{tx}"
    );
    h.sign_and_send("alice", &tx).await;
    assert_eq!(
        reader.get_approved(art, U256::from(7u8)).await.unwrap(),
        Address::ZERO
    );
    let tx = h
        .prepared(
            json!({"kind": "revoke", "from": from, "contract": text(art), "spender": text(carol)}),
        )
        .await;
    h.sign_and_send("alice", &tx).await;
    assert!(!reader.is_approved_for_all(art, alice, carol).await.unwrap());

    // ERC-1155 operator (bob approved dave)
    let tx = h
        .prepared(json!({"kind": "revoke", "from": text(bob), "contract": text(items), "spender": text(dave)}))
        .await;
    h.sign_and_send("bob", &tx).await;
    assert!(!reader.is_approved_for_all(items, bob, dave).await.unwrap());

    // Revoking again is refused: nothing is allowed any more.
    let (status, again) = h
        .prepare(json!({"kind": "revoke", "from": text(bob), "contract": text(items), "spender": text(dave)}))
        .await;
    assert_eq!(
        (status, again["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("evm.already_revoked"))
    );
}

#[tokio::test]
async fn evm_prepare_refuses_invalid_requests_with_their_keys() {
    let h = Harness::start().await;
    let (alice, carol) = (h.account("alice"), h.account("carol"));
    let (tusd, items) = (h.contract("TUSD"), h.contract("ITEMS"));
    let (gems, wtlos) = (h.contract("GEMS"), h.contract("WTLOS"));
    let from = text(alice);
    let alice_tlos = h.reader().native_balance(alice).await.unwrap();

    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"kind": "send", "from": from, "token": text(tusd), "to": text(carol), "amount": "1.1234567"}),
            "validation.too_many_decimals",
        ),
        (
            json!({"kind": "send", "from": from, "token": text(tusd), "to": text(carol), "amount": "1000000"}),
            "validation.balance_too_low",
        ),
        (
            json!({"kind": "send", "from": from, "to": "0x90f79bf6EB2c4f870365E785982E1f101E93b906", "amount": "1"}),
            "validation.invalid_checksum_address",
        ),
        (
            json!({"kind": "send", "from": from, "to": text(carol), "amount": "0"}),
            "validation.amount_positive",
        ),
        (
            json!({"kind": "send", "from": from, "to": text(carol), "amount": "1,5"}),
            "validation.invalid_number_format",
        ),
        (
            json!({"kind": "send", "from": from, "token": text(items), "to": text(carol), "amount": "1"}),
            "evm.not_an_erc20",
        ),
        (
            json!({"kind": "unstake", "from": from, "amount": "100000"}),
            "validation.balance_too_low",
        ),
        (
            json!({"kind": "withdraw", "from": text(carol)}),
            "evm.nothing_to_withdraw",
        ),
        (
            json!({"kind": "nftTransfer", "from": from, "contract": text(h.contract("ART")), "tokenId": "3", "to": text(carol)}),
            "evm.nft_not_owned",
        ),
        (
            json!({"kind": "nftTransfer", "from": from, "contract": text(tusd), "tokenId": "3", "to": text(carol)}),
            "antelope.contracts.error_invalid_nft_contract_type",
        ),
        // The whole balance leaves nothing for the fee.
        (
            json!({"kind": "send", "from": from, "to": text(carol), "amount": whole_wei(alice_tlos)}),
            "evm.insufficient_funds",
        ),
        (
            json!({"kind": "fly", "from": from}),
            "validation.invalid_body",
        ),
        (
            json!({"kind": "wrap", "from": from, "amount": "1", "extra": true}),
            "validation.invalid_body",
        ),
    ];
    for (body, code) in cases {
        let (status, answer) = h.prepare(body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body} → {answer}");
        assert_eq!(answer["code"], code, "{body} → {answer}");
    }
    let (_, decimals) = h
        .prepare(json!({"kind": "send", "from": from, "token": text(tusd), "to": text(carol), "amount": "0.0000001"}))
        .await;
    assert_eq!(decimals["message"], "you can only enter 6 decimal places");
    assert_eq!(decimals["details"]["field"], "amount");

    // A call the contract refuses: ERC-1155 tokens sent to a contract that cannot take them.
    let (status, reverted) = h
        .prepare(json!({"kind": "nftTransfer", "from": from, "contract": text(items), "tokenId": "3", "to": text(tusd), "quantity": "1"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reverted}");
    assert_eq!(reverted["code"], "evm.recipient_cannot_receive");
    assert!(
        reverted["message"]
            .as_str()
            .unwrap()
            .contains("cannot receive this asset"),
        "{reverted}"
    );

    // A lowercase address is accepted with a warning.
    let tx = h
        .prepared(
            json!({"kind": "send", "from": from, "to": text(carol).to_lowercase(), "amount": "1"}),
        )
        .await;
    assert_eq!(
        tx["warnings"],
        json!([{"field": "to", "code": "validation.address_lowercase"}])
    );

    // Where a transfer goes is warned about before the wallet opens.
    let zero = "0x0000000000000000000000000000000000000000";
    let swap = h.helper("SWAP");
    for (body, code) in [
        (
            json!({"kind": "send", "from": from, "to": zero, "amount": "1"}),
            "validation.recipient_zero_address",
        ),
        (
            json!({"kind": "send", "from": from, "token": text(tusd), "to": text(tusd), "amount": "1"}),
            "validation.recipient_token_contract",
        ),
        (
            json!({"kind": "send", "from": from, "token": text(tusd), "to": text(swap), "amount": "1"}),
            "validation.recipient_contract",
        ),
        // Another token's contract: most often an address copied by mistake.
        (
            json!({"kind": "send", "from": from, "token": text(tusd), "to": text(gems), "amount": "1"}),
            "validation.recipient_other_token_contract",
        ),
        (
            json!({"kind": "send", "from": from, "to": text(wtlos), "amount": "1"}),
            "validation.recipient_other_token_contract",
        ),
    ] {
        let tx = h.prepared(body).await;
        assert_eq!(tx["warnings"], json!([{"field": "to", "code": code}]));
    }
    // An NFT sent to a contract that cannot take it is refused by the chain's own
    // check (the safe transfer reverts in the estimate), its own collection included.
    let art = h.contract("ART");
    let (status, refused) = h
        .prepare(json!({"kind": "nftTransfer", "from": from, "contract": text(art), "tokenId": "1", "to": text(art)}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["code"], "evm.recipient_cannot_receive");
    // TLOS to a contract with no way to be paid (the swap has no payable function) is
    // refused the same way, before the wallet opens.
    let (status, unpaid) = h
        .prepare(json!({"kind": "send", "from": from, "to": text(swap), "amount": "1"}))
        .await;
    assert_eq!(
        (status, unpaid["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("evm.recipient_cannot_receive")
        ),
        "{unpaid}"
    );
    // An ordinary recipient draws no warning.
    let plain = h
        .prepared(json!({"kind": "send", "from": from, "token": text(tusd), "to": text(carol), "amount": "1"}))
        .await;
    assert_eq!(plain["warnings"], json!([]));
}

#[tokio::test]
async fn evm_prepare_revoke_plan_skips_revoked_rows() {
    let h = Harness::start().await;
    let reader = h.reader();
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(|name| h.account(name));
    let [tusd, gems, art, items] = ["TUSD", "GEMS", "ART", "ITEMS"].map(|key| h.contract(key));
    let swap = h.helper("SWAP");
    let id = |spender: Address, token: Address, token_id: Option<u8>| match token_id {
        Some(n) => format!("{}-{}-{n}", text(spender), text(token)),
        None => format!("{}-{}", text(spender), text(token)),
    };
    let items_sent = vec![
        id(swap, tusd, None),    // live ERC-20 (75 TUSD)
        id(bob, art, Some(7)),   // live single-token approval
        id(dave, art, Some(1)),  // token 1 has no approval
        id(carol, art, None),    // live operator
        id(swap, tusd, None),    // duplicate
        id(dave, items, None),   // alice never approved dave on ITEMS
        id(bob, gems, None),     // live ERC-20 (5 GEMS)
        id(bob, items, Some(1)), // ERC-1155 approvals have no token id
    ];
    let (status, answer) = h.revoke_plan(alice, items_sent.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let planned: Vec<&str> = answer["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["item"].as_str().unwrap())
        .collect();
    assert_eq!(
        planned,
        [
            &items_sent[0],
            &items_sent[1],
            &items_sent[3],
            &items_sent[6]
        ]
    );
    let skipped: Vec<(&str, &str)> = answer["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["item"].as_str().unwrap(), s["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(
        skipped,
        [
            (items_sent[2].as_str(), "already_revoked"),
            (items_sent[4].as_str(), "duplicate"),
            (items_sent[5].as_str(), "already_revoked"),
            (items_sent[7].as_str(), "token_id_not_applicable"),
        ]
    );

    // Sign them one at a time, as the wallet does; then nothing is left to revoke.
    for planned in answer["transactions"].as_array().unwrap() {
        h.sign_and_send("alice", &planned["transaction"]).await;
    }
    assert_eq!(
        reader.allowance(tusd, alice, swap).await.unwrap(),
        U256::ZERO
    );
    assert_eq!(
        reader.allowance(gems, alice, bob).await.unwrap(),
        U256::ZERO
    );
    assert_eq!(
        reader.get_approved(art, U256::from(7u8)).await.unwrap(),
        Address::ZERO
    );
    assert!(!reader.is_approved_for_all(art, alice, carol).await.unwrap());
    let (_, after) = h.revoke_plan(alice, items_sent.clone()).await;
    assert_eq!(after["transactions"], json!([]));
    assert!(
        after["skipped"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["reason"] != "read_failed")
    );

    // carol's seeded revoked allowance (dave on TUSD) is skipped.
    let (_, carol_plan) = h.revoke_plan(carol, vec![id(dave, tusd, None)]).await;
    assert_eq!(carol_plan["transactions"], json!([]));
    assert_eq!(carol_plan["skipped"][0]["reason"], "already_revoked");

    // Malformed ids are a 400 naming the item.
    let (status, bad) = h.revoke_plan(alice, vec!["0xabc-0xdef".to_owned()]).await;
    assert_eq!(
        (status, bad["code"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("validation.allowance_batch_id")
        )
    );
    assert_eq!(bad["details"]["index"], 0);
}

/// Wei as whole TLOS text.
fn whole_wei(wei: U256) -> String {
    evm_prepare_support::whole(&wei.to_string(), 18)
}

#[test]
fn evm_prepare_and_staking_routes_are_documented() {
    let document: Value =
        serde_json::from_str(&tandem_server::api::openapi::document_json()).unwrap();
    let paths = &document["paths"];
    for (path, method) in [
        ("/api/v1/evm/{network}/staking", "get"),
        ("/api/v1/evm/{network}/accounts/{address}/staking", "get"),
        ("/api/v1/evm/{network}/transactions/prepare", "post"),
        ("/api/v1/evm/{network}/approvals/revoke-plan", "post"),
    ] {
        let operation = &paths[path][method];
        assert!(operation["responses"]["200"].is_object(), "{path}");
        let error = &operation["responses"]["400"]["content"]["application/json"]["schema"];
        assert_eq!(error["$ref"], "#/components/schemas/ErrorBody", "{path}");
    }
    let schemas = &document["components"]["schemas"];
    assert_eq!(
        schemas["PreparedTransaction"]["properties"]["fee"]["$ref"],
        "#/components/schemas/Fee"
    );
    assert_eq!(
        schemas["StakingOverview"]["properties"]["stakeRatio"]["type"],
        "string"
    );
    assert!(
        schemas["SkipReason"]["enum"]
            .as_array()
            .is_some_and(|e| e.len() == 7)
    );
}
