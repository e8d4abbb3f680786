//! A canonical dump: every chain and derived table, rows sorted, values as hex or
//! decimal text. Two stores that indexed the same chain produce the same dump,
//! whatever batch sizes, restarts or reorgs they went through, and whichever backend
//! they are (flags read as 0/1 from both).

use std::fmt::Write as _;

use super::Sql;
use super::codec::Value;
use crate::store::StoreError;

/// Tables and the columns that go into the dump, named (not `*`) so both backends list
/// them in the same order. `batch_first` and the undo log are left out: they record
/// how the store got there, not what it holds; so are what enrichment learnt (probes,
/// metadata), which depends on what the network answered when.
const TABLES: &[(&str, &str)] = &[
    ("blocks", "number, hash, parent_hash, timestamp"),
    (
        "transactions",
        "block_number, tx_index, hash, sender, recipient, contract_address, value, gas_used, \
         gas_price, success, input",
    ),
    (
        "logs",
        "block_number, log_index, tx_index, address, topic0, topics, data",
    ),
    ("address_transactions", "address, block_number, tx_index"),
    (
        "transfers",
        "block_number, log_index, sub_index, tx_index, standard, contract, sender, recipient, \
         token_id, amount",
    ),
    ("native_balances", "address, amount"),
    ("token_balances", "token, holder, amount, block, time_ms"),
    ("supplies", "contract, token_id, amount, block, time_ms"),
    (
        "nft_owners",
        "contract, token_id, owner, minter, block_minted, block, time_ms",
    ),
    (
        "multi_balances",
        "contract, token_id, holder, amount, block, time_ms",
    ),
    (
        "allowances",
        "token, owner, spender, amount, block, time_ms",
    ),
    (
        "token_approvals",
        "contract, token_id, owner, approved, block, time_ms",
    ),
    (
        "operators",
        "contract, owner, operator, approved, block, time_ms",
    ),
    (
        "contracts",
        "address, seen_standard, creator, creation_tx, creation_block",
    ),
    ("nft_metadata", "contract, token_id, standard"),
];

fn cell(line: &mut String, value: &Value) {
    match value {
        Value::Null => line.push('-'),
        Value::Int(n) => {
            let _ = write!(line, "{n}");
        }
        Value::Text(text) => line.push_str(text),
        Value::Bytes(bytes) => {
            line.push_str("0x");
            for byte in bytes {
                let _ = write!(line, "{byte:02x}");
            }
        }
        // Never a column; written out all the same rather than dropped.
        Value::List(items) => {
            line.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    line.push(',');
                }
                cell(line, item);
            }
            line.push(']');
        }
    }
}

/// The dump as text, one line per row.
///
/// # Errors
/// When the store fails.
pub fn canonical_dump(sql: &dyn Sql) -> Result<String, StoreError> {
    let mut out = String::new();
    for (table, columns) in TABLES {
        let rows = sql.query(&format!("SELECT {columns} FROM {table}"), &[])?;
        let mut lines: Vec<String> = rows
            .iter()
            .map(|row| {
                let mut line = String::new();
                for (i, value) in row.iter().enumerate() {
                    if i > 0 {
                        line.push('|');
                    }
                    cell(&mut line, value);
                }
                line
            })
            .collect();
        lines.sort();
        let _ = writeln!(out, "## {table} ({} rows)", lines.len());
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
    }
    Ok(out)
}
