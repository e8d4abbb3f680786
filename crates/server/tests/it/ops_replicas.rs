//! Beyond one machine (issue 14): one PostgreSQL store, the `tandem-indexer` binary as
//! its writer and a second one as a hot standby, and two `tandem-server` binaries serving
//! it as replicas (`write = false`), on the seeded devnet (served as `telos-evm`).
//!
//! The writer stalls mid-backfill (a crash point armed for the test) and is killed with
//! SIGKILL while the index is below the head; the standby takes over and catches up, and
//! the store ends equal, row for row, to a SQLite index built without interruption.
//! Throughout, every seeded account's balances, history, NFTs and approvals are asked of
//! both replicas: never a 5xx, and two answers built at the same committed state of the
//! index (the `coverage.throughBlock` they carry, with the store standing there while
//! both were asked), while both replicas judge the index's health alike (each checks it
//! on its own clock), are identical.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tandem_indexer::{
    Backfill, IndexChanges, Indexer, IndexerConfig, PgStore, SqliteStore, StoreReads, StoreUrl,
    WriterLock,
};
use tandem_testkit::lines::{lines_of, wait_for_line};
use tandem_testkit::{EvmDevnet, EvmManifest, Postgres};

use crate::binary::Running;
use crate::evm_own_index::telos_evm_config;

const NETWORK: &str = "telos-evm";
/// Blocks per batch of the writer and the standby: many commits over the seed.
const BATCH_BLOCKS: u64 = 2;
/// The writer stalls after this many commits, far below the head, until it is killed.
const COMMITS_BEFORE_STALL: u64 = 4;
/// How long the standby may take to notice the writer is gone and take over.
const TAKEOVER: Duration = Duration::from_secs(5);
/// How long the replicas are asked while the writer stands stalled, before the kill.
const STALLED_FOR: Duration = Duration::from_secs(3);

/// The `tandem-indexer` binary, built (or found up to date) next to `tandem-server`: it
/// belongs to another package, whose binaries this package's tests do not get built.
fn indexer_binary() -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "-p",
            "tandem-indexer",
            "--bin",
            "tandem-indexer",
        ])
        .current_dir(workspace)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build -p tandem-indexer: {status}");
    Path::new(env!("CARGO_BIN_EXE_tandem-server")).with_file_name("tandem-indexer")
}

fn indexer_command(binary: &Path, manifest: &EvmManifest, store: &str) -> Command {
    let mut command = Command::new(binary);
    command
        .args(["--rpc-url", &manifest.rpc_url, "--store", store])
        .args(["--start-block", &manifest.start_block.to_string()])
        .args([
            "--wrapped-native",
            manifest.contract("WTLOS").expect("WTLOS"),
        ])
        .args(["--batch-blocks", &BATCH_BLOCKS.to_string(), "--no-enrich"])
        // Every block in full, as the batch arithmetic below assumes: the seed is longer
        // than the reorg depth, so a sparse backfill would cut its first batches by content.
        .args(["--backfill", "full"])
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    command
}

/// A `tandem-server` replica of `store`: `telos-evm` on the devnet's node, primary the
/// own index, not writing it; the other networks unreachable. Returns it with its URL.
fn start_replica(manifest: &EvmManifest, store: &str, dir: &Path, name: &str) -> (Running, String) {
    let config = telos_evm_config(
        manifest,
        &dir.join(name),
        &format!("store = \"{store}\"\nwrite = false"),
    );
    // Replicas behind one balancer share the media proxy's key (operate.md), so each
    // signs the same links.
    let config = format!("{config}\n[media]\nkey = \"one key for every replica\"\n");
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, config).expect("config written");
    let mut command = Command::new(env!("CARGO_BIN_EXE_tandem-server"));
    for variable in ["TANDEM_CONFIG", "TANDEM_WEB_DIST", "TANDEM_DEVNET_MANIFEST"] {
        command.env_remove(variable);
    }
    let mut running = Running(
        command
            .arg("--config")
            .arg(&path)
            .env("TANDEM_LISTEN", "127.0.0.1:0")
            .env("TANDEM_LOG", "error")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("tandem-server starts"),
    );
    let stdout = running.0.stdout.take().expect("stdout piped");
    let first = wait_for_line(
        &lines_of("replica", stdout),
        "listening on",
        Duration::from_secs(30),
    )
    .expect("the replica announces its URL");
    let url = first
        .split_whitespace()
        .last()
        .expect("the URL ends the startup line")
        .to_owned();
    (running, url)
}

