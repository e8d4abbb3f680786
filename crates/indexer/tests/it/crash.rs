//! Killed mid-write and restarted: the indexer binary aborts (like a SIGKILL, no
//! cleanup) at crash points inside the store's write path, is restarted, and ends
//! with a store identical, row for row, to an uninterrupted run — on SQLite and on
//! PostgreSQL, whose uninterrupted index also equals SQLite's row for row.

use std::process::Command;

use tandem_indexer::{Backfill, Indexer};
use tandem_testkit::EvmManifest;

use crate::common::{config, contract, start_devnet};
use crate::stores::{BACKENDS, TestStore};

const BATCH_BLOCKS: u64 = 8;

/// Runs the indexer binary once over `store` (`--once`), with a crash point armed.
pub fn run_binary(
    manifest: &EvmManifest,
    store: &TestStore,
    crash: Option<&str>,
) -> std::process::ExitStatus {
    let mut command = indexer_command(manifest, store, BATCH_BLOCKS);
    command.arg("--once");
    match crash {
        Some(point) => command.env("TANDEM_INDEXER_CRASH", point),
        None => command.env_remove("TANDEM_INDEXER_CRASH"),
    };
    command.status().expect("indexer binary runs")
}

/// The indexer binary over `store`, without enrichment, in batches of `batch_blocks`
/// (every block read in full: a sparse backfill cuts batches by content, and the seed is
/// longer than the reorg depth, so its first blocks are final).
pub fn indexer_command(manifest: &EvmManifest, store: &TestStore, batch_blocks: u64) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tandem-indexer"));
    command
        .args(["--rpc-url", &manifest.rpc_url, "--store", &store.arg()])
        .args(["--start-block", &manifest.start_block.to_string()])
        .args(["--wrapped-native", &contract(manifest, "WTLOS").to_string()])
        .args(["--batch-blocks", &batch_blocks.to_string(), "--no-enrich"])
        .args(["--backfill", "full"]);
    command
}

/// An uninterrupted in-process run into a new store of each backend; their dumps,
/// asserted equal (the PostgreSQL index is the SQLite one, row for row).
pub async fn reference_dump(manifest: &EvmManifest, batch_blocks: u64) -> String {
    let mut dumps = Vec::new();
    for backend in BACKENDS {
        let reference = TestStore::new(backend, "reference");
        let mut reference_config = config(manifest);
        reference_config.batch_blocks = batch_blocks;
        reference_config.backfill = Backfill::Full;
        let head = Indexer::new(reference_config, reference.writer().await)
            .unwrap()
            .sync_to_head()
            .await
            .unwrap()
            .unwrap();
        assert!(head > 6 * batch_blocks, "the seed spans enough batches");
        dumps.push((backend, reference.dump().await));
    }
    let (_, sqlite) = &dumps[0];
    assert!(sqlite.contains("## token_balances") && sqlite.lines().count() > 300);
    for (backend, dump) in &dumps[1..] {
        assert_same_dump(
            dump,
            sqlite,
            &format!("the {backend:?} index against SQLite's"),
        );
    }
    dumps.swap_remove(0).1
}

/// Asserts two dumps are equal, naming the first line that differs.
pub fn assert_same_dump(actual: &str, expected: &str, what: &str) {
    if actual == expected {
        return;
    }
    let differs = actual
        .lines()
        .zip(expected.lines())
        .find(|(a, e)| a != e)
        .map_or_else(
            || {
                format!(
                    "{} lines against {}",
                    actual.lines().count(),
                    expected.lines().count()
                )
            },
            |(a, e)| format!("first difference:\n  got      {a}\n  expected {e}"),
        );
    panic!("{what}: the stores differ; {differs}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_indexer_resumes_with_nothing_lost_or_doubled() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let expected = reference_dump(&manifest, BATCH_BLOCKS).await;

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
    for backend in BACKENDS {
        for (n, crashes) in scenarios.iter().enumerate() {
            let store = TestStore::new(backend, &format!("crash_{n}"));
            for (point, expected_cursor) in *crashes {
                let status = run_binary(&manifest, &store, Some(point));
                assert!(
                    !status.success(),
                    "{backend:?} {point}: the process must die, got {status}"
                );
                assert_eq!(
                    store.cursor().await,
                    *expected_cursor,
                    "{backend:?} {point}: cursor after the crash"
                );
            }
            assert!(
                run_binary(&manifest, &store, None).success(),
                "clean restart"
            );
            assert_same_dump(
                &store.dump().await,
                &expected,
                &format!("{backend:?} scenario {n} against an uninterrupted run"),
            );
        }
    }
}
