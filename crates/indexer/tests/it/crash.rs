//! Killed mid-write and restarted: the indexer binary aborts (like a SIGKILL, no
//! cleanup) at crash points inside the store's write path, is restarted, and ends
//! with a store identical, row for row, to an uninterrupted run.

#![allow(clippy::expect_used, clippy::unwrap_used)] // helpers outside #[test] fns

mod common;

use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use common::{config, contract, start_devnet};
use tandem_indexer::{Indexer, SqliteStore, Store};
use tandem_testkit::EvmManifest;

const BATCH_BLOCKS: u64 = 8;

fn run_binary(manifest: &EvmManifest, db: &Path, crash: Option<&str>) -> std::process::ExitStatus {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tandem-indexer"));
    command
        .args(["--rpc-url", &manifest.rpc_url, "--db"])
        .arg(db)
        .args(["--start-block", &manifest.start_block.to_string()])
        .args(["--wrapped-native", &contract(manifest, "WTLOS").to_string()])
        .args([
            "--batch-blocks",
            &BATCH_BLOCKS.to_string(),
            "--no-enrich",
            "--once",
        ]);
    match crash {
        Some(point) => command.env("TANDEM_INDEXER_CRASH", point),
        None => command.env_remove("TANDEM_INDEXER_CRASH"),
    };
    command.status().expect("indexer binary runs")
}

fn cursor(db: &Path) -> Option<u64> {
    SqliteStore::open(db)
        .unwrap()
        .cursor()
        .unwrap()
        .map(|block| block.number)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_indexer_resumes_with_nothing_lost_or_doubled() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let dir = tempfile::tempdir().unwrap();

    let reference_db = dir.path().join("reference.sqlite");
    let reference = Arc::new(SqliteStore::open(&reference_db).unwrap());
    let mut reference_config = config(&manifest);
    reference_config.batch_blocks = BATCH_BLOCKS;
    let head = Indexer::new(reference_config, reference.clone())
        .unwrap()
        .sync_to_head()
        .await
        .unwrap()
        .unwrap();
    assert!(head > 6 * BATCH_BLOCKS, "the seed spans enough batches");
    let expected = reference.canonical_dump().unwrap();
    assert!(expected.contains("## token_balances") && expected.lines().count() > 300);

    // Each scenario: crash points hit one after another (each in a fresh process), then a clean run.
    let scenarios: &[&[(&str, Option<u64>)]] = &[
        // Mid-write of the 2nd batch: only the 1st is kept.
        &[("after-chain-rows:2", Some(BATCH_BLOCKS - 1))],
        // Everything of the 3rd batch written but not committed.
        &[("before-commit:3", Some(2 * BATCH_BLOCKS - 1))],
        // Right after the 4th commit; then, restarted, killed again mid-write of its 2nd batch.
        &[
            ("after-commit:4", Some(4 * BATCH_BLOCKS - 1)),
            ("after-chain-rows:2", Some(5 * BATCH_BLOCKS - 1)),
        ],
        // Killed in the very first write: nothing stored.
        &[("before-commit:1", None)],
    ];
    for (n, crashes) in scenarios.iter().enumerate() {
        let db = dir.path().join(format!("crash-{n}.sqlite"));
        for (point, expected_cursor) in *crashes {
            let status = run_binary(&manifest, &db, Some(point));
            assert!(
                !status.success(),
                "{point}: the process must die, got {status}"
            );
            assert_eq!(
                cursor(&db),
                *expected_cursor,
                "{point}: cursor after the crash"
            );
        }
        assert!(run_binary(&manifest, &db, None).success(), "clean restart");
        let dump = SqliteStore::open(&db).unwrap().canonical_dump().unwrap();
        assert!(
            dump == expected,
            "scenario {n}: the store differs from an uninterrupted run"
        );
    }
}
