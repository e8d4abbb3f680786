//! A list of keys (tuples of values) as a relation a query joins against, so many rows
//! are looked up in one statement: a `VALUES` list on SQLite, `unnest` of one array per
//! column on PostgreSQL. Either way its columns are `column1`, `column2`, … (the names
//! both give a `VALUES` list's columns).

use super::Dialect;
use super::codec::Value;

/// Keys per statement. SQLite binds each key column as a parameter of its own (a few
/// thousand here, far below its limit); PostgreSQL binds one array per column, so any
/// number of keys is the same statement.
pub fn chunk_size(dialect: Dialect) -> usize {
    match dialect {
        Dialect::Sqlite => 256,
        Dialect::Postgres => 10_000,
    }
}

/// `keys` (each as wide as `types`, the PostgreSQL type of each column: `bytea`,
/// `int8`) as a relation aliased `k`, and the parameters it binds, from `?1` on.
///
/// SQLite caches one statement per text, so its lists are padded to a power of two
/// long by repeating the last key: a key twice finds the same rows twice.
pub fn relation(dialect: Dialect, types: &[&str], keys: &[&[Value]]) -> (String, Vec<Value>) {
    let width = types.len();
    match dialect {
        Dialect::Sqlite => {
            let padded = keys.len().next_power_of_two();
            let rows: Vec<String> = (0..padded)
                .map(|row| {
                    let cells: Vec<String> = (1..=width)
                        .map(|column| format!("?{}", row * width + column))
                        .collect();
                    format!("({})", cells.join(", "))
                })
                .collect();
            let last = keys.last().copied().unwrap_or_default();
            let params = keys
                .iter()
                .copied()
                .chain(std::iter::repeat_n(last, padded - keys.len()))
                .flatten()
                .cloned()
                .collect();
            (format!("(VALUES {}) AS k", rows.join(", ")), params)
        }
        Dialect::Postgres => {
            let arrays: Vec<String> = types
                .iter()
                .enumerate()
                .map(|(i, ty)| format!("?{}::{ty}[]", i + 1))
                .collect();
            let names: Vec<String> = (1..=width).map(|i| format!("column{i}")).collect();
            let params = (0..width)
                .map(|column| {
                    Value::List(
                        keys.iter()
                            .filter_map(|key| key.get(column).cloned())
                            .collect(),
                    )
                })
                .collect();
            (
                format!("unnest({}) AS k({})", arrays.join(", "), names.join(", ")),
                params,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_lists_keys_padded_and_postgres_binds_a_column_each() {
        let (a, b, c) = (Value::Int(1), Value::Int(2), Value::Int(3));
        let keys: [&[Value]; 3] = [
            &[a.clone(), b.clone()],
            &[b.clone(), c.clone()],
            &[c.clone(), a.clone()],
        ];
        let (text, params) = relation(Dialect::Sqlite, &["int8", "int8"], &keys);
        assert_eq!(text, "(VALUES (?1, ?2), (?3, ?4), (?5, ?6), (?7, ?8)) AS k");
        assert_eq!(
            params,
            vec![
                a.clone(),
                b.clone(),
                b.clone(),
                c.clone(),
                c.clone(),
                a.clone(),
                c.clone(),
                a.clone()
            ]
        );
        let (text, params) = relation(Dialect::Postgres, &["int8", "bytea"], &keys);
        assert_eq!(
            text,
            "unnest(?1::int8[], ?2::bytea[]) AS k(column1, column2)"
        );
        assert_eq!(
            params,
            vec![
                Value::List(vec![a.clone(), b.clone(), c.clone()]),
                Value::List(vec![b, c, a]),
            ]
        );
    }
}
