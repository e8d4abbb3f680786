//! Derived-state keys and values ([`StateKey`], [`StateValue`]) as rows of the derived
//! tables: one read and one write per key kind.

use super::Sql;
use super::codec::{Cols, Value, addr, int, nullable, word};
use crate::derive::{Stamp, StateKey, StateValue};
use crate::store::StoreError;

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
                token_id.as_ref().map_or(Value::Bytes(Vec::new()), word),
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
    [int(stamp.block), int(stamp.time_ms)]
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
                nullable(minter.as_ref(), addr),
                nullable(*block_minted, int),
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
            let mut columns = vec![Value::Int(i64::from(*approved))];
            columns.extend(stamp_values(*stamp));
            columns
        }
    }
}

fn value_from(table: &str, cols: Cols<'_>) -> Result<StateValue, StoreError> {
    let stamp_at = |i: usize| -> Result<Stamp, StoreError> {
        Ok(Stamp {
            block: cols.u64(i)?,
            time_ms: cols.u64(i + 1)?,
        })
    };
    Ok(match table {
        "nft_owners" => StateValue::Owner {
            owner: cols.address(0)?,
            minter: cols.opt_address(1)?,
            block_minted: cols.opt_int(2)?.map(super::codec::uint),
            stamp: stamp_at(3)?,
        },
        "token_approvals" => StateValue::TokenApproval {
            owner: cols.address(0)?,
            approved: cols.address(1)?,
            stamp: stamp_at(2)?,
        },
        "operators" => StateValue::Operator {
            approved: cols.flag(0)?,
            stamp: stamp_at(1)?,
        },
        _ => StateValue::Amount {
            amount: cols.u256(0)?,
            stamp: stamp_at(1)?,
        },
    })
}

fn key_condition(key_columns: &[&str]) -> String {
    key_columns
        .iter()
        .enumerate()
        .map(|(i, column)| format!("{column} = ?{}", i + 1))
        .collect::<Vec<_>>()
        .join(" AND ")
}

/// The stored value of `key`.
///
/// # Errors
/// When the store fails.
pub fn read(sql: &dyn Sql, key: &StateKey) -> Result<Option<StateValue>, StoreError> {
    let (table, key_columns, key_values) = locate(key);
    let statement = format!(
        "SELECT {} FROM {table} WHERE {}",
        value_columns(table).join(", "),
        key_condition(key_columns)
    );
    let rows = sql.query(&statement, &key_values)?;
    rows.first()
        .map(|row| value_from(table, Cols(row)))
        .transpose()
}

/// The statement that writes (`Some`) or deletes (`None`) the row of `key`, with its
/// parameters: the same text for every key of a table, so writes group by it.
pub fn write_statement(key: &StateKey, value: Option<&StateValue>) -> (String, Vec<Value>) {
    let (table, key_columns, mut key_values) = locate(key);
    let statement = match value {
        Some(value) => {
            let values = value_columns(table);
            let columns: Vec<&str> = key_columns.iter().chain(values).copied().collect();
            let placeholders: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
            let updates: Vec<String> = values
                .iter()
                .map(|column| format!("{column} = excluded.{column}"))
                .collect();
            key_values.extend(columns_of(value));
            format!(
                "INSERT INTO {table} ({}) VALUES ({}) ON CONFLICT ({}) DO UPDATE SET {}",
                columns.join(", "),
                placeholders.join(", "),
                key_columns.join(", "),
                updates.join(", ")
            )
        }
        None => format!("DELETE FROM {table} WHERE {}", key_condition(key_columns)),
    };
    (statement, key_values)
}

/// Writes (`Some`) or deletes (`None`) the row of `key`.
///
/// # Errors
/// When the store fails.
pub fn write(sql: &dyn Sql, key: &StateKey, value: Option<&StateValue>) -> Result<(), StoreError> {
    let (statement, params) = write_statement(key, value);
    sql.execute(&statement, &params)?;
    Ok(())
}
