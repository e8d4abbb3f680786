//! The SQL store, written once for both backends: the write path, the derived-state
//! overlay, rollbacks, every read query and the canonical dump speak a SQL that
//! SQLite and PostgreSQL both accept, through the small [`Sql`] trait each backend
//! implements. So the two stores hold the same rows, and answer with the same order
//! and paging, by construction.
//!
//! The dialect they share: `?N` placeholders (the PostgreSQL backend turns them into
//! `$N`), `ON CONFLICT` upserts, flags as 0/1 integers, and values limited to integers,
//! bytes and text ([`Value`]). What differs (table DDL, locking, connections) lives in the
//! backends.

mod chain;
pub(crate) mod codec;
mod dump;
mod fill;
mod history_query;
mod keys;
pub(crate) mod migrate;
mod nft_query;
mod query;
mod reads;
mod state;
mod timing;
mod write;

use std::sync::atomic::{AtomicU64, Ordering};

use alloy_primitives::{Address, U256};
use tandem_domain::nft::NftStandard;

use super::{
    AccountFill, Batch, BlockRef, ContractProbe, EnrichmentQueue, FillCommit, FillWriter, HeadSeen,
    MetadataResult, Store, StoreError, StoreReads,
};
use crate::IndexerError;
pub use codec::Value;
use codec::{Cols, Row, addr, int, text, word};

/// Statements against one connection or open transaction.
pub trait Sql {
    /// Which SQL the connection speaks, for the few statements that differ.
    fn dialect(&self) -> Dialect;

    /// Runs a query and returns all its rows.
    ///
    /// # Errors
    /// When the database fails.
    fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError>;

    /// Runs a statement and returns how many rows it changed.
    ///
    /// # Errors
    /// When the database fails.
    fn execute(&self, sql: &str, params: &[Value]) -> Result<u64, StoreError>;

    /// Runs one statement once per parameter row, in order. PostgreSQL sends an
    /// `INSERT … VALUES (?1, …, ?n)`'s rows as one statement (over `unnest`), and
    /// anything else pipelined (all sent before waiting for the answers); so rows of
    /// an upsert must not name the same row twice, which one statement cannot do.
    ///
    /// # Errors
    /// When the database fails.
    fn execute_many(&self, sql: &str, rows: &[Vec<Value>]) -> Result<(), StoreError> {
        for params in rows {
            self.execute(sql, params)?;
        }
        Ok(())
    }

    /// Runs a script of several statements without parameters (migrations).
    ///
    /// # Errors
    /// When the database fails.
    fn script(&self, sql: &str) -> Result<(), StoreError>;
}

/// The SQL a backend speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite 3.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

impl Dialect {
    /// Whether the write path reads the derived state a batch touches ahead, all keys
    /// in a few statements: where each statement is a round trip to a server. SQLite
    /// reads a key in-process about as fast alone as in bulk, so there the extra pass
    /// over the batch's events would only cost time (about 4% of a build, `bench/store`).
    pub(crate) fn reads_ahead(self) -> bool {
        self == Self::Postgres
    }

    /// A query counting the tables named `?1` in the store's schema.
    pub(crate) fn table_count_sql(self) -> &'static str {
        match self {
            Self::Sqlite => "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
            Self::Postgres => {
                "SELECT COUNT(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = ?1"
            }
        }
    }
}

/// Where the SQL store gets its connections: the one writer connection (in a
/// transaction that commits when `work` succeeds) and a reader.
pub trait Backend: Send + Sync + std::fmt::Debug {
    /// Runs `work` on a reader connection.
    ///
    /// # Errors
    /// When no connection can be had, or `work` fails.
    fn read<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError>;

    /// Runs `work` in a transaction on the writer connection, committed when it succeeds.
    ///
    /// # Errors
    /// When the store is read-only, or `work` or the commit fails (nothing is kept then).
    fn write<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError>;

