//! [`StoreError`]: what a store can fail with, keeping the database's own error as the
//! cause, and telling trouble worth retrying (a lost connection) from trouble that
//! retrying cannot fix (a schema newer than this binary, a writer lock lost).

use std::path::PathBuf;

/// A store failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The embedded SQLite database failed.
    #[error("SQLite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The PostgreSQL server failed or refused a statement.
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    /// No PostgreSQL connection could be had from the pool in time.
    #[error("PostgreSQL connection pool: {0}")]
    Pool(#[from] deadpool_postgres::PoolError),
    /// The PostgreSQL connection pool could not be set up.
    #[error("PostgreSQL connection pool set-up: {0}")]
    PoolSetup(#[from] deadpool_postgres::BuildError),
    /// The thread that drives PostgreSQL connections could not start.
    #[error("starting the PostgreSQL connection thread: {0}")]
    Runtime(#[source] std::io::Error),
    /// The store's lock file or directory could not be used.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The store URL names no store this binary can open.
    #[error(
        "unusable store URL {url:?}: {reason} (expected sqlite:PATH, a plain path, or postgres://…)"
    )]
    Url {
        /// The URL as given (password removed).
        url: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The PostgreSQL URL did not parse.
    #[error("unusable PostgreSQL URL {url:?}: {source}")]
    PostgresUrl {
        /// The URL as given (password removed).
        url: String,
        /// The parser's complaint.
        #[source]
        source: tokio_postgres::Error,
    },
    /// The store was written by a newer Tandem: refusing it is the only safe answer.
    #[error(
        "the index store has schema version {found}, newer than the {supported} this binary \
         understands: run a newer Tandem, or point this one at another store"
    )]
    SchemaTooNew {
        /// The store's version.
        found: u32,
        /// The newest version this binary knows.
        supported: u32,
    },
    /// A schema migration failed; the store stays at the version before it.
    #[error("migrating the index store to schema version {version} failed: {source}")]
    Migration {
        /// The migration that failed.
        version: u32,
        /// Why.
        #[source]
        source: Box<StoreError>,
    },
    /// The connection that held the writer lock was lost: another writer may have
    /// taken over, so this one must stop writing.
    #[error("the writer lock was lost with its connection ({0}); another indexer may write now")]
    WriterLockLost(#[source] tokio_postgres::Error),
    /// A store opened for reading only was asked to write.
    #[error("this store was opened for reading only")]
    ReadOnly,
    /// A row holds something this binary never writes there.
    #[error("corrupt {what} in the index store")]
    Corrupt {
        /// Which value.
        what: &'static str,
        /// The decoder's complaint, when there is one.
        #[source]
        source: Option<Box<dyn std::error::Error + Send + Sync>>,
    },
    /// A thread using a store connection panicked while holding it.
    #[error("a store connection was poisoned by a panic")]
    Poisoned,
}

impl StoreError {
    /// Whether retrying cannot help: the store is newer than this binary, a migration
    /// failed, the URL is unusable, the writer lock is gone, or the store is read-only.
    /// Everything else (a lost connection, a busy database, a full pool) may pass.
    #[must_use]
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            Self::SchemaTooNew { .. }
                | Self::Migration { .. }
                | Self::Url { .. }
                | Self::PostgresUrl { .. }
                | Self::WriterLockLost(_)
                | Self::ReadOnly
        )
    }

    /// Whether the database connection itself went away (the server stopped or the
    /// network failed), as opposed to a statement failing.
    #[must_use]
    pub fn is_connection_lost(&self) -> bool {
        match self {
            Self::Postgres(error) | Self::WriterLockLost(error) => {
                error.is_closed()
                    || error.code().is_some_and(|code| {
                        code.code().starts_with("08") || code.code().starts_with("57P")
                    })
                    || std::error::Error::source(error)
                        .is_some_and(|source| source.is::<std::io::Error>())
            }
            Self::Pool(_) => true,
            _ => false,
        }
    }

    pub(crate) fn corrupt(what: &'static str) -> Self {
        Self::Corrupt { what, source: None }
    }

    pub(crate) fn corrupt_because(
        what: &'static str,
        source: impl std::error::Error + Send + Sync + 'static,
    ) -> Self {
        Self::Corrupt {
            what,
            source: Some(Box::new(source)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::StoreError;

    #[test]
    fn a_newer_schema_is_fatal_and_names_both_versions() {
        let error = StoreError::SchemaTooNew {
            found: 9,
            supported: 2,
        };
        assert!(error.is_fatal());
        let text = error.to_string();
        assert!(text.contains("version 9") && text.contains("the 2 this binary"));
    }

    #[test]
    fn a_busy_database_is_worth_retrying() {
        let busy = StoreError::Sqlite(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
            None,
        ));
        assert!(!busy.is_fatal());
        assert!(!busy.is_connection_lost());
    }
}
