//! A canonical dump: every chain and derived table, rows sorted, values as hex or
//! decimal text. Two stores that indexed the same chain produce the same dump,
//! whatever batch sizes, restarts or reorgs they went through.

use std::fmt::Write as _;

use rusqlite::Connection;
use rusqlite::types::ValueRef;

use crate::IndexerError;

/// Tables and the columns that go into the dump. `batch_first` and the undo log are
/// left out: they record how the store got there, not what it holds.
const TABLES: &[(&str, &str)] = &[
    ("blocks", "number, hash, parent_hash, timestamp"),
    ("transactions", "*"),
    ("logs", "*"),
    ("address_transactions", "*"),
    ("transfers", "*"),
    ("native_balances", "address, amount"),
    ("token_balances", "*"),
    ("supplies", "*"),
    ("nft_owners", "*"),
    ("multi_balances", "*"),
    ("allowances", "*"),
    ("token_approvals", "*"),
    ("operators", "*"),
];

/// The dump as text, one line per row.
///
/// # Errors
/// When the store fails.
pub fn canonical_dump(conn: &Connection) -> Result<String, IndexerError> {
    let mut out = String::new();
    for (table, columns) in TABLES {
        let mut statement = conn.prepare(&format!("SELECT {columns} FROM {table}"))?;
        let width = statement.column_count();
        let mut lines: Vec<String> = statement
            .query_map([], |row| {
                let mut line = String::new();
                for i in 0..width {
                    if i > 0 {
                        line.push('|');
                    }
                    match row.get_ref(i)? {
                        ValueRef::Null => line.push('-'),
                        ValueRef::Integer(n) => {
                            let _ = write!(line, "{n}");
                        }
                        ValueRef::Real(f) => {
                            let _ = write!(line, "{f}");
                        }
                        ValueRef::Text(t) => line.push_str(&String::from_utf8_lossy(t)),
                        ValueRef::Blob(b) => {
                            line.push_str("0x");
                            for byte in b {
                                let _ = write!(line, "{byte:02x}");
                            }
                        }
                    }
                }
                Ok(line)
            })?
            .collect::<Result<_, _>>()?;
        lines.sort();
        let _ = writeln!(out, "## {table} ({} rows)", lines.len());
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
    }
    Ok(out)
}
