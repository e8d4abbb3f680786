//! The PostgreSQL backend, for an index shared by several server replicas.
//!
//! Readers take connections from a pool (prepared statements cached per connection).
//! The one writer holds a session-level advisory lock on its own connection and
//! writes through that same connection, so a writer whose connection is lost cannot
//! write another row: its lock went with it, and a standby may hold it by then.
//!
//! The store's trait is synchronous; this backend drives `tokio-postgres` on a small
//! runtime of its own and waits for each statement, so it can be called from any
//! blocking thread (the callers use `spawn_blocking`, as for SQLite) and dropped
//! anywhere. Like any blocking call, it must not be made on an async worker thread.

mod bulk;
mod value;

use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use deadpool_postgres::{ClientWrapper, Manager, ManagerConfig, Pool, RecyclingMethod};
use futures_util::future::try_join_all;
use tokio::runtime::Runtime;
use tokio_postgres::NoTls;
use tokio_postgres::types::ToSql;

use super::StoreError;
use super::sql::migrate::{self, Migration};
use super::sql::{Backend, Dialect, Sql, SqlStore, Value};
use crate::IndexerError;

/// PostgreSQL's schema, version by version.
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

/// Advisory lock keys (one namespace per database): the writer's, held for its life,
/// the one that serialises migrations between processes opening the store at once, and
/// the one every write transaction holds (the writer's batches, replicas' fills).
const WRITER_LOCK: i64 = 0x5441_4E44_454D_0001;
const MIGRATION_LOCK: i64 = 0x5441_4E44_454D_0002;
const WRITE_SERIALIZATION_LOCK: i64 = 0x5441_4E44_454D_0003;

/// Reader connections of a store opened for reading (a server replica).
const READER_POOL: usize = 16;
/// Reader connections of the writer's store (the follower reads little).
const WRITER_READ_POOL: usize = 4;

/// The PostgreSQL store.
pub type PgStore = SqlStore<Postgres>;

/// A tokio runtime that shuts down without blocking, so a store can be dropped on
/// any thread (an async one included).
#[derive(Debug)]
struct OwnRuntime(Option<Runtime>);

impl OwnRuntime {
    fn new() -> Result<Self, StoreError> {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("tandem-postgres")
            .enable_all()
            .build()
            .map(|runtime| Self(Some(runtime)))
            .map_err(StoreError::Runtime)
    }

    fn block_on<F: std::future::Future>(&self, future: F) -> Result<F::Output, StoreError> {
        let runtime = self.0.as_ref().ok_or(StoreError::Poisoned)?;
        Ok(runtime.block_on(future))
    }
}

impl Drop for OwnRuntime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// Parses a `postgres://` URL into a connection configuration.
fn parse_url(url: &str) -> Result<tokio_postgres::Config, StoreError> {
    let mut config: tokio_postgres::Config =
        url.parse().map_err(|source| StoreError::PostgresUrl {
            url: super::url::redact(url),
            source,
        })?;
    config
        .application_name("tandem")
        .connect_timeout(Duration::from_secs(10))
        // A dead server is noticed within about a minute, not the system's two hours.
        .keepalives(true)
        .keepalives_idle(Duration::from_secs(30))
        .keepalives_interval(Duration::from_secs(10))
        .keepalives_retries(3);
    Ok(config)
}

/// One connection that is, or tries to become, the writer.
#[derive(Debug)]
pub(crate) struct PgSession {
    client: ClientWrapper,
    config: tokio_postgres::Config,
    // Declared last: dropped after the client, whose connection task it drives.
    runtime: OwnRuntime,
}

impl PgSession {
    /// Connects to the store at `url`.
    pub(crate) fn connect(url: &str) -> Result<Self, StoreError> {
        let config = parse_url(url)?;
        let runtime = OwnRuntime::new()?;
        let client = runtime.block_on(async {
            let (client, connection) = config.connect(NoTls).await?;
            let task = tokio::spawn(async move {
                if let Err(error) = connection.await {
                    tracing::warn!(%error, "index store writer connection ended");
                }
            });
            Ok::<_, tokio_postgres::Error>(ClientWrapper::new(client, task))
        })??;
        Ok(Self {
            client,
            config,
            runtime,
        })
    }

