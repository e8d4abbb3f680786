//! The write path: chain rows, derived state through an overlay with undo records, and
//! rollbacks. Everything here runs inside the caller's transaction.

use std::collections::{BTreeMap, HashMap, HashSet};

use alloy_primitives::{Address, U256};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use tandem_domain::history::TransferEvent;
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{ContractInterface, TokenStandard};

use super::codec::{address_blob, int, standard_code, u256_blob, uint};
use super::{set_meta, state};
use crate::IndexerError;
use crate::decode::{IndexEvent, PlacedEvent};
use crate::derive::{Stamp, StateAccess, StateKey, StateValue, apply_event};
use crate::rpc::FetchedTransaction;
use crate::store::{Batch, ContractProbe};

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

/// Blocks, transactions, logs, the address index, transfers, and the discovery queues.
///
/// # Errors
/// When the store fails.
pub fn write_chain_rows(tx: &Transaction<'_>, batch: &Batch) -> Result<(), IndexerError> {
    let Some(first) = batch.blocks.first() else {
        return Ok(());
    };
    let batch_first = int(first.block.number);
    let mut insert_block = tx.prepare_cached(
        "INSERT INTO blocks (number, hash, parent_hash, timestamp, batch_first) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let mut insert_tx = tx.prepare_cached(
        "INSERT INTO transactions (block_number, tx_index, hash, sender, recipient, contract_address, value,
         gas_used, gas_price, success, input) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?;
    let mut insert_log = tx.prepare_cached(
        "INSERT INTO logs (block_number, log_index, tx_index, address, topic0, topics, data)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    let mut insert_touch = tx.prepare_cached(
        "INSERT OR IGNORE INTO address_transactions (address, block_number, tx_index) VALUES (?1, ?2, ?3)",
    )?;
    let mut insert_transfer = tx.prepare_cached(
        "INSERT INTO transfers (block_number, log_index, sub_index, tx_index, standard, contract, sender,
         recipient, token_id, amount) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    let mut contracts: BTreeMap<Address, Option<TokenStandard>> = BTreeMap::new();
    let mut minted: BTreeMap<(Address, U256), NftStandard> = BTreeMap::new();
    let mut created = Vec::new();
    for decoded in &batch.blocks {
        let block = &decoded.block;
        let number = int(block.number);
        insert_block.execute(params![
            number,
            block.hash.as_slice(),
            block.parent_hash.as_slice(),
            int(block.timestamp),
            batch_first
        ])?;
        for (transaction, events) in block.transactions.iter().zip(&decoded.events) {
            let tx_index = int(transaction.index);
            insert_tx.execute(params![
                number,
                tx_index,
                transaction.hash.as_slice(),
                address_blob(&transaction.from),
                transaction.to.as_ref().map(address_blob),
                transaction.contract_address.as_ref().map(address_blob),
                u256_blob(&transaction.value),
                u256_blob(&transaction.gas_used),
                u256_blob(&transaction.gas_price),
                transaction.success,
                transaction.input,
            ])?;
            let mut touched: HashSet<Address> = HashSet::new();
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
                insert_log.execute(params![
                    number,
                    int(log.log_index),
                    tx_index,
                    address_blob(&log.address),
                    log.topics.first().map(|topic| topic.as_slice()),
                    topics,
                    log.data,
                ])?;
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
                        (Some(u256_blob(token_id)), *quantity)
                    }
                };
                insert_transfer.execute(params![
                    number,
                    int(placed.log_index),
                    int(placed.sub_index),
                    tx_index,
                    standard_code(standard),
                    address_blob(&contract),
                    address_blob(&from),
                    address_blob(&to),
                    token_id,
                    u256_blob(&amount),
                ])?;
            }
            for address in touched {
                insert_touch.execute(params![address_blob(&address), number, tx_index])?;
            }
        }
    }
    let mut insert_contract = tx.prepare_cached(
        "INSERT INTO contracts (address, seen_standard) VALUES (?1, ?2)
         ON CONFLICT (address) DO UPDATE SET seen_standard = COALESCE(seen_standard, excluded.seen_standard)",
    )?;
    for (contract, standard) in contracts {
        insert_contract.execute(params![
            address_blob(&contract),
            standard.map(standard_code)
        ])?;
    }
    let mut insert_creation = tx.prepare_cached(
        "INSERT INTO contracts (address, creator, creation_tx, creation_block) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (address) DO UPDATE SET creator = excluded.creator, creation_tx = excluded.creation_tx,
         creation_block = excluded.creation_block",
    )?;
    for (contract, creator, hash, block) in created {
        insert_creation.execute(params![
            address_blob(&contract),
            address_blob(&creator),
            hash.as_slice(),
            int(block)
        ])?;
    }
    let mut queue_metadata = tx.prepare_cached(
        "INSERT OR IGNORE INTO nft_metadata (contract, token_id, standard) VALUES (?1, ?2, ?3)",
    )?;
    for ((contract, token_id), standard) in minted {
        let code = if standard == NftStandard::Erc1155 {
            2
        } else {
            1
        };
        queue_metadata.execute(params![address_blob(&contract), u256_blob(&token_id), code])?;
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
    conn: &'c Connection,
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
        let stored = state::read(self.conn, key)?;
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
    fn flush(self, batch_first: u64, keep_undo: bool) -> Result<(), IndexerError> {
        let mut insert_undo = self
            .conn
            .prepare_cached("INSERT INTO undo (batch_first, key, prior) VALUES (?1, ?2, ?3)")?;
        for key in &self.order {
            let Some((prior, current)) = self.entries.get(key) else {
                continue;
            };
            let prior = match prior {
                Some(prior) => prior.clone(),
                None => state::read(self.conn, key)?,
            };
            if prior == *current {
                continue;
            }
            state::write(self.conn, key, current.as_ref())?;
            if keep_undo {
                let key_json =
                    serde_json::to_string(key).map_err(|e| IndexerError::Store(e.to_string()))?;
                let prior_json = prior
                    .as_ref()
                    .map(serde_json::to_string)
                    .transpose()
                    .map_err(|e| IndexerError::Store(e.to_string()))?;
                insert_undo.execute(params![int(batch_first), key_json, prior_json])?;
            }
        }
        Ok(())
    }
}

