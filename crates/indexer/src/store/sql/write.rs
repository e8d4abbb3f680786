//! The write path: chain rows, derived state through an overlay with undo records, and
//! rollbacks. Everything here runs inside the caller's transaction.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use alloy_primitives::{Address, U256};
use tandem_domain::history::TransferEvent;
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{ContractInterface, TokenStandard};

use super::codec::{
    Cols, Value, addr, bytes, flag, hash, int, nullable, standard_code, text, uint, word,
};
use super::{Sql, meta, set_meta, state};
use crate::IndexerError;
use crate::decode::{IndexEvent, PlacedEvent};
use crate::derive::{Stamp, StateAccess, StateKey, StateValue, apply_event};
use crate::rpc::FetchedTransaction;
use crate::store::{Batch, ContractProbe, StoreError};

fn stamp_of(number: u64, timestamp: u64) -> Stamp {
    Stamp {
        block: number,
        time_ms: timestamp.saturating_mul(1000),
    }
}

fn transfer_standard(transfer: &TransferEvent) -> TokenStandard {
    match transfer {
        TransferEvent::Fungible { .. } => TokenStandard::Erc20,
        TransferEvent::Nft {
            standard: NftStandard::Erc721,
            ..
        } => TokenStandard::Erc721,
        TransferEvent::Nft {
            standard: NftStandard::Erc1155,
            ..
        } => TokenStandard::Erc1155,
    }
}

/// Rows of one statement, sent together.
struct Rows {
    statement: &'static str,
    rows: Vec<Vec<Value>>,
}

impl Rows {
    fn new(statement: &'static str) -> Self {
        Self {
            statement,
            rows: Vec::new(),
        }
    }

    fn push(&mut self, row: Vec<Value>) {
        self.rows.push(row);
    }

    fn send(&self, sql: &dyn Sql) -> Result<(), StoreError> {
        if self.rows.is_empty() {
            return Ok(());
        }
        sql.execute_many(self.statement, &self.rows)
    }
}

/// Blocks, transactions, logs, the address index, transfers, and the discovery queues.
///
/// # Errors
/// When the store fails.
pub fn write_chain_rows(sql: &dyn Sql, batch: &Batch) -> Result<(), StoreError> {
    let Some(first) = batch.blocks.first() else {
        return Ok(());
    };
    let batch_first = int(first.block.number);
    let mut blocks = Rows::new(
        "INSERT INTO blocks (number, hash, parent_hash, timestamp, batch_first) VALUES (?1, ?2, ?3, ?4, ?5)",
    );
    let mut transactions = Rows::new(
        "INSERT INTO transactions (block_number, tx_index, hash, sender, recipient, contract_address, value,
         gas_used, gas_price, success, input) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    );
    let mut logs = Rows::new(
        "INSERT INTO logs (block_number, log_index, tx_index, address, topic0, topics, data)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    );
    let mut touches = Rows::new(
        "INSERT INTO address_transactions (address, block_number, tx_index) VALUES (?1, ?2, ?3)
         ON CONFLICT DO NOTHING",
    );
    let mut transfers = Rows::new(
        "INSERT INTO transfers (block_number, log_index, sub_index, tx_index, standard, contract, sender,
         recipient, token_id, amount) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    );
    let mut contracts: BTreeMap<Address, Option<TokenStandard>> = BTreeMap::new();
    let mut minted: BTreeMap<(Address, U256), NftStandard> = BTreeMap::new();
    let mut created = Vec::new();
    for decoded in &batch.blocks {
        let block = &decoded.block;
        let number = int(block.number);
        blocks.push(vec![
            number.clone(),
            hash(&block.hash),
            hash(&block.parent_hash),
            int(block.timestamp),
            batch_first.clone(),
        ]);
        for (transaction, events) in block.transactions.iter().zip(&decoded.events) {
            let tx_index = int(transaction.index);
            transactions.push(vec![
                number.clone(),
                tx_index.clone(),
                hash(&transaction.hash),
                addr(&transaction.from),
                nullable(transaction.to.as_ref(), addr),
                nullable(transaction.contract_address.as_ref(), addr),
                word(&transaction.value),
                word(&transaction.gas_used),
                word(&transaction.gas_price),
                flag(transaction.success),
                bytes(&transaction.input),
            ]);
            let mut touched: BTreeSet<Address> = BTreeSet::new();
            touched.insert(transaction.from);
            touched.extend(transaction.to);
            if let Some(contract) = transaction.contract_address {
                touched.insert(contract);
                created.push((contract, transaction.from, transaction.hash, block.number));
            }
            let rebuildable = rebuildable_logs(transaction, events);
            for log in transaction
                .logs
                .iter()
                .filter(|log| !rebuildable.contains(&log.log_index))
            {
                let topics: Vec<u8> = log.topics.iter().flat_map(|topic| topic.0).collect();
                logs.push(vec![
                    number.clone(),
                    int(log.log_index),
                    tx_index.clone(),
                    addr(&log.address),
                    nullable(log.topics.first(), hash),
                    Value::Bytes(topics),
                    bytes(&log.data),
                ]);
            }
            for placed in events {
                let contract = event_contract(&placed.event);
                touched.insert(contract);
                let entry = contracts.entry(contract).or_default();
                let IndexEvent::Transfer(transfer) = &placed.event else {
                    touched.extend(placed.event.participants());
                    continue;
                };
                // Transfer parties are found through the transfers table's own indexes,
                // which saves a row per party here (the bulk of a token-heavy block).
                let standard = transfer_standard(transfer);
                entry.get_or_insert(standard);
                let (from, to) = transfer.parties();
                let (token_id, amount) = match transfer {
                    TransferEvent::Fungible { value, .. } => (None, *value),
                    TransferEvent::Nft {
                        token_id,
                        quantity,
                        standard,
                        ..
                    } => {
                        if from.is_zero() {
                            minted.insert((contract, *token_id), *standard);
                        }
                        (Some(token_id), *quantity)
                    }
                };
                transfers.push(vec![
                    number.clone(),
                    int(placed.log_index),
                    int(placed.sub_index),
                    tx_index.clone(),
                    Value::Int(standard_code(standard)),
                    addr(&contract),
                    addr(&from),
                    addr(&to),
                    nullable(token_id, word),
                    word(&amount),
                ]);
            }
            for address in touched {
                touches.push(vec![addr(&address), number.clone(), tx_index.clone()]);
            }
        }
    }
    let mut seen = Rows::new(
        "INSERT INTO contracts (address, seen_standard) VALUES (?1, ?2)
         ON CONFLICT (address) DO UPDATE SET seen_standard = COALESCE(contracts.seen_standard, excluded.seen_standard)",
    );
    for (contract, standard) in contracts {
        seen.push(vec![
            addr(&contract),
            nullable(standard, |standard| Value::Int(standard_code(standard))),
        ]);
    }
    let mut creations = Rows::new(
        "INSERT INTO contracts (address, creator, creation_tx, creation_block) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (address) DO UPDATE SET creator = excluded.creator, creation_tx = excluded.creation_tx,
         creation_block = excluded.creation_block",
    );
    for (contract, creator, transaction, block) in created {
        creations.push(vec![
            addr(&contract),
            addr(&creator),
            hash(&transaction),
            int(block),
        ]);
    }
    let mut metadata_queue = Rows::new(
        "INSERT INTO nft_metadata (contract, token_id, standard) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
    );
    for ((contract, token_id), standard) in minted {
        let code = if standard == NftStandard::Erc1155 {
            2
        } else {
            1
        };
        metadata_queue.push(vec![addr(&contract), word(&token_id), Value::Int(code)]);
    }
    for rows in [
        &blocks,
        &transactions,
        &logs,
        &touches,
        &transfers,
        &seen,
        &creations,
        &metadata_queue,
    ] {
        rows.send(sql)?;
    }
    Ok(())
}