/// An uninterrupted run of the in-process indexer over the whole seed into SQLite: the
/// canonical dump the interrupted PostgreSQL index must end equal to.
async fn reference_dump(manifest: &EvmManifest, dir: &Path) -> String {
    let path = dir.join("reference.sqlite");
    let url = StoreUrl::Sqlite(path.clone());
    let store = tokio::task::spawn_blocking(move || {
        WriterLock::try_acquire(&url)
            .expect("lock")
            .expect("no other writer")
            .open_store(None)
            .expect("reference store")
    })
    .await
    .expect("task");
    let mut config = IndexerConfig::new(&manifest.rpc_url, manifest.start_block);
    config.wrapped_native = vec![
        manifest
            .contract("WTLOS")
            .expect("WTLOS")
            .parse()
            .expect("address"),
    ];
    config.batch_blocks = 16;
    config.backfill = Backfill::Full;
    let head = Indexer::new(config, store)
        .expect("indexer")
        .sync_to_head()
        .await
        .expect("uninterrupted run");
    assert!(
        head > Some(COMMITS_BEFORE_STALL * BATCH_BLOCKS * 4),
        "the seed spans the stall"
    );
    tokio::task::spawn_blocking(move || {
        SqliteStore::open(&path)
            .expect("reference opens")
            .canonical_dump()
            .expect("dump")
    })
    .await
    .expect("task")
}

/// The store opened for reading, as another process would. It waits on a runtime of its
/// own, so it is opened and used off the test's runtime threads.
struct Reader(PgStore);

impl Reader {
    async fn open(url: &str) -> Self {
        let url = url.to_owned();
        let store = tokio::task::spawn_blocking(move || PgStore::open_reads(&url))
            .await
            .expect("task")
            .expect("store readable");
        Self(store)
    }

    fn store(&self) -> &PgStore {
        &self.0
    }
}

/// The store's cursor now.
async fn cursor(store: &Arc<Reader>) -> Option<u64> {
    let store = Arc::clone(store);
    tokio::task::spawn_blocking(move || store.store().cursor().expect("cursor read"))
        .await
        .expect("task")
        .map(|block| block.number)
}

/// The store's committed state now: its cursor and how often it changed besides taking
/// in blocks (a contract probed, a reorg), so a probe saved between two answers at the
/// same block is not taken for the replicas disagreeing.
async fn committed_state(store: &Arc<Reader>) -> (Option<u64>, IndexChanges) {
    let store = Arc::clone(store);
    tokio::task::spawn_blocking(move || {
        let coverage = store
            .store()
            .coverage(alloy_primitives::Address::ZERO)
            .expect("coverage read");
        (coverage.indexed_through, coverage.changes)
    })
    .await
    .expect("task")
}

/// What both replicas were asked, and how often their answers could be compared.
#[derive(Debug, Default)]
struct Tally {
    asked: u64,
    compared: u64,
    /// Pairs at the same state while the replicas' views of the index's health differed
    /// (or changed): each replica judges the index's lag by its own checks (every few
    /// seconds), and near the threshold one may read balances, or contract names, from
    /// the chain while the other reads the index.
    other_view: u64,
    stamps: std::collections::BTreeSet<u64>,
}

/// An answer as compared across replicas: without what each replica stamps with its own
/// clock — when it fetched the answer, and the index's lag (read from the store every
/// couple of seconds).
fn comparable(mut answer: Value) -> Value {
    if let Some(fields) = answer.as_object_mut() {
        fields.remove("indexLag");
        fields.remove("fetchedMs");
    }
    answer
}

/// Where two JSON values first differ: the path and both sides.
fn first_difference(path: &str, a: &Value, b: &Value) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => x.keys().chain(y.keys()).find_map(|key| {
            let (left, right) = (x.get(key), y.get(key));
            match (left, right) {
                (Some(l), Some(r)) => first_difference(&format!("{path}.{key}"), l, r),
                _ => Some(format!("{path}.{key}: {left:?} against {right:?}")),
            }
        }),
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(n, (l, r))| first_difference(&format!("{path}[{n}]"), l, r)),
        _ => (a != b).then(|| format!("{path}: {a} against {b}")),
    }
}

async fn ask(client: &reqwest::Client, url: &str) -> (u16, Value) {
    let answer = client.get(url).send().await.expect("the replica answers");
    let status = answer.status().as_u16();
    let body = answer.json().await.unwrap_or(Value::Null);
    (status, body)
}

