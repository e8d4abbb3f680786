//! Read queries behind [`IndexSource`](crate::IndexSource): the store's rows as the
//! records of `tandem_evm::source`.

use std::collections::BTreeMap;

use alloy_primitives::{Address, B256, U256};
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, Row, params, params_from_iter};
use tandem_domain::history::{RawLog, RawTransaction, TRANSFER_TOPIC};
use tandem_evm::source::{
    ApprovalKind, ApprovalRecord, ContractInterface, ContractRecord, Page, SortOrder, TokenBalance,
    TokenStandard, TransactionQuery, TransactionRecord, TransferQuery, TransferRecord,
};

use super::codec::{
    address_from, b256_from, int, standard_code, standard_from, u256_blob, u256_from, uint,
};
use crate::IndexerError;

fn blob(row: &Row<'_>, i: usize) -> rusqlite::Result<Vec<u8>> {
    Ok(row.get::<_, Option<Vec<u8>>>(i)?.unwrap_or_default())
}

pub(super) fn address_at(row: &Row<'_>, i: usize) -> rusqlite::Result<Address> {
    Ok(address_from(&blob(row, i)?))
}

pub(super) fn u256_at(row: &Row<'_>, i: usize) -> rusqlite::Result<U256> {
    Ok(u256_from(&blob(row, i)?))
}

pub(super) fn u64_at(row: &Row<'_>, i: usize) -> rusqlite::Result<u64> {
    Ok(uint(row.get::<_, i64>(i)?))
}

fn direction(sort: SortOrder) -> &'static str {
    match sort {
        SortOrder::Ascending => "ASC",
        SortOrder::Descending => "DESC",
    }
}

/// Native balance row of `owner`.
pub fn native_balance(
    conn: &Connection,
    owner: Address,
) -> Result<Option<TokenBalance>, IndexerError> {
    Ok(conn
        .query_row(
            "SELECT amount, time_ms FROM native_balances WHERE address = ?1",
            [owner.as_slice()],
            |row| {
                Ok(TokenBalance {
                    token: None,
                    amount: u256_at(row, 0)?,
                    contract: None,
                    updated_ms: Some(u64_at(row, 1)?),
                })
            },
        )
        .optional()?)
}

/// Non-zero ERC-20 balances of `owner`, with what is known of each token.
pub fn token_balances(
    conn: &Connection,
    owner: Address,
) -> Result<Vec<TokenBalance>, IndexerError> {
    let rows: Vec<(Address, U256, u64)> = {
        let mut statement = conn.prepare_cached(
            "SELECT token, amount, time_ms FROM token_balances WHERE holder = ?1 ORDER BY token",
        )?;
        let rows = statement.query_map([owner.as_slice()], |row| {
            Ok((address_at(row, 0)?, u256_at(row, 1)?, u64_at(row, 2)?))
        })?;
        rows.collect::<Result<_, _>>()?
    };
    rows.into_iter()
        .filter(|(_, amount, _)| !amount.is_zero())
        .map(|(token, amount, updated)| {
            Ok(TokenBalance {
                token: Some(token),
                amount,
                contract: contract(conn, token)?,
                updated_ms: Some(updated),
            })
        })
        .collect()
}

/// Transactions touching `address`, newest first by default, with logs.
pub fn transactions(
    conn: &Connection,
    address: Address,
    query: &TransactionQuery,
) -> Result<Page<TransactionRecord>, IndexerError> {
    // Touched = named by the transaction or its non-transfer events (address_transactions)
    // or a party to one of its transfers.
    let touching = "SELECT block_number, tx_index FROM address_transactions WHERE address = ?1
         UNION SELECT block_number, tx_index FROM transfers WHERE sender = ?1
         UNION SELECT block_number, tx_index FROM transfers WHERE recipient = ?1";
    // Plain ERC-20/721 Transfer logs live in `transfers` only (see the write path).
    let topic_filter = if query.log_topic.is_some() {
        " WHERE EXISTS (SELECT 1 FROM logs l WHERE l.block_number = a.block_number
             AND l.tx_index = a.tx_index AND l.topic0 = ?2)
           OR (?3 AND EXISTS (SELECT 1 FROM transfers f WHERE f.block_number = a.block_number
             AND f.tx_index = a.tx_index AND f.standard < 2))"
    } else {
        ""
    };
    let mut args: Vec<Value> = vec![Value::Blob(address.to_vec())];
    if let Some(topic) = query.log_topic {
        args.push(Value::Blob(topic.to_vec()));
        args.push(Value::Integer(i64::from(topic == TRANSFER_TOPIC)));
    }
    let total: i64 = conn.query_row(
        &format!("SELECT COUNT(*) FROM ({touching}) a{topic_filter}"),
        params_from_iter(args.iter()),
        |row| row.get(0),
    )?;
    let order = direction(query.sort);
    let sql = format!(
        "SELECT a.block_number, a.tx_index FROM ({touching}) a{topic_filter}
         ORDER BY a.block_number {order}, a.tx_index {order} LIMIT {} OFFSET {}",
        int(query.page.limit),
        int(query.page.offset)
    );
    let keys: Vec<(i64, i64)> = {
        let mut statement = conn.prepare_cached(&sql)?;
        let rows = statement.query_map(params_from_iter(args.iter()), |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
        rows.collect::<Result<_, _>>()?
    };
    let mut rows = Vec::with_capacity(keys.len());
    for (block, index) in keys {
        if let Some(record) = transaction(conn, block, index)? {
            rows.push(record);
        }
    }
    let total = uint(total);
    let more = query.page.offset.saturating_add(rows.len() as u64) < total;
    Ok(Page {
        rows,
        total: Some(total),
        more,
    })
}

