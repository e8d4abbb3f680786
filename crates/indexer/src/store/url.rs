//! [`StoreUrl`]: which store, from the text an operator writes — `sqlite:PATH` or a
//! plain path for the embedded SQLite file (the default), `postgres://…` for a
//! PostgreSQL database shared by several processes.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

use super::{PgStore, ReplicaStore, SqliteStore, StoreError};
use crate::IndexerError;

/// Where an index lives.
#[derive(Clone, PartialEq, Eq)]
pub enum StoreUrl {
    /// An embedded SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL database, as a `postgres://` (or `postgresql://`) URL.
    Postgres(String),
}

impl FromStr for StoreUrl {
    type Err = StoreError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let invalid = |reason| StoreError::Url {
            url: redact(text),
            reason,
        };
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Self::Postgres(text.to_owned()));
        }
        let path = match text.strip_prefix("sqlite:") {
            Some(rest) => rest.strip_prefix("//").unwrap_or(rest),
            None if text.contains("://") => return Err(invalid("unknown scheme")),
            None => text,
        };
        if path.is_empty() {
            return Err(invalid("no path"));
        }
        Ok(Self::Sqlite(PathBuf::from(path)))
    }
}

/// Shown without the password, for logs and messages.
impl fmt::Display for StoreUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Sqlite(path) => write!(f, "sqlite:{}", path.display()),
            Self::Postgres(url) => f.write_str(&redact(url)),
        }
    }
}

impl fmt::Debug for StoreUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StoreUrl({self})")
    }
}

/// A URL with the password of its user part replaced by `***`.
pub(crate) fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split(':').next().unwrap_or_default();
            format!("{scheme}://{name}:***@{host}{tail}")
        }
        _ => url.to_owned(),
    }
}

impl StoreUrl {
    /// Opens the store as a server replica does: its reads, and fills of the accounts it
    /// is asked for (never the follower's batches), migrating an older schema and refusing
    /// a newer one. A SQLite store is created if missing.
    ///
    /// # Errors
    /// When the store cannot be reached or opened.
    pub fn open_reads(&self) -> Result<Arc<dyn ReplicaStore>, IndexerError> {
        Ok(match self {
            Self::Sqlite(path) => Arc::new(SqliteStore::open(path)?),
            Self::Postgres(url) => Arc::new(PgStore::open_reads(url)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_urls_name_their_store() {
        let parse = |text: &str| text.parse::<StoreUrl>().unwrap();
        assert_eq!(
            parse("index.sqlite"),
            StoreUrl::Sqlite("index.sqlite".into())
        );
        assert_eq!(
            parse("sqlite:/var/lib/tandem/index.sqlite"),
            StoreUrl::Sqlite("/var/lib/tandem/index.sqlite".into())
        );
        assert_eq!(
            parse("sqlite:///var/index.sqlite"),
            StoreUrl::Sqlite("/var/index.sqlite".into())
        );
        assert_eq!(
            parse("postgres://tandem@db:5432/index"),
            StoreUrl::Postgres("postgres://tandem@db:5432/index".into())
        );
        assert!("mysql://db/index".parse::<StoreUrl>().is_err());
        assert!("sqlite:".parse::<StoreUrl>().is_err());
    }

    #[test]
    fn passwords_stay_out_of_messages() {
        let url: StoreUrl = "postgres://tandem:secret@db/index?sslmode=disable"
            .parse()
            .unwrap();
        assert_eq!(
            url.to_string(),
            "postgres://tandem:***@db/index?sslmode=disable"
        );
        assert_eq!(redact("postgres://db/index"), "postgres://db/index");
        let error = "ftp://u:secret@host/x".parse::<StoreUrl>().unwrap_err();
        assert!(!error.to_string().contains("secret"), "{error}");
    }
}
