//! Every key of the config file from the environment, by one mapping: `TANDEM_`, then the
//! key's path with `__` between its parts, each part upper-cased with `-` written `_`
//! (`[networks.telos-evm.index] store` is `TANDEM_NETWORKS__TELOS_EVM__INDEX__STORE`).
//! `NAME_FILE` instead of `NAME` reads the value from a file (a secret mounted by a
//! container runtime or systemd's `LoadCredential`), so it need not sit in the
//! environment, the TOML file or a command line.
//!
//! The mapping runs from the keys to the names (a table of every key and its kind), never
//! back from a name, so `telos-evm` and a key's own `_` cannot be confused. Values are read
//! by the kind of their key, never guessed: a project id of digits stays text.

use std::collections::BTreeMap;
use std::path::PathBuf;

use tandem_domain::network::NetworkName;

use crate::error::ServerError;

/// How a variable's text becomes the key's TOML value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Taken as written; a value in double quotes is read as a TOML string (`""`: empty).
    Text,
    /// A whole number.
    Integer,
    /// `true` or `false`.
    Bool,
    /// Comma-separated items, or a TOML array (`[]`: empty).
    List,
    /// A whole number, else text (`start_block`: a number or `head`).
    IntegerOrText,
}

use Kind::{Bool, Integer, IntegerOrText, List, Text};

/// The keys at the top of the file.
pub(super) const TOP_KEYS: &[(&str, Kind)] = &[
    ("listen", Text),
    ("web_dist", Text),
    ("devnet_manifest", Text),
    ("native_devnet_manifest", Text),
    ("log", Text),
    ("log_format", Text),
    ("data_dir", Text),
    ("price_aggregator_url", Text),
    ("wallet_connect_project_id", Text),
    ("memo_required_file", Text),
    ("phishing_file", Text),
    ("behind_tls", Bool),
];

/// The sections with fixed keys.
pub(super) const SECTIONS: &[(&str, &[(&str, Kind)])] = &[
    ("cache", &[("max_bytes", Integer)]),
    (
        "limits",
        &[
            ("requests_per_second", Integer),
            ("burst", Integer),
            ("trusted_proxies", List),
            ("exempt_loopback", Bool),
            ("expensive_per_client", Integer),
            ("expensive_total", Integer),
            ("ipv6_prefix", Integer),
            ("connections_per_client", Integer),
            ("connections_total", Integer),
            ("header_timeout_seconds", Integer),
            ("body_timeout_seconds", Integer),
            ("request_timeout_seconds", Integer),
            ("export_timeout_seconds", Integer),
        ],
    ),
    (
        "media",
        &[("proxy", Bool), ("max_bytes", Integer), ("key", Text)],
    ),
    (
        "shutdown",
        &[("unready_seconds", Integer), ("drain_seconds", Integer)],
    ),
];

/// The keys of every `[networks.<name>]` section.
pub(super) const NETWORK_KEYS: &[(&str, Kind)] = &[
    ("rpc_endpoint", Text),
    ("rpc_fallbacks", List),
    ("history_endpoint", Text),
    ("fuel_rpc", Text),
    ("api_endpoint", Text),
    ("indexer_endpoint", Text),
    ("explorer_url", Text),
    ("ecosystem_url", Text),
    ("bridge_url", Text),
    ("token_list_url", Text),
    ("trusted_contracts_bucket", Text),
    ("escrow_address", Text),
    ("staked_token_address", Text),
    ("wrapped_token_address", Text),
    ("primary", Text),
];

/// The keys of every `[networks.<name>.index]` section.
pub(super) const INDEX_KEYS: &[(&str, Kind)] = &[
    ("store", Text),
    ("start_block", IntegerOrText),
    ("write", Bool),
    ("backfill", Text),
    ("fill_concurrency", Integer),
];

/// The prefix of every variable.
const PREFIX: &str = "TANDEM_";
/// The suffix that names a file holding the value.
const FILE_SUFFIX: &str = "_FILE";

/// Every key's path in the file and its kind.
pub(super) fn keys() -> Vec<(Vec<String>, Kind)> {
    let path = |parts: &[&str]| parts.iter().map(|part| (*part).to_owned()).collect();
    let mut keys: Vec<(Vec<String>, Kind)> = TOP_KEYS
        .iter()
        .map(|(key, kind)| (path(&[key]), *kind))
        .collect();
    for (section, section_keys) in SECTIONS {
        keys.extend(
            section_keys
                .iter()
                .map(|(key, kind)| (path(&[section, key]), *kind)),
        );
    }
    for network in NetworkName::ALL {
        let name = network.as_str();
        keys.extend(
            NETWORK_KEYS
                .iter()
                .map(|(key, kind)| (path(&["networks", name, key]), *kind)),
        );
        keys.extend(
            INDEX_KEYS
                .iter()
                .map(|(key, kind)| (path(&["networks", name, "index", key]), *kind)),
        );
    }
    keys
}

/// The variable of a key: `["networks", "telos-evm", "primary"]` →
/// `TANDEM_NETWORKS__TELOS_EVM__PRIMARY`.
#[must_use]
pub fn variable_of(path: &[String]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(|part| part.to_ascii_uppercase().replace('-', "_"))
        .collect();
    format!("{PREFIX}{}", parts.join("__"))
}

