//! Scam checks of the native side (issue 37) through the API: the account answer says when a
//! recipient needs a memo (the devnet's exchange-like account, named by the operator's list),
//! and the dapp search labels a link on the phishing list — the operator's file read at
//! start and again when it changes.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::native_common::{call, get, router_with_lists};
use axum::http::{Method, StatusCode};
use serde_json::Value;
use tandem_server::app;
use tandem_server::config::Config;
use tandem_server::native::SafetyLists;
use tandem_server::native::memo_required::MemoRequired;
use tandem_server::native::phishing::{PhishingDomains, RECHECK};
use tandem_server::networks::served_networks;
use tandem_server::state::AppState;
use tandem_testkit::NativeDevnet;

/// The devnet's operator memo list, as the demo and browser-test stack hands it over.
fn devnet_memo_list() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../devnet/native/memo-required.txt")
}

#[tokio::test]
async fn a_native_account_on_the_memo_list_says_it_needs_a_memo() {
    let devnet = NativeDevnet::start().expect("native devnet");
    let seeded = devnet.manifest().seeded.clone();
    let exchange = seeded["memoRequired"]["account"]
        .as_str()
        .expect("the seeded exchange-like account");
    let lists = SafetyLists {
        memo_required: Arc::new(MemoRequired::load(Some(&devnet_memo_list())).expect("list")),
        ..SafetyLists::default()
    };
    let app = router_with_lists(&devnet, lists);

    let (status, account) = get(&app, &format!("accounts/{exchange}")).await;
    assert_eq!(status, StatusCode::OK, "{account}");
    assert_eq!(
        account["memoRequired"]["label"], seeded["memoRequired"]["label"],
        "{account}"
    );

    let (status, alice) = get(&app, "accounts/alice").await;
    assert_eq!(status, StatusCode::OK, "{alice}");
    assert_eq!(alice["memoRequired"], Value::Null);

    // A nonexistent account is still refused, list or not.
    let (status, missing) = get(&app, "accounts/nosuchacct1").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    assert_eq!(missing["code"], "antelope.account.not_found");

    // Without the operator's list (the shipped one names no devnet account) nothing is flagged.
    let plain = router_with_lists(&devnet, SafetyLists::default());
    let (_, account) = get(&plain, &format!("accounts/{exchange}")).await;
    assert_eq!(account["memoRequired"], Value::Null, "{account}");
}

fn dapps_router(phishing_file: &Path) -> axum::Router {
    let networks = served_networks(&Config::default()).expect("default networks");
    let lists = SafetyLists {
        phishing: Arc::new(PhishingDomains::load(Some(phishing_file)).expect("phishing list")),
        ..SafetyLists::default()
    };
    app::router(
        AppState::builder(networks, "/nonexistent/web/dist".into())
            .safety_lists(lists)
            .build(),
    )
}

async fn risk_of(app: &axum::Router, id: &str) -> Value {
    let (status, all) = call(app, Method::GET, "/api/v1/native/telos/dapps", None).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    all["dapps"]
        .as_array()
        .expect("list")
        .iter()
        .find(|dapp| dapp["id"] == id)
        .map(|dapp| dapp["risk"].clone())
        .unwrap_or_else(|| panic!("no dapp {id} in {all}"))
}

#[tokio::test]
async fn dapp_links_carry_their_phishing_risk_and_the_operator_file_is_re_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("phishing.txt");
    std::fs::write(&file, "# taken over\nvapaee.io\n").expect("write");
    let app = dapps_router(&file);

    assert_eq!(
        risk_of(&app, "vapaee").await,
        serde_json::json!({ "code": "phishing_listed", "domain": "vapaee.io" })
    );
    assert_eq!(risk_of(&app, "alcor").await, Value::Null);

    // The operator lists another site instead: within seconds, without a restart, the
    // answer follows the file.
    std::fs::write(&file, "alcor.exchange\n").expect("write");
    std::fs::File::options()
        .write(true)
        .open(&file)
        .and_then(|handle| handle.set_modified(SystemTime::now() + Duration::from_secs(60)))
        .expect("touch");
    tokio::time::sleep(RECHECK + Duration::from_millis(200)).await;
    assert_eq!(risk_of(&app, "vapaee").await, Value::Null);
    assert_eq!(
        risk_of(&app, "alcor").await["code"],
        "phishing_listed",
        "re-read after the change"
    );
}

#[tokio::test]
async fn with_the_shipped_list_alone_no_listed_dapp_is_flagged() {
    let networks = served_networks(&Config::default()).expect("default networks");
    let app = app::router(AppState::new(networks, "/nonexistent/web/dist".into()));
    let (status, all) = call(&app, Method::GET, "/api/v1/native/telos/dapps", None).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    let flagged: Vec<&Value> = all["dapps"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|dapp| !dapp["risk"].is_null())
        .collect();
    assert!(flagged.is_empty(), "{flagged:?}");
}
