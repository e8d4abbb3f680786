//! The derived-state half of the write path (an overlay with undo records), rollbacks,
//! pruning of the undo log, and saved probes. Everything here runs inside the caller's
//! transaction.

use std::collections::BTreeMap;

use alloy_primitives::Address;
use foldhash::{HashMap, HashSet};
use tandem_evm::source::ContractInterface;

use super::chain::Rows;
use super::codec::{Cols, Value, addr, int, nullable, text, uint};
use super::{Sql, meta, set_meta, state};
use crate::IndexerError;
use crate::derive::{Stamp, StateAccess, StateKey, StateValue, apply_event};
use crate::store::{Batch, ContractProbe, StoreError};

fn stamp_of(number: u64, timestamp: u64) -> Stamp {
    Stamp {
        block: number,
        time_ms: timestamp.saturating_mul(1000),
    }
}

/// Derived state seen through the open transaction: each key is read once (on
/// PostgreSQL beforehand, all together: see [`TouchedKeys`]), changes are kept in
/// memory, and [`Overlay::flush`] writes them with their prior values as undo.
struct Overlay<'c> {
    sql: &'c dyn Sql,
    /// Stored values read ahead, not touched yet.
    loaded: HashMap<StateKey, Option<StateValue>>,
    /// key → (prior value if loaded, current value)
    entries: HashMap<StateKey, (Option<Option<StateValue>>, Option<StateValue>)>,
    /// Keys in first-touch order, so undo rows (and the dump) do not depend on hashing.
    order: Vec<StateKey>,
}

impl StateAccess for Overlay<'_> {
    fn get(&mut self, key: &StateKey) -> Result<Option<StateValue>, IndexerError> {
        if let Some((_, current)) = self.entries.get(key) {
            return Ok(current.clone());
        }
        let stored = match self.take_loaded(key) {
            Some(stored) => stored,
            None => state::read(self.sql, key)?,
        };
        self.entries
            .insert(key.clone(), (Some(stored.clone()), stored.clone()));
        self.order.push(key.clone());
        Ok(stored)
    }

    fn put(&mut self, key: StateKey, value: Option<StateValue>) {
        match self.entries.get_mut(&key) {
            Some(entry) => entry.1 = value,
            None => {
                self.order.push(key.clone());
                let prior = self.take_loaded(&key);
                self.entries.insert(key, (prior, value));
            }
        }
    }
}

/// The keys replaying some events touches, found by replaying them against an empty
/// state. Which keys an event touches never depends on the values it reads, so these
/// are the keys the real replay reads; one it touched anyway would only be read alone.
#[derive(Default)]
struct TouchedKeys(HashSet<StateKey>);

impl StateAccess for TouchedKeys {
    fn get(&mut self, key: &StateKey) -> Result<Option<StateValue>, IndexerError> {
        if !self.0.contains(key) {
            self.0.insert(key.clone());
        }
        Ok(None)
    }

    fn put(&mut self, key: StateKey, _: Option<StateValue>) {
        self.0.insert(key);
    }
}

impl Overlay<'_> {
    /// The value read ahead for `key`, if it was (SQLite reads none: no hashing then).
    fn take_loaded(&mut self, key: &StateKey) -> Option<Option<StateValue>> {
        if self.loaded.is_empty() {
            return None;
        }
        self.loaded.remove(key)
    }

    fn flush(self, batch_first: u64, keep_undo: bool) -> Result<(), StoreError> {
        let mut undo = Rows::new("INSERT INTO undo (batch_first, key, prior) VALUES (?1, ?2, ?3)");
        // Each key changes one row of its own, so the writes can go in any order: grouped
        // by statement, they are sent together.
        let mut writes: BTreeMap<&'static str, Vec<Vec<Value>>> = BTreeMap::new();
        for key in &self.order {
            let Some((prior, current)) = self.entries.get(key) else {
                continue;
            };
            let prior = match prior {
                Some(prior) => prior.clone(),
                None => state::read(self.sql, key)?,
            };
            if prior == *current {
                continue;
            }
            let (statement, params) = state::write_statement(key, current.as_ref());
            writes.entry(statement).or_default().push(params);
            if keep_undo {
                let key_json = serde_json::to_string(key)
                    .map_err(|e| StoreError::corrupt_because("undo key", e))?;
                let prior_json = prior
                    .as_ref()
                    .map(serde_json::to_string)
                    .transpose()
                    .map_err(|e| StoreError::corrupt_because("undo value", e))?;
                undo.push(vec![
                    int(batch_first),
                    Value::Text(key_json),
                    text(prior_json.as_deref()),
                ]);
            }
        }
        for (statement, rows) in &writes {
            self.sql.execute_many(statement, rows)?;
        }
        undo.send(self.sql)
    }
}

