//! One writer, one hot standby: a second indexer started against a store someone
//! writes waits (and says so), takes over within seconds when the writer is killed
//! with SIGKILL mid-backfill, resumes from the last committed batch, and ends with
//! the index an uninterrupted run builds — on SQLite and on PostgreSQL.

use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use tandem_indexer::{IndexerError, StoreError, StoreUrl, WriterLock};
use tandem_testkit::lines::{lines_of, wait_for_line};

use crate::common::start_devnet;
use crate::crash::{assert_same_dump, indexer_command, reference_dump};
use crate::rollback::batch;
use crate::stores::{BACKENDS, Backend, TestStore, blocking};

const BATCH_BLOCKS: u64 = 4;
/// The writer stalls after this many commits, mid-backfill, until it is killed.
const COMMITS_BEFORE_STALL: u64 = 3;
/// How long the standby may take to notice the writer is gone and take over.
const TAKEOVER: Duration = Duration::from_secs(5);

/// A child process killed (SIGKILL) when dropped, so a failed test leaves none behind.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn wait_for_cursor(store: &TestStore, cursor: u64) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while store.cursor().await != Some(cursor) {
        assert!(
            Instant::now() < deadline,
            "the writer never reached block {cursor}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_standby_takes_over_from_a_killed_writer_and_loses_nothing() {
    let devnet = start_devnet();
    let manifest = devnet.manifest().clone();
    let expected = reference_dump(&manifest, BATCH_BLOCKS).await;
    for backend in BACKENDS {
        eprintln!("writer and standby on {backend:?}");
        let store = TestStore::new(backend, "standby");
        let mut writer = indexer_command(&manifest, &store, BATCH_BLOCKS);
        writer
            .env(
                "TANDEM_INDEXER_CRASH",
                format!("hang-after-commit:{COMMITS_BEFORE_STALL}"),
            )
            .stderr(Stdio::null());
        let mut writer = Running(writer.spawn().expect("writer starts"));
        let stalled_at = manifest.start_block + COMMITS_BEFORE_STALL * BATCH_BLOCKS - 1;
        wait_for_cursor(&store, stalled_at).await;

        let mut standby = indexer_command(&manifest, &store, BATCH_BLOCKS);
        standby.arg("--once").stderr(Stdio::piped());
        let mut standby = Running(standby.spawn().expect("standby starts"));
        let lines = lines_of("standby", standby.0.stderr.take().expect("stderr piped"));
        wait_for_line(&lines, "waiting as a hot standby", Duration::from_secs(30))
            .expect("the standby waits");
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(
            store.cursor().await,
            Some(stalled_at),
            "{backend:?}: a standby writes nothing"
        );
        assert!(
            standby.0.try_wait().unwrap().is_none(),
            "{backend:?}: the standby waits"
        );

        writer.0.kill().expect("SIGKILL");
        writer.0.wait().expect("writer reaped");
        let killed = Instant::now();
        wait_for_line(&lines, "taking over", TAKEOVER).expect("the standby takes over");
        eprintln!(
            "{backend:?}: took over {} ms after the kill",
            killed.elapsed().as_millis()
        );
        let status = blocking(move || {
            let mut standby = standby;
            standby.0.wait().expect("standby ends")
        })
        .await;
        assert!(
            status.success(),
            "{backend:?}: the standby finished: {status}"
        );
        assert_same_dump(
            &store.dump().await,
            &expected,
            &format!("{backend:?} after the takeover against an uninterrupted run"),
        );
    }
}

#[tokio::test]
async fn one_writer_at_a_time_holds_the_lock() {
    for backend in BACKENDS {
        let store = TestStore::new(backend, "lock");
        let url = store.url.clone();
        blocking(move || {
            let first = WriterLock::try_acquire(&url).unwrap().expect("a free lock");
            assert!(
                WriterLock::try_acquire(&url).unwrap().is_none(),
                "{backend:?}: a second writer is refused"
            );
            let mut tries = 0;
            let waited = WriterLock::wait(&url, Duration::from_millis(10), |n| {
                tries = n;
                n < 3
            })
            .unwrap();
            assert!(
                waited.is_none() && tries == 3,
                "{backend:?}: waits as asked"
            );
            let writing = first.open_store(None).unwrap();
            assert!(
                WriterLock::try_acquire(&url).unwrap().is_none(),
                "{backend:?}: the store keeps the lock"
            );
            drop(writing);
            // A PostgreSQL session ends when its connection task has closed the socket,
            // a moment after the drop: the lock is free within that moment.
            let freed = WriterLock::wait(&url, Duration::from_millis(10), |n| n < 500).unwrap();
            assert!(
                freed.is_some(),
                "{backend:?}: the lock is free once the writer is gone"
            );
        })
        .await;
    }
}

#[tokio::test]
async fn a_postgres_writer_that_lost_its_connection_writes_no_more() {
    let store = TestStore::new(Backend::Postgres, "lost_writer");
    let StoreUrl::Postgres(url) = store.url.clone() else {
        unreachable!()
    };
    let writer = store.writer().await;
    let first = writer.clone();
    blocking(move || {
        first.bind_chain(1, 0).unwrap();
        first.commit(&batch(0, 1, 5, true)).unwrap();
    })
    .await;

    // The database ends every other session (as a restart or a network cut would).
    let (admin, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    let driver = tokio::spawn(connection);
    admin
        .execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
            &[],
        )
        .await
        .unwrap();
    drop(admin);
    driver.await.unwrap().unwrap();

    let refused = blocking(move || writer.commit(&batch(2, 3, 7, true))).await;
    assert!(
        matches!(
            refused,
            Err(IndexerError::Storage(StoreError::WriterLockLost(_)))
        ),
        "{refused:?}"
    );
    assert!(!refused.unwrap_err().retryable());
    assert_eq!(store.cursor().await, Some(1), "nothing more was written");
    let url = store.url.clone();
    let free = blocking(move || WriterLock::try_acquire(&url).unwrap().is_some()).await;
    assert!(free, "the lock went with the connection");
}
