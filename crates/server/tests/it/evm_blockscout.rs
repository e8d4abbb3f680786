//! Telos EVM on Blockscout, as an operator would run it: the seeded devnet under
//! mainnet's chain id (40) served as `telos-evm` from a configuration file that names
//! the Blockscout fake built from the devnet's own chain as its indexer (the primary by
//! default). Every seeded account's balances, history and NFTs equal the own index's
//! answers (a second server indexing the same chain from block 0), and its approvals —
//! which Blockscout does not keep, read from the chain — equal the index's too. When the
//! fake goes down, the network switches to plain chain reads and says so, as it does for
//! Teloscan; when it comes back, Blockscout answers again.

use std::collections::BTreeSet;
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use serde_json::Value;
use tandem_evm::source::SourceKind;
use tandem_testkit::{BlockscoutFake, EvmDevnet, Generation};

use crate::evm_core_support::{get, router, wait_for_source};
use crate::evm_own_index::{network_config, state_from, telos_evm_config};

const NETWORK: &str = "telos-evm";

async fn answer(app: &Router, path: &str) -> Value {
    let (code, body) = get(app, &format!("/api/v1/evm/{NETWORK}/{path}")).await;
    assert_eq!(code, StatusCode::OK, "{path}: {body}");
    body
}

/// The balances a sheet shows: token (or TLOS) and exact amount, zero rows left out.
fn holdings(sheet: &Value) -> BTreeSet<(String, String)> {
    sheet["balances"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|row| row["amount"]["raw"] != "0")
        .map(|row| {
            (
                row["token"]["address"]
                    .as_str()
                    .unwrap_or("TLOS")
                    .to_lowercase(),
                row["amount"]["raw"].as_str().expect("raw").to_owned(),
            )
        })
        .collect()
}

/// The rows of an answer, without `provenance`: what one source records and the other
/// does not. Blockscout's NFT lists carry no minter, mint block or time of the last
/// change, nor an ERC-1155 id's supply (read from the node where the contract answers
/// `totalSupply(id)`; the devnet's collection does not, the index counts its mints).
fn shown(mut body: Value, list: &str, provenance: &[&str]) -> Value {
    let mut rows = body[list].take();
    for row in rows.as_array_mut().into_iter().flatten() {
        if let Some(row) = row.as_object_mut() {
            for key in provenance {
                row.remove(*key);
            }
            // Blockscout sends no document it could not read: it cannot tell a broken
            // one from none, so both read as missing.
            if row.get("metadataStatus").is_some_and(|s| s == "invalid") {
                row.insert("metadataStatus".into(), "missing".into());
            }
        }
    }
    rows
}

const NFT_PROVENANCE: [&str; 4] = ["minter", "blockMinted", "updated", "supply"];

/// What an NFT's metadata document says (its name, media, attributes). The devnet serves
/// the documents from a loopback host, which the own index of a real network such as this
/// `telos-evm` must not fetch (ADR 0031); Blockscout's fake reads them for its answers as
/// the real Blockscout reads public hosts. Compared are the chain's facts.
const NFT_METADATA: [&str; 9] = [
    "name",
    "description",
    "mediaType",
    "imgSrc",
    "videoSrc",
    "audioSrc",
    "attributes",
    "metadataStatus",
    "tokenName",
];

/// `rows` without their NFTs' metadata: the rows of an NFT list or of approvals, or the
/// NFT movements of history rows.
fn without_metadata(mut rows: Value) -> Value {
    let strip = |nft: &mut Value| {
        if let Some(nft) = nft.as_object_mut() {
            for key in NFT_METADATA.iter().chain(&["type"]) {
                nft.remove(*key);
            }
        }
    };
    for row in rows.as_array_mut().into_iter().flatten() {
        for list in ["nftsIn", "nftsOut"] {
            for nft in row[list].as_array_mut().into_iter().flatten() {
                strip(nft);
            }
        }
        if row.get("tokenId").is_some() || row.get("tokenName").is_some() {
            strip(row);
        }
    }
    rows
}

/// An approval read from the chain is dated by its last `Approval` event; the index also
/// notices a `transferFrom` spending it (no event), and dates it then.
const APPROVAL_PROVENANCE: [&str; 1] = ["lastUpdated"];

/// The index's history rows without those where the account is only named — the
/// spender or operator of someone else's approval — and moved nothing: not its
/// transactions, and not among Blockscout's lists of the address.
fn own_transactions(rows: Value, account: &str) -> Value {
    let empty = |row: &Value, key: &str| row[key].as_array().is_none_or(Vec::is_empty);
    Value::Array(
        rows.as_array()
            .into_iter()
            .flatten()
            .filter(|row| {
                let party = |key: &str| {
                    row[key]
                        .as_str()
                        .is_some_and(|a| a.eq_ignore_ascii_case(account))
                };
                party("from")
                    || party("to")
                    || ["valuesIn", "valuesOut", "nftsIn", "nftsOut"]
                        .iter()
                        .any(|key| !empty(row, key))
            })
            .cloned()
            .collect(),
    )
}

