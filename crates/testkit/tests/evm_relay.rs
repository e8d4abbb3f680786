//! The devnet EVM relay between the two devnets, as Rust tests start it: the seed's deposit
//! (alice → her keyless linked address, 25 TLOS) shows on the EVM devnet once it starts.

#![allow(
    clippy::expect_used,
    reason = "the test's helper fails the test loudly when anvil answers nonsense"
)]

use std::time::{Duration, Instant};

use tandem_testkit::{EvmDevnet, NativeDevnet};

async fn evm_balance(rpc_url: &str, address: &str) -> u128 {
    let answer: serde_json::Value = reqwest::Client::new()
        .post(rpc_url)
        .json(&serde_json::json!({
            "jsonrpc": "2.0", "id": 1, "method": "eth_getBalance", "params": [address, "latest"]
        }))
        .send()
        .await
        .expect("anvil answers")
        .json()
        .await
        .expect("JSON-RPC answer");
    let hex = answer["result"].as_str().expect("a balance");
    u128::from_str_radix(hex.trim_start_matches("0x"), 16).expect("hex quantity")
}

#[tokio::test]
async fn the_relay_carries_the_seed_deposit_to_the_evm_devnet() {
    let evm = EvmDevnet::start().expect("EVM devnet");
    let native = NativeDevnet::start().expect("native devnet");
    let linked = native.manifest().seeded["evmLinks"][0]["address"]
        .as_str()
        .expect("alice's linked address")
        .to_owned();
    assert_eq!(evm_balance(evm.rpc_url(), &linked).await, 0);

    native
        .start_evm_relay(evm.rpc_url())
        .await
        .expect("relay starts");
    let deadline = Instant::now() + Duration::from_secs(10);
    while evm_balance(evm.rpc_url(), &linked).await != 25 * 10u128.pow(18) {
        assert!(
            Instant::now() < deadline,
            "the deposit was not carried within 10 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    native.stop_evm_relay().await.expect("relay stops");
    assert!(
        native.start_evm_relay("http://127.0.0.1:9").await.is_err(),
        "no EVM node there: refused"
    );
}