fn transaction(
    conn: &Connection,
    block: i64,
    index: i64,
) -> Result<Option<TransactionRecord>, IndexerError> {
    let found = conn
        .prepare_cached(
            "SELECT t.hash, t.sender, t.recipient, t.contract_address, t.value, t.gas_used, t.gas_price, t.success,
             t.input, b.timestamp FROM transactions t JOIN blocks b ON b.number = t.block_number
             WHERE t.block_number = ?1 AND t.tx_index = ?2",
        )?
        .query_row([block, index], |row| {
            let optional_address = |i| -> rusqlite::Result<Option<Address>> {
                Ok(row.get::<_, Option<Vec<u8>>>(i)?.map(|b| address_from(&b)))
            };
            Ok(RawTransaction {
                hash: b256_from(&blob(row, 0)?),
                from: address_at(row, 1)?,
                to: optional_address(2)?,
                contract_address: optional_address(3)?,
                value: u256_at(row, 4)?,
                gas_used: u256_at(row, 5)?,
                gas_price: u256_at(row, 6)?,
                status: if row.get::<_, bool>(7)? { "0x1" } else { "0x0" }.to_owned(),
                input: blob(row, 8)?,
                timestamp_ms: u64_at(row, 9)?.saturating_mul(1000),
                logs: Vec::new(),
            })
        })
        .optional()?;
    let Some(mut transaction) = found else {
        return Ok(None);
    };
    let mut logs: BTreeMap<i64, RawLog> = BTreeMap::new();
    let mut statement = conn.prepare_cached(
        "SELECT log_index, address, topics, data FROM logs WHERE block_number = ?1 AND tx_index = ?2",
    )?;
    let stored = statement.query_map([block, index], |row| {
        let topics = blob(row, 2)?
            .chunks_exact(32)
            .map(B256::from_slice)
            .collect();
        Ok((
            row.get::<_, i64>(0)?,
            RawLog {
                address: address_at(row, 1)?,
                topics,
                data: blob(row, 3)?,
            },
        ))
    })?;
    for entry in stored {
        let (log_index, log) = entry?;
        logs.insert(log_index, log);
    }
    // Rebuild the Transfer logs kept only as transfer rows.
    let mut statement = conn.prepare_cached(
        "SELECT log_index, standard, contract, sender, recipient, token_id, amount FROM transfers
         WHERE block_number = ?1 AND tx_index = ?2 AND standard < 2 AND sub_index = 0",
    )?;
    let rebuilt = statement.query_map([block, index], |row| {
        let (from, to) = (address_at(row, 3)?, address_at(row, 4)?);
        let mut topics = vec![TRANSFER_TOPIC, from.into_word(), to.into_word()];
        let data = if row.get::<_, i64>(1)? == 0 {
            blob(row, 6)?
        } else {
            topics.push(B256::from_slice(&u256_blob(&u256_at(row, 5)?)));
            Vec::new()
        };
        Ok((
            row.get::<_, i64>(0)?,
            RawLog {
                address: address_at(row, 2)?,
                topics,
                data,
            },
        ))
    })?;
    for entry in rebuilt {
        let (log_index, log) = entry?;
        logs.entry(log_index).or_insert(log);
    }
    transaction.logs = logs.into_values().collect();
    Ok(Some(TransactionRecord {
        block_number: uint(block),
        transaction,
    }))
}

