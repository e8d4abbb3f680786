//! Derived-state keys and values ([`StateKey`], [`StateValue`]) as rows of the derived
//! tables: one read and one write per key kind.

use alloy_primitives::{Address, U256};
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params_from_iter};

use super::codec::{address_from, int, u256_blob, u256_from, uint};
use crate::IndexerError;
use crate::derive::{Stamp, StateKey, StateValue};

fn addr(address: &Address) -> Value {
    Value::Blob(address.to_vec())
}

fn word(value: &U256) -> Value {
    Value::Blob(u256_blob(value).to_vec())
}

/// Table and key columns with their values.
fn locate(key: &StateKey) -> (&'static str, &'static [&'static str], Vec<Value>) {
    match key {
        StateKey::Native(address) => ("native_balances", &["address"], vec![addr(address)]),
        StateKey::TokenBalance { token, holder } => (
            "token_balances",
            &["token", "holder"],
            vec![addr(token), addr(holder)],
        ),
        StateKey::Supply { contract, token_id } => (
            "supplies",
            &["contract", "token_id"],
            vec![
                addr(contract),
                token_id.as_ref().map_or(Value::Blob(Vec::new()), word),
            ],
        ),
        StateKey::NftOwner { contract, token_id } => (
            "nft_owners",
            &["contract", "token_id"],
            vec![addr(contract), word(token_id)],
        ),
        StateKey::MultiBalance {
            contract,
            token_id,
            holder,
        } => (
            "multi_balances",
            &["contract", "token_id", "holder"],
            vec![addr(contract), word(token_id), addr(holder)],
        ),
        StateKey::Allowance {
            token,
            owner,
            spender,
        } => (
            "allowances",
            &["token", "owner", "spender"],
            vec![addr(token), addr(owner), addr(spender)],
        ),
        StateKey::TokenApproval { contract, token_id } => (
            "token_approvals",
            &["contract", "token_id"],
            vec![addr(contract), word(token_id)],
        ),
        StateKey::Operator {
            contract,
            owner,
            operator,
        } => (
            "operators",
            &["contract", "owner", "operator"],
            vec![addr(contract), addr(owner), addr(operator)],
        ),
    }
}

/// Value columns of each table, in the order [`columns_of`] produces them.
fn value_columns(table: &str) -> &'static [&'static str] {
    match table {
        "nft_owners" => &["owner", "minter", "block_minted", "block", "time_ms"],
        "token_approvals" => &["owner", "approved", "block", "time_ms"],
        "operators" => &["approved", "block", "time_ms"],
        _ => &["amount", "block", "time_ms"],
    }
}

fn stamp_values(stamp: Stamp) -> [Value; 2] {
    [
        Value::Integer(int(stamp.block)),
        Value::Integer(int(stamp.time_ms)),
    ]
}

fn columns_of(value: &StateValue) -> Vec<Value> {
    match value {
        StateValue::Amount { amount, stamp } => {
            let mut columns = vec![word(amount)];
            columns.extend(stamp_values(*stamp));
            columns
        }
        StateValue::Owner {
            owner,
            minter,
            block_minted,
            stamp,
        } => {
            let mut columns = vec![
                addr(owner),
                minter.as_ref().map_or(Value::Null, addr),
                block_minted.map_or(Value::Null, |block| Value::Integer(int(block))),
            ];
            columns.extend(stamp_values(*stamp));
            columns
        }
        StateValue::TokenApproval {
            owner,
            approved,
            stamp,
        } => {
            let mut columns = vec![addr(owner), addr(approved)];
            columns.extend(stamp_values(*stamp));
            columns
        }
        StateValue::Operator { approved, stamp } => {
            let mut columns = vec![Value::Integer(i64::from(*approved))];
            columns.extend(stamp_values(*stamp));
            columns
        }
    }
}

fn blob(value: &Value) -> &[u8] {
    match value {
        Value::Blob(bytes) => bytes,
        _ => &[],
    }
}

fn integer(value: &Value) -> Option<u64> {
    match value {
        Value::Integer(number) => Some(uint(*number)),
        _ => None,
    }
}

fn value_from(table: &str, columns: &[Value]) -> Option<StateValue> {
    let stamp_at = |i: usize| -> Option<Stamp> {
        Some(Stamp {
            block: integer(columns.get(i)?)?,
            time_ms: integer(columns.get(i + 1)?)?,
        })
    };
    Some(match table {
        "nft_owners" => StateValue::Owner {
            owner: address_from(blob(columns.first()?)),
            minter: columns
                .get(1)
                .filter(|v| !matches!(v, Value::Null))
                .map(|v| address_from(blob(v))),
            block_minted: columns.get(2).and_then(integer),
            stamp: stamp_at(3)?,
        },
        "token_approvals" => StateValue::TokenApproval {
            owner: address_from(blob(columns.first()?)),
            approved: address_from(blob(columns.get(1)?)),
            stamp: stamp_at(2)?,
        },
        "operators" => StateValue::Operator {
            approved: integer(columns.first()?)? != 0,
            stamp: stamp_at(1)?,
        },
        _ => StateValue::Amount {
            amount: u256_from(blob(columns.first()?)),
            stamp: stamp_at(1)?,
        },
    })
}

/// The stored value of `key`.
///
/// # Errors
/// When the store fails.
pub fn read(conn: &Connection, key: &StateKey) -> Result<Option<StateValue>, IndexerError> {
    let (table, key_columns, key_values) = locate(key);
    let values = value_columns(table);
    let condition: Vec<String> = key_columns
        .iter()
        .enumerate()
        .map(|(i, column)| format!("{column} = ?{}", i + 1))
        .collect();
    let sql = format!(
        "SELECT {} FROM {table} WHERE {}",
        values.join(", "),
        condition.join(" AND ")
    );
    let mut statement = conn.prepare_cached(&sql)?;
    let row = statement
        .query_row(params_from_iter(key_values), |row| {
            (0..values.len())
                .map(|i| row.get::<_, Value>(i))
                .collect::<Result<Vec<_>, _>>()
        })
        .optional()?;
    Ok(row.and_then(|columns| value_from(table, &columns)))
}

/// Writes (`Some`) or deletes (`None`) the row of `key`.
///
/// # Errors
/// When the store fails.
pub fn write(
    conn: &Connection,
    key: &StateKey,
    value: Option<&StateValue>,
) -> Result<(), IndexerError> {
    let (table, key_columns, mut key_values) = locate(key);
    match value {
        Some(value) => {
            let columns: Vec<&str> = key_columns
                .iter()
                .chain(value_columns(table))
                .copied()
                .collect();
            let placeholders: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
            let sql = format!(
                "INSERT OR REPLACE INTO {table} ({}) VALUES ({})",
                columns.join(", "),
                placeholders.join(", ")
            );
            key_values.extend(columns_of(value));
            conn.prepare_cached(&sql)?
                .execute(params_from_iter(key_values))?;
        }
        None => {
            let condition: Vec<String> = key_columns
                .iter()
                .enumerate()
                .map(|(i, column)| format!("{column} = ?{}", i + 1))
                .collect();
            let sql = format!("DELETE FROM {table} WHERE {}", condition.join(" AND "));
            conn.prepare_cached(&sql)?
                .execute(params_from_iter(key_values))?;
        }
    }
    Ok(())
}
