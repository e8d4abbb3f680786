//! Hyperion v2 answers. Token amounts from the history service are floats and are
//! deliberately not read: exact balances come from `get_currency_balance`.

use serde::{Deserialize, Serialize};

use crate::chain::types::{Account, PermissionLevelJson};
use crate::lenient::{opt_i64_any, u32_any, u64_any, vec_or_null};

/// `total{value, relation}` of a list answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, Serialize)]
pub struct Total {
    /// How many match.
    #[serde(deserialize_with = "u64_any")]
    pub value: u64,
    /// `eq` when exact, `gte` when `value` is a lower bound.
    #[serde(default)]
    pub relation: String,
}

/// The action itself inside a history record.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct ActData {
    /// Contract.
    pub account: String,
    /// Action name.
    pub name: String,
    /// Authorisations.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub authorization: Vec<PermissionLevelJson>,
    /// The decoded data (or hex when the history service had no ABI).
    #[serde(default)]
    pub data: serde_json::Value,
}

/// One action of the history.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct HistoryAction {
    /// Block time (UTC); Hyperion writes it as `@timestamp` and usually also `timestamp`.
    #[serde(rename = "@timestamp", default)]
    pub at_timestamp: String,
    /// Block time (UTC), when written as `timestamp`.
    #[serde(default)]
    pub timestamp: String,
    /// Block number.
    #[serde(deserialize_with = "u32_any")]
    pub block_num: u32,
    /// Transaction id.
    pub trx_id: String,
    /// The action.
    pub act: ActData,
    /// Global sequence (unique per action).
    #[serde(default, deserialize_with = "opt_i64_any")]
    pub global_sequence: Option<i64>,
    /// Producer of the block.
    #[serde(default)]
    pub producer: Option<String>,
    /// Accounts notified.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub notified: Vec<String>,
}

impl HistoryAction {
    /// The block time, whichever field carried it.
    #[must_use]
    pub fn time(&self) -> &str {
        if self.timestamp.is_empty() {
            &self.at_timestamp
        } else {
            &self.timestamp
        }
    }
}

/// `v2/history/get_actions`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ActionsPage {
    /// How many actions match.
    #[serde(default)]
    pub total: Total,
    /// This page.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub actions: Vec<HistoryAction>,
}

/// `v2/history/get_creator`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Creator {
    /// The account.
    pub account: String,
    /// Who created it.
    pub creator: String,
    /// When.
    #[serde(default)]
    pub timestamp: String,
    /// In which block.
    #[serde(default, deserialize_with = "opt_i64_any")]
    pub block_num: Option<i64>,
    /// In which transaction.
    #[serde(default)]
    pub trx_id: String,
}

/// `v2/history/get_transaction`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct HistoryTransaction {
    /// Whether it executed.
    #[serde(default)]
    pub executed: bool,
    /// Its id.
    #[serde(default)]
    pub trx_id: String,
    /// Its actions.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub actions: Vec<HistoryAction>,
}

/// A token an account holds according to the history service (no amount: see module docs).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct HeldToken {
    /// Symbol code.
    pub symbol: String,
    /// Decimals.
    pub precision: u8,
    /// Token contract.
    pub contract: String,
}

/// `v2/state/get_tokens`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Tokens {
    /// The tokens.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub tokens: Vec<HeldToken>,
}

/// A permission linked to a contract action.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Link {
    /// The account.
    pub account: String,
    /// Its permission.
    pub permission: String,
    /// The contract.
    pub code: String,
    /// The action (empty or `*` for the whole contract).
    #[serde(default)]
    pub action: String,
    /// Block of the link.
    #[serde(default, deserialize_with = "opt_i64_any")]
    pub block_num: Option<i64>,
    /// Whether the link is irreversible.
    #[serde(default)]
    pub irreversible: bool,
}

/// `v2/state/get_links`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Links {
    /// The links.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub links: Vec<Link>,
}

/// An approval of a proposal.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Approval {
    /// The account.
    pub actor: String,
    /// Its permission.
    pub permission: String,
    /// When it approved (absent or the epoch when not yet).
    #[serde(default)]
    pub time: Option<String>,
}

/// A multisig proposal.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct Proposal {
    /// Its name.
    pub proposal_name: String,
    /// Who proposed it.
    pub proposer: String,
    /// When it expires.
    #[serde(default)]
    pub expiration: String,
    /// Whether it ran.
    #[serde(default)]
    pub executed: bool,
    /// Approvals asked for.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub requested_approvals: Vec<Approval>,
    /// Approvals given.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub provided_approvals: Vec<Approval>,
    /// The proposed transaction as the history service decoded it.
    #[serde(default)]
    pub trx: serde_json::Value,
}

/// `v2/state/get_proposals`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Proposals {
    /// How many match.
    #[serde(default)]
    pub total: Total,
    /// This page.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub proposals: Vec<Proposal>,
}

/// `v2/state/get_key_accounts`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct KeyAccounts {
    /// Accounts with the key in a permission.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub account_names: Vec<String>,
}

/// `v2/state/get_account`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct StateAccount {
    /// The chain's account record.
    pub account: Account,
    /// Its links.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub links: Vec<Link>,
    /// Its tokens.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub tokens: Vec<HeldToken>,
}

/// One change of a contract table's row (`v2/history/get_deltas`).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct TableDelta {
    /// Block time (UTC): `timestamp` in Hyperion's answers (older versions kept their
    /// index's `@timestamp`).
    #[serde(alias = "@timestamp", default)]
    pub timestamp: String,
    /// Block number.
    #[serde(deserialize_with = "u32_any")]
    pub block_num: u32,
    /// Whether the row exists after the change (`1`/`true`) or was removed.
    #[serde(default = "present_default", deserialize_with = "present_flag")]
    pub present: bool,
    /// The row as the contract's ABI decodes it.
    #[serde(default)]
    pub data: serde_json::Value,
}

fn present_default() -> bool {
    true
}

/// Hyperion writes `present` as `1`/`0` in some versions and `true`/`false` in others.
fn present_flag<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    crate::lenient::i64_any(deserializer).map(|flag| flag != 0)
}

/// `v2/history/get_deltas`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct DeltasPage {
    /// The changes, in the order asked for.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub deltas: Vec<TableDelta>,
}
