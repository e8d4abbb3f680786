//! Native accounts that need a memo on every deposit (issue 37): exchanges keep one account
//! for all their users and credit a deposit to whoever's memo it carries, so a transfer
//! without one reaches the exchange but no user — the funds sit unclaimed until a support
//! ticket, or are lost. The list shipped with the project (`data/memo-required.txt`, every
//! entry with its public source) is read at start, and so is the operator's own file
//! (`memo_required_file`), which adds to it.
//!
//! One entry a line: `<network> <account> <who it is…>`, e.g.
//! `telos exchangeacct Some Exchange (deposits)`; `#` starts a comment.

use std::collections::BTreeMap;
use std::path::Path;

use tandem_domain::antelope::Name;
use tandem_domain::network::{NetworkKind, NetworkName};

use crate::error::ServerError;

/// The list shipped with the project.
const SHIPPED: &str = include_str!("../../data/memo-required.txt");

/// The config key of the operator's file, named in messages.
const FIELD: &str = "memo_required_file";

/// Who an account that needs a memo is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoAccount {
    /// As the list names it, e.g. `Some Exchange (deposits)`.
    pub label: String,
}

/// The accounts that need a memo, per native network.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemoRequired {
    accounts: BTreeMap<(NetworkName, String), MemoAccount>,
}

impl MemoRequired {
    /// The shipped list plus the operator's file, if one is configured. A missing or
    /// malformed operator file stops the start with the line at fault.
    pub fn load(operator_file: Option<&Path>) -> Result<Self, ServerError> {
        let mut list = Self::shipped();
        if let Some(path) = operator_file {
            let text =
                std::fs::read_to_string(path).map_err(|source| ServerError::OperatorListRead {
                    field: FIELD.to_owned(),
                    path: path.to_owned(),
                    source,
                })?;
            let added =
                parse(&text).map_err(|(line, reason)| ServerError::OperatorListInvalid {
                    field: FIELD.to_owned(),
                    path: path.to_owned(),
                    line,
                    reason,
                })?;
            list.accounts.extend(added);
        }
        Ok(list)
    }

    /// The shipped list alone. Its entries are checked by the unit test below; a
    /// malformed one would read as an empty list rather than a crash.
    #[must_use]
    pub fn shipped() -> Self {
        match parse(SHIPPED) {
            Ok(accounts) => Self { accounts },
            Err((line, reason)) => {
                tracing::error!(line, %reason, "data/memo-required.txt is invalid; it is left out");
                Self::default()
            }
        }
    }

    /// Whether `account` on `network` needs a memo, and who it is.
    #[must_use]
    pub fn get(&self, network: NetworkName, account: &str) -> Option<&MemoAccount> {
        self.accounts.get(&(network, account.to_owned()))
    }

    /// How many accounts it names, on every network.
    #[must_use]
    pub fn len(&self) -> usize {
        self.accounts.len()
    }

    /// Whether it names none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.accounts.is_empty()
    }
}

type Entries = BTreeMap<(NetworkName, String), MemoAccount>;

/// The entries of a list, or the first bad line (1-based) and why.
fn parse(text: &str) -> Result<Entries, (usize, String)> {
    let mut entries = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let bad = |reason: String| (index + 1, reason);
        let mut words = line.split_whitespace();
        let (Some(network), Some(account)) = (words.next(), words.next()) else {
            return Err(bad(
                "expected '<network> <account> <who it is>', e.g. 'telos someexchange Some Exchange'"
                    .to_owned(),
            ));
        };
        let network: NetworkName = network
            .parse()
            .map_err(|_| bad(format!("'{network}' is not a network Tandem knows")))?;
        if network.kind() != NetworkKind::Native {
            return Err(bad(format!("{network} is not a native network")));
        }
        let name: Name = account
            .parse()
            .map_err(|_| bad(format!("'{account}' is not a valid account name")))?;
        let label = words.collect::<Vec<_>>().join(" ");
        let label = if label.is_empty() {
            name.to_string()
        } else {
            label
        };
        entries.insert((network, name.to_string()), MemoAccount { label });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_is_valid_and_names_no_devnet_account() {
        let shipped = parse(SHIPPED).expect("valid list");
        assert!(
            shipped
                .keys()
                .all(|(network, _)| *network != NetworkName::TelosNativeDevnet)
        );
    }

    #[test]
    fn lines_name_a_network_an_account_and_who_it_is() {
        let entries = parse(
            "# exchanges\n\ntelos  exchangeacct  Some Exchange  # deposits\ntelos-native-devnet exchange.dev\n",
        )
        .expect("valid");
        let get = |network, account: &str| entries.get(&(network, account.to_owned()));
        assert_eq!(
            get(NetworkName::Telos, "exchangeacct").map(|a| a.label.as_str()),
            Some("Some Exchange")
        );
        assert_eq!(
            get(NetworkName::TelosNativeDevnet, "exchange.dev").map(|a| a.label.as_str()),
            Some("exchange.dev")
        );
        assert_eq!(get(NetworkName::Eos, "exchangeacct"), None);
    }

    #[test]
    fn a_bad_line_is_named() {
        let cases = [
            ("telos\n", 1, "expected"),
            ("\ntlos exchangeacct X\n", 2, "not a network"),
            ("telos-evm exchangeacct X\n", 1, "not a native network"),
            ("telos Not_A_Name X\n", 1, "not a valid account name"),
        ];
        for (text, line, reason) in cases {
            let (at, why) = parse(text).expect_err(text);
            assert_eq!(at, line, "{text}");
            assert!(why.contains(reason), "{text}: {why}");
        }
    }

    #[test]
    fn the_operator_file_adds_to_the_shipped_list_and_a_missing_one_stops_the_start() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("memo.txt");
        std::fs::write(&path, "telos-native-devnet exchange.dev Devnet Exchange\n").expect("write");
        let list = MemoRequired::load(Some(&path)).expect("loads");
        assert_eq!(list.len(), MemoRequired::shipped().len() + 1);
        assert!(
            list.get(NetworkName::TelosNativeDevnet, "exchange.dev")
                .is_some()
        );
        std::fs::write(&path, "telos-native-devnet BAD\n").expect("write");
        let error = MemoRequired::load(Some(&path)).expect_err("bad line");
        assert!(error.to_string().contains("line 1"), "{error}");
        let error = MemoRequired::load(Some(&dir.path().join("missing.txt"))).expect_err("missing");
        assert!(error.to_string().contains(FIELD), "{error}");
    }
}
