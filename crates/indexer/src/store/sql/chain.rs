//! The chain rows of a batch: blocks, transactions, logs, the address index,
//! transfers, and what the batch puts in the discovery queues (contracts seen,
//! creations, NFTs minted). Everything here runs inside the caller's transaction.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use alloy_primitives::{Address, U256};
use tandem_domain::history::TransferEvent;
use tandem_domain::nft::NftStandard;
use tandem_evm::source::TokenStandard;

use super::Sql;
use super::codec::{Value, addr, bytes, flag, hash, int, nullable, standard_code, word};
use crate::decode::{IndexEvent, PlacedEvent};
use crate::rpc::FetchedTransaction;
use crate::store::{Batch, DecodedBlock, StoreError};

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
pub(super) struct Rows {
    statement: String,
    rows: Vec<Vec<Value>>,
}

impl Rows {
    pub(super) fn new(statement: impl Into<String>) -> Self {
        Self {
            statement: statement.into(),
            rows: Vec::new(),
        }
    }

    pub(super) fn push(&mut self, row: Vec<Value>) {
        self.rows.push(row);
    }

    pub(super) fn send(&self, sql: &dyn Sql) -> Result<(), StoreError> {
        if self.rows.is_empty() {
            return Ok(());
        }
        sql.execute_many(&self.statement, &self.rows)
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
    write_rows(sql, &batch.blocks, Placement::Batch(first.block.number))
}

/// The chain rows of an account fill: transactions below the index's start block, of
/// blocks the index holds only in part. Another account's fill may have written some of
/// them already (a transfer between two filled accounts), so existing rows are kept.
///
/// # Errors
/// When the store fails.
pub fn write_fill_rows(sql: &dyn Sql, blocks: &[DecodedBlock]) -> Result<(), StoreError> {
    write_rows(sql, blocks, Placement::Fill)
}

/// Where chain rows go.
#[derive(Clone, Copy)]
enum Placement {
    /// A batch of the follower starting at this block: every row is new.
    Batch(u64),
    /// An account fill: each block is its own undo unit, and rows may exist already.
    Fill,
}

fn write_rows(
    sql: &dyn Sql,
    decoded_blocks: &[DecodedBlock],
    placement: Placement,
) -> Result<(), StoreError> {
    let keep = match placement {
        Placement::Batch(_) => "",
        Placement::Fill => " ON CONFLICT DO NOTHING",
    };
    let mut blocks = Rows::new(format!(
        "INSERT INTO blocks (number, hash, parent_hash, timestamp, batch_first) VALUES (?1, ?2, ?3, ?4, ?5){keep}"
    ));
    let mut transactions = Rows::new(format!(
        "INSERT INTO transactions (block_number, tx_index, hash, sender, recipient, contract_address, value,
         gas_used, gas_price, success, input) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11){keep}"
    ));
    let mut logs = Rows::new(format!(
        "INSERT INTO logs (block_number, log_index, tx_index, address, topic0, topics, data)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7){keep}"
    ));
    let mut touches = Rows::new(
        "INSERT INTO address_transactions (address, block_number, tx_index) VALUES (?1, ?2, ?3)
         ON CONFLICT DO NOTHING",
    );
    let mut transfers = Rows::new(format!(
        "INSERT INTO transfers (block_number, log_index, sub_index, tx_index, standard, contract, sender,
         recipient, token_id, amount) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10){keep}"
    ));
    let mut contracts: BTreeMap<Address, Option<TokenStandard>> = BTreeMap::new();
    let mut minted: BTreeMap<(Address, U256), NftStandard> = BTreeMap::new();
    // By contract, the last creation winning: an address re-created within a batch
    // (CREATE2 after a self-destruct) is upserted once, as the bulk insert needs.
    let mut created = BTreeMap::new();
    for decoded in decoded_blocks {
        let block = &decoded.block;
        let number = int(block.number);
        let batch_first = match placement {
            Placement::Batch(first) => first,
            Placement::Fill => block.number,
        };
        blocks.push(vec![
            number.clone(),
            hash(&block.hash),
            hash(&block.parent_hash),
            int(block.timestamp),
            int(batch_first),
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
                created.insert(contract, (transaction.from, transaction.hash, block.number));
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
    for (contract, (creator, transaction, block)) in created {
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
/// `query::page_logs`). This halves the rows of a token-heavy block.
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
