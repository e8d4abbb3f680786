//! Final blocks are read sparsely: on a chain whose older part is final and mostly
//! empty, the indexer reads in full only the blocks `eth_getLogs` (and transaction
//! counts) name, and still stores, for the blocks it holds, exactly what reading every
//! block stores — derived state equal to the chain — while asking the node for a small
//! part of the blocks. Killed at any point on that path, it resumes with nothing lost
//! or doubled.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use crate::common::{assert_index_matches_chain, config, contract, start_devnet};
use crate::long_history::{grow, holds_transaction, tables};
use tandem_indexer::{Backfill, IndexSource, Indexer, SqliteStore, StoreReads};
use tandem_testkit::{Chaos, ChaosProxy, EvmManifest};

/// A proxy that only counts, so the test sees what each mode asks the node.
fn counting_proxy(manifest: &EvmManifest) -> ChaosProxy {
    let honest = Chaos::HONEST;
    ChaosProxy::start(&manifest.rpc_url, honest).expect("proxy starts")
}

/// Indexes the whole chain with `backfill` through a counting proxy: the store's dump
/// and how many blocks were read in full. `like_for_like` gives final batches the
/// extent of the batches near the head.
async fn index_with(
    manifest: &EvmManifest,
    backfill: Backfill,
    like_for_like: bool,
    db: &Path,
) -> (String, u64) {
    let proxy = counting_proxy(manifest);
    let store = Arc::new(SqliteStore::open(db).unwrap());
    let mut config = config(manifest);
    config.rpc_url = proxy.url();
    config.backfill = backfill;
    if like_for_like {
        config.sparse_batch_blocks = config.batch_blocks;
    }
    let indexer = Indexer::new(config, store.clone()).unwrap();
    indexer.sync_to_head().await.unwrap();
    let full_reads = proxy
        .stats()
        .calls
        .get("eth_getBlockReceipts")
        .copied()
        .unwrap_or(0);
    (store.canonical_dump().unwrap(), full_reads)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn final_blocks_read_sparsely_store_what_reading_every_block_stores() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let added = grow(&manifest).await;
    let dir = tempfile::tempdir().unwrap();

    let (full, full_reads) = index_with(
        &manifest,
        Backfill::Full,
        true,
        &dir.path().join("full.sqlite"),
    )
    .await;
    let counts_db = dir.path().join("counts.sqlite");
    let (counts, counts_reads) = index_with(&manifest, Backfill::Counts, true, &counts_db).await;
    let (logs, logs_reads) = index_with(
        &manifest,
        Backfill::Logs,
        false,
        &dir.path().join("logs.sqlite"),
    )
    .await;
    let (full, counts, logs) = (tables(&full), tables(&counts), tables(&logs));

    // Every block read in full by the full mode; a fraction by the sparse ones.
    assert_eq!(
        full_reads,
        added.head + 1,
        "the full mode reads every block"
    );
    assert!(
        counts_reads * 3 < full_reads,
        "counts mode read {counts_reads} of {full_reads} blocks"
    );
    assert!(
        logs_reads <= counts_reads,
        "logs mode read {logs_reads} blocks"
    );

    // Transaction counts, batches of the same extent: everything but the rows of empty
    // blocks is the same.
    for (table, rows) in &full {
        if table == "blocks" {
            let sparse: BTreeSet<&String> = counts[table].iter().collect();
            assert!(
                sparse.iter().all(|row| rows.contains(row)),
                "sparse blocks are real blocks"
            );
            assert!(sparse.len() < rows.len(), "empty blocks are skipped");
        } else {
            assert_eq!(&counts[table], rows, "table {table}, counts mode");
        }
    }
    assert!(holds_transaction(&counts, added.plain_transfer));

    // Logs only, in the large final batches of the defaults: every token, NFT and
    // approval fact is the same; the plain TLOS transfer in a final block is the
    // documented blind spot.
    for table in [
        "transfers",
        "token_balances",
        "supplies",
        "nft_owners",
        "multi_balances",
        "token_approvals",
        "operators",
    ] {
        assert_eq!(logs[table], full[table], "table {table}, logs mode");
    }
    // An allowance spent without an event (`transferFrom`) is read back from the chain
    // and dated by its owner's last transfer in the batch: amounts agree, dates follow
    // the batch's extent.
    let undated = |rows: &[String]| -> Vec<String> {
        rows.iter()
            .map(|row| row.rsplitn(3, '|').nth(2).unwrap_or_default().to_owned())
            .collect()
    };
    assert_eq!(undated(&logs["allowances"]), undated(&full["allowances"]));
    assert!(holds_transaction(&logs, added.token_transfer));
    assert!(holds_transaction(&logs, added.recent_transfer));
    assert!(!holds_transaction(&logs, added.plain_transfer));

    // And the sparse index is the chain: balances, allowances, NFTs, supplies.
    let store = Arc::new(SqliteStore::open(&counts_db).unwrap());
    assert_index_matches_chain(&IndexSource::new(store), &manifest).await;
}

fn run_binary(manifest: &EvmManifest, db: &Path, crash: Option<&str>) -> std::process::ExitStatus {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tandem-indexer"));
    command
        .args(["--rpc-url", &manifest.rpc_url, "--db"])
        .arg(db)
        .args(["--start-block", &manifest.start_block.to_string()])
        .args(["--wrapped-native", &contract(manifest, "WTLOS").to_string()])
        .args([
            "--batch-blocks",
            "8",
            "--backfill",
            "counts",
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
async fn killed_on_the_sparse_path_it_resumes_with_nothing_lost_or_doubled() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let added = grow(&manifest).await;
    let dir = tempfile::tempdir().unwrap();

    let reference = dir.path().join("reference.sqlite");
    assert!(run_binary(&manifest, &reference, None).success());
    assert_eq!(cursor(&reference), Some(added.head));
    let expected = SqliteStore::open(&reference)
        .unwrap()
        .canonical_dump()
        .unwrap();

    // Killed inside sparse batches (the first batches are all final), then once more
    // after restarting, then a clean run.
    let db = dir.path().join("crashed.sqlite");
    let mut last_cursor = None;
    for point in [
        "after-chain-rows:2",
        "before-commit:2",
        "after-commit:3",
        "after-chain-rows:1",
    ] {
        let status = run_binary(&manifest, &db, Some(point));
        assert!(
            !status.success(),
            "{point}: the process must die, got {status}"
        );
        let now = cursor(&db);
        assert!(
            now >= last_cursor && now < Some(added.head),
            "{point}: cursor {now:?}"
        );
        last_cursor = now;
    }
    assert!(
        last_cursor.is_some(),
        "some batches were committed before the kills"
    );
    assert!(run_binary(&manifest, &db, None).success(), "clean restart");
    let dump = SqliteStore::open(&db).unwrap().canonical_dump().unwrap();
    assert!(
        dump == expected,
        "the store differs from an uninterrupted run"
    );
}