/// Transfers to or from `account`.
pub fn transfers(
    conn: &Connection,
    account: Address,
    query: &TransferQuery,
) -> Result<Page<TransferRecord>, IndexerError> {
    let mut condition = String::from("(f.sender = ?1 OR f.recipient = ?1) AND f.standard = ?2");
    let mut args: Vec<Value> = vec![
        Value::Blob(account.to_vec()),
        Value::Integer(standard_code(query.standard)),
    ];
    if let Some(contract) = query.contract {
        args.push(Value::Blob(contract.to_vec()));
        condition.push_str(&format!(" AND f.contract = ?{}", args.len()));
    }
    if let Some(start) = query.start_block {
        args.push(Value::Integer(int(start)));
        condition.push_str(&format!(" AND f.block_number >= ?{}", args.len()));
    }
    if let Some(end) = query.end_block {
        args.push(Value::Integer(int(end)));
        condition.push_str(&format!(" AND f.block_number <= ?{}", args.len()));
    }
    let total: i64 = conn.query_row(
        &format!("SELECT COUNT(*) FROM transfers f WHERE {condition}"),
        params_from_iter(args.iter()),
        |row| row.get(0),
    )?;
    let sql = format!(
        "SELECT f.standard, f.contract, f.sender, f.recipient, f.token_id, f.amount, f.block_number, t.hash,
         f.log_index, b.timestamp FROM transfers f
         JOIN transactions t ON t.block_number = f.block_number AND t.tx_index = f.tx_index
         JOIN blocks b ON b.number = f.block_number
         WHERE {condition} ORDER BY f.block_number DESC, f.log_index DESC, f.sub_index DESC LIMIT {} OFFSET {}",
        int(query.page.limit),
        int(query.page.offset)
    );
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement.query_map(params_from_iter(args.iter()), |row| {
        Ok(TransferRecord {
            standard: standard_from(row.get(0)?),
            contract: address_at(row, 1)?,
            from: address_at(row, 2)?,
            to: address_at(row, 3)?,
            token_id: row.get::<_, Option<Vec<u8>>>(4)?.map(|b| u256_from(&b)),
            amount: u256_at(row, 5)?,
            block_number: u64_at(row, 6)?,
            transaction: b256_from(&blob(row, 7)?),
            log_index: u64_at(row, 8)?,
            timestamp_ms: u64_at(row, 9)?.saturating_mul(1000),
        })
    })?;
    let rows: Vec<TransferRecord> = rows.collect::<Result<_, _>>()?;
    let total = uint(total);
    let more = query.page.offset.saturating_add(rows.len() as u64) < total;
    Ok(Page {
        rows,
        total: Some(total),
        more,
    })
}

/// The NFT standard of a collection: probed interfaces first, else what its logs looked like.
pub(super) fn collection_standard(
    conn: &Connection,
    contract: Address,
) -> Result<Option<TokenStandard>, IndexerError> {
    Ok(self::contract(conn, contract)?.and_then(|record| {
        if record.interfaces.contains(&ContractInterface::Erc1155) {
            Some(TokenStandard::Erc1155)
        } else if record.interfaces.contains(&ContractInterface::Erc721) {
            Some(TokenStandard::Erc721)
        } else if record.interfaces.contains(&ContractInterface::Erc20) {
            Some(TokenStandard::Erc20)
        } else {
            None
        }
    }))
}