/// Replays the batch's events, then sets the native balances and allowances read from
/// the chain, and writes the changed rows.
///
/// # Errors
/// When the store fails.
pub fn write_derived(tx: &Transaction<'_>, batch: &Batch) -> Result<(), IndexerError> {
    let (Some(first), Some(last)) = (batch.blocks.first(), batch.blocks.last()) else {
        return Ok(());
    };
    let mut overlay = Overlay {
        conn: tx,
        entries: HashMap::new(),
        order: Vec::new(),
    };
    for decoded in &batch.blocks {
        let stamp = stamp_of(decoded.block.number, decoded.block.timestamp);
        for placed in decoded.events.iter().flatten() {
            apply_event(&mut overlay, &placed.event, stamp)?;
        }
    }
    for (address, amount, stamp) in &batch.native_balances {
        let key = StateKey::Native(*address);
        let unchanged = matches!(overlay.get(&key)?, Some(StateValue::Amount { amount: stored, .. }) if stored == *amount);
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
    for (token, owner, spender, amount, stamp) in &batch.allowance_reads {
        let key = StateKey::Allowance {
            token: *token,
            owner: *owner,
            spender: *spender,
        };
        let unchanged = matches!(overlay.get(&key)?, Some(StateValue::Amount { amount: stored, .. }) if stored == *amount);
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
        set_meta(tx, "finalized_through", &last.block.number.to_string())?;
    }
    Ok(())
}

fn finalized_through(conn: &Connection) -> Result<Option<u64>, IndexerError> {
    let text: Option<String> = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'finalized_through'",
            [],
            |row| row.get(0),
        )
        .optional()?;
    Ok(text.and_then(|text| text.parse().ok()))
}

