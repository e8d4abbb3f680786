//! The RPC path against a hostile node: a proxy in front of the devnet's anvil refuses
//! large `eth_getLogs` ranges and large batches, answers 429 at random and drops
//! connections at random (before answering, or halfway through the body). The index
//! built through it ends identical, row for row, to one built straight from anvil.
//!
//! The chaos is seeded: `TANDEM_CHAOS_SEED=<n>` replays a failing run's decisions.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::common::{config, start_devnet};
use crate::long_history::grow;
use tandem_indexer::{Backfill, Indexer, SqliteStore};
use tandem_testkit::{Chaos, ChaosProxy, ChaosStats, EvmManifest};

/// Rounds the test gives the indexer: a round ends early when a batch keeps failing
/// after its retries, and the next one resumes from the store.
const MAX_ROUNDS: usize = 30;

fn seed() -> u64 {
    std::env::var("TANDEM_CHAOS_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(0x7a4d_e3c1)
}

/// Indexes the chain straight from anvil, then through a chaos proxy, with `backfill`;
/// the two stores must be identical. Returns what the proxy did.
async fn through_chaos(
    manifest: &EvmManifest,
    backfill: Backfill,
    head: u64,
    dir: &Path,
) -> ChaosStats {
    let mut straight = config(manifest);
    straight.backfill = backfill;
    let reference =
        Arc::new(SqliteStore::open(&dir.join(format!("reference-{backfill}.sqlite"))).unwrap());
    let indexed = Indexer::new(straight.clone(), reference.clone())
        .unwrap()
        .sync_to_head()
        .await
        .unwrap();
    assert_eq!(indexed, Some(head));
    let expected = reference.canonical_dump().unwrap();

    let seed = seed();
    eprintln!("{backfill}: chaos seed {seed} (TANDEM_CHAOS_SEED={seed} replays it)");
    let proxy = ChaosProxy::start(
        &manifest.rpc_url,
        Chaos {
            seed,
            max_log_range: Some(40),
            max_batch: Some(16),
            rate_limited_per_mille: 120,
            dropped_per_mille: 80,
            requests_per_second: None,
            state_from_block: None,
        },
    )
    .unwrap();
    let store = Arc::new(SqliteStore::open(&dir.join(format!("chaos-{backfill}.sqlite"))).unwrap());
    let mut hostile = straight;
    hostile.rpc_url = proxy.url();
    hostile.rpc_backoff = Duration::from_millis(20);
    let indexer = Indexer::new(hostile, store.clone()).unwrap();
    let mut failed_rounds = Vec::new();
    for _ in 0..MAX_ROUNDS {
        match indexer.sync_to_head().await {
            Ok(Some(block)) if block == head => break,
            Ok(other) => panic!("a round ended at {other:?}, below the head {head}"),
            Err(error) if error.retryable() => failed_rounds.push(error.with_causes()),
            Err(error) => panic!("{}", error.with_causes()),
        }
    }
    assert_eq!(
        indexer.status().indexed_block,
        Some(head),
        "{backfill}: not caught up after {MAX_ROUNDS} rounds: {failed_rounds:#?}"
    );
    let dump = store.canonical_dump().unwrap();
    assert!(
        dump == expected,
        "{backfill}: the index built through the chaos differs"
    );
    let stats = proxy.stats();
    eprintln!(
        "{backfill}: {stats:?}; rounds that failed: {}",
        failed_rounds.len()
    );
    assert!(stats.rate_limited > 0, "{stats:?}");
    assert!(stats.dropped > 0, "{stats:?}");
    stats
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_a_hostile_node_the_index_ends_as_an_uninterrupted_run() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let added = grow(&manifest).await;
    let dir = tempfile::tempdir().unwrap();
    // Transaction counts (the default) and logs find the final blocks differently:
    // long batches of counts meet the batch limit, logs the range limit.
    let counts = through_chaos(&manifest, Backfill::Counts, added.head, dir.path()).await;
    assert!(counts.batches_refused > 0, "{counts:?}");
    let logs = through_chaos(&manifest, Backfill::Logs, added.head, dir.path()).await;
    assert!(logs.ranges_refused > 0, "{logs:?}");
}