/// Approvals `owner` granted, revoked ones included, newest first.
pub fn approvals(
    conn: &Connection,
    owner: Address,
    kind: ApprovalKind,
) -> Result<Vec<ApprovalRecord>, IndexerError> {
    let mut records = Vec::new();
    if kind == TokenStandard::Erc20 {
        let mut statement = conn.prepare_cached(
            "SELECT token, spender, amount, time_ms FROM allowances WHERE owner = ?1",
        )?;
        let rows = statement.query_map([owner.as_slice()], |row| {
            Ok(ApprovalRecord::Erc20 {
                owner,
                contract: address_at(row, 0)?,
                spender: address_at(row, 1)?,
                amount: u256_at(row, 2)?,
                updated_ms: u64_at(row, 3)?,
            })
        })?;
        records = rows.collect::<Result<_, _>>()?;
    } else {
        if kind == TokenStandard::Erc721 {
            let mut statement = conn.prepare_cached(
                "SELECT contract, token_id, approved, time_ms FROM token_approvals WHERE owner = ?1",
            )?;
            let rows = statement.query_map([owner.as_slice()], |row| {
                Ok(ApprovalRecord::Erc721Single {
                    owner,
                    contract: address_at(row, 0)?,
                    token_id: u256_at(row, 1)?,
                    approved: address_at(row, 2)?,
                    updated_ms: u64_at(row, 3)?,
                })
            })?;
            records = rows.collect::<Result<_, _>>()?;
        }
        let operators: Vec<(Address, Address, bool, u64)> = {
            let mut statement = conn.prepare_cached(
                "SELECT contract, operator, approved, time_ms FROM operators WHERE owner = ?1",
            )?;
            let rows = statement.query_map([owner.as_slice()], |row| {
                Ok((
                    address_at(row, 0)?,
                    address_at(row, 1)?,
                    row.get::<_, bool>(2)?,
                    u64_at(row, 3)?,
                ))
            })?;
            rows.collect::<Result<_, _>>()?
        };
        for (contract, operator, approved, updated_ms) in operators {
            // A collection whose standard is unknown is listed as ERC-721, the common case.
            let standard = collection_standard(conn, contract)?.unwrap_or(TokenStandard::Erc721);
            if standard == kind {
                records.push(ApprovalRecord::Operator {
                    standard,
                    owner,
                    contract,
                    operator,
                    approved,
                    updated_ms,
                });
            }
        }
    }
    records.sort_by_key(|record| {
        std::cmp::Reverse(match record {
            ApprovalRecord::Erc20 { updated_ms, .. }
            | ApprovalRecord::Erc721Single { updated_ms, .. }
            | ApprovalRecord::Operator { updated_ms, .. } => *updated_ms,
        })
    });
    Ok(records)
}

pub(super) fn supply_of(
    conn: &Connection,
    contract: Address,
    token_id: Option<U256>,
) -> Result<Option<U256>, IndexerError> {
    let id = token_id
        .map(|id| u256_blob(&id).to_vec())
        .unwrap_or_default();
    Ok(conn
        .prepare_cached("SELECT amount FROM supplies WHERE contract = ?1 AND token_id = ?2")?
        .query_row(params![contract.as_slice(), id], |row| u256_at(row, 0))
        .optional()?)
}

/// What the index knows of a contract.
pub fn contract(
    conn: &Connection,
    address: Address,
) -> Result<Option<ContractRecord>, IndexerError> {
    let row = conn
        .prepare_cached(
            "SELECT seen_standard, probed, name, symbol, decimals, interfaces, creator, creation_tx, creation_block
             FROM contracts WHERE address = ?1",
        )?
        .query_row([address.as_slice()], |row| {
            Ok((
                row.get::<_, Option<i64>>(0)?,
                row.get::<_, bool>(1)?,
                row.get::<_, Option<String>>(2)?,
                row.get::<_, Option<String>>(3)?,
                row.get::<_, Option<i64>>(4)?,
                row.get::<_, Option<String>>(5)?,
                row.get::<_, Option<Vec<u8>>>(6)?,
                row.get::<_, Option<Vec<u8>>>(7)?,
                row.get::<_, Option<i64>>(8)?,
            ))
        })
        .optional()?;
    let Some((
        seen,
        probed,
        name,
        symbol,
        decimals,
        interfaces,
        creator,
        creation_tx,
        creation_block,
    )) = row
    else {
        return Ok(None);
    };
    let mut declared: Vec<ContractInterface> = interfaces
        .unwrap_or_default()
        .split(',')
        .filter_map(|name| match name {
            "erc20" => Some(ContractInterface::Erc20),
            "erc721" => Some(ContractInterface::Erc721),
            "erc1155" => Some(ContractInterface::Erc1155),
            _ => None,
        })
        .collect();
    if declared.is_empty() || !probed {
        // Not probed (or probing found nothing): go by the shape of its transfer logs.
        declared = seen
            .map(standard_from)
            .map(|standard| match standard {
                TokenStandard::Erc20 => ContractInterface::Erc20,
                TokenStandard::Erc721 => ContractInterface::Erc721,
                TokenStandard::Erc1155 => ContractInterface::Erc1155,
            })
            .into_iter()
            .collect();
    }
    let supply = if declared.contains(&ContractInterface::Erc1155) {
        None
    } else {
        supply_of(conn, address, None)?
    };
    Ok(Some(ContractRecord {
        address,
        name,
        symbol,
        decimals: decimals.and_then(|d| u8::try_from(d).ok()),
        interfaces: declared,
        creator: creator.map(|b| address_from(&b)),
        creation_transaction: creation_tx.map(|b| b256_from(&b)),
        creation_block: creation_block.map(uint),
        verified: false,
        logo_uri: None,
        supply,
    }))
}
