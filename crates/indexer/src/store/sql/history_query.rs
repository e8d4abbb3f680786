//! History reads: the transactions touching an account, each with its logs, and the
//! transfers to or from one, a page at a time with the total. A page is one statement
//! (its total counted by a window before the `LIMIT`), and its logs one more.

use std::collections::BTreeMap;

use alloy_primitives::{Address, B256};
use tandem_domain::history::{RawLog, RawTransaction, TRANSFER_TOPIC};
use tandem_evm::source::{
    ChainPosition, Page, PageRequest, SortOrder, TransactionQuery, TransactionRecord,
    TransferQuery, TransferRecord,
};

use super::codec::{Cols, Row, Value, addr, int, standard_code, standard_from, u256_bytes, uint};
use super::query::page_clause;
use super::{Sql, keys};
use crate::store::StoreError;

fn direction(sort: SortOrder) -> &'static str {
    match sort {
        SortOrder::Ascending => "ASC",
        SortOrder::Descending => "DESC",
    }
}

fn count(sql: &dyn Sql, statement: &str, args: &[Value]) -> Result<u64, StoreError> {
    let rows = sql.query(statement, args)?;
    Ok(rows
        .first()
        .map(|row| Cols(row).u64(0))
        .transpose()?
        .unwrap_or(0))
}

/// The total of a paged query whose rows carry it in column `at`; a page past the end
/// carries none, and `counting` gives the statement that counts instead.
fn total_of(
    sql: &dyn Sql,
    rows: &[Row],
    at: usize,
    page: PageRequest,
    counting: impl FnOnce() -> (String, Vec<Value>),
) -> Result<u64, StoreError> {
    match rows.first() {
        Some(row) => Cols(row).u64(at),
        None if page.offset == 0 => Ok(0),
        None => {
            let (statement, args) = counting();
            count(sql, &statement, &args)
        }
    }
}

fn page_of<T>(rows: Vec<T>, page: PageRequest, total: u64) -> Page<T> {
    let more = page.offset.saturating_add(rows.len() as u64) < total;
    Page {
        rows,
        total: Some(total),
        more,
    }
}

/// Touched = from the index's start block (`?2`) on, named by the transaction or its
/// non-transfer events (address_transactions) or a party to one of its transfers; below
/// it, found by the account's own fill (account_fill_rows). `?1` is the address.
///
/// Below the start the store holds only what fills found, and another account's fill
/// stores transactions naming this one (a transfer between them) that this account's
/// fill may not have looked for: taking them would make its history depend on who was
/// filled before, and grow after it said complete.
const TOUCHING: &str = "SELECT block_number, tx_index FROM address_transactions WHERE address = ?1 AND block_number >= ?2
     UNION SELECT block_number, tx_index FROM transfers WHERE sender = ?1 AND block_number >= ?2
     UNION SELECT block_number, tx_index FROM transfers WHERE recipient = ?1 AND block_number >= ?2
     UNION SELECT block_number, tx_index FROM account_fill_rows WHERE account = ?1";

/// The index's start block (0 before the store is bound to a chain).
fn index_start(sql: &dyn Sql) -> Result<u64, StoreError> {
    let rows = sql.query("SELECT value FROM meta WHERE key = 'chain'", &[])?;
    let text = rows.first().map(|row| Cols(row).opt_text(0)).transpose()?;
    Ok(text
        .flatten()
        .as_deref()
        .and_then(super::fill::start_of)
        .unwrap_or(0))
}