/// Each replica's view of the index's health: the source it uses now.
async fn health_views(client: &reqwest::Client, replicas: &[String; 2]) -> [Value; 2] {
    let status = |replica: &String| {
        let url = format!("{replica}/api/v1/evm/{NETWORK}/status");
        async move { ask(client, &url).await.1["source"]["inUse"].clone() }
    };
    let (first, second) = tokio::join!(status(&replicas[0]), status(&replicas[1]));
    [first, second]
}

/// Asks both replicas every route of every account once; panics on a 5xx, or on two
/// answers at the same committed state that differ.
async fn ask_both(
    client: &reqwest::Client,
    replicas: &[String; 2],
    accounts: &[String],
    store: &Arc<Reader>,
    tally: &Mutex<Tally>,
) {
    for account in accounts {
        for route in [
            "balances?fiat=USD",
            "transactions?limit=100",
            "nfts",
            "approvals",
        ] {
            let path = format!("/api/v1/evm/{NETWORK}/accounts/{account}/{route}");
            let before = committed_state(store).await;
            let views_before = health_views(client, replicas).await;
            let (first_url, second_url) = (
                format!("{}{path}", replicas[0]),
                format!("{}{path}", replicas[1]),
            );
            let (first, second) = tokio::join!(ask(client, &first_url), ask(client, &second_url));
            let after = committed_state(store).await;
            let views_after = health_views(client, replicas).await;
            for (status, body) in [&first, &second] {
                assert!(*status < 500, "{path}: {status} {body}");
            }
            let stamp = |body: &Value| body["coverage"]["throughBlock"].as_u64();
            let mut tally = tally.lock().expect("tally");
            tally.asked += 1;
            let (status, body) = (first.0, &first.1);
            let block = before.0;
            let settled = before == after && block.is_some() && stamp(body) == block;
            if status == 200 && second.0 == 200 && settled && stamp(&second.1) == block {
                let agreed = views_before == views_after && views_before[0] == views_before[1];
                if body["source"] != second.1["source"] || !agreed {
                    tally.other_view += 1;
                    continue;
                }
                let difference = first_difference(
                    "",
                    &comparable(first.1.clone()),
                    &comparable(second.1.clone()),
                );
                assert!(
                    difference.is_none(),
                    "{path}: the replicas differ at block {block:?} ({:?}): {}",
                    before.1,
                    difference.unwrap_or_default()
                );
                tally.compared += 1;
                tally.stamps.extend(block);
            }
        }
    }
}