    /// Takes the writer lock on this session; false while another session holds it.
    pub(crate) fn try_lock(&self) -> Result<bool, StoreError> {
        let row = self.runtime.block_on(
            self.client
                .query_one("SELECT pg_try_advisory_lock($1)", &[&WRITER_LOCK]),
        )??;
        Ok(row.try_get::<_, bool>(0)?)
    }
}

/// The PostgreSQL backend of [`PgStore`].
#[derive(Debug)]
pub struct Postgres {
    pool: Pool,
    /// The writer's own connection, holding the writer lock (`None` for readers).
    writer: Option<Mutex<ClientWrapper>>,
    // Declared last: dropped after the connections it drives.
    runtime: OwnRuntime,
}

impl SqlStore<Postgres> {
    /// Opens the store at `url` (a `postgres://` URL) for reading only, as a server
    /// replica does, migrating it if it is older than this binary.
    ///
    /// # Errors
    /// When the URL does not parse, the server cannot be reached, or the schema is
    /// newer than this binary or cannot be migrated.
    pub fn open_reads(url: &str) -> Result<Self, IndexerError> {
        let config = parse_url(url)?;
        let runtime = OwnRuntime::new()?;
        let pool = Postgres::pool(config, READER_POOL)?;
        Ok(Self::new(Postgres::opened(pool, None, runtime)?))
    }

    /// Opens the store for writing through a session that holds the writer lock.
    pub(crate) fn open_locked(session: PgSession) -> Result<Self, StoreError> {
        let PgSession {
            client,
            config,
            runtime,
        } = session;
        let pool = Postgres::pool(config, WRITER_READ_POOL)?;
        Postgres::opened(pool, Some(client), runtime).map(Self::new)
    }
}

impl Postgres {
    fn pool(config: tokio_postgres::Config, size: usize) -> Result<Pool, StoreError> {
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        // The timeouts run on the timer of the runtime that waits: the store's own.
        Ok(Pool::builder(manager)
            .max_size(size)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(30)))
            .create_timeout(Some(Duration::from_secs(10)))
            .recycle_timeout(Some(Duration::from_secs(5)))
            .build()?)
    }

    /// The backend, once the schema is brought up to date.
    fn opened(
        pool: Pool,
        writer: Option<ClientWrapper>,
        runtime: OwnRuntime,
    ) -> Result<Self, StoreError> {
        let backend = Self {
            pool,
            writer: writer.map(Mutex::new),
            runtime,
        };
        backend.in_transaction(&backend.reader()?, |sql| {
            // Two processes opening an empty store at once must not both create it.
            sql.execute(
                "SELECT pg_advisory_xact_lock(?1)",
                &[Value::Int(MIGRATION_LOCK)],
            )?;
            migrate::migrate(sql, MIGRATIONS)
        })?;
        Ok(backend)
    }

    fn reader(&self) -> Result<deadpool_postgres::Client, StoreError> {
        Ok(self.runtime.block_on(self.pool.get())??)
    }

    fn writer(&self) -> Result<MutexGuard<'_, ClientWrapper>, StoreError> {
        self.writer
            .as_ref()
            .ok_or(StoreError::ReadOnly)?
            .lock()
            .map_err(|_| StoreError::Poisoned)
    }

    /// Runs `work` in a transaction on `client`, committed when it succeeds.
    fn in_transaction<C, T>(
        &self,
        client: &C,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError>
    where
        C: std::ops::Deref<Target = ClientWrapper>,
    {
        // `ClientWrapper::transaction` wants `&mut`; the client is ours alone here,
        // so a plain BEGIN/COMMIT on it is the same thing.
        let session = PgSql {
            runtime: &self.runtime,
            client,
        };
        session.script("BEGIN")?;
        let outcome = work(&session).and_then(|done| session.script("COMMIT").map(|()| done));
        if outcome.is_err() && !client.is_closed() {
            // Best effort: a failed COMMIT has already ended the transaction.
            let _ = session.script("ROLLBACK");
        }
        outcome
    }
}