/// Transactions touching `address`, newest first by default, with logs: the page at
/// `query.page.offset` with the total, or — when the query resumes after a position —
/// the page after it, found by seeking (no offset walked, no total counted).
pub fn transactions(
    sql: &dyn Sql,
    address: Address,
    query: &TransactionQuery,
) -> Result<Page<TransactionRecord>, StoreError> {
    let mut args: Vec<Value> = vec![addr(&address), int(index_start(sql)?)];
    // Plain ERC-20/721 Transfer logs live in `transfers` only (see the write path).
    let condition = match query.log_topic {
        Some(topic) => {
            args.push(Value::Bytes(topic.to_vec()));
            args.push(Value::Int(i64::from(topic == TRANSFER_TOPIC)));
            "EXISTS (SELECT 1 FROM logs l WHERE l.block_number = a.block_number
                 AND l.tx_index = a.tx_index AND l.topic0 = ?3)
               OR (?4 = 1 AND EXISTS (SELECT 1 FROM transfers f WHERE f.block_number = a.block_number
                 AND f.tx_index = a.tx_index AND f.standard < 2))"
        }
        None => "1 = 1",
    };
    let order = direction(query.sort);
    let (page, total_at) = match query.resume_after {
        Some(after) => (page_after(&mut args, condition, query, after), None),
        None => {
            // The statement counting the total when the page comes back empty binds
            // what the page binds before its paging.
            let counting = args.clone();
            let paging = page_clause(&mut args, query.page);
            // The total rides on every row of the page: a window over all touching
            // rows, counted before the LIMIT, so the union is evaluated once.
            (
                format!(
                    "SELECT a.block_number, a.tx_index, COUNT(*) OVER () AS total FROM ({TOUCHING}) a
                     WHERE {condition} ORDER BY a.block_number {order}, a.tx_index {order} {paging}"
                ),
                Some((12, counting)),
            )
        }
    };
    let found = sql.query(
        &format!(
            "SELECT p.block_number, p.tx_index, t.hash, t.sender, t.recipient, t.contract_address,
             t.value, t.gas_used, t.gas_price, t.success, t.input, b.timestamp{total} FROM ({page}) p
             JOIN transactions t ON t.block_number = p.block_number AND t.tx_index = p.tx_index
             JOIN blocks b ON b.number = p.block_number
             ORDER BY p.block_number {order}, p.tx_index {order}",
            total = if total_at.is_some() { ", p.total" } else { "" },
        ),
        &args,
    )?;
    let total = match total_at {
        Some((at, counting)) => Some(total_of(sql, &found, at, query.page, || {
            (
                format!("SELECT COUNT(*) FROM ({TOUCHING}) a WHERE {condition}"),
                counting,
            )
        })?),
        None => None,
    };
    let placed: Vec<[Value; 2]> = found
        .iter()
        .map(|row| {
            let cols = Cols(row);
            Ok([Value::Int(cols.int(0)?), Value::Int(cols.int(1)?)])
        })
        .collect::<Result<_, StoreError>>()?;
    let mut logs = page_logs(sql, &placed)?;
    let mut rows = Vec::with_capacity(found.len());
    for row in &found {
        let cols = Cols(row);
        let key = (cols.int(0)?, cols.int(1)?);
        let transaction = RawTransaction {
            hash: cols.hash(2)?,
            from: cols.address(3)?,
            to: cols.opt_address(4)?,
            contract_address: cols.opt_address(5)?,
            value: cols.u256(6)?,
            gas_used: cols.u256(7)?,
            gas_price: cols.u256(8)?,
            status: if cols.flag(9)? { "0x1" } else { "0x0" }.to_owned(),
            input: cols.bytes(10)?.to_vec(),
            timestamp_ms: cols.u64(11)?.saturating_mul(1000),
            logs: logs
                .remove(&key)
                .unwrap_or_default()
                .into_values()
                .collect(),
        };
        rows.push(TransactionRecord {
            block_number: uint(key.0),
            tx_index: Some(uint(key.1)),
            transaction,
        });
    }
    Ok(match total {
        Some(total) => page_of(rows, query.page, total),
        None => {
            // Seeking counts nothing: a full page may be followed by more.
            let more = rows.len() as u64 >= query.page.limit;
            Page {
                rows,
                total: None,
                more,
            }
        }
    })
}

