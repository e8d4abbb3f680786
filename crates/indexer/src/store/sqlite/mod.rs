//! The embedded SQLite store: one file, WAL mode, a writer connection for the follower
//! and a reader connection for queries (WAL lets them run side by side).
//!
//! `synchronous = NORMAL` in WAL mode keeps every committed batch across a process
//! kill (only a power loss can drop the last batches, which the follower refetches).

mod codec;
mod dump;
mod nft_query;
mod query;
mod state;
mod write;

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

use alloy_primitives::{Address, U256};
use rusqlite::{Connection, OptionalExtension, params};
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{
    ApprovalKind, ApprovalRecord, ContractRecord, HolderQuery, HolderRecord, NftRecord, Page,
    PageRequest, TokenBalance, TransactionQuery, TransactionRecord, TransferQuery, TransferRecord,
};

use super::{Batch, BlockRef, ContractProbe, HeadSeen, MetadataResult, Store};
use crate::IndexerError;
use codec::{address_blob, b256_from, u256_blob};

const SCHEMA: &str = include_str!("schema.sql");

/// Where inside a commit a [`CrashPoint`] fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrashStep {
    /// After the chain rows (blocks, transactions, logs) are written, before derived state.
    AfterChainRows,
    /// After everything is written, just before `COMMIT`.
    BeforeCommit,
    /// Right after `COMMIT`.
    AfterCommit,
}

/// Aborts the process at a step of the `nth` commit (counted from 1) — the
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
    /// Parses `STEP:N` with STEP one of `after-chain-rows`, `before-commit`, `after-commit`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let (step, nth) = text.split_once(':')?;
        let step = match step {
            "after-chain-rows" => CrashStep::AfterChainRows,
            "before-commit" => CrashStep::BeforeCommit,
            "after-commit" => CrashStep::AfterCommit,
            _ => return None,
        };
        Some(Self {
            step,
            nth: nth.parse().ok()?,
        })
    }
}

/// The SQLite store.
#[derive(Debug)]
pub struct SqliteStore {
    writer: Mutex<Connection>,
    reader: Mutex<Connection>,
    crash: Option<CrashPoint>,
    commits: AtomicU64,
}

fn open_connection(path: &Path) -> Result<Connection, IndexerError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    // The write path uses ~40 distinct statements; the default cache of 16 would re-prepare them.
    conn.set_prepared_statement_cache_capacity(128);
    conn.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY;
         PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 16384;",
    )?;
    Ok(conn)
}

impl SqliteStore {
    /// Opens (creating if needed) the store at `path`.
    ///
    /// # Errors
    /// When the file cannot be opened or the schema created.
    pub fn open(path: &Path) -> Result<Self, IndexerError> {
        let writer = open_connection(path)?;
        writer.execute_batch(SCHEMA)?;
        let reader = open_connection(path)?;
        Ok(Self {
            writer: Mutex::new(writer),
            reader: Mutex::new(reader),
            crash: None,
            commits: AtomicU64::new(0),
        })
    }

    /// The same store with a crash point armed (crash-recovery testing only).
    #[must_use]
    pub fn with_crash_point(mut self, crash: Option<CrashPoint>) -> Self {
        self.crash = crash;
        self
    }

    fn writer(&self) -> Result<MutexGuard<'_, Connection>, IndexerError> {
        self.writer
            .lock()
            .map_err(|_| IndexerError::Store("writer lock poisoned".to_owned()))
    }

    fn reader(&self) -> Result<MutexGuard<'_, Connection>, IndexerError> {
        self.reader
            .lock()
            .map_err(|_| IndexerError::Store("reader lock poisoned".to_owned()))
    }

    fn crash_if(&self, step: CrashStep, nth: u64) {
        if self.crash == Some(CrashPoint { step, nth }) {
            tracing::error!(?step, nth, "crash point reached; aborting");
            std::process::abort();
        }
    }

    /// A canonical text dump of the chain rows and the derived state, sorted, for
    /// comparing two stores (an interrupted run against an uninterrupted one).
    ///
    /// # Errors
    /// When the store fails.
    pub fn canonical_dump(&self) -> Result<String, IndexerError> {
        dump::canonical_dump(&*self.reader()?)
    }

    fn meta(conn: &Connection, key: &str) -> Result<Option<String>, IndexerError> {
        Ok(conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |row| {
                row.get(0)
            })
            .optional()?)
    }
}