/// Replays the batch's events, then sets the native balances and allowances read from
/// the chain, and writes the changed rows.
///
/// # Errors
/// When the store fails.
pub fn write_derived(sql: &dyn Sql, batch: &Batch) -> Result<(), StoreError> {
    let (Some(first), Some(last)) = (batch.blocks.first(), batch.blocks.last()) else {
        return Ok(());
    };
    let chain_reads = batch
        .native_balances
        .iter()
        .map(|(address, amount, stamp)| (StateKey::Native(*address), amount, stamp))
        .chain(
            batch
                .allowance_reads
                .iter()
                .map(|(token, owner, spender, amount, stamp)| {
                    let key = StateKey::Allowance {
                        token: *token,
                        owner: *owner,
                        spender: *spender,
                    };
                    (key, amount, stamp)
                }),
        );
    let loaded = if sql.dialect().reads_ahead() {
        let mut touched = TouchedKeys::default();
        replay(&mut touched, batch)?;
        touched.0.extend(chain_reads.clone().map(|(key, _, _)| key));
        state::read_many(sql, touched.0)?
    } else {
        HashMap::default()
    };
    let mut overlay = Overlay {
        sql,
        loaded,
        entries: HashMap::default(),
        order: Vec::new(),
    };
    replay(&mut overlay, batch)?;
    for (key, amount, stamp) in chain_reads {
        let stored = overlay.get(&key).map_err(store_failure)?;
        let unchanged =
            matches!(stored, Some(StateValue::Amount { amount: stored, .. }) if stored == *amount);
        if !unchanged {
            overlay.put(
                key,
                Some(StateValue::Amount {
                    amount: *amount,
                    stamp: *stamp,
                }),
            );
        }
    }
    overlay.flush(first.block.number, batch.keep_undo)?;
    if !batch.keep_undo {
        set_meta(sql, "finalized_through", &last.block.number.to_string())?;
    }
    Ok(())
}

/// Applies the batch's events in chain order.
fn replay(state: &mut dyn StateAccess, batch: &Batch) -> Result<(), StoreError> {
    for decoded in &batch.blocks {
        let stamp = stamp_of(decoded.block.number, decoded.block.timestamp);
        for placed in decoded.events.iter().flatten() {
            apply_event(state, &placed.event, stamp).map_err(store_failure)?;
        }
    }
    Ok(())
}

/// The derivation rules report through [`IndexerError`]; inside the store only the
/// store's own failures can reach them (through [`StateAccess::get`]).
fn store_failure(error: IndexerError) -> StoreError {
    match error {
        IndexerError::Storage(error) => error,
        other => StoreError::corrupt_because("derived state", other),
    }
}

fn finalized_through(sql: &dyn Sql) -> Result<Option<u64>, StoreError> {
    Ok(meta(sql, "finalized_through")?.and_then(|text| text.parse().ok()))
}

/// What a rollback did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rollback {
    /// The blocks are gone and the derived state restored.
    Done,
    /// Nothing was changed: the batch starting at this block has no undo information.
    TooDeep(u64),
}