/// The page of touching transactions after `after` in the query's order (binding its
/// parameters after those in `args`). Each part of the union seeks to the position in
/// its own index; without a topic filter it also stops at a page's length, since the
/// union's first page is within the first page of each part.
fn page_after(
    args: &mut Vec<Value>,
    condition: &str,
    query: &TransactionQuery,
    after: ChainPosition,
) -> String {
    let order = direction(query.sort);
    let beyond = match query.sort {
        SortOrder::Ascending => ">",
        SortOrder::Descending => "<",
    };
    args.push(int(after.block_number));
    args.push(int(after.tx_index));
    args.push(int(query.page.limit));
    let (block, index, limit) = (args.len() - 2, args.len() - 1, args.len());
    let part_limit = if query.log_topic.is_none() {
        format!("LIMIT ?{limit}")
    } else {
        String::new()
    };
    let part = |name: &str, table: &str, column: &str| {
        // From the start block on for the index's tables; the fill's rows are below it.
        let from_start = if table == "account_fill_rows" {
            ""
        } else {
            " AND block_number >= ?2"
        };
        format!(
            "SELECT * FROM (SELECT block_number, tx_index FROM {table}
               WHERE {column} = ?1{from_start} AND (block_number, tx_index) {beyond} (?{block}, ?{index})
               ORDER BY block_number {order}, tx_index {order} {part_limit}) AS {name}"
        )
    };
    format!(
        "SELECT a.block_number, a.tx_index FROM ({} UNION {} UNION {} UNION {}) a
         WHERE {condition} ORDER BY a.block_number {order}, a.tx_index {order} LIMIT ?{limit}",
        part("named", "address_transactions", "address"),
        part("sent", "transfers", "sender"),
        part("received", "transfers", "recipient"),
        part("filled", "account_fill_rows", "account"),
    )
}

