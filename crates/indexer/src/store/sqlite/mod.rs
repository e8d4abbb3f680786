//! The embedded SQLite backend: one file, WAL mode, a writer connection for the
//! follower and a few read-only connections for queries ([`Readers`]; WAL lets them
//! all run side by side).
//!
//! `synchronous = NORMAL` in WAL mode keeps every committed batch across a process
//! kill (only a power loss can drop the last batches, which the follower refetches).
//!
//! Several processes may read one file; one writes. The writer proves it is the one
//! with a lock file beside the database (`PATH-writer.lock`, an `flock` the kernel
//! drops when the process dies, however it dies), not with SQLite's own locks: those
//! last one transaction, and a writer must be the writer for its whole life.

mod readers;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

use super::StoreError;
use super::sql::migrate::{self, Migration};
use super::sql::{Backend, Dialect, Sql, SqlStore, Value};
use crate::IndexerError;
use readers::Readers;

/// SQLite's schema, version by version.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        script: include_str!("migrations/0001-base.sql"),
    },
    Migration {
        version: 2,
        script: include_str!("migrations/0002-versions.sql"),
    },
    Migration {
        version: 3,
        script: include_str!("migrations/0003-account-coverage.sql"),
    },
    Migration {
        version: 4,
        script: include_str!("migrations/0004-fill-method.sql"),
    },
    Migration {
        version: 5,
        script: include_str!("migrations/0005-nft-preview.sql"),
    },
    Migration {
        version: 6,
        script: include_str!("migrations/0006-fill-kinds.sql"),
    },
];

/// Read-only connections: concurrent reads beyond these wait for one. Reads are CPU
/// work on a cached index, so a few per core is plenty.
const READERS: usize = 4;

/// Page cache of the writer, and of all readers together, in KiB (SQLite's negative
/// `cache_size`): each reader keeps its share, so more readers cost no more memory.
const CACHE_KIB: usize = 64 * 1024;

/// The SQLite store.
pub type SqliteStore = SqlStore<Sqlite>;

/// The SQLite backend of [`SqliteStore`].
#[derive(Debug)]
pub struct Sqlite {
    writer: Mutex<Connection>,
    readers: Readers<Connection>,
    /// The writer lock, when the store was opened through one.
    _lock: Option<SqliteWriterLock>,
}

/// Settings of every connection: waiting on a busy file, and enough statement cache
/// for the write path's ~40 distinct statements (the default 16 would re-prepare them).
fn configure(conn: &Connection, cache_kib: usize) -> Result<(), StoreError> {
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.set_prepared_statement_cache_capacity(128);
    conn.execute_batch(&format!(
        "PRAGMA temp_store = MEMORY; PRAGMA cache_size = -{cache_kib};"
    ))?;
    Ok(())
}

fn open_writer(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    configure(&conn, CACHE_KIB)?;
    conn.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 16384;",
    )?;
    Ok(conn)
}

/// A read-only connection (the file is in WAL mode already: the writer opened it).
fn open_reader(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI,
    )?;
    configure(&conn, CACHE_KIB / READERS)?;
    Ok(conn)
}

impl SqlStore<Sqlite> {
    /// Opens (creating if needed, migrating if older) the store at `path`, for a
    /// process that both writes and reads it. Another process that shares the file
    /// should go through [`WriterLock`](crate::store::WriterLock) instead.
    ///
    /// # Errors
    /// When the file cannot be opened, or its schema is newer than this binary or
    /// cannot be migrated.
    pub fn open(path: &Path) -> Result<Self, IndexerError> {
        Ok(Self::new(Sqlite::open(path, None)?))
    }

    pub(crate) fn open_locked(path: &Path, lock: SqliteWriterLock) -> Result<Self, StoreError> {
        Ok(Self::new(Sqlite::open(path, Some(lock))?))
    }
}

impl Sqlite {
    fn open(path: &Path, lock: Option<SqliteWriterLock>) -> Result<Self, StoreError> {
        let mut writer = open_writer(path)?;
        {
            let tx = writer.transaction_with_behavior(TransactionBehavior::Immediate)?;
            migrate::migrate(&*tx, MIGRATIONS)?;
            tx.commit()?;
        }
        let readers = (0..READERS)
            .map(|_| open_reader(path))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            writer: Mutex::new(writer),
            readers: Readers::new(readers),
            _lock: lock,
        })
    }
}

fn guard(mutex: &Mutex<Connection>) -> Result<MutexGuard<'_, Connection>, StoreError> {
    mutex.lock().map_err(|_| StoreError::Poisoned)
}