    /// Runs `work` in a short write transaction beside the writer (an account fill),
    /// committed when it succeeds. It does not need the writer lock, but it is serialized
    /// with the writer's transactions: what it reads stays true until it commits.
    ///
    /// # Errors
    /// When `work` or the commit fails (nothing is kept then).
    fn write_beside<T>(
        &self,
        work: impl FnOnce(&dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError>;
}

/// Where inside a commit a [`CrashPoint`] fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrashStep {
    /// After the chain rows (blocks, transactions, logs) are written, before derived state.
    AfterChainRows,
    /// After everything is written, just before `COMMIT`.
    BeforeCommit,
    /// Right after `COMMIT`.
    AfterCommit,
    /// Right after `COMMIT`, the process stops making progress without dying: a stuck
    /// writer, for the standby tests to kill.
    HangAfterCommit,
}

/// Aborts (or hangs) the process at a step of the `nth` commit (counted from 1) — the
/// crash-recovery tests run the indexer binary with one to prove that a kill anywhere
/// in the write path loses nothing and doubles nothing. Never set in normal use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrashPoint {
    /// The step.
    pub step: CrashStep,
    /// Which commit of this process.
    pub nth: u64,
}

impl CrashPoint {
    /// Parses `STEP:N` with STEP one of `after-chain-rows`, `before-commit`,
    /// `after-commit`, `hang-after-commit`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let (step, nth) = text.split_once(':')?;
        let step = match step {
            "after-chain-rows" => CrashStep::AfterChainRows,
            "before-commit" => CrashStep::BeforeCommit,
            "after-commit" => CrashStep::AfterCommit,
            "hang-after-commit" => CrashStep::HangAfterCommit,
            _ => return None,
        };
        Some(Self {
            step,
            nth: nth.parse().ok()?,
        })
    }
}

/// The key of [`SqlStore::commit_times`] under which whole commits are timed.
const WHOLE_COMMITS: &str = "(whole commits)";
/// The key of [`SqlStore::commit_times`] under which writing chain rows is timed.
const CHAIN_ROWS: &str = "(chain rows)";
/// The key of [`SqlStore::commit_times`] under which deriving and writing state is timed.
const DERIVED_STATE: &str = "(derived state)";

/// The index store over a SQL backend: [`SqliteStore`](crate::SqliteStore) or
/// [`PgStore`](crate::store::PgStore).
#[derive(Debug)]
pub struct SqlStore<B> {
    backend: B,
    crash: Option<CrashPoint>,
    commits: AtomicU64,
    /// Where the follower's commits spend their time, per table.
    tables: timing::TableClock,
}

impl<B: Backend> SqlStore<B> {
    pub(crate) fn new(backend: B) -> Self {
        Self {
            backend,
            crash: None,
            commits: AtomicU64::new(0),
            tables: timing::TableClock::default(),
        }
    }

    /// The same store with a crash point armed (crash-recovery testing only).
    #[must_use]
    pub fn with_crash_point(mut self, crash: Option<CrashPoint>) -> Self {
        self.crash = crash;
        self
    }

    fn crash_if(&self, step: CrashStep, nth: u64) {
        if self.crash != Some(CrashPoint { step, nth }) {
            return;
        }
        if step == CrashStep::HangAfterCommit {
            tracing::error!(nth, "hang point reached; stalling until killed");
            loop {
                std::thread::park();
            }
        }
        tracing::error!(?step, nth, "crash point reached; aborting");
        std::process::abort();
    }

    /// A canonical text dump of the chain rows and the derived state, sorted, for
    /// comparing two stores (an interrupted run against an uninterrupted one, or a
    /// PostgreSQL store against a SQLite one).
    ///
    /// # Errors
    /// When the store fails.
    pub fn canonical_dump(&self) -> Result<String, IndexerError> {
        Ok(self.backend.read(dump::canonical_dump)?)
    }

    /// Busy time and statement runs per table in the follower's commits since the store
    /// was opened, by table name; besides, under `(chain rows)` and `(derived state)` the
    /// two halves of each commit, and under `(whole commits)` the commits' whole time
    /// (those halves plus the transaction's begin and commit).
    #[must_use]
    pub fn commit_times(&self) -> Vec<(String, std::time::Duration, u64)> {
        self.tables.snapshot()
    }

    /// The schema version the store is at.
    ///
    /// # Errors
    /// When the store fails.
    pub fn schema_version(&self) -> Result<u32, IndexerError> {
        Ok(self.backend.read(migrate::current_version)?)
    }
}

