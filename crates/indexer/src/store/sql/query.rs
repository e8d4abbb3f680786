//! Read queries behind [`IndexSource`](crate::IndexSource): the store's rows as the
//! records of `tandem_evm::source`. Each answer takes a fixed, small number of
//! statements (what a record needs is joined in, never fetched row by row), since on
//! PostgreSQL every statement is a round trip; every list has an explicit order.

use std::collections::BTreeMap;

use alloy_primitives::{Address, B256};
use tandem_domain::history::{RawLog, RawTransaction, TRANSFER_TOPIC};
use tandem_evm::source::{
    ApprovalKind, ApprovalRecord, ContractInterface, ContractRecord, Page, PageRequest, SortOrder,
    TokenBalance, TokenStandard, TransactionQuery, TransactionRecord, TransferQuery,
    TransferRecord,
};

use super::codec::{Cols, Row, Value, addr, int, standard_code, standard_from, u256_bytes, uint};
use super::{Sql, keys};
use crate::store::StoreError;

fn direction(sort: SortOrder) -> &'static str {
    match sort {
        SortOrder::Ascending => "ASC",
        SortOrder::Descending => "DESC",
    }
}

/// `LIMIT ?n OFFSET ?n+1` for a page, its parameters appended to `args`.
pub(super) fn page_clause(args: &mut Vec<Value>, page: PageRequest) -> String {
    args.push(int(page.limit));
    args.push(int(page.offset));
    format!("LIMIT ?{} OFFSET ?{}", args.len() - 1, args.len())
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

/// Native balance row of `owner`.
pub fn native_balance(sql: &dyn Sql, owner: Address) -> Result<Option<TokenBalance>, StoreError> {
    let rows = sql.query(
        "SELECT amount, time_ms FROM native_balances WHERE address = ?1",
        &[addr(&owner)],
    )?;
    rows.first()
        .map(|row| {
            let cols = Cols(row);
            Ok(TokenBalance {
                token: None,
                amount: cols.u256(0)?,
                contract: None,
                updated_ms: Some(cols.u64(1)?),
            })
        })
        .transpose()
}

/// The columns [`contract_from`] reads, from `contracts c` and its whole-contract supply
/// `s` (see [`contract_join`]).
pub(super) const CONTRACT_COLUMNS: &str = "c.address, c.seen_standard, c.probed, c.name, c.symbol, \
     c.decimals, c.interfaces, c.creator, c.creation_tx, c.creation_block, s.amount";

/// Joins the whole-contract supply row (`token_id` empty) of `contracts c` as `s`;
/// parameter `?{empty}` must be empty bytes.
pub(super) fn contract_join(empty: usize) -> String {
    format!("LEFT JOIN supplies s ON s.contract = c.address AND s.token_id = ?{empty}")
}

/// Interfaces of a contract: as probed, else (not probed, or probing found nothing)
/// the shape of its transfer logs.
fn declared_interfaces(
    seen_standard: Option<i64>,
    probed: bool,
    interfaces: Option<&str>,
) -> Vec<ContractInterface> {
    let declared: Vec<ContractInterface> = interfaces
        .unwrap_or_default()
        .split(',')
        .filter_map(|name| match name {
            "erc20" => Some(ContractInterface::Erc20),
            "erc721" => Some(ContractInterface::Erc721),
            "erc1155" => Some(ContractInterface::Erc1155),
            _ => None,
        })
        .collect();
    if !declared.is_empty() && probed {
        return declared;
    }
    seen_standard
        .map(standard_from)
        .map(|standard| match standard {
            TokenStandard::Erc20 => ContractInterface::Erc20,
            TokenStandard::Erc721 => ContractInterface::Erc721,
            TokenStandard::Erc1155 => ContractInterface::Erc1155,
        })
        .into_iter()
        .collect()
}

/// The token standard a contract's interfaces make it.
fn standard_of(interfaces: &[ContractInterface]) -> Option<TokenStandard> {
    if interfaces.contains(&ContractInterface::Erc1155) {
        Some(TokenStandard::Erc1155)
    } else if interfaces.contains(&ContractInterface::Erc721) {
        Some(TokenStandard::Erc721)
    } else if interfaces.contains(&ContractInterface::Erc20) {
        Some(TokenStandard::Erc20)
    } else {
        None
    }
}

/// A contract record from [`CONTRACT_COLUMNS`] starting at column `at`; `None` when
/// the left join found no contract.
fn contract_from(cols: Cols<'_>, at: usize) -> Result<Option<ContractRecord>, StoreError> {
    let Some(address) = cols.opt_address(at)? else {
        return Ok(None);
    };
    let interfaces = cols.opt_text(at + 6)?;
    let declared = declared_interfaces(
        cols.opt_int(at + 1)?,
        cols.flag(at + 2)?,
        interfaces.as_deref(),
    );
    let supply = if declared.contains(&ContractInterface::Erc1155) {
        None
    } else {
        cols.opt_u256(at + 10)?
    };
    Ok(Some(ContractRecord {
        address,
        name: cols.opt_text(at + 3)?,
        symbol: cols.opt_text(at + 4)?,
        decimals: cols.opt_int(at + 5)?.and_then(|d| u8::try_from(d).ok()),
        interfaces: declared,
        creator: cols.opt_address(at + 7)?,
        creation_transaction: cols.opt_hash(at + 8)?,
        creation_block: cols.opt_int(at + 9)?.map(uint),
        verified: false,
        logo_uri: None,
        supply,
    }))
}

/// Non-zero ERC-20 balances of `owner`, with what is known of each token.
pub fn token_balances(sql: &dyn Sql, owner: Address) -> Result<Vec<TokenBalance>, StoreError> {
    let statement = format!(
        "SELECT b.token, b.amount, b.time_ms, {CONTRACT_COLUMNS} FROM token_balances b
         LEFT JOIN contracts c ON c.address = b.token {}
         WHERE b.holder = ?1 ORDER BY b.token",
        contract_join(2)
    );
    let rows = sql.query(&statement, &[addr(&owner), Value::Bytes(Vec::new())])?;
    let mut balances = Vec::with_capacity(rows.len());
    for row in &rows {
        let cols = Cols(row);
        let amount = cols.u256(1)?;
        if amount.is_zero() {
            continue;
        }
        balances.push(TokenBalance {
            token: Some(cols.address(0)?),
            amount,
            contract: contract_from(cols, 3)?,
            updated_ms: Some(cols.u64(2)?),
        });
    }
    Ok(balances)
}

/// Touched = named by the transaction or its non-transfer events (address_transactions)
/// or a party to one of its transfers. `?1` is the address.
const TOUCHING: &str = "SELECT block_number, tx_index FROM address_transactions WHERE address = ?1
     UNION SELECT block_number, tx_index FROM transfers WHERE sender = ?1
     UNION SELECT block_number, tx_index FROM transfers WHERE recipient = ?1";

/// Transactions touching `address`, newest first by default, with logs.
pub fn transactions(
    sql: &dyn Sql,
    address: Address,
    query: &TransactionQuery,
) -> Result<Page<TransactionRecord>, StoreError> {
    let mut args: Vec<Value> = vec![addr(&address)];
    // Plain ERC-20/721 Transfer logs live in `transfers` only (see the write path).
    let condition = match query.log_topic {
        Some(topic) => {
            args.push(Value::Bytes(topic.to_vec()));
            args.push(Value::Int(i64::from(topic == TRANSFER_TOPIC)));
            "EXISTS (SELECT 1 FROM logs l WHERE l.block_number = a.block_number
                 AND l.tx_index = a.tx_index AND l.topic0 = ?2)
               OR (?3 = 1 AND EXISTS (SELECT 1 FROM transfers f WHERE f.block_number = a.block_number
                 AND f.tx_index = a.tx_index AND f.standard < 2))"
        }
        None => "1 = 1",
    };
    let count_args = args.clone();
    let order = direction(query.sort);
    let paging = page_clause(&mut args, query.page);
    // The total rides on every row of the page: a window over all touching rows,
    // counted before the LIMIT, so the union is evaluated once.
    let page = format!(
        "SELECT a.block_number, a.tx_index, COUNT(*) OVER () AS total FROM ({TOUCHING}) a
         WHERE {condition} ORDER BY a.block_number {order}, a.tx_index {order} {paging}"
    );
    let found = sql.query(
        &format!(
            "SELECT p.block_number, p.tx_index, t.hash, t.sender, t.recipient, t.contract_address,
             t.value, t.gas_used, t.gas_price, t.success, t.input, b.timestamp, p.total FROM ({page}) p
             JOIN transactions t ON t.block_number = p.block_number AND t.tx_index = p.tx_index
             JOIN blocks b ON b.number = p.block_number
             ORDER BY p.block_number {order}, p.tx_index {order}"
        ),
        &args,
    )?;
    let total = total_of(sql, &found, 12, query.page, || {
        (
            format!("SELECT COUNT(*) FROM ({TOUCHING}) a WHERE {condition}"),
            count_args,
        )
    })?;
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
            transaction,
        });
    }
    Ok(page_of(rows, query.page, total))
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
            &format!(
                "SELECT l.block_number, l.tx_index, l.log_index, 0, l.address, l.topics, l.data,
                 NULL, NULL, NULL, NULL, NULL FROM {page}
                 JOIN logs l ON l.block_number = k.column1 AND l.tx_index = k.column2
                 UNION ALL
                 SELECT f.block_number, f.tx_index, f.log_index, 1, f.contract, NULL, NULL,
                 f.standard, f.sender, f.recipient, f.token_id, f.amount FROM {page}
                 JOIN transfers f ON f.block_number = k.column1 AND f.tx_index = k.column2
                 WHERE f.standard < 2 AND f.sub_index = 0"
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

/// The NFT standard of a collection: probed interfaces first, else what its logs looked like.
pub(super) fn collection_standard(
    sql: &dyn Sql,
    contract: Address,
) -> Result<Option<TokenStandard>, StoreError> {
    let rows = sql.query(
        "SELECT seen_standard, probed, interfaces FROM contracts WHERE address = ?1",
        &[addr(&contract)],
    )?;
    rows.first()
        .map_or(Ok(None), |row| standard_at(Cols(row), 0))
}

/// [`standard_of`] a contract from `seen_standard, probed, interfaces` at column `at`.
fn standard_at(cols: Cols<'_>, at: usize) -> Result<Option<TokenStandard>, StoreError> {
    let interfaces = cols.opt_text(at + 2)?;
    Ok(standard_of(&declared_interfaces(
        cols.opt_int(at)?,
        cols.opt_int(at + 1)?.is_some_and(|probed| probed != 0),
        interfaces.as_deref(),
    )))
}

/// Appends to `records` what `record` makes of each row `statement` finds for `owner`
/// (`?1`); `None` skips a row.
fn approval_rows(
    sql: &dyn Sql,
    statement: &str,
    owner: Address,
    records: &mut Vec<ApprovalRecord>,
    record: impl Fn(Cols<'_>) -> Result<Option<ApprovalRecord>, StoreError>,
) -> Result<(), StoreError> {
    for row in &sql.query(statement, &[addr(&owner)])? {
        records.extend(record(Cols(row))?);
    }
    Ok(())
}

const ALLOWANCES: &str = "SELECT token, spender, amount, time_ms FROM allowances
     WHERE owner = ?1 ORDER BY token, spender";
const SINGLE_APPROVALS: &str = "SELECT contract, token_id, approved, time_ms FROM token_approvals
     WHERE owner = ?1 ORDER BY contract, token_id";
const OPERATORS: &str = "SELECT o.contract, o.operator, o.approved, o.time_ms, c.seen_standard,
     c.probed, c.interfaces FROM operators o LEFT JOIN contracts c ON c.address = o.contract
     WHERE o.owner = ?1 ORDER BY o.contract, o.operator";

/// Approvals `owner` granted, revoked ones included, newest first.
pub fn approvals(
    sql: &dyn Sql,
    owner: Address,
    kind: ApprovalKind,
) -> Result<Vec<ApprovalRecord>, StoreError> {
    let mut records = Vec::new();
    if kind == TokenStandard::Erc20 {
        approval_rows(sql, ALLOWANCES, owner, &mut records, |cols| {
            Ok(Some(ApprovalRecord::Erc20 {
                owner,
                contract: cols.address(0)?,
                spender: cols.address(1)?,
                amount: cols.u256(2)?,
                updated_ms: cols.u64(3)?,
            }))
        })?;
    } else {
        if kind == TokenStandard::Erc721 {
            approval_rows(sql, SINGLE_APPROVALS, owner, &mut records, |cols| {
                Ok(Some(ApprovalRecord::Erc721Single {
                    owner,
                    contract: cols.address(0)?,
                    token_id: cols.u256(1)?,
                    approved: cols.address(2)?,
                    updated_ms: cols.u64(3)?,
                }))
            })?;
        }
        approval_rows(sql, OPERATORS, owner, &mut records, |cols| {
            // A collection whose standard is unknown is listed as ERC-721, the common case.
            let standard = standard_at(cols, 4)?.unwrap_or(TokenStandard::Erc721);
            if standard != kind {
                return Ok(None);
            }
            Ok(Some(ApprovalRecord::Operator {
                standard,
                owner,
                contract: cols.address(0)?,
                operator: cols.address(1)?,
                approved: cols.flag(2)?,
                updated_ms: cols.u64(3)?,
            }))
        })?;
    }
    // Stable: equal times keep the query order.
    records.sort_by_key(|record| {
        std::cmp::Reverse(match record {
            ApprovalRecord::Erc20 { updated_ms, .. }
            | ApprovalRecord::Erc721Single { updated_ms, .. }
            | ApprovalRecord::Operator { updated_ms, .. } => *updated_ms,
        })
    });
    Ok(records)
}

/// What the index knows of a contract.
pub fn contract(sql: &dyn Sql, address: Address) -> Result<Option<ContractRecord>, StoreError> {
    let statement = format!(
        "SELECT {CONTRACT_COLUMNS} FROM contracts c {} WHERE c.address = ?1",
        contract_join(2)
    );
    let rows: Vec<Row> = sql.query(&statement, &[addr(&address), Value::Bytes(Vec::new())])?;
    rows.first()
        .map_or(Ok(None), |row| contract_from(Cols(row), 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unprobed_contract_goes_by_its_logs() {
        assert_eq!(
            declared_interfaces(Some(1), false, Some("erc20")),
            vec![ContractInterface::Erc721]
        );
        assert_eq!(
            declared_interfaces(Some(1), true, Some("erc1155,erc721")),
            vec![ContractInterface::Erc1155, ContractInterface::Erc721]
        );
        assert_eq!(declared_interfaces(None, true, Some("")), Vec::new());
        assert_eq!(
            standard_of(&[ContractInterface::Erc721, ContractInterface::Erc1155]),
            Some(TokenStandard::Erc1155)
        );
    }
}
