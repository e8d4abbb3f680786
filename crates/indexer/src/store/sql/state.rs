//! Derived-state keys and values ([`StateKey`], [`StateValue`]) as rows of the derived
//! tables: one read and one write per key kind, and a read of many keys at once.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use foldhash::HashMap;

use super::codec::{Cols, Value, addr, int, nullable, word};
use super::{Sql, keys};
use crate::derive::{Stamp, StateKey, StateValue};
use crate::store::StoreError;

/// A derived table: its key and value columns, and the statements on one row by key,
/// built once (formatted per key, they were a tenth of the time a batch took).
struct Table {
    name: &'static str,
    key_columns: &'static [&'static str],
    /// In the order [`columns_of`] produces them.
    value_columns: &'static [&'static str],
    select: String,
    upsert: String,
    delete: String,
}

impl Table {
    fn new(
        name: &'static str,
        key_columns: &'static [&'static str],
        value_columns: &'static [&'static str],
    ) -> Self {
        let condition = key_columns
            .iter()
            .enumerate()
            .map(|(i, column)| format!("{column} = ?{}", i + 1))
            .collect::<Vec<_>>()
            .join(" AND ");
        let columns: Vec<&str> = key_columns.iter().chain(value_columns).copied().collect();
        let placeholders: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
        let updates: Vec<String> = value_columns
            .iter()
            .map(|column| format!("{column} = excluded.{column}"))
            .collect();
        Self {
            name,
            key_columns,
            value_columns,
            select: format!(
                "SELECT {} FROM {name} WHERE {condition}",
                value_columns.join(", ")
            ),
            upsert: format!(
                "INSERT INTO {name} ({}) VALUES ({}) ON CONFLICT ({}) DO UPDATE SET {}",
                columns.join(", "),
                placeholders.join(", "),
                key_columns.join(", "),
                updates.join(", ")
            ),
            delete: format!("DELETE FROM {name} WHERE {condition}"),
        }
    }
}

/// The derived tables, one per kind of [`StateKey`].
struct Tables {
    native_balances: Table,
    token_balances: Table,
    supplies: Table,
    nft_owners: Table,
    multi_balances: Table,
    allowances: Table,
    token_approvals: Table,
    operators: Table,
}

const AMOUNT: &[&str] = &["amount", "block", "time_ms"];

static TABLES: LazyLock<Tables> = LazyLock::new(|| Tables {
    native_balances: Table::new("native_balances", &["address"], AMOUNT),
    token_balances: Table::new("token_balances", &["token", "holder"], AMOUNT),
    supplies: Table::new("supplies", &["contract", "token_id"], AMOUNT),
    nft_owners: Table::new(
        "nft_owners",
        &["contract", "token_id"],
        &["owner", "minter", "block_minted", "block", "time_ms"],
    ),
    multi_balances: Table::new(
        "multi_balances",
        &["contract", "token_id", "holder"],
        AMOUNT,
    ),
    allowances: Table::new("allowances", &["token", "owner", "spender"], AMOUNT),
    token_approvals: Table::new(
        "token_approvals",
        &["contract", "token_id"],
        &["owner", "approved", "block", "time_ms"],
    ),
    operators: Table::new(
        "operators",
        &["contract", "owner", "operator"],
        &["approved", "block", "time_ms"],
    ),
});