/// Log indexes of plain ERC-20 and ERC-721 `Transfer` logs: their transfer row holds every
/// byte of them, so the log row is not stored twice and the read path rebuilds it (see
/// `query::transaction`). This halves the rows of a token-heavy block.
fn rebuildable_logs(transaction: &FetchedTransaction, events: &[PlacedEvent]) -> HashSet<u64> {
    events
        .iter()
        .filter_map(|placed| {
            let IndexEvent::Transfer(transfer) = &placed.event else {
                return None;
            };
            // Logs are in log-index order, so a binary search finds the event's log.
            let at = transaction
                .logs
                .binary_search_by_key(&placed.log_index, |log| log.log_index)
                .ok()?;
            let log = transaction.logs.get(at)?;
            let exact = match transfer {
                TransferEvent::Fungible { .. } => log.topics.len() == 3 && log.data.len() == 32,
                TransferEvent::Nft {
                    standard: NftStandard::Erc721,
                    ..
                } => log.topics.len() == 4 && log.data.is_empty(),
                TransferEvent::Nft { .. } => false,
            };
            exact.then_some(placed.log_index)
        })
        .collect()
}

fn event_contract(event: &IndexEvent) -> Address {
    match event {
        IndexEvent::Transfer(
            TransferEvent::Fungible { contract, .. } | TransferEvent::Nft { contract, .. },
        )
        | IndexEvent::Allowance { contract, .. }
        | IndexEvent::TokenApproval { contract, .. }
        | IndexEvent::Operator { contract, .. }
        | IndexEvent::Wrap { contract, .. }
        | IndexEvent::Unwrap { contract, .. } => *contract,
    }
}

/// Derived state seen through the open transaction: each key is read once, changes are
/// kept in memory, and [`Overlay::flush`] writes them with their prior values as undo.
struct Overlay<'c> {
    sql: &'c dyn Sql,
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
        let stored = state::read(self.sql, key)?;
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
                self.entries.insert(key, (None, value));
            }
        }
    }
}

impl Overlay<'_> {
    fn flush(self, batch_first: u64, keep_undo: bool) -> Result<(), StoreError> {
        let mut undo = Rows::new("INSERT INTO undo (batch_first, key, prior) VALUES (?1, ?2, ?3)");
        // Each key changes one row of its own, so the writes can go in any order: grouped
        // by statement, they are sent together.
        let mut writes: BTreeMap<String, Vec<Vec<Value>>> = BTreeMap::new();
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
    let mut overlay = Overlay {
        sql,
        entries: HashMap::new(),
        order: Vec::new(),
    };
    for decoded in &batch.blocks {
        let stamp = stamp_of(decoded.block.number, decoded.block.timestamp);
        for placed in decoded.events.iter().flatten() {
            apply_event(&mut overlay, &placed.event, stamp).map_err(store_failure)?;
        }
    }
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
