//! The staking routes against the real seeded devnet: every figure equals what the
//! chain and the devnet's manifest say (one withdrawable and one locked escrow deposit).

use crate::evm_prepare_support;

use crate::evm_prepare_support::{Harness, text, whole};
use axum::http::{Method, StatusCode};
use serde_json::Value;

#[tokio::test]
async fn evm_staking_figures_equal_the_chain() {
    let harness = Harness::start().await;
    let seeded = harness.devnet.manifest().seeded.clone();
    let staking = &seeded["staking"];
    let field = |name: &str| staking[name].as_str().unwrap().to_owned();

    let (status, overview) = harness.call(Method::GET, "staking", None).await;
    assert_eq!(status, StatusCode::OK, "{overview}");
    assert_eq!(overview["stakeRatio"], whole(&field("previewDeposit1"), 18));
    assert_eq!(
        overview["unstakeRatio"],
        whole(&field("previewRedeem1"), 18)
    );
    assert_eq!(overview["totalStaking"], whole(&field("totalAssets"), 18));
    assert_eq!(overview["totalShares"], whole(&field("totalSupply"), 18));
    assert_eq!(
        overview["escrowTotal"],
        whole(&field("escrowTotalAssets"), 18)
    );
    assert_eq!(
        overview["lockPeriod"]["seconds"].to_string(),
        field("lockDuration")
    );
    assert_eq!(overview["lockPeriod"]["text"], "1 hour");
    assert_eq!(overview["systemToken"], "TLOS");
    assert_eq!(overview["stakedToken"], "STLOS");
    // The devnet has no product API: no APY, and no error either.
    assert_eq!(overview["apy"], Value::Null);
    assert_eq!(overview["apyStatus"], "not_configured");

    let alice = harness.account("alice");
    let (status, position) = harness
        .call(
            Method::GET,
            &format!("accounts/{}/staking", text(alice)),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{position}");
    let escrow = seeded["escrowAccounts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["account"] == "alice")
        .unwrap();
    assert_eq!(
        position["withdrawable"],
        whole(escrow["maxWithdraw"].as_str().unwrap(), 18)
    );
    let deposits: Vec<&Value> = seeded["escrowDeposits"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["account"] == "alice")
        .collect();
    let listed = position["deposits"].as_array().unwrap();
    assert_eq!(listed.len(), deposits.len());
    for (shown, expected) in listed.iter().zip(&deposits) {
        assert_eq!(
            shown["amount"],
            whole(expected["amount"].as_str().unwrap(), 18)
        );
        assert_eq!(shown["until"], expected["until"]);
        assert_eq!(shown["unlocked"], expected["withdrawable"]);
    }
    assert!(listed.iter().any(|d| d["unlocked"] == true));
    assert!(
        listed
            .iter()
            .any(|d| d["unlocked"] == false && d["secondsLeft"].as_u64() > Some(0))
    );
    assert_eq!(position["locked"], "5");

    let stlos = harness.contract("STLOS");
    let shares_text = seeded["balances"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["account"] == "alice" && row["token"] == "STLOS")
        .unwrap()["amount"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(position["balance"], whole(&shares_text, 18));
    let shares = alloy::primitives::U256::from_str_radix(&shares_text, 10).unwrap();
    let value = harness
        .reader()
        .preview_redeem(stlos, shares)
        .await
        .unwrap();
    assert_eq!(position["balanceValue"], whole(&value.to_string(), 18));
    assert_eq!(position["totalStaking"], overview["totalStaking"]);
    assert_eq!(position["address"], text(alice));

    // An account that never staked has zeros and no deposits.
    let carol = harness.account("carol");
    let (status, empty) = harness
        .call(
            Method::GET,
            &format!("accounts/{}/staking", text(carol)),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(empty["withdrawable"], "0");
    assert_eq!(empty["deposits"], serde_json::json!([]));
}

#[tokio::test]
async fn evm_staking_rejects_bad_input_before_reading() {
    let harness = Harness::start().await;
    let cases = [
        (
            "/api/v1/evm/telos-evm-devnet/accounts/0x123/staking",
            "antelope.evm.error_invalid_address",
        ),
        (
            "/api/v1/evm/telos-evm-devnet/accounts/0x70997970c51812DC3A010C7d01b50e0d17dc79C8/staking",
            "validation.invalid_checksum_address",
        ),
        (
            "/api/v1/evm/telos/staking",
            "antelope.chain.error_invalid_network",
        ),
        (
            "/api/v1/evm/nowhere/staking",
            "antelope.chain.error_invalid_network",
        ),
    ];
    for (uri, code) in cases {
        let (status, body) = evm_prepare_support::call(&harness.app, Method::GET, uri, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert_eq!(body["code"], code, "{uri}");
    }
    // A lowercase address has no checksum but is a valid address.
    let (status, _) = harness
        .call(
            Method::GET,
            "accounts/0x70997970c51812dc3a010c7d01b50e0d17dc79c8/staking",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}
