//! Account fills and coverage: an account's activity below the index's start block,
//! written beside the follower's batches (see `crate::fill`), and what the index holds
//! of an account's history.

use std::collections::BTreeMap;

use alloy_primitives::Address;

use super::codec::{Cols, Value, addr, int};
use super::{Sql, chain, count_of, state};
use crate::derive::{Stamp, StateValue};
use crate::store::{AccountFill, Coverage, FillCommit, FillKinds, IndexChanges, StoreError};

fn indexed_through(sql: &dyn Sql) -> Result<Option<u64>, StoreError> {
    let rows = sql.query("SELECT MAX(number) FROM blocks", &[])?;
    Ok(rows
        .first()
        .map(|row| Cols(row).opt_int(0))
        .transpose()?
        .flatten()
        .and_then(|n| u64::try_from(n).ok()))
}

/// The start block in the `chain` meta row's text.
pub(super) fn start_of(chain: &str) -> Option<u64> {
    chain.rsplit(' ').next().and_then(|n| n.parse().ok())
}

/// What the index holds of `account`'s history, and where the index stands: one
/// statement, so one round trip to a database server and one consistent reading (the
/// last block and the counts of the same committed state).
///
/// # Errors
/// When the store fails.
pub fn coverage(sql: &dyn Sql, account: Address) -> Result<Coverage, StoreError> {
    let rows = sql.query(
        "SELECT (SELECT value FROM meta WHERE key = 'chain'),
                (SELECT MAX(number) FROM blocks),
                (SELECT value FROM meta WHERE key = ?2),
                (SELECT value FROM meta WHERE key = ?3),
                (SELECT filled_from FROM account_coverage WHERE account = ?1),
                (SELECT filled_at FROM account_coverage WHERE account = ?1),
                (SELECT filled_by FROM account_coverage WHERE account = ?1),
                (SELECT sent_from FROM account_coverage WHERE account = ?1),
                (SELECT received_from FROM account_coverage WHERE account = ?1),
                (SELECT other_from FROM account_coverage WHERE account = ?1)",
        &[
            addr(&account),
            Value::Text(super::REORGS.to_owned()),
            Value::Text(super::ENRICHMENTS.to_owned()),
        ],
    )?;
    let row = rows.first().ok_or(StoreError::corrupt("coverage"))?;
    let cols = Cols(row);
    let block = |index| -> Result<Option<u64>, StoreError> {
        Ok(cols.opt_int(index)?.and_then(|n| u64::try_from(n).ok()))
    };
    let count = |index| {
        cols.opt_text(index)
            .and_then(|text| count_of(text.as_deref()))
    };
    Ok(Coverage {
        index_start: cols.opt_text(0)?.as_deref().and_then(start_of),
        indexed_through: block(1)?,
        filled_from: block(4)?,
        filled_at: block(5)?,
        filled_by: cols
            .opt_text(6)?
            .as_deref()
            .and_then(crate::store::FillMethod::from_text),
        kinds: match (block(7)?, block(8)?, block(9)?) {
            (Some(sent_from), Some(received_from), Some(other_from)) => Some(FillKinds {
                sent_from,
                received_from,
                other_from,
            }),
            _ => None,
        },
        changes: IndexChanges {
            reorgs: count(2)?,
            enrichments: count(3)?,
        },
    })
}