/// Undoes every batch that holds a block above `last_kept`.
///
/// # Errors
/// [`IndexerError::ReorgTooDeep`] when such a batch has no undo information.
pub fn rollback(tx: &Transaction<'_>, last_kept: Option<u64>) -> Result<(), IndexerError> {
    let cut: Option<i64> = tx.query_row(
        "SELECT MIN(batch_first) FROM blocks WHERE number > ?1",
        [last_kept.map_or(-1, int)],
        |row| row.get(0),
    )?;
    let Some(cut) = cut else { return Ok(()) };
    if finalized_through(tx)?.is_some_and(|finalized| uint(cut) <= finalized) {
        return Err(IndexerError::ReorgTooDeep(uint(cut)));
    }
    let undo: Vec<(String, Option<String>)> = {
        let mut statement =
            tx.prepare("SELECT key, prior FROM undo WHERE batch_first >= ?1 ORDER BY seq DESC")?;
        let rows = statement.query_map([cut], |row| Ok((row.get(0)?, row.get(1)?)))?;
        rows.collect::<Result<_, _>>()?
    };
    let corrupt = |e: serde_json::Error| IndexerError::Store(format!("undo row: {e}"));
    for (key, prior) in undo {
        let key: StateKey = serde_json::from_str(&key).map_err(corrupt)?;
        let prior: Option<StateValue> = prior
            .map(|p| serde_json::from_str(&p))
            .transpose()
            .map_err(corrupt)?;
        state::write(tx, &key, prior.as_ref())?;
    }
    tx.execute("DELETE FROM undo WHERE batch_first >= ?1", [cut])?;
    for table in ["transactions", "logs", "address_transactions", "transfers"] {
        tx.execute(
            &format!("DELETE FROM {table} WHERE block_number >= ?1"),
            [cut],
        )?;
    }
    tx.execute("DELETE FROM blocks WHERE number >= ?1", [cut])?;
    tx.execute(
        "UPDATE contracts SET creator = NULL, creation_tx = NULL, creation_block = NULL WHERE creation_block >= ?1",
        [cut],
    )?;
    Ok(())
}

/// Drops undo rows of batches starting below `below`; those batches become final.
///
/// # Errors
/// When the store fails.
pub fn prune_undo(conn: &Connection, below: u64) -> Result<(), IndexerError> {
    let last_final: Option<i64> = conn.query_row(
        "SELECT MAX(number) FROM blocks WHERE batch_first < ?1",
        [int(below)],
        |row| row.get(0),
    )?;
    let Some(last_final) = last_final else {
        return Ok(());
    };
    if finalized_through(conn)?.is_some_and(|finalized| finalized >= uint(last_final)) {
        return Ok(());
    }
    conn.execute("DELETE FROM undo WHERE batch_first < ?1", [int(below)])?;
    set_meta(conn, "finalized_through", &last_final.to_string())
}

/// Saves a probe result and marks the contract probed.
///
/// # Errors
/// When the store fails.
pub fn save_probe(
    conn: &Connection,
    contract: Address,
    probe: &ContractProbe,
) -> Result<(), IndexerError> {
    let interfaces: Vec<&str> = probe
        .interfaces
        .iter()
        .map(|interface| match interface {
            ContractInterface::Erc20 => "erc20",
            ContractInterface::Erc721 => "erc721",
            ContractInterface::Erc1155 => "erc1155",
        })
        .collect();
    conn.execute(
        "INSERT INTO contracts (address, probed, name, symbol, decimals, interfaces) VALUES (?1, 1, ?2, ?3, ?4, ?5)
         ON CONFLICT (address) DO UPDATE SET probed = 1, name = excluded.name, symbol = excluded.symbol,
         decimals = excluded.decimals, interfaces = excluded.interfaces",
        params![address_blob(&contract), probe.name, probe.symbol, probe.decimals, interfaces.join(",")],
    )?;
    Ok(())
}
