//! Time spent per table in the write path, for the benchmark's breakdown of a commit:
//! a [`Sql`] that passes every statement through and adds its time to the table it
//! names.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::codec::Row;
use super::{Dialect, Sql, Value};
use crate::store::StoreError;

/// Busy time and statement runs per table (`"commit"` for the rest of a write).
#[derive(Debug, Default)]
pub(crate) struct TableClock(Mutex<BTreeMap<String, (Duration, u64)>>);

impl TableClock {
    pub(crate) fn add(&self, table: &str, elapsed: Duration) {
        let mut times = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        // Looked up before inserting: a key read runs this per key, so no name allocation.
        match times.get_mut(table) {
            Some((total, runs)) => {
                *total += elapsed;
                *runs += 1;
            }
            None => {
                times.insert(table.to_owned(), (elapsed, 1));
            }
        }
    }

    pub(crate) fn snapshot(&self) -> Vec<(String, Duration, u64)> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .map(|(table, (elapsed, runs))| (table.clone(), *elapsed, *runs))
            .collect()
    }
}

/// The table a statement names first after its verb (`INSERT INTO t`, `UPDATE t`,
/// `DELETE FROM t`, `SELECT … FROM t`).
fn table_of(statement: &str) -> &str {
    let mut words = statement.split_whitespace();
    while let Some(word) = words.next() {
        let upper = word.eq_ignore_ascii_case("INTO")
            || word.eq_ignore_ascii_case("UPDATE")
            || word.eq_ignore_ascii_case("FROM");
        if upper {
            return words
                .next()
                .map_or("?", |table| table.split('(').next().unwrap_or(table));
        }
    }
    "?"
}

/// Statements of `inner`, timed per table into `clock`.
pub(crate) struct Timed<'a> {
    pub(crate) inner: &'a dyn Sql,
    pub(crate) clock: &'a TableClock,
}

impl Timed<'_> {
    fn time<T>(&self, statement: &str, work: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let outcome = work();
        self.clock.add(table_of(statement), started.elapsed());
        outcome
    }
}

impl Sql for Timed<'_> {
    fn dialect(&self) -> Dialect {
        self.inner.dialect()
    }

    fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError> {
        self.time(sql, || self.inner.query(sql, params))
    }

    fn execute(&self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        self.time(sql, || self.inner.execute(sql, params))
    }

    fn execute_many(&self, sql: &str, rows: &[Vec<Value>]) -> Result<(), StoreError> {
        self.time(sql, || self.inner.execute_many(sql, rows))
    }

    fn script(&self, sql: &str) -> Result<(), StoreError> {
        self.inner.script(sql)
    }
}

#[cfg(test)]
mod tests {
    use super::table_of;

    #[test]
    fn statements_are_filed_under_their_table() {
        assert_eq!(
            table_of("INSERT INTO blocks (number) VALUES (?1)"),
            "blocks"
        );
        assert_eq!(
            table_of("INSERT INTO logs(block_number) VALUES (?1)"),
            "logs"
        );
        assert_eq!(table_of("UPDATE meta SET value = ?2"), "meta");
        assert_eq!(
            table_of("SELECT amount FROM balances WHERE owner = ?1"),
            "balances"
        );
        assert_eq!(table_of("VACUUM"), "?");
    }
}
