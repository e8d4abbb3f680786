//! Configured as a container or a systemd unit configures it (issue 38): the
//! `tandem-indexer` writer and a `tandem-server` replica over one PostgreSQL store, every
//! setting from the environment (no config file, no flag but `--no-enrich`), the store's
//! URL with its password read from a file a variable names. The password must never show
//! in either process's command line or environment — what `ps` and `/proc` show to every
//! user of the machine — while both work: the indexer writes the store and the replica
//! serves it.
//!
//! The throw-away cluster trusts loopback, so it never asks for the password the URL
//! carries; what is tested is where the password travels, not PostgreSQL's check of it.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tandem_testkit::EvmManifest;
use tandem_testkit::lines::{lines_of, wait_for_line};

use crate::binary::Running;
use crate::ops_replicas::indexer_devnet_and_postgres;

const NETWORK: &str = "telos-evm";
/// Stands for the password: it must appear in no process's command line or environment.
const PASSWORD: &str = "pw-b5e1f0d2c3a4";

/// `postgres://user@host/db` with [`PASSWORD`] as the user's password.
fn with_password(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let (user, host) = rest.split_once('@').expect("a user");
    format!("{scheme}://{user}:{PASSWORD}@{host}")
}

/// A port nothing listens on: the services the test leaves out.
fn unreachable_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("address").port();
    format!("http://127.0.0.1:{port}")
}

/// Every setting of a `telos-evm` replica of the store in `store_file` as an operator's
/// environment: the variable names follow docs/operate.md's one mapping.
fn replica_environment(
    manifest: &EvmManifest,
    data_dir: &Path,
    store_file: &Path,
) -> Vec<(String, String)> {
    let unreachable = unreachable_url();
    let contract = |key: &str| manifest.contract(key).expect("contract").to_owned();
    let evm = |key: &str| format!("TANDEM_NETWORKS__TELOS_EVM__{key}");
    let testnet = |key: &str| format!("TANDEM_NETWORKS__TELOS_EVM_TESTNET__{key}");
    let pairs = [
        ("TANDEM_LISTEN".to_owned(), "127.0.0.1:0".to_owned()),
        ("TANDEM_LOG".to_owned(), "warn".to_owned()),
        ("TANDEM_DATA_DIR".to_owned(), data_dir.display().to_string()),
        (
            "TANDEM_WEB_DIST".to_owned(),
            data_dir.join("web").display().to_string(),
        ),
        ("TANDEM_PRICE_AGGREGATOR_URL".to_owned(), "\"\"".to_owned()),
        (
            "TANDEM_LIMITS__REQUESTS_PER_SECOND".to_owned(),
            "0".to_owned(),
        ),
        (
            "TANDEM_LIMITS__TRUSTED_PROXIES".to_owned(),
            "10.0.0.0/8,192.0.2.1".to_owned(),
        ),
        ("TANDEM_CACHE__MAX_BYTES".to_owned(), "16777216".to_owned()),
        (
            "TANDEM_MEDIA__KEY".to_owned(),
            "one key for every replica".to_owned(),
        ),
        (testnet("RPC_ENDPOINT"), unreachable.clone()),
        (
            testnet("TOKEN_LIST_URL"),
            format!("{unreachable}/tokenlist.json"),
        ),
        (testnet("INDEXER_ENDPOINT"), unreachable.clone()),
        (testnet("HISTORY_ENDPOINT"), unreachable.clone()),
        (evm("RPC_ENDPOINT"), manifest.rpc_url.clone()),
        (evm("RPC_FALLBACKS"), "[]".to_owned()),
        (evm("TOKEN_LIST_URL"), manifest.token_list_url.clone()),
        (evm("INDEXER_ENDPOINT"), unreachable.clone()),
        (evm("HISTORY_ENDPOINT"), unreachable.clone()),
        (evm("API_ENDPOINT"), unreachable),
        (evm("ESCROW_ADDRESS"), contract("ESCROW")),
        (evm("STAKED_TOKEN_ADDRESS"), contract("STLOS")),
        (evm("WRAPPED_TOKEN_ADDRESS"), contract("WTLOS")),
        (evm("PRIMARY"), "own".to_owned()),
        (evm("INDEX__STORE_FILE"), store_file.display().to_string()),
        (evm("INDEX__WRITE"), "false".to_owned()),
        (evm("INDEX__START_BLOCK"), manifest.start_block.to_string()),
    ];
    pairs.into_iter().collect()
}

