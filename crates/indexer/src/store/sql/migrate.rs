//! Versioned schema migrations, one list per backend, applied in order on open.
//!
//! A store records the versions applied in `schema_migrations`. A store from before
//! versioning (SQLite stores made before the table existed) has the base schema, so it
//! counts as version 1. A store newer than the binary is refused: its rows may mean
//! something this binary would get wrong.

use super::codec::{Cols, Value};
use super::{Sql, StoreError};

/// One schema change.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    /// Its version: the first is 1, each next one adds 1.
    pub version: u32,
    /// The statements, run as one script inside the migration's transaction.
    pub script: &'static str,
}

const VERSION_TABLE: &str = "schema_migrations";

fn table_exists(sql: &dyn Sql, name: &str) -> Result<bool, StoreError> {
    let rows = sql.query(
        sql.dialect().table_count_sql(),
        &[Value::Text(name.to_owned())],
    )?;
    Ok(rows
        .first()
        .map(|row| Cols(row).int(0))
        .transpose()?
        .unwrap_or(0)
        > 0)
}

/// The version the store is at: 0 for an empty store.
///
/// # Errors
/// When the store fails.
pub fn current_version(sql: &dyn Sql) -> Result<u32, StoreError> {
    if table_exists(sql, VERSION_TABLE)? {
        let rows = sql.query("SELECT MAX(version) FROM schema_migrations", &[])?;
        let version = rows
            .first()
            .map(|row| Cols(row).opt_int(0))
            .transpose()?
            .flatten()
            .unwrap_or(0);
        return u32::try_from(version).map_err(|_| StoreError::corrupt("schema version"));
    }
    // Stores made before versioning have `meta` and the base schema.
    Ok(u32::from(table_exists(sql, "meta")?))
}

/// Brings the store to the last of `migrations` (inside the caller's transaction),
/// or refuses a store newer than it. Returns the version found before.
///
/// # Errors
/// [`StoreError::SchemaTooNew`], [`StoreError::Migration`], or a store failure.
pub fn migrate(sql: &dyn Sql, migrations: &[Migration]) -> Result<u32, StoreError> {
    let supported = migrations.last().map_or(0, |migration| migration.version);
    let found = current_version(sql)?;
    if found > supported {
        return Err(StoreError::SchemaTooNew { found, supported });
    }
    let pending: Vec<&Migration> = migrations
        .iter()
        .filter(|migration| migration.version > found)
        .collect();
    for migration in &pending {
        sql.script(migration.script)
            .map_err(|source| StoreError::Migration {
                version: migration.version,
                source: Box::new(source),
            })?;
    }
    // The version table is itself created by a migration, so versions are recorded
    // once all of them ran.
    if !pending.is_empty() {
        let applied_ms = i64::try_from(crate::follower::now_ms()).unwrap_or(i64::MAX);
        for migration in pending {
            sql.execute(
                "INSERT INTO schema_migrations (version, applied_ms) VALUES (?1, ?2)
                 ON CONFLICT (version) DO NOTHING",
                &[
                    Value::Int(i64::from(migration.version)),
                    Value::Int(applied_ms),
                ],
            )?;
        }
    }
    Ok(found)
}
