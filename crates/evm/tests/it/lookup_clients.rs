//! The history service's EVM routes and the verified-contracts bucket against
//! recorded-style fixtures.

use std::time::Duration;

use crate::teloscan_support::addresses::{STLOS, WTLOS};
use crate::teloscan_support::{FixtureServer, Route, addr};
use tandem_evm::http::RequestLimiter;
use tandem_evm::hyperion_evm::{HyperionEvmClient, SignatureKind};
use tandem_evm::verified::VerifiedContracts;

const ESCROW: &str = "0x95F5713A1422Aa3FBD3DCB8D553945C128ee3855";
const CREATOR: &str = "0x2f2b1a36d3f8e4e3c0b08a1c7f5a0d0e1d9b6c34";

fn history(server: &FixtureServer, limiter: RequestLimiter) -> HyperionEvmClient {
    HyperionEvmClient::new(reqwest::Client::new(), &server.url, limiter).unwrap()
}

#[tokio::test]
async fn contract_creation_in_both_shapes_and_unknown() {
    let path = "/v2/evm/get_contract";
    let server = FixtureServer::start(vec![
        Route::file(path, "hyperion/get_contract.json").when("contract=0x95f5"),
        Route::file(path, "hyperion/get_contract_drift.json").when("contract=0xb4b0"),
        Route::file(path, "hyperion/get_contract_unknown.json").when("contract=0xd102"),
    ])
    .await;
    let client = history(&server, RequestLimiter::default());

    let escrow = client
        .contract_creation(addr(ESCROW))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        server.requests()[0],
        "/v2/evm/get_contract?contract=0x95f5713a1422aa3fbd3dcb8d553945c128ee3855"
    );
    assert_eq!(escrow.creator, Some(addr(CREATOR)));
    assert_eq!(escrow.block, Some(181_224_385));
    assert_eq!(escrow.timestamp_ms, Some(1_647_250_013_500));
    assert!(escrow.transaction.is_some());
    assert_eq!(escrow.abi, None);

    let stlos = client
        .contract_creation(addr(STLOS))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stlos.creator, None, "creator null");
    assert_eq!(stlos.block, Some(186_741_023), "`block` as a string");
    assert!(
        stlos.transaction.is_some(),
        "`transaction` instead of `creation_trx`"
    );
    assert_eq!(stlos.timestamp_ms, Some(1_650_000_000_000));
    assert!(stlos.abi.unwrap().contains("depositTLOS"));

    assert_eq!(client.contract_creation(addr(WTLOS)).await.unwrap(), None);

    server.set_routes(vec![Route::status(path, 404)]);
    assert_eq!(client.contract_creation(addr(WTLOS)).await.unwrap(), None);
    server.set_routes(vec![Route::status(path, 500)]);
    let error = client.contract_creation(addr(WTLOS)).await.unwrap_err();
    assert_eq!(error.code(), "evm.upstream_status");
    assert!(error.to_string().contains("history service"));
}

#[tokio::test]
async fn signatures_by_selector() {
    let path = "/v2/evm/get_abi_signature";
    let server = FixtureServer::start(vec![
        Route::file(path, "hyperion/signature_function.json").when("type=function&hex=0xa9059cbb"),
        Route::file(path, "hyperion/signature_event.json").when("type=event&hex=0xddf252ad"),
        Route::file(path, "hyperion/signature_unknown.json").when("hex=0xdeadbeef"),
    ])
    .await;
    let client = history(&server, RequestLimiter::default());
    let function = client
        .signature(SignatureKind::Function, &[0xa9, 0x05, 0x9c, 0xbb])
        .await
        .unwrap();
    assert_eq!(function.as_deref(), Some("transfer(address,uint256)"));
    let topic = alloy_primitives::keccak256("Transfer(address,address,uint256)");
    let event = client
        .signature(SignatureKind::Event, topic.as_slice())
        .await
        .unwrap();
    assert_eq!(event.as_deref(), Some("Transfer(address,address,uint256)"));
    let unknown = client
        .signature(SignatureKind::Function, &[0xde, 0xad, 0xbe, 0xef])
        .await
        .unwrap();
    assert_eq!(unknown, None);
    let not_served = client
        .signature(SignatureKind::Function, &[1, 2, 3, 4])
        .await
        .unwrap();
    assert_eq!(not_served, None, "404");
}

#[tokio::test]
async fn history_requests_share_the_cap() {
    let server = FixtureServer::start(vec![Route::file(
        "/v2/evm/get_abi_signature",
        "hyperion/signature_function.json",
    )])
    .await;
    server.set_delay(Duration::from_millis(100));
    let client = history(&server, RequestLimiter::default());
    let tasks: Vec<_> = (0..12)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move { client.signature(SignatureKind::Function, &[1; 4]).await })
        })
        .collect();
    for task in tasks {
        assert!(task.await.unwrap().unwrap().is_some());
    }
    assert_eq!(server.max_in_flight(), 5);
}

#[tokio::test]
async fn verified_metadata_by_checksummed_address() {
    let server = FixtureServer::start(vec![
        Route::file(
            "/0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E/metadata.json",
            "verified/wtlos_metadata.json",
        ),
        Route::file(
            &format!("/{ESCROW}/metadata.json"),
            "verified/escrow_metadata.json",
        ),
        Route::file(
            "/0xB4B01216a5Bc8F1C8A33CD990A1239030E60C905/metadata.json",
            "verified/garbled_metadata.json",
        ),
    ])
    .await;
    let bucket = VerifiedContracts::new(reqwest::Client::new(), &server.url, None).unwrap();

    let wtlos = bucket.metadata(addr(WTLOS)).await.unwrap().unwrap();
    assert_eq!(
        wtlos.name.as_deref(),
        Some("WTLOS"),
        "from compilationTarget"
    );
    let abi: serde_json::Value = serde_json::from_str(&wtlos.abi.unwrap()).unwrap();
    assert_eq!(abi[1]["name"], "deposit");

    let escrow = bucket.metadata(addr(ESCROW)).await.unwrap().unwrap();
    assert_eq!(escrow.name.as_deref(), Some("TelosEscrow"));
    assert!(escrow.abi.unwrap().contains("lockDuration"));

    let garbled = bucket.metadata(addr(STLOS)).await.unwrap().unwrap();
    assert_eq!(
        (garbled.name, garbled.abi),
        (None, None),
        "verified, details unreadable"
    );

    let unknown = "0x0000000000000000000000000000000000000001";
    assert_eq!(bucket.metadata(addr(unknown)).await.unwrap(), None, "404");
    server.set_routes(vec![Route::status(
        "/0x0000000000000000000000000000000000000001/metadata.json",
        403,
    )]);
    assert_eq!(
        bucket.metadata(addr(unknown)).await.unwrap(),
        None,
        "S3's 403"
    );
}