fn meta(sql: &dyn Sql, key: &str) -> Result<Option<String>, StoreError> {
    let rows = sql.query(
        "SELECT value FROM meta WHERE key = ?1",
        &[Value::Text(key.to_owned())],
    )?;
    rows.first().map_or(Ok(None), |row| Cols(row).opt_text(0))
}

fn set_meta(sql: &dyn Sql, key: &str, value: &str) -> Result<(), StoreError> {
    sql.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        &[Value::Text(key.to_owned()), Value::Text(value.to_owned())],
    )?;
    Ok(())
}

/// The `meta` key counting rollbacks that removed blocks.
const REORGS: &str = "reorgs";
/// The `meta` key counting saved contract probes and NFT metadata fetches.
const ENRICHMENTS: &str = "enrichments";

/// A counter kept in `meta` (0 while unset).
fn meta_count(sql: &dyn Sql, key: &str) -> Result<u64, StoreError> {
    count_of(meta(sql, key)?.as_deref())
}

/// A counter's `meta` value as stored (0 while unset).
fn count_of(text: Option<&str>) -> Result<u64, StoreError> {
    text.map_or(Ok(0), |text| {
        text.parse()
            .map_err(|e| StoreError::corrupt_because("meta counter", e))
    })
}

/// Adds one to a counter kept in `meta`, inside the caller's transaction (so the count
/// moves with the change it counts). Only the writer holding the lock counts, so the
/// read and the write need no more isolation than the transaction's.
fn count_in_meta(sql: &dyn Sql, key: &str) -> Result<(), StoreError> {
    let next = meta_count(sql, key)?.saturating_add(1);
    set_meta(sql, key, &next.to_string())
}

fn block_ref(row: &Row) -> Result<BlockRef, StoreError> {
    let cols = Cols(row);
    Ok(BlockRef {
        number: cols.u64(0)?,
        hash: cols.hash(1)?,
        timestamp: cols.u64(2)?,
    })
}

fn first_block(rows: &[Row]) -> Result<Option<BlockRef>, StoreError> {
    rows.first().map(block_ref).transpose()
}

impl<B: Backend> FillWriter for SqlStore<B> {
    fn commit_fill(&self, fill: &AccountFill) -> Result<FillCommit, IndexerError> {
        Ok(self
            .backend
            .write_beside(|sql| fill::commit_fill(sql, fill))?)
    }
}

impl<B: Backend> Store for SqlStore<B> {
    fn bind_chain(&self, chain_id: u64, start_block: u64) -> Result<(), IndexerError> {
        let configured = format!("chain {chain_id} from block {start_block}");
        self.backend.write(|sql| match meta(sql, "chain")? {
            Some(stored) if stored != configured => {
                Ok(Err(IndexerError::StoreMismatch { stored, configured }))
            }
            Some(_) => Ok(Ok(())),
            None => set_meta(sql, "chain", &configured).map(Ok),
        })?
    }

    fn block(&self, number: u64) -> Result<Option<BlockRef>, IndexerError> {
        Ok(self.backend.read(|sql| {
            first_block(&sql.query(
                "SELECT number, hash, timestamp FROM blocks WHERE number = ?1",
                &[int(number)],
            )?)
        })?)
    }

    fn commit(&self, batch: &Batch) -> Result<(), IndexerError> {
        let nth = self.commits.fetch_add(1, Ordering::SeqCst) + 1;
        let started = std::time::Instant::now();
        self.backend.write(|sql| {
            let sql = &timing::Timed {
                inner: sql,
                clock: &self.tables,
            };
            let step = std::time::Instant::now();
            chain::write_chain_rows(sql, batch)?;
            self.tables.add(CHAIN_ROWS, step.elapsed());
            self.crash_if(CrashStep::AfterChainRows, nth);
            let step = std::time::Instant::now();
            write::write_derived(sql, batch)?;
            self.tables.add(DERIVED_STATE, step.elapsed());
            self.crash_if(CrashStep::BeforeCommit, nth);
            Ok(())
        })?;
        self.tables.add(WHOLE_COMMITS, started.elapsed());
        self.crash_if(CrashStep::AfterCommit, nth);
        self.crash_if(CrashStep::HangAfterCommit, nth);
        Ok(())
    }