fn set_meta(conn: &Connection, key: &str, value: &str) -> Result<(), IndexerError> {
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![key, value],
    )?;
    Ok(())
}

fn block_ref(row: &rusqlite::Row<'_>) -> rusqlite::Result<BlockRef> {
    Ok(BlockRef {
        number: row.get::<_, i64>(0)?.unsigned_abs(),
        hash: b256_from(&row.get::<_, Vec<u8>>(1)?),
        timestamp: row.get::<_, i64>(2)?.unsigned_abs(),
    })
}

impl Store for SqliteStore {
    fn bind_chain(&self, chain_id: u64, start_block: u64) -> Result<(), IndexerError> {
        let conn = self.writer()?;
        let configured = format!("chain {chain_id} from block {start_block}");
        match Self::meta(&conn, "chain")? {
            Some(stored) if stored != configured => {
                Err(IndexerError::StoreMismatch { stored, configured })
            }
            Some(_) => Ok(()),
            None => set_meta(&conn, "chain", &configured),
        }
    }

    fn cursor(&self) -> Result<Option<BlockRef>, IndexerError> {
        let conn = self.reader()?;
        Ok(conn
            .query_row(
                "SELECT number, hash, timestamp FROM blocks ORDER BY number DESC LIMIT 1",
                [],
                block_ref,
            )
            .optional()?)
    }

    fn block(&self, number: u64) -> Result<Option<BlockRef>, IndexerError> {
        let conn = self.reader()?;
        Ok(conn
            .query_row(
                "SELECT number, hash, timestamp FROM blocks WHERE number = ?1",
                [codec::int(number)],
                block_ref,
            )
            .optional()?)
    }

    fn commit(&self, batch: &Batch) -> Result<(), IndexerError> {
        let nth = self.commits.fetch_add(1, Ordering::SeqCst) + 1;
        let mut conn = self.writer()?;
        let tx = conn.transaction()?;
        write::write_chain_rows(&tx, batch)?;
        self.crash_if(CrashStep::AfterChainRows, nth);
        write::write_derived(&tx, batch)?;
        self.crash_if(CrashStep::BeforeCommit, nth);
        tx.commit()?;
        self.crash_if(CrashStep::AfterCommit, nth);
        Ok(())
    }

    fn rollback(&self, last_kept: Option<u64>) -> Result<Option<BlockRef>, IndexerError> {
        {
            let mut conn = self.writer()?;
            let tx = conn.transaction()?;
            write::rollback(&tx, last_kept)?;
            tx.commit()?;
        }
        self.cursor()
    }

    fn prune_undo(&self, below: u64) -> Result<(), IndexerError> {
        let conn = self.writer()?;
        write::prune_undo(&conn, below)
    }

    fn allowances_of(
        &self,
        token: Address,
        owner: Address,
    ) -> Result<Vec<(Address, U256)>, IndexerError> {
        let conn = self.reader()?;
        let mut statement = conn.prepare_cached(
            "SELECT spender, amount FROM allowances WHERE owner = ?1 AND token = ?2",
        )?;
        let rows =
            statement.query_map(params![address_blob(&owner), address_blob(&token)], |row| {
                Ok((
                    codec::address_from(&row.get::<_, Vec<u8>>(0)?),
                    codec::u256_from(&row.get::<_, Vec<u8>>(1)?),
                ))
            })?;
        let all = rows.collect::<Result<Vec<_>, _>>()?;
        Ok(all
            .into_iter()
            .filter(|(_, amount)| !amount.is_zero())
            .collect())
    }

    fn record_head(&self, head: HeadSeen) -> Result<(), IndexerError> {
        let conn = self.writer()?;
        let text = format!("{} {} {}", head.number, head.timestamp, head.observed_ms);
        set_meta(&conn, "head", &text)
    }