/// What a test of the indexer binary beside servers needs: the binary, the seeded devnet
/// under mainnet's chain id (served as `telos-evm`) and a throw-away PostgreSQL cluster.
pub async fn indexer_devnet_and_postgres() -> (PathBuf, EvmDevnet, Postgres) {
    let indexer = tokio::task::spawn_blocking(indexer_binary)
        .await
        .expect("task");
    let devnet = tokio::task::spawn_blocking(|| EvmDevnet::start_with_chain_id(40))
        .await
        .expect("task")
        .expect("devnet starts (run `npm ci` in devnet/evm)");
    let postgres = tokio::task::spawn_blocking(Postgres::start)
        .await
        .expect("task")
        .expect("PostgreSQL starts");
    (indexer, devnet, postgres)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_agree_while_a_standby_replaces_a_killed_writer() {
    let (indexer, devnet, postgres) = indexer_devnet_and_postgres().await;
    let manifest = devnet.manifest().clone();
    let dir = tempfile::tempdir().expect("temp dir");
    let expected = reference_dump(&manifest, dir.path()).await;
    let url = postgres.create_database("replicas").expect("database");
    let store = Arc::new(Reader::open(&url).await);

    // The writer stalls after a few commits, far below the head, until it is killed.
    let mut writer = indexer_command(&indexer, &manifest, &url);
    writer
        .env(
            "TANDEM_INDEXER_CRASH",
            format!("hang-after-commit:{COMMITS_BEFORE_STALL}"),
        )
        .stderr(Stdio::null());
    let mut writer = Running(writer.spawn().expect("writer starts"));
    let stalled_at = manifest.start_block + COMMITS_BEFORE_STALL * BATCH_BLOCKS - 1;
    let deadline = Instant::now() + Duration::from_secs(60);
    while cursor(&store).await != Some(stalled_at) {
        assert!(
            Instant::now() < deadline,
            "the writer never reached {stalled_at}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let mut standby = indexer_command(&indexer, &manifest, &url);
    standby.arg("--once").stderr(Stdio::piped());
    let mut standby = Running(standby.spawn().expect("standby starts"));
    let standby_lines = lines_of("standby", standby.0.stderr.take().expect("stderr piped"));
    wait_for_line(
        &standby_lines,
        "waiting as a hot standby",
        Duration::from_secs(30),
    )
    .expect("the standby waits");

    let (_first, first_url) = start_replica(&manifest, &url, dir.path(), "replica-1");
    let (_second, second_url) = start_replica(&manifest, &url, dir.path(), "replica-2");
    let replicas = [first_url, second_url];
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    for replica in &replicas {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (_, status) = ask(&client, &format!("{replica}/api/v1/evm/{NETWORK}/status")).await;
            // The token list (names and logos) is part of an answer's stamp, but not of
            // what answers show of it: both replicas hold it before they are compared.
            if status["indexer"]["role"] == "reader"
                && status["indexer"]["indexedBlock"] == stalled_at
                && status["tokenListLoaded"] == true
            {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{replica} not reading the store: {status}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let accounts: Vec<String> = manifest
        .accounts
        .iter()
        .map(|a| a.address.clone())
        .collect();

    // Both replicas are asked without pause from here to the end.
    let tally = Arc::new(Mutex::new(Tally::default()));
    let done = Arc::new(AtomicBool::new(false));
    let asking = tokio::spawn({
        let (replicas, accounts, store, tally, done) = (
            replicas.clone(),
            accounts.clone(),
            Arc::clone(&store),
            Arc::clone(&tally),
            Arc::clone(&done),
        );
        let client = client.clone();
        async move {
            while !done.load(Ordering::SeqCst) {
                ask_both(&client, &replicas, &accounts, &store, &tally).await;
            }
        }
    });

    tokio::time::sleep(STALLED_FOR).await;
    assert_eq!(
        cursor(&store).await,
        Some(stalled_at),
        "the stalled writer writes nothing"
    );
    writer.0.kill().expect("SIGKILL");
    writer.0.wait().expect("writer reaped");
    let killed = Instant::now();
    let standby_lines = tokio::task::spawn_blocking(move || {
        let taking_over = wait_for_line(&standby_lines, "taking over", TAKEOVER);
        (taking_over, standby_lines)
    })
    .await
    .expect("task");
    let (taking_over, standby_lines) = standby_lines;
    taking_over.expect("the standby takes over");
    eprintln!(
        "took over {} ms after the kill",
        killed.elapsed().as_millis()
    );
    drop(standby_lines);
    let status = tokio::task::spawn_blocking(move || {
        let mut standby = standby;
        standby.0.wait().expect("standby ends")
    })
    .await
    .expect("task");
    assert!(
        status.success(),
        "the standby caught up and finished: {status}"
    );
    let head = cursor(&store).await.expect("a cursor");
    assert!(head > stalled_at, "the standby moved the index on");

    // The replicas see the final state too, then stop being asked.
    let deadline = Instant::now() + Duration::from_secs(30);
    for replica in &replicas {
        loop {
            let (_, status) = ask(&client, &format!("{replica}/api/v1/evm/{NETWORK}/status")).await;
            if status["indexer"]["indexedBlock"] == head && status["source"]["inUse"] == "ownIndex"
            {
                assert_eq!(status["indexer"]["reorgs"], 0, "{status}");
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{replica} never saw {head}: {status}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    done.store(true, Ordering::SeqCst);
    asking.await.expect("no answer failed");
    let compared_before = tally.lock().expect("tally").compared;
    ask_both(&client, &replicas, &accounts, &store, &tally).await;
    let tally = std::mem::take(&mut *tally.lock().expect("tally"));
    eprintln!("{tally:?}");
    assert!(
        tally.compared >= compared_before + 4 * accounts.len() as u64,
        "every final answer was compared: {tally:?}"
    );
    assert!(
        tally.stamps.contains(&stalled_at) && tally.stamps.contains(&head),
        "answers compared while stalled and at the end: {tally:?}"
    );

    let dump = tokio::task::spawn_blocking(move || store.store().canonical_dump().expect("dump"))
        .await
        .expect("task");
    if let Some((got, wanted)) = dump.lines().zip(expected.lines()).find(|(a, b)| a != b) {
        panic!(
            "the index after the takeover differs from an uninterrupted run:\n  got      {got}\n  expected {wanted}"
        );
    }
    assert_eq!(
        dump.lines().count(),
        expected.lines().count(),
        "rows after the takeover"
    );
}