/// The table of `key`, and the values of its key columns.
fn locate(key: &StateKey) -> (&'static Table, Vec<Value>) {
    let tables = &*TABLES;
    match key {
        StateKey::Native(address) => (&tables.native_balances, vec![addr(address)]),
        StateKey::TokenBalance { token, holder } => {
            (&tables.token_balances, vec![addr(token), addr(holder)])
        }
        StateKey::Supply { contract, token_id } => (
            &tables.supplies,
            vec![
                addr(contract),
                token_id.as_ref().map_or(Value::Bytes(Vec::new()), word),
            ],
        ),
        StateKey::NftOwner { contract, token_id } => {
            (&tables.nft_owners, vec![addr(contract), word(token_id)])
        }
        StateKey::MultiBalance {
            contract,
            token_id,
            holder,
        } => (
            &tables.multi_balances,
            vec![addr(contract), word(token_id), addr(holder)],
        ),
        StateKey::Allowance {
            token,
            owner,
            spender,
        } => (
            &tables.allowances,
            vec![addr(token), addr(owner), addr(spender)],
        ),
        StateKey::TokenApproval { contract, token_id } => (
            &tables.token_approvals,
            vec![addr(contract), word(token_id)],
        ),
        StateKey::Operator {
            contract,
            owner,
            operator,
        } => (
            &tables.operators,
            vec![addr(contract), addr(owner), addr(operator)],
        ),
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

/// The stored value of `key`.
///
/// # Errors
/// When the store fails.
pub fn read(sql: &dyn Sql, key: &StateKey) -> Result<Option<StateValue>, StoreError> {
    let (table, key_values) = locate(key);
    let rows = sql.query(&table.select, &key_values)?;
    rows.first()
        .map(|row| value_from(table.name, Cols(row)))
        .transpose()
}

/// The stored values of `keys`, every key answered (`None` when absent): one statement
/// per table and chunk of keys instead of one per key — on PostgreSQL a round trip each.
///
/// # Errors
/// When the store fails.
pub fn read_many(
    sql: &dyn Sql,
    keys: impl IntoIterator<Item = StateKey>,
) -> Result<HashMap<StateKey, Option<StateValue>>, StoreError> {
    type TableKeys = (&'static Table, Vec<(Vec<Value>, StateKey)>);
    let mut by_table: BTreeMap<&'static str, TableKeys> = BTreeMap::new();
    for key in keys {
        let (table, key_values) = locate(&key);
        by_table
            .entry(table.name)
            .or_insert_with(|| (table, Vec::new()))
            .1
            .push((key_values, key));
    }
    let dialect = sql.dialect();
    let mut found = HashMap::default();
    for (name, (table, wanted)) in by_table {
        let (key_columns, values) = (table.key_columns, table.value_columns);
        let join: Vec<String> = key_columns
            .iter()
            .enumerate()
            .map(|(i, column)| format!("t.{column} = k.column{}", i + 1))
            .collect();
        let selected: Vec<String> = values
            .iter()
            .chain(key_columns)
            .map(|column| format!("t.{column}"))
            .collect();
        for chunk in wanted.chunks(keys::chunk_size(dialect)) {
            let mut pending: HashMap<&[Value], &StateKey> = chunk
                .iter()
                .map(|(key_values, key)| (key_values.as_slice(), key))
                .collect();
            let chunk_values: Vec<&[Value]> = pending.keys().copied().collect();
            // Every key column is BYTEA (addresses, 256-bit ids, the empty id).
            let types = vec!["bytea"; key_columns.len()];
            let (relation, params) = keys::relation(dialect, &types, &chunk_values);
            let statement = format!(
                "SELECT {} FROM {relation} JOIN {name} t ON {}",
                selected.join(", "),
                join.join(" AND ")
            );
            for row in sql.query(&statement, &params)? {
                let Some(key_values) = row.get(values.len()..) else {
                    return Err(StoreError::corrupt("result row"));
                };
                if let Some(key) = pending.remove(key_values) {
                    found.insert(key.clone(), Some(value_from(name, Cols(&row))?));
                }
            }
            found.extend(pending.into_values().map(|key| (key.clone(), None)));
        }
    }
    Ok(found)
}

/// The statement that writes (`Some`) or deletes (`None`) the row of `key`, with its
/// parameters: the same text for every key of a table, so writes group by it.
pub fn write_statement(key: &StateKey, value: Option<&StateValue>) -> (&'static str, Vec<Value>) {
    let (table, mut params) = locate(key);
    match value {
        Some(value) => {
            params.extend(columns_of(value));
            (&table.upsert, params)
        }
        None => (&table.delete, params),
    }
}

/// Writes (`Some`) or deletes (`None`) the row of `key`.
///
/// # Errors
/// When the store fails.
pub fn write(sql: &dyn Sql, key: &StateKey, value: Option<&StateValue>) -> Result<(), StoreError> {
    let (statement, params) = write_statement(key, value);
    sql.execute(statement, &params)?;
    Ok(())
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