/// Asserts two lists of rows are equal, naming the first row that differs.
fn same_rows(got: &Value, want: &Value, what: &str) {
    let (got, want) = (
        got.as_array().expect("rows"),
        want.as_array().expect("rows"),
    );
    for (at, (a, b)) in got.iter().zip(want).enumerate() {
        assert_eq!(a, b, "{what}: row {at} differs: {a:#} against {b:#}");
    }
    assert_eq!(
        got.len(),
        want.len(),
        "{what}: rows {got:#?} against {want:#?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn telos_evm_on_blockscout_equals_the_own_index_and_falls_back_when_it_goes_down() {
    let devnet = tokio::task::spawn_blocking(|| EvmDevnet::start_with_chain_id(40))
        .await
        .expect("task")
        .expect("devnet starts (run `npm ci` in devnet/evm)");
    let manifest = devnet.manifest().clone();
    let fake = BlockscoutFake::start(devnet.rpc_url(), Generation::V12).expect("fake");
    fake.set_page_size(5);
    let dirs = (
        tempfile::tempdir().expect("dir"),
        tempfile::tempdir().expect("dir"),
    );
    let on_blockscout = state_from(&network_config(&manifest, dirs.0.path(), &fake.url()));
    let app = router(&on_blockscout);
    wait_for_source(
        &on_blockscout,
        NETWORK,
        SourceKind::Blockscout,
        Duration::from_secs(30),
    )
    .await;
    let reference = state_from(&telos_evm_config(
        &manifest,
        dirs.1.path(),
        "start_block = 0",
    ));
    let index_app = router(&reference);
    wait_for_source(
        &reference,
        NETWORK,
        SourceKind::OwnIndex,
        Duration::from_secs(120),
    )
    .await;

    let status = answer(&app, "status").await;
    assert_eq!(status["source"]["primary"], "blockscout", "{status}");
    assert_eq!(status["source"]["inUse"], "blockscout", "{status}");
    assert!(
        status["source"]["primaryName"]
            .as_str()
            .is_some_and(|name| name.starts_with("Blockscout (127.0.0.1")),
        "{status}"
    );

    let mut approvals = 0;
    for account in &manifest.accounts {
        let base = format!("accounts/{}", account.address);
        let sheet = answer(&app, &format!("{base}/balances?fiat=USD")).await;
        assert_eq!(sheet["source"], "blockscout", "{sheet}");
        let indexed = answer(&index_app, &format!("{base}/balances?fiat=USD")).await;
        assert_eq!(
            holdings(&sheet),
            holdings(&indexed),
            "{}: balances",
            account.name
        );

        let history = answer(&app, &format!("{base}/transactions?limit=10000")).await;
        let indexed = answer(&index_app, &format!("{base}/transactions?limit=10000")).await;
        same_rows(
            &without_metadata(shown(history, "transactions", &[])),
            &without_metadata(own_transactions(
                shown(indexed, "transactions", &[]),
                &account.address,
            )),
            &format!("{}: history", account.name),
        );

        let nfts = answer(&app, &format!("{base}/nfts")).await;
        let indexed = answer(&index_app, &format!("{base}/nfts")).await;
        same_rows(
            &without_metadata(shown(nfts, "nfts", &NFT_PROVENANCE)),
            &without_metadata(shown(indexed, "nfts", &NFT_PROVENANCE)),
            &format!("{}: NFTs", account.name),
        );

        let granted = answer(&app, &format!("{base}/approvals")).await;
        let indexed = answer(&index_app, &format!("{base}/approvals")).await;
        let granted = without_metadata(shown(granted, "approvals", &APPROVAL_PROVENANCE));
        approvals += granted.as_array().map_or(0, Vec::len);
        let indexed = without_metadata(shown(indexed, "approvals", &APPROVAL_PROVENANCE));
        // Ordered by date by default: compared by id.
        let by_id = |rows: &Value| {
            let mut rows = rows.as_array().cloned().unwrap_or_default();
            rows.sort_by_key(|row| row["id"].to_string());
            Value::Array(rows)
        };
        same_rows(
            &by_id(&granted),
            &by_id(&indexed),
            &format!("{}: approvals", account.name),
        );
    }
    assert!(approvals > 0, "the seed grants approvals");

    // Blockscout goes down: chain reads answer, and the status says the data may be out
    // of sync (the web warns while `inUse` differs from `primary`).
    fake.set_down(true);
    wait_for_source(
        &on_blockscout,
        NETWORK,
        SourceKind::Rpc,
        Duration::from_secs(30),
    )
    .await;
    let status = answer(&app, "status").await;
    let source = &status["source"];
    assert_eq!(
        (&source["primary"], &source["inUse"]),
        (&"blockscout".into(), &"rpc".into()),
        "{status}"
    );
    assert_eq!(source["everUnhealthy"], true);
    // Said in words; the upstream's own error (its address, the library's text) stays in
    // the server's log (api/public_errors.rs).
    assert!(
        source["lastError"]
            .as_str()
            .is_some_and(|e| e.contains("health check") && !e.contains("http")),
        "{status}"
    );
    assert!(
        source["inUseName"]
            .as_str()
            .is_some_and(|n| n.starts_with("Network node")),
        "{status}"
    );
    let alice = &manifest.accounts[0].address;
    let sheet = answer(&app, &format!("accounts/{alice}/balances?fiat=USD")).await;
    assert_eq!(sheet["source"], "rpc", "{sheet}");
    fake.set_down(false);
    wait_for_source(
        &on_blockscout,
        NETWORK,
        SourceKind::Blockscout,
        Duration::from_secs(30),
    )
    .await;
    let (_, health) = get(&app, "/api/v1/health").await;
    let mainnet = health["evmSources"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["network"] == NETWORK))
        .cloned()
        .expect("telos-evm");
    assert_eq!(mainnet["inUse"], "blockscout", "{mainnet}");
    assert_eq!(
        on_blockscout
            .evm(NETWORK)
            .expect("served")
            .source_switches(),
        2,
        "down and back"
    );
    on_blockscout.shut_down().await;
    reference.shut_down().await;
}