/// Undoes every batch that holds a block above `last_kept`.
///
/// # Errors
/// When the store fails.
pub fn rollback(sql: &dyn Sql, last_kept: Option<u64>) -> Result<Rollback, StoreError> {
    let rows = sql.query(
        "SELECT MIN(batch_first) FROM blocks WHERE number > ?1",
        &[last_kept.map_or(Value::Int(-1), int)],
    )?;
    let Some(cut) = rows
        .first()
        .map(|row| Cols(row).opt_int(0))
        .transpose()?
        .flatten()
    else {
        return Ok(Rollback::Done);
    };
    if finalized_through(sql)?.is_some_and(|finalized| uint(cut) <= finalized) {
        return Ok(Rollback::TooDeep(uint(cut)));
    }
    let undo = sql.query(
        "SELECT key, prior FROM undo WHERE batch_first >= ?1 ORDER BY seq DESC",
        &[Value::Int(cut)],
    )?;
    for row in &undo {
        let cols = Cols(row);
        let key = cols.opt_text(0)?.ok_or(StoreError::corrupt("undo key"))?;
        let key: StateKey =
            serde_json::from_str(&key).map_err(|e| StoreError::corrupt_because("undo key", e))?;
        let prior: Option<StateValue> = cols
            .opt_text(1)?
            .map(|prior| serde_json::from_str(&prior))
            .transpose()
            .map_err(|e| StoreError::corrupt_because("undo value", e))?;
        state::write(sql, &key, prior.as_ref())?;
    }
    let cut = Value::Int(cut);
    super::fill::forget_fills_from(sql, &cut)?;
    sql.execute(
        "DELETE FROM undo WHERE batch_first >= ?1",
        std::slice::from_ref(&cut),
    )?;
    for table in ["transactions", "logs", "address_transactions", "transfers"] {
        sql.execute(
            &format!("DELETE FROM {table} WHERE block_number >= ?1"),
            std::slice::from_ref(&cut),
        )?;
    }
    sql.execute(
        "DELETE FROM blocks WHERE number >= ?1",
        std::slice::from_ref(&cut),
    )?;
    sql.execute(
        "UPDATE contracts SET creator = NULL, creation_tx = NULL, creation_block = NULL WHERE creation_block >= ?1",
        &[cut],
    )?;
    super::count_in_meta(sql, super::REORGS)?;
    Ok(Rollback::Done)
}

/// Drops undo rows of batches starting below `below`; those batches become final.
///
/// # Errors
/// When the store fails.
pub fn prune_undo(sql: &dyn Sql, below: u64) -> Result<(), StoreError> {
    // Batches are contiguous, so the newest block of a batch starting below `below` is
    // found walking down from the top: only the undo window is read, never every block.
    let rows = sql.query(
        "SELECT number FROM blocks WHERE batch_first < ?1 ORDER BY number DESC LIMIT 1",
        &[int(below)],
    )?;
    let Some(last_final) = rows.first().map(|row| Cols(row).u64(0)).transpose()? else {
        return Ok(());
    };
    if finalized_through(sql)?.is_some_and(|finalized| finalized >= last_final) {
        return Ok(());
    }
    sql.execute("DELETE FROM undo WHERE batch_first < ?1", &[int(below)])?;
    set_meta(sql, "finalized_through", &last_final.to_string())
}

/// Saves a probe result and marks the contract probed.
///
/// # Errors
/// When the store fails.
pub fn save_probe(
    sql: &dyn Sql,
    contract: Address,
    probe: &ContractProbe,
) -> Result<(), StoreError> {
    let interfaces: Vec<&str> = probe
        .interfaces
        .iter()
        .map(|interface| match interface {
            ContractInterface::Erc20 => "erc20",
            ContractInterface::Erc721 => "erc721",
            ContractInterface::Erc1155 => "erc1155",
        })
        .collect();
    sql.execute(
        "INSERT INTO contracts (address, probed, name, symbol, decimals, interfaces) VALUES (?1, 1, ?2, ?3, ?4, ?5)
         ON CONFLICT (address) DO UPDATE SET probed = 1, name = excluded.name, symbol = excluded.symbol,
         decimals = excluded.decimals, interfaces = excluded.interfaces",
        &[
            addr(&contract),
            text(probe.name.as_deref()),
            text(probe.symbol.as_deref()),
            nullable(probe.decimals, |decimals| Value::Int(i64::from(decimals))),
            Value::Text(interfaces.join(",")),
        ],
    )?;
    Ok(())
}