/// The value to keep when a fill brings `filled` for a key the index may hold already:
/// the fill's reading is the state now, but the index may know a later change (the
/// key's last event since the start block), whose stamp it keeps.
fn merged(stored: Option<&StateValue>, filled: &StateValue) -> StateValue {
    let later = |a: Stamp, b: Stamp| if a.block >= b.block { a } else { b };
    match (stored, filled) {
        (Some(StateValue::Amount { stamp: old, .. }), StateValue::Amount { amount, stamp }) => {
            StateValue::Amount {
                amount: *amount,
                stamp: later(*old, *stamp),
            }
        }
        (
            Some(StateValue::Owner {
                minter: old_minter,
                block_minted: old_minted,
                stamp: old,
                ..
            }),
            StateValue::Owner {
                owner,
                minter,
                block_minted,
                stamp,
            },
        ) => StateValue::Owner {
            owner: *owner,
            minter: minter.or(*old_minter),
            block_minted: block_minted.or(*old_minted),
            stamp: later(*old, *stamp),
        },
        (
            Some(StateValue::TokenApproval { stamp: old, .. }),
            StateValue::TokenApproval {
                owner,
                approved,
                stamp,
            },
        ) => StateValue::TokenApproval {
            owner: *owner,
            approved: *approved,
            stamp: later(*old, *stamp),
        },
        (
            Some(StateValue::Operator { stamp: old, .. }),
            StateValue::Operator { approved, stamp },
        ) => StateValue::Operator {
            approved: *approved,
            stamp: later(*old, *stamp),
        },
        _ => filled.clone(),
    }
}

/// Writes `fill` when the index still ends at `fill.read_at`; the caller's transaction
/// is serialized with the follower's commits, so the check holds until it commits.
///
/// # Errors
/// When the store fails.
pub fn commit_fill(sql: &dyn Sql, fill: &AccountFill) -> Result<FillCommit, StoreError> {
    let through = indexed_through(sql)?;
    if through != Some(fill.read_at) {
        return Ok(FillCommit::IndexMoved(through));
    }
    chain::write_fill_rows(sql, &fill.blocks)?;
    // The account's own rows below the start: its history there (see `history_query`).
    let rows: Vec<Vec<Value>> = fill
        .blocks
        .iter()
        .flat_map(|decoded| {
            decoded.block.transactions.iter().map(|transaction| {
                vec![
                    addr(&fill.account),
                    int(decoded.block.number),
                    int(transaction.index),
                ]
            })
        })
        .collect();
    sql.execute_many(
        "INSERT INTO account_fill_rows (account, block_number, tx_index) VALUES (?1, ?2, ?3)
         ON CONFLICT DO NOTHING",
        &rows,
    )?;
    // One read per table and one write per statement, not a round trip per key.
    let stored = state::read_many(sql, fill.state.iter().map(|(key, _)| key.clone()))?;
    let mut writes: BTreeMap<&'static str, Vec<Vec<Value>>> = BTreeMap::new();
    for (key, value) in &fill.state {
        let before = stored.get(key).and_then(Option::as_ref);
        let value = merged(before, value);
        if before != Some(&value) {
            let (statement, params) = state::write_statement(key, Some(&value));
            writes.entry(statement).or_default().push(params);
        }
    }
    for (statement, rows) in &writes {
        sql.execute_many(statement, rows)?;
    }
    sql.execute(
        "INSERT INTO account_coverage (account, filled_from, filled_at, filled_by, sent_from,
             received_from, other_from) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (account) DO UPDATE SET filled_from = excluded.filled_from,
             filled_at = excluded.filled_at, filled_by = excluded.filled_by,
             sent_from = excluded.sent_from, received_from = excluded.received_from,
             other_from = excluded.other_from",
        &[
            addr(&fill.account),
            int(fill.filled_from),
            int(fill.read_at),
            Value::Text(fill.method.to_text()),
            int(fill.kinds.sent_from),
            int(fill.kinds.received_from),
            int(fill.kinds.other_from),
        ],
    )?;
    Ok(FillCommit::Written)
}

/// Forgets the fills whose state was read at or above `cut`: a rollback to below it
/// undid blocks the reading stood on, so those accounts are filled again when asked for.
///
/// # Errors
/// When the store fails.
pub fn forget_fills_from(sql: &dyn Sql, cut: &Value) -> Result<(), StoreError> {
    sql.execute(
        "DELETE FROM account_coverage WHERE filled_at >= ?1",
        std::slice::from_ref(cut),
    )?;
    Ok(())
}