    fn head(&self) -> Result<Option<HeadSeen>, IndexerError> {
        let conn = self.reader()?;
        let Some(text) = Self::meta(&conn, "head")? else {
            return Ok(None);
        };
        let parts: Vec<u64> = text
            .split(' ')
            .filter_map(|part| part.parse().ok())
            .collect();
        Ok(match parts.as_slice() {
            [number, timestamp, observed_ms] => Some(HeadSeen {
                number: *number,
                timestamp: *timestamp,
                observed_ms: *observed_ms,
            }),
            _ => None,
        })
    }

    fn contracts_to_probe(&self, limit: u64) -> Result<Vec<Address>, IndexerError> {
        let conn = self.reader()?;
        let mut statement =
            conn.prepare_cached("SELECT address FROM contracts WHERE probed = 0 LIMIT ?1")?;
        let rows = statement.query_map([codec::int(limit)], |row| row.get::<_, Vec<u8>>(0))?;
        Ok(rows
            .map(|row| row.map(|blob| codec::address_from(&blob)))
            .collect::<Result<_, _>>()?)
    }

    fn save_probe(&self, contract: Address, probe: &ContractProbe) -> Result<(), IndexerError> {
        let conn = self.writer()?;
        write::save_probe(&conn, contract, probe)
    }

    fn metadata_to_fetch(
        &self,
        limit: u64,
        max_attempts: u32,
    ) -> Result<Vec<(Address, U256, NftStandard)>, IndexerError> {
        let conn = self.reader()?;
        let mut statement = conn.prepare_cached(
            "SELECT contract, token_id, standard FROM nft_metadata WHERE done = 0 AND attempts < ?1
             ORDER BY attempts, contract, token_id LIMIT ?2",
        )?;
        let rows = statement.query_map(params![max_attempts, codec::int(limit)], |row| {
            let standard = if row.get::<_, i64>(2)? == 2 {
                NftStandard::Erc1155
            } else {
                NftStandard::Erc721
            };
            Ok((
                codec::address_from(&row.get::<_, Vec<u8>>(0)?),
                codec::u256_from(&row.get::<_, Vec<u8>>(1)?),
                standard,
            ))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn save_metadata(
        &self,
        contract: Address,
        token_id: U256,
        result: &MetadataResult,
    ) -> Result<(), IndexerError> {
        let conn = self.writer()?;
        conn.execute(
            "UPDATE nft_metadata SET token_uri = ?3, metadata = ?4, done = ?5, attempts = attempts + 1
             WHERE contract = ?1 AND token_id = ?2",
            params![address_blob(&contract), u256_blob(&token_id), result.token_uri, result.metadata, result.done],
        )?;
        Ok(())
    }

    fn native_balance(&self, owner: Address) -> Result<Option<TokenBalance>, IndexerError> {
        query::native_balance(&*self.reader()?, owner)
    }

    fn token_balances(&self, owner: Address) -> Result<Vec<TokenBalance>, IndexerError> {
        query::token_balances(&*self.reader()?, owner)
    }

    fn transactions(
        &self,
        address: Address,
        query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, IndexerError> {
        query::transactions(&*self.reader()?, address, query)
    }

    fn transfers(
        &self,
        account: Address,
        query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, IndexerError> {
        query::transfers(&*self.reader()?, account, query)
    }

    fn approvals(
        &self,
        owner: Address,
        kind: ApprovalKind,
    ) -> Result<Vec<ApprovalRecord>, IndexerError> {
        query::approvals(&*self.reader()?, owner, kind)
    }

    fn nfts_owned(
        &self,
        owner: Address,
        standard: NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, IndexerError> {
        nft_query::nfts_owned(&*self.reader()?, owner, standard, page)
    }

    fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, IndexerError> {
        nft_query::collection_nfts(&*self.reader()?, contract, token_id, page)
    }

    fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, IndexerError> {
        nft_query::token_holders(&*self.reader()?, contract, query)
    }

    fn contract(&self, address: Address) -> Result<Option<ContractRecord>, IndexerError> {
        query::contract(&*self.reader()?, address)
    }
}