/// Whether a block after `after_block` names `account` or holds a transfer of one of
/// `contracts` (see `StoreReads::touched_since`). The account's rows are found through
/// its indexes, the contracts' among the new blocks' transfers only (the table is keyed
/// by block first), so the cost follows what happened since, not the history.
pub fn touched_since(
    sql: &dyn Sql,
    account: Address,
    contracts: &[Address],
    after_block: u64,
) -> Result<bool, StoreError> {
    let named = sql.query(
        "SELECT 1 FROM address_transactions WHERE address = ?1 AND block_number > ?2
         UNION ALL SELECT 1 FROM transfers WHERE sender = ?1 AND block_number > ?2
         UNION ALL SELECT 1 FROM transfers WHERE recipient = ?1 AND block_number > ?2
         LIMIT 1",
        &[addr(&account), int(after_block)],
    )?;
    if !named.is_empty() {
        return Ok(true);
    }
    for chunk in contracts.chunks(keys::chunk_size(sql.dialect())) {
        let keys: Vec<[Value; 1]> = chunk.iter().map(|contract| [addr(contract)]).collect();
        let keys: Vec<&[Value]> = keys.iter().map(<[Value; 1]>::as_slice).collect();
        let (relation, mut args) = keys::relation(sql.dialect(), &["bytea"], &keys);
        args.push(int(after_block));
        let moved = sql.query(
            &format!(
                "SELECT 1 FROM transfers WHERE block_number > ?{after}
                 AND contract IN (SELECT column1 FROM {relation}) LIMIT 1",
                after = args.len(),
            ),
            &args,
        )?;
        if !moved.is_empty() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The logs of the transactions at `placed` (`[block_number, tx_index]`), by
/// transaction and log index: stored logs, and the Transfer logs kept only as transfer
/// rows, rebuilt. One statement for a page (a few for a very long one on SQLite).
#[allow(clippy::type_complexity)] // a map of maps, read once by the caller
fn page_logs(
    sql: &dyn Sql,
    placed: &[[Value; 2]],
) -> Result<BTreeMap<(i64, i64), BTreeMap<i64, RawLog>>, StoreError> {
    let mut rows = Vec::new();
    for chunk in placed.chunks(keys::chunk_size(sql.dialect())) {
        let chunk: Vec<&[Value]> = chunk.iter().map(<[Value; 2]>::as_slice).collect();
        let (page, args) = keys::relation(sql.dialect(), &["int8", "int8"], &chunk);
        rows.extend(sql.query(
            // Both tables are keyed by block and log index, not transaction: each block
            // of the page is sought once and its rows kept when their transaction is
            // one of the page's (joining key by key would walk a busy block once per
            // transaction of the page in it).
            &format!(
                "WITH k AS (SELECT column1, column2 FROM {page})
                 SELECT l.block_number, l.tx_index, l.log_index, 0, l.address, l.topics, l.data,
                 NULL, NULL, NULL, NULL, NULL FROM logs l
                 WHERE l.block_number IN (SELECT column1 FROM k)
                 AND (l.block_number, l.tx_index) IN (SELECT column1, column2 FROM k)
                 UNION ALL
                 SELECT f.block_number, f.tx_index, f.log_index, 1, f.contract, NULL, NULL,
                 f.standard, f.sender, f.recipient, f.token_id, f.amount FROM transfers f
                 WHERE f.block_number IN (SELECT column1 FROM k)
                 AND (f.block_number, f.tx_index) IN (SELECT column1, column2 FROM k)
                 AND f.standard < 2 AND f.sub_index = 0"
            ),
            &args,
        )?);
    }
    let mut logs: BTreeMap<(i64, i64), BTreeMap<i64, RawLog>> = BTreeMap::new();
    for row in &rows {
        let cols = Cols(row);
        let per_transaction = logs.entry((cols.int(0)?, cols.int(1)?)).or_default();
        let log_index = cols.int(2)?;
        if !cols.flag(3)? {
            let topics = cols
                .bytes(5)?
                .chunks_exact(32)
                .map(B256::from_slice)
                .collect();
            per_transaction.insert(
                log_index,
                RawLog {
                    address: cols.address(4)?,
                    topics,
                    data: cols.bytes(6)?.to_vec(),
                },
            );
            continue;
        }
        let (from, to) = (cols.address(8)?, cols.address(9)?);
        let mut topics = vec![TRANSFER_TOPIC, from.into_word(), to.into_word()];
        let data = if cols.int(7)? == 0 {
            cols.bytes(11)?.to_vec()
        } else {
            topics.push(B256::from(u256_bytes(&cols.u256(10)?)));
            Vec::new()
        };
        // A stored log of the same index wins (it is the log itself).
        per_transaction.entry(log_index).or_insert(RawLog {
            address: cols.address(4)?,
            topics,
            data,
        });
    }
    Ok(logs)
}

/// Transfers to or from `account`.
pub fn transfers(
    sql: &dyn Sql,
    account: Address,
    query: &TransferQuery,
) -> Result<Page<TransferRecord>, StoreError> {
    let mut condition = String::from("(f.sender = ?1 OR f.recipient = ?1) AND f.standard = ?2");
    let mut args: Vec<Value> = vec![addr(&account), Value::Int(standard_code(query.standard))];
    if let Some(contract) = query.contract {
        args.push(addr(&contract));
        condition.push_str(&format!(" AND f.contract = ?{}", args.len()));
    }
    if let Some(start) = query.start_block {
        args.push(int(start));
        condition.push_str(&format!(" AND f.block_number >= ?{}", args.len()));
    }
    if let Some(end) = query.end_block {
        args.push(int(end));
        condition.push_str(&format!(" AND f.block_number <= ?{}", args.len()));
    }
    let count_args = args.clone();
    let paging = page_clause(&mut args, query.page);
    // As for transactions: the total counted by a window before the LIMIT; and only
    // the page's rows joined to their transactions and blocks.
    let found = sql.query(
        &format!(
            "SELECT f.standard, f.contract, f.sender, f.recipient, f.token_id, f.amount, f.block_number,
             t.hash, f.log_index, b.timestamp, f.total FROM (
               SELECT f.*, COUNT(*) OVER () AS total FROM transfers f WHERE {condition}
               ORDER BY f.block_number DESC, f.log_index DESC, f.sub_index DESC {paging}) f
             JOIN transactions t ON t.block_number = f.block_number AND t.tx_index = f.tx_index
             JOIN blocks b ON b.number = f.block_number
             ORDER BY f.block_number DESC, f.log_index DESC, f.sub_index DESC"
        ),
        &args,
    )?;
    let total = total_of(sql, &found, 10, query.page, || {
        (
            format!("SELECT COUNT(*) FROM transfers f WHERE {condition}"),
            count_args,
        )
    })?;
    let rows = found
        .iter()
        .map(|row| {
            let cols = Cols(row);
            Ok(TransferRecord {
                standard: standard_from(cols.int(0)?),
                contract: cols.address(1)?,
                from: cols.address(2)?,
                to: cols.address(3)?,
                token_id: cols.opt_u256(4)?,
                amount: cols.u256(5)?,
                block_number: cols.u64(6)?,
                transaction: cols.hash(7)?,
                log_index: cols.u64(8)?,
                timestamp_ms: cols.u64(9)?.saturating_mul(1000),
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(page_of(rows, query.page, total))
}
