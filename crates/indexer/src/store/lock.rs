//! [`WriterLock`]: one writer per store, any number of readers. The writer holds the
//! lock for its whole life and loses it when its process dies, however it dies; a
//! second would-be writer waits as a hot standby and takes over then.
//!
//! - PostgreSQL: a session-level advisory lock, held by the connection the writer
//!   writes through (so a writer that lost its connection cannot write either).
//! - SQLite: an exclusive `flock` on `PATH-writer.lock` beside the database.

use std::sync::Arc;
use std::time::Duration;

use super::postgres::PgSession;
use super::sqlite::SqliteWriterLock;
use super::{CrashPoint, PgStore, SqliteStore, Store, StoreError, StoreUrl};
use crate::IndexerError;

/// The right to write one store, held until dropped (or until the store opened with
/// it is dropped).
#[derive(Debug)]
pub struct WriterLock {
    held: Held,
}

#[derive(Debug)]
enum Held {
    Sqlite(SqliteWriterLock),
    // Boxed: a session (runtime, client, configuration) is far larger than a file lock.
    Postgres(Box<PgSession>),
}

impl WriterLock {
    /// Takes the writer lock of the store at `url`, unless another process holds it.
    /// Blocking (it talks to the database): call it from a blocking thread.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub fn try_acquire(url: &StoreUrl) -> Result<Option<Self>, IndexerError> {
        Ok(match url {
            StoreUrl::Sqlite(path) => SqliteWriterLock::try_acquire(path)?.map(Held::Sqlite),
            StoreUrl::Postgres(url) => {
                let session = PgSession::connect(url)?;
                session
                    .try_lock()?
                    .then(|| Held::Postgres(Box::new(session)))
            }
        }
        .map(|held| Self { held }))
    }

    /// Waits for the writer lock of the store at `url`, trying every `poll`. Before
    /// each wait it asks `keep_waiting` with the number of tries so far (1 after the
    /// first failed one, to say once that it waits); `None` when that says stop.
    /// A lost database connection is retried, not returned: a standby outlives
    /// database restarts. Blocking: call it from a blocking thread.
    ///
    /// # Errors
    /// When the store cannot be used at all (a bad URL, an unusable lock file).
    pub fn wait(
        url: &StoreUrl,
        poll: Duration,
        mut keep_waiting: impl FnMut(u64) -> bool,
    ) -> Result<Option<Self>, IndexerError> {
        let mut session: Option<PgSession> = None;
        for tries in 1.. {
            match Self::try_once(url, &mut session) {
                Ok(Some(lock)) => return Ok(Some(lock)),
                Ok(None) => {}
                Err(error) if error.is_connection_lost() => {
                    tracing::warn!(%error, "index store unreachable; still waiting for the writer lock");
                    session = None;
                }
                Err(error) => return Err(error.into()),
            }
            if !keep_waiting(tries) {
                return Ok(None);
            }
            std::thread::sleep(poll);
        }
        Ok(None)
    }

    /// One try, reusing the PostgreSQL session of earlier tries.
    fn try_once(
        url: &StoreUrl,
        session: &mut Option<PgSession>,
    ) -> Result<Option<Self>, StoreError> {
        match url {
            StoreUrl::Sqlite(path) => Ok(SqliteWriterLock::try_acquire(path)?.map(|lock| Self {
                held: Held::Sqlite(lock),
            })),
            StoreUrl::Postgres(url) => {
                let connected = match session.take() {
                    Some(connected) => connected,
                    None => PgSession::connect(url)?,
                };
                if connected.try_lock()? {
                    return Ok(Some(Self {
                        held: Held::Postgres(Box::new(connected)),
                    }));
                }
                *session = Some(connected);
                Ok(None)
            }
        }
    }

    /// Opens the store for writing (migrating an older schema); the store keeps the
    /// lock until it is dropped. `crash` arms a crash point (crash-recovery tests
    /// only; `None` otherwise). Blocking: call it from a blocking thread.
    ///
    /// # Errors
    /// When the store cannot be opened, or its schema is newer than this binary.
    pub fn open_store(self, crash: Option<CrashPoint>) -> Result<Arc<dyn Store>, IndexerError> {
        Ok(match self.held {
            Held::Sqlite(lock) => {
                let path = lock.database().to_path_buf();
                Arc::new(SqliteStore::open_locked(&path, lock)?.with_crash_point(crash))
            }
            Held::Postgres(session) => {
                Arc::new(PgStore::open_locked(*session)?.with_crash_point(crash))
            }
        })
    }
}