    fn rollback(&self, last_kept: Option<u64>) -> Result<Option<BlockRef>, IndexerError> {
        match self.backend.write(|sql| write::rollback(sql, last_kept))? {
            write::Rollback::Done => self.cursor(),
            write::Rollback::TooDeep(cut) => Err(IndexerError::ReorgTooDeep(cut)),
        }
    }

    fn prune_undo(&self, below: u64) -> Result<(), IndexerError> {
        Ok(self.backend.write(|sql| write::prune_undo(sql, below))?)
    }

    fn allowances_of(
        &self,
        token: Address,
        owner: Address,
    ) -> Result<Vec<(Address, U256)>, IndexerError> {
        let rows = self.backend.read(|sql| {
            sql.query(
                "SELECT spender, amount FROM allowances WHERE owner = ?1 AND token = ?2 ORDER BY spender",
                &[addr(&owner), addr(&token)],
            )
        })?;
        let mut allowances = Vec::with_capacity(rows.len());
        for row in &rows {
            let cols = Cols(row);
            let amount = cols.u256(1)?;
            if !amount.is_zero() {
                allowances.push((cols.address(0)?, amount));
            }
        }
        Ok(allowances)
    }

    fn record_head(&self, head: HeadSeen) -> Result<(), IndexerError> {
        let text = format!("{} {} {}", head.number, head.timestamp, head.observed_ms);
        Ok(self.backend.write(|sql| set_meta(sql, "head", &text))?)
    }
}

impl<B: Backend> EnrichmentQueue for SqlStore<B> {
    fn contracts_to_probe(&self, limit: u64) -> Result<Vec<Address>, IndexerError> {
        let rows = self.backend.read(|sql| {
            sql.query(
                "SELECT address FROM contracts WHERE probed = 0 ORDER BY address LIMIT ?1",
                &[int(limit)],
            )
        })?;
        Ok(rows
            .iter()
            .map(|row| Cols(row).address(0))
            .collect::<Result<_, _>>()?)
    }

    fn save_probe(&self, contract: Address, probe: &ContractProbe) -> Result<(), IndexerError> {
        Ok(self.backend.write(|sql| {
            write::save_probe(sql, contract, probe)?;
            count_in_meta(sql, ENRICHMENTS)
        })?)
    }

    fn metadata_to_fetch(
        &self,
        limit: u64,
        max_attempts: u32,
        skip: &[Address],
    ) -> Result<Vec<(Address, U256, NftStandard)>, IndexerError> {
        let mut args = vec![Value::Int(i64::from(max_attempts)), int(limit)];
        let resting: Vec<String> = skip
            .iter()
            .map(|contract| {
                args.push(addr(contract));
                format!("?{}", args.len())
            })
            .collect();
        let skipped = if resting.is_empty() {
            String::new()
        } else {
            format!(" AND contract NOT IN ({})", resting.join(", "))
        };
        let rows = self.backend.read(|sql| {
            sql.query(
                &format!(
                    "SELECT contract, token_id, standard FROM nft_metadata
                     WHERE done = 0 AND attempts < ?1{skipped}
                     ORDER BY attempts, contract, token_id LIMIT ?2"
                ),
                &args,
            )
        })?;
        let mut queue = Vec::with_capacity(rows.len());
        for row in &rows {
            let cols = Cols(row);
            let standard = if cols.int(2)? == 2 {
                NftStandard::Erc1155
            } else {
                NftStandard::Erc721
            };
            queue.push((cols.address(0)?, cols.u256(1)?, standard));
        }
        Ok(queue)
    }

    fn save_metadata(
        &self,
        contract: Address,
        token_id: U256,
        result: &MetadataResult,
    ) -> Result<(), IndexerError> {
        self.backend.write(|sql| {
            sql.execute(
                "UPDATE nft_metadata SET token_uri = ?3, metadata = ?4, done = ?5, preview = ?6,
                 attempts = attempts + 1 WHERE contract = ?1 AND token_id = ?2",
                &[
                    addr(&contract),
                    word(&token_id),
                    text(result.token_uri.as_deref()),
                    text(result.metadata.as_deref()),
                    codec::flag(result.done),
                    text(result.preview.as_deref()),
                ],
            )?;
            count_in_meta(sql, ENRICHMENTS)
        })?;
        Ok(())
    }
}
