//! History rows read as what happened, on the seeded devnet (whose contracts nobody
//! verified) plus a transfer to oneself: every row is named, the TLOS an unwrap and an
//! escrow withdrawal pay by internal call appears as received, a self-transfer is one
//! movement, and the fee shows only on rows the account sent.

use serde_json::{Value, json};

use crate::evm_history_support::{DEVNET, DevnetApp, movements, pair, row};
use crate::evm_prepare_support::sign_and_send;

fn rows(page: &Value) -> &Vec<Value> {
    page["transactions"].as_array().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evm_history_rows_are_named_and_show_what_the_account_received() {
    let devnet = DevnetApp::start().await;
    let seeded = devnet.seeded()["transactions"].clone();
    let hash = |label: &str| seeded[label]["hash"].as_str().unwrap().to_owned();
    let history = |name: &str| {
        format!(
            "/api/v1/evm/{DEVNET}/accounts/{}/transactions?limit=500",
            devnet.account(name)
        )
    };

    // Alice sends 0.5 TLOS to herself.
    let alice = devnet.account("alice");
    let to_self = json!({
        "from": alice, "to": alice, "data": "0x", "value": "500000000000000000",
        "gasLimit": "21000", "gasPrice": "10000000000",
        "chainId": devnet.devnet.manifest().chain_id,
    });
    sign_and_send(&devnet.devnet, "alice", &to_self).await;
    let alice_page = devnet
        .get_until(&history("alice"), |page| {
            rows(page).iter().any(|r| r["actionName"] == "selfTransfer")
        })
        .await;

    let self_row = rows(&alice_page)
        .iter()
        .find(|r| r["actionName"] == "selfTransfer")
        .unwrap();
    assert_eq!(movements(self_row, "valuesOut"), [pair("0.5", "TLOS")]);
    assert!(movements(self_row, "valuesIn").is_empty(), "{self_row}");
    assert!(self_row["gasUsed"].is_string(), "{self_row}");

    // Unwrap: the WTLOS given and the TLOS the wrapped token paid back.
    let unwrap = row(&alice_page, &hash("unwrap.alice"));
    assert_eq!(movements(unwrap, "valuesOut"), [pair("4", "WTLOS")]);
    assert_eq!(movements(unwrap, "valuesIn"), [pair("4", "TLOS")]);
    let wrap = row(&alice_page, &hash("wrap.alice"));
    assert_eq!(movements(wrap, "valuesOut"), [pair("10", "TLOS")]);
    assert_eq!(movements(wrap, "valuesIn"), [pair("10", "WTLOS")]);

    // Calls that move nothing of Alice's are named by the function.
    let named = |label: &str| row(&alice_page, &hash(label))["actionName"].clone();
    assert_eq!(named("approve.alice.TUSD.SWAP"), "approve");
    assert_eq!(named("art.approve.7"), "approve");
    assert_eq!(named("art.approvalForAll.alice-carol"), "setApprovalForAll");

    // Bob's escrow withdrawal: the 3 TLOS he unstaked, received.
    let bob_page = devnet.get_until(&history("bob"), |_| true).await;
    let released = row(&bob_page, &hash("escrow.withdraw.bob"));
    assert_eq!(released["actionName"], "receive");
    assert_eq!(movements(released, "valuesIn"), [pair("3", "TLOS")]);
    assert!(released["gasUsed"].is_string(), "Bob sent it: {released}");

    // The deployer's mints move nothing of the deployer's: named by the function.
    let deployer_page = devnet.get_until(&history("deployer"), |_| true).await;
    assert_eq!(
        row(&deployer_page, &hash("art.mint.1"))["actionName"],
        "mint"
    );
    assert_eq!(
        row(&deployer_page, &hash("items.mint.alice"))["actionName"],
        "mintBatch"
    );

    // Every row of every account has a name, and a fee exactly when the account sent it.
    for name in ["deployer", "alice", "bob", "carol", "dave"] {
        let page = devnet.get_until(&history(name), |_| true).await;
        let account = devnet.account(name);
        for r in rows(&page) {
            let action = r["actionName"].as_str().unwrap();
            assert!(
                !action.starts_with("0x") && !action.is_empty(),
                "{name}: {r}"
            );
            let sent = r["from"].as_str() == Some(account.as_str());
            assert_eq!(r["gasUsed"].is_string(), sent, "{name}: {r}");
            assert!(r["gasFiatValue"].is_null() || sent, "{name}: {r}");
        }
    }
    // Alice's received TLOS from Dave carries no fee of Dave's.
    assert!(row(&alice_page, &hash("tlos.dave-alice"))["gasUsed"].is_null());
}
