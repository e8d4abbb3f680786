//! Many rows of one `INSERT … VALUES ($1, …, $n)` as a single statement: the same
//! insert over `unnest` of one array per column, so a batch's thousands of rows cost
//! one statement per table rather than one each (pipelined, those still cost the
//! server a statement apiece: most of a PostgreSQL commit).

use tokio_postgres::types::Type;

use crate::store::sql::Value;

/// Rows per statement: bounds one message's size for batches of large rows.
pub(super) const ROWS_PER_STATEMENT: usize = 5_000;

/// `statement` (already in `$N` placeholders) with its `VALUES ($1, …, $n)` as
/// `SELECT * FROM unnest($1::type[], …)`, given the parameter types PostgreSQL
/// inferred for it; `None` for any other shape of statement, or a parameter of a type
/// outside the built-in ones.
pub(super) fn unnest_form(statement: &str, types: &[Type]) -> Option<String> {
    if !statement.trim_start().starts_with("INSERT INTO") || types.is_empty() {
        return None;
    }
    let listed: Vec<String> = (1..=types.len()).map(|i| format!("${i}")).collect();
    let values = format!("VALUES ({})", listed.join(", "));
    let at = statement.find(&values)?;
    let mut arrays = Vec::with_capacity(types.len());
    for (i, ty) in types.iter().enumerate() {
        if ty.schema() != "pg_catalog" {
            return None;
        }
        arrays.push(format!("${}::{}[]", i + 1, ty.name()));
    }
    Some(format!(
        "{}SELECT * FROM unnest({}){}",
        &statement[..at],
        arrays.join(", "),
        &statement[at + values.len()..]
    ))
}

/// Rows as one list per column (the arrays [`unnest_form`] takes); `None` when a row
/// is not `width` wide.
pub(super) fn columns(rows: &[Vec<Value>], width: usize) -> Option<Vec<Value>> {
    let mut columns: Vec<Vec<Value>> = (0..width).map(|_| Vec::with_capacity(rows.len())).collect();
    for row in rows {
        if row.len() != width {
            return None;
        }
        for (column, value) in columns.iter_mut().zip(row) {
            column.push(value.clone());
        }
    }
    Some(columns.into_iter().map(Value::List).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_insert_becomes_an_insert_over_unnest() {
        let statement =
            "INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT (a) DO UPDATE SET b = excluded.b";
        assert_eq!(
            unnest_form(statement, &[Type::BYTEA, Type::INT8]).as_deref(),
            Some(
                "INSERT INTO t (a, b) SELECT * FROM unnest($1::bytea[], $2::int8[]) \
                 ON CONFLICT (a) DO UPDATE SET b = excluded.b"
            )
        );
    }

    #[test]
    fn other_statements_are_left_alone() {
        let types = [Type::BYTEA, Type::INT8];
        assert_eq!(
            unnest_form("DELETE FROM t WHERE a = $1 AND b = $2", &types),
            None
        );
        // Not every parameter in the VALUES list, or not in order.
        assert_eq!(
            unnest_form("INSERT INTO t (a, b) VALUES ($1, 0)", &types),
            None
        );
        assert_eq!(
            unnest_form("INSERT INTO t (a, b) VALUES ($2, $1)", &types),
            None
        );
        assert_eq!(unnest_form("INSERT INTO t (a) VALUES (1)", &[]), None);
    }

    #[test]
    fn rows_become_columns() {
        let rows = vec![
            vec![Value::Int(1), Value::Null],
            vec![Value::Int(2), Value::Bytes(vec![7])],
        ];
        assert_eq!(
            columns(&rows, 2),
            Some(vec![
                Value::List(vec![Value::Int(1), Value::Int(2)]),
                Value::List(vec![Value::Null, Value::Bytes(vec![7])]),
            ])
        );
        assert_eq!(columns(&rows, 3), None);
    }
}