impl Backend for Sqlite {
    fn read<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.readers.with(|conn| work(conn))?
    }

    fn write<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        // IMMEDIATE: the write lock is taken before the first read, so another process
        // writing the same file (a server filling an account) cannot slip in between
        // what a transaction read and what it writes.
        let mut conn = guard(&self.writer)?;
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let done = work(&*tx)?;
        tx.commit()?;
        Ok(done)
    }

    fn write_beside<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        // The same connection, or SQLite's own lock across processes, serializes it.
        self.write(work)
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Null => ValueRef::Null,
            Value::Int(n) => ValueRef::Integer(*n),
            Value::Bytes(bytes) => ValueRef::Blob(bytes),
            Value::Text(text) => ValueRef::Text(text.as_bytes()),
            // SQLite has no arrays; the shared SQL sends it lists only on PostgreSQL.
            Value::List(_) => {
                return Err(rusqlite::Error::ToSqlConversionFailure(
                    "a list parameter binds only on PostgreSQL".into(),
                ));
            }
        }))
    }
}

fn value_of(value: ValueRef<'_>) -> Result<Value, StoreError> {
    Ok(match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(n) => Value::Int(n),
        ValueRef::Blob(bytes) => Value::Bytes(bytes.to_vec()),
        ValueRef::Text(text) => Value::Text(
            String::from_utf8(text.to_vec())
                .map_err(|error| StoreError::corrupt_because("text column", error))?,
        ),
        ValueRef::Real(_) => return Err(StoreError::corrupt("real column")),
    })
}

impl Sql for Connection {
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }

    fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>, StoreError> {
        let mut statement = self.prepare_cached(sql)?;
        let width = statement.column_count();
        let mut rows = statement.query(rusqlite::params_from_iter(params))?;
        let mut all = Vec::new();
        while let Some(row) = rows.next()? {
            all.push(
                (0..width)
                    .map(|i| value_of(row.get_ref(i)?))
                    .collect::<Result<Vec<_>, StoreError>>()?,
            );
        }
        Ok(all)
    }

    fn execute(&self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        let changed = self
            .prepare_cached(sql)?
            .execute(rusqlite::params_from_iter(params))?;
        Ok(changed as u64)
    }

    fn execute_many(&self, sql: &str, rows: &[Vec<Value>]) -> Result<(), StoreError> {
        // One statement from the cache for all the rows: looking it up per row hashed
        // the statement's text each time.
        let mut statement = self.prepare_cached(sql)?;
        for params in rows {
            statement.execute(rusqlite::params_from_iter(params))?;
        }
        Ok(())
    }

    fn script(&self, sql: &str) -> Result<(), StoreError> {
        Ok(self.execute_batch(sql)?)
    }
}

/// The writer lock of a SQLite store: an exclusive `flock` on `PATH-writer.lock`.
#[derive(Debug)]
pub struct SqliteWriterLock {
    database: PathBuf,
    _flock: Flock<File>,
}

impl SqliteWriterLock {
    /// Takes the lock of the store at `database` unless another process holds it.
    ///
    /// # Errors
    /// When the lock file cannot be created or locked for another reason.
    pub(crate) fn try_acquire(database: &Path) -> Result<Option<Self>, StoreError> {
        let mut name = database.as_os_str().to_owned();
        name.push("-writer.lock");
        let path = PathBuf::from(name);
        let io = |source| StoreError::Io {
            path: path.clone(),
            source,
        };
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io)?;
        match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
            Ok(flock) => Ok(Some(Self {
                database: database.to_path_buf(),
                _flock: flock,
            })),
            Err((_, Errno::EWOULDBLOCK)) => Ok(None),
            Err((_, errno)) => Err(io(errno.into())),
        }
    }

    /// The database this lock guards.
    pub(crate) fn database(&self) -> &Path {
        &self.database
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_run_side_by_side_on_read_only_connections() {
        let dir = tempfile::tempdir().unwrap();
        let backend = Sqlite::open(&dir.path().join("readers.sqlite"), None).unwrap();
        backend
            .write(|sql| {
                sql.execute(
                    "INSERT INTO meta (key, value) VALUES ('k', 'v')",
                    &[] as &[Value],
                )
            })
            .unwrap();
        // A read inside a read: with one reader connection this would wait on itself.
        let inner = backend
            .read(|_| backend.read(|sql| sql.query("SELECT value FROM meta", &[])))
            .unwrap();
        assert_eq!(inner, vec![vec![Value::Text("v".into())]]);
        let refused =
            backend.read(|sql| sql.execute("INSERT INTO meta (key, value) VALUES ('x', 'y')", &[]));
        assert!(matches!(refused, Err(StoreError::Sqlite(_))), "{refused:?}");
    }
}