/// The processes' command lines and environments, as `/proc` shows them to any user.
fn proc_text(pid: u32) -> String {
    let read = |part: &str| {
        let bytes = std::fs::read(format!("/proc/{pid}/{part}")).expect("readable /proc entry");
        String::from_utf8_lossy(&bytes).replace('\0', " ")
    };
    format!("cmdline: {}\nenviron: {}", read("cmdline"), read("environ"))
}

/// What `ps` lists of every process, with whole command lines.
fn ps_listing() -> String {
    let output = Command::new("ps")
        .args(["-eww", "-o", "pid=,args="])
        .output()
        .expect("ps runs");
    assert!(output.status.success(), "ps: {output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_setting_from_the_environment_and_the_password_from_a_file() {
    let (indexer, devnet, postgres) = indexer_devnet_and_postgres().await;
    let manifest = devnet.manifest().clone();
    let url = with_password(&postgres.create_database("environment").expect("database"));
    let dir = tempfile::tempdir().expect("temp dir");
    let store_file = dir.path().join("store-url");
    std::fs::write(&store_file, format!("{url}\n")).expect("secret written");

    let mut writer = Command::new(&indexer);
    writer
        .env_clear()
        .env("TANDEM_INDEXER_RPC_URL", &manifest.rpc_url)
        .env("TANDEM_INDEXER_STORE_FILE", &store_file)
        .env(
            "TANDEM_INDEXER_START_BLOCK",
            manifest.start_block.to_string(),
        )
        .env(
            "TANDEM_INDEXER_WRAPPED_NATIVE",
            manifest.contract("WTLOS").expect("WTLOS"),
        )
        .arg("--no-enrich")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    let writer = Running(writer.spawn().expect("the indexer starts"));

    let mut replica = Command::new(env!("CARGO_BIN_EXE_tandem-server"));
    replica
        .env_clear()
        .envs(replica_environment(&manifest, dir.path(), &store_file))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut replica = Running(replica.spawn().expect("tandem-server starts"));
    let startup = wait_for_line(
        &lines_of("replica", replica.0.stdout.take().expect("stdout piped")),
        "listening on",
        Duration::from_secs(30),
    )
    .expect("the replica announces its URL");
    let base = startup.split_whitespace().last().expect("URL").to_owned();

    // The replica reads what the writer wrote: the store came from the file in both.
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let head = manifest.start_block;
    // A loaded machine (the tests run side by side) may keep the first answers waiting
    // while the replica connects to the store: those are asked again until the deadline.
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        let answer = client
            .get(format!("{base}/api/v1/evm/{NETWORK}/status"))
            .send()
            .await;
        let status: Value = match answer {
            Ok(answer) => answer.json().await.unwrap_or(Value::Null),
            Err(error) => Value::String(error.to_string()),
        };
        let indexed = status["indexer"]["indexedBlock"].as_u64().unwrap_or(0);
        if status["indexer"]["role"] == "reader" && indexed > head {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the replica never read the writer's store: {status}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(status["indexer"]["lastError"].is_null(), "{status}");
    let alice = &manifest.accounts[0].address;
    let balances = client
        .get(format!(
            "{base}/api/v1/evm/{NETWORK}/accounts/{alice}/balances"
        ))
        .send()
        .await
        .expect("balances answer");
    assert_eq!(balances.status(), 200);

    for (name, pid) in [
        ("tandem-indexer", writer.0.id()),
        ("tandem-server", replica.0.id()),
    ] {
        let shown = proc_text(pid);
        assert!(
            shown.contains("_FILE"),
            "{name} was given the file: {shown}"
        );
        assert!(
            !shown.contains(PASSWORD),
            "{name} shows the password: {shown}"
        );
    }
    let listing = ps_listing();
    assert!(
        listing.contains(&writer.0.id().to_string()),
        "ps lists the indexer: {listing}"
    );
    assert!(
        !listing.contains(PASSWORD),
        "ps shows the password: {listing}"
    );
    drop(replica);
    drop(writer);
}