impl Backend for Postgres {
    fn read<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let client = self.reader()?;
        work(&PgSql {
            runtime: &self.runtime,
            client: &client,
        })
    }

    fn write<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let client = self.writer()?;
        self.in_transaction(&client, |sql| {
            serialize_writes(sql)?;
            work(sql)
        })
        .map_err(|error| {
            let lost = client.is_closed() || error.is_connection_lost();
            match error {
                // The lock lived on that connection: without it, this process is no writer.
                StoreError::Postgres(source) if lost => StoreError::WriterLockLost(source),
                other => other,
            }
        })
    }

    fn write_beside<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let client = self.reader()?;
        self.in_transaction(&client, |sql| {
            serialize_writes(sql)?;
            work(sql)
        })
    }
}

/// Takes the transaction-scoped lock every write transaction of the store holds: the
/// writer's batches and the account fills of any replica follow one another, so a fill
/// checks the index's last block and writes on top of it with nothing in between, and a
/// batch derives its state from the fill's values, not from what it read before.
fn serialize_writes(sql: &dyn Sql) -> Result<(), StoreError> {
    sql.execute(
        "SELECT pg_advisory_xact_lock(?1)",
        &[Value::Int(WRITE_SERIALIZATION_LOCK)],
    )?;
    Ok(())
}

/// Statements on one PostgreSQL connection, waited for on the store's runtime.
struct PgSql<'a> {
    runtime: &'a OwnRuntime,
    client: &'a ClientWrapper,
}

/// `?N` placeholders (the shared dialect) as PostgreSQL's `$N`.
fn placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

fn refs(params: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    params
        .iter()
        .map(|param| param as &(dyn ToSql + Sync))
        .collect()
}

impl Sql for PgSql<'_> {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>, StoreError> {
        let rows = self.runtime.block_on(async {
            let statement = self.client.prepare_cached(&placeholders(sql)).await?;
            self.client.query(&statement, &refs(params)).await
        })??;
        rows.iter()
            .map(|row| {
                (0..row.len())
                    .map(|i| row.try_get::<_, Value>(i).map_err(StoreError::from))
                    .collect()
            })
            .collect()
    }

    fn execute(&self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        Ok(self.runtime.block_on(async {
            let statement = self.client.prepare_cached(&placeholders(sql)).await?;
            self.client.execute(&statement, &refs(params)).await
        })??)
    }

    fn execute_many(&self, sql: &str, rows: &[Vec<Value>]) -> Result<(), StoreError> {
        if let [row] = rows {
            return self.execute(sql, row).map(|_| ());
        }
        if rows.is_empty() {
            return Ok(());
        }
        let sql = placeholders(sql);
        self.runtime.block_on(async {
            let statement = self.client.prepare_cached(&sql).await?;
            let types = statement.params();
            if let Some(bulk) = bulk::unnest_form(&sql, types) {
                let bulk = self.client.prepare_cached(&bulk).await?;
                let chunks: Option<Vec<Vec<Value>>> = rows
                    .chunks(bulk::ROWS_PER_STATEMENT)
                    .map(|chunk| bulk::columns(chunk, types.len()))
                    .collect();
                if let Some(chunks) = chunks {
                    let params: Vec<Vec<&(dyn ToSql + Sync)>> =
                        chunks.iter().map(|columns| refs(columns)).collect();
                    return try_join_all(
                        params
                            .iter()
                            .map(|params| self.client.execute(&bulk, params)),
                    )
                    .await
                    .map(|_| ());
                }
            }
            let params: Vec<Vec<&(dyn ToSql + Sync)>> = rows.iter().map(|row| refs(row)).collect();
            // Polled together, the statements are pipelined: sent before any answer.
            try_join_all(
                params
                    .iter()
                    .map(|params| self.client.execute(&statement, params)),
            )
            .await
            .map(|_| ())
        })??;
        Ok(())
    }

    fn script(&self, sql: &str) -> Result<(), StoreError> {
        Ok(self.runtime.block_on(self.client.batch_execute(sql))??)
    }
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn placeholders_become_dollar_numbers() {
        assert_eq!(
            placeholders("SELECT a FROM t WHERE b = ?1 AND c = ?12 AND d = '?'"),
            "SELECT a FROM t WHERE b = $1 AND c = $12 AND d = '?'"
        );
    }
}