/// Where each key set by the environment came from: the dotted key
/// (`networks.telos-evm.primary`) and the variable that set it.
#[derive(Debug, Default)]
pub(super) struct Origins(BTreeMap<String, String>);

impl Origins {
    /// The variable that set `key`, if one did.
    pub(super) fn variable(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// The error with its key named as the operator wrote it: the variable when the
    /// environment set it, the file's dotted key otherwise.
    pub(super) fn name_key(&self, error: ServerError) -> ServerError {
        error.rename_field(|key| self.variable(key).map(str::to_owned))
    }
}

/// Sets every key that has a variable (or a `_FILE` variable) in `vars` on `table`, over
/// what the file said. Refuses a variable that looks like a key (`TANDEM_…__…`) but is
/// none, both forms of one key at once, and values not of their key's kind.
pub(super) fn overlay(
    table: &mut toml::Table,
    vars: &BTreeMap<String, String>,
) -> Result<Origins, ServerError> {
    let mut origins = Origins::default();
    let mut known = std::collections::BTreeSet::new();
    for (path, kind) in keys() {
        let name = variable_of(&path);
        let file_name = format!("{name}{FILE_SUFFIX}");
        let direct = vars.get(&name).filter(|value| !value.is_empty());
        let from_file = vars.get(&file_name).filter(|value| !value.is_empty());
        let (origin, text) = match (direct, from_file) {
            (Some(_), Some(_)) => {
                return Err(ServerError::InvalidSetting {
                    field: name.clone(),
                    reason: format!("set {name} or {file_name}, not both"),
                });
            }
            (Some(text), None) => (name.clone(), text.clone()),
            (None, Some(file)) => (file_name.clone(), read_value_file(&file_name, file)?),
            (None, None) => {
                known.extend([name, file_name]);
                continue;
            }
        };
        let value = convert(&origin, kind, &text)?;
        insert(table, &path, value);
        origins.0.insert(path.join("."), origin);
        known.extend([name, file_name]);
    }
    // A name with `__` can only mean a key: a typo must not be ignored silently.
    if let Some(unknown) = vars
        .keys()
        .find(|name| name.starts_with(PREFIX) && name.contains("__") && !known.contains(*name))
    {
        return Err(ServerError::InvalidSetting {
            field: unknown.clone(),
            reason: "names no setting (TANDEM_ and the key's path joined by __, e.g. \
                     TANDEM_NETWORKS__TELOS_EVM__PRIMARY; see docs/operate.md)"
                .to_owned(),
        });
    }
    Ok(origins)
}

/// The value a `_FILE` variable points at, without the line end editors and
/// `echo` leave.
fn read_value_file(variable: &str, path: &str) -> Result<String, ServerError> {
    let text = std::fs::read_to_string(path).map_err(|source| ServerError::SettingFileRead {
        variable: variable.to_owned(),
        path: PathBuf::from(path),
        source,
    })?;
    Ok(text.trim_end_matches(['\n', '\r']).to_owned())
}

fn convert(origin: &str, kind: Kind, text: &str) -> Result<toml::Value, ServerError> {
    let refuse = |what: &str| ServerError::InvalidSetting {
        field: origin.to_owned(),
        reason: format!("'{text}' is not {what}"),
    };
    let toml_value = |what: &str| {
        toml::from_str::<toml::Table>(&format!("value = {text}"))
            .ok()
            .and_then(|mut table| table.remove("value"))
            .ok_or_else(|| refuse(what))
    };
    match kind {
        Text if text.starts_with('"') => {
            toml_value("a TOML string").and_then(|value| match value {
                toml::Value::String(_) => Ok(value),
                _ => Err(refuse("a TOML string")),
            })
        }
        Text => Ok(toml::Value::String(text.to_owned())),
        Integer => text
            .trim()
            .parse::<i64>()
            .map(toml::Value::Integer)
            .map_err(|_| refuse("a whole number")),
        IntegerOrText => Ok(text.trim().parse::<i64>().map_or_else(
            |_| toml::Value::String(text.to_owned()),
            toml::Value::Integer,
        )),
        Bool => match text.trim() {
            "true" => Ok(toml::Value::Boolean(true)),
            "false" => Ok(toml::Value::Boolean(false)),
            _ => Err(refuse("true or false")),
        },
        List if text.trim_start().starts_with('[') => {
            toml_value("a TOML array").and_then(|value| match value {
                toml::Value::Array(_) => Ok(value),
                _ => Err(refuse("a TOML array")),
            })
        }
        List => Ok(toml::Value::Array(
            text.split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(|item| toml::Value::String(item.to_owned()))
                .collect(),
        )),
    }
}

/// Sets `path` in `table`, making the sections on the way.
fn insert(table: &mut toml::Table, path: &[String], value: toml::Value) {
    let Some((last, sections)) = path.split_last() else {
        return;
    };
    let mut current = table;
    for section in sections {
        let entry = current
            .entry(section.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if !entry.is_table() {
            *entry = toml::Value::Table(toml::Table::new());
        }
        let toml::Value::Table(next) = entry else {
            return;
        };
        current = next;
    }
    current.insert(last.clone(), value);
}

#[cfg(test)]
mod tests;
