//! The chain API's answers as this crate reads them. Integers accept numbers or strings;
//! optional parts accept `null` or absence; `-1` means unlimited (see [`ResourceLimit`]).
//! Names and assets stay text here and are parsed by the domain where they are used.

use serde::{Deserialize, Serialize};

use crate::lenient::{i64_any, opt_i64_any, u32_any, vec_or_null};

/// `get_info`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Info {
    /// The chain id (64 hex digits).
    pub chain_id: String,
    /// Head block number.
    #[serde(deserialize_with = "u32_any")]
    pub head_block_num: u32,
    /// Head block id.
    pub head_block_id: String,
    /// Head block time (`2026-11-22T02:02:34.500`, UTC).
    pub head_block_time: String,
    /// Last irreversible block number.
    #[serde(deserialize_with = "u32_any")]
    pub last_irreversible_block_num: u32,
    /// Last irreversible block id.
    #[serde(default)]
    pub last_irreversible_block_id: String,
    /// The head block's producer.
    #[serde(default)]
    pub head_block_producer: String,
    /// The node's version string.
    #[serde(default)]
    pub server_version_string: Option<String>,
}

/// CPU or NET use of an account. `max == -1` means the account is unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct ResourceLimit {
    /// Used (µs or bytes).
    #[serde(deserialize_with = "i64_any")]
    pub used: i64,
    /// Available now.
    #[serde(deserialize_with = "i64_any")]
    pub available: i64,
    /// The maximum.
    #[serde(deserialize_with = "i64_any")]
    pub max: i64,
}

impl ResourceLimit {
    /// Whether the chain reports no limit (`-1`).
    #[must_use]
    pub fn is_unlimited(&self) -> bool {
        self.max < 0 || self.available < 0
    }
}

/// `{key, weight}` of an authority.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct KeyWeight {
    /// The public key (`EOS…` or `PUB_K1_…`).
    pub key: String,
    /// Its weight.
    #[serde(deserialize_with = "u32_any")]
    pub weight: u32,
}

/// `{actor, permission}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct PermissionLevelJson {
    /// The account.
    pub actor: String,
    /// The permission.
    pub permission: String,
}

/// `{permission, weight}` of an authority.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct AccountWeight {
    /// The delegated permission.
    pub permission: PermissionLevelJson,
    /// Its weight.
    #[serde(deserialize_with = "u32_any")]
    pub weight: u32,
}

/// `{wait_sec, weight}` of an authority.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct WaitWeight {
    /// The delay.
    #[serde(deserialize_with = "u32_any")]
    pub wait_sec: u32,
    /// Its weight.
    #[serde(deserialize_with = "u32_any")]
    pub weight: u32,
}

/// A permission's authority.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Authority {
    /// Weight needed.
    #[serde(deserialize_with = "u32_any")]
    pub threshold: u32,
    /// Keys.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub keys: Vec<KeyWeight>,
    /// Delegated permissions.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub accounts: Vec<AccountWeight>,
    /// Delays.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub waits: Vec<WaitWeight>,
}

/// `{account, action}` a permission is linked to (newer nodes list them per permission).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct LinkedAction {
    /// The contract.
    pub account: String,
    /// The action; absent when the link covers the whole contract.
    #[serde(default)]
    pub action: Option<String>,
}

/// One permission of an account.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Permission {
    /// Its name.
    pub perm_name: String,
    /// Its parent (empty for `owner`).
    pub parent: String,
    /// Who satisfies it.
    pub required_auth: Authority,
    /// Linked actions, when the node reports them.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub linked_actions: Vec<LinkedAction>,
}

/// `total_resources`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct TotalResources {
    /// NET weight as an asset.
    pub net_weight: String,
    /// CPU weight as an asset.
    pub cpu_weight: String,
    /// RAM bytes.
    #[serde(deserialize_with = "i64_any")]
    pub ram_bytes: i64,
}

/// `self_delegated_bandwidth`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct DelegatedBandwidthJson {
    /// NET stake (asset text).
    pub net_weight: String,
    /// CPU stake (asset text).
    pub cpu_weight: String,
}

/// `refund_request`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct RefundRequestJson {
    /// When the unstake was requested.
    pub request_time: String,
    /// NET being refunded (asset text).
    pub net_amount: String,
    /// CPU being refunded (asset text).
    pub cpu_amount: String,
}

/// `voter_info`, the parts the wallet shows.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct VoterInfo {
    /// The proxy voted through, if any (empty when none).
    #[serde(default)]
    pub proxy: String,
    /// Producers voted for.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub producers: Vec<String>,
    /// Staked amount in the smallest units.
    #[serde(default, deserialize_with = "opt_i64_any")]
    pub staked: Option<i64>,
    /// Whether the account is a proxy (0/1 or a boolean).
    #[serde(default, deserialize_with = "opt_i64_any")]
    pub is_proxy: Option<i64>,
}

/// `get_account`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Account {
    /// The account.
    pub account_name: String,
    /// Whether it is privileged.
    #[serde(default)]
    pub privileged: bool,
    /// Creation time.
    #[serde(default)]
    pub created: String,
    /// Liquid system-token balance, when the node knows the core symbol.
    #[serde(default)]
    pub core_liquid_balance: Option<String>,
    /// RAM quota in bytes (`-1` unlimited).
    #[serde(deserialize_with = "i64_any")]
    pub ram_quota: i64,
    /// RAM used in bytes.
    #[serde(deserialize_with = "i64_any")]
    pub ram_usage: i64,
    /// NET weight in the smallest units (`-1` unlimited).
    #[serde(deserialize_with = "i64_any")]
    pub net_weight: i64,
    /// CPU weight in the smallest units (`-1` unlimited).
    #[serde(deserialize_with = "i64_any")]
    pub cpu_weight: i64,
    /// NET use.
    pub net_limit: ResourceLimit,
    /// CPU use.
    pub cpu_limit: ResourceLimit,
    /// Permissions.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub permissions: Vec<Permission>,
    /// Stake from every source.
    #[serde(default)]
    pub total_resources: Option<TotalResources>,
    /// Stake the account delegated to itself.
    #[serde(default)]
    pub self_delegated_bandwidth: Option<DelegatedBandwidthJson>,
    /// Unstaking in progress.
    #[serde(default)]
    pub refund_request: Option<RefundRequestJson>,
    /// Votes.
    #[serde(default)]
    pub voter_info: Option<VoterInfo>,
    /// The head block's time when the node answered (the chain's clock; empty from a node
    /// that leaves it out).
    #[serde(default)]
    pub head_block_time: String,
}

/// The one row of `eosio`'s `rexpool` table: the REX pool's totals (assets as text).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct RexPoolRow {
    /// System tokens lent through REX, e.g. `"12.0000 TLOS"`.
    pub total_lendable: String,
    /// REX in existence, e.g. `"120000.0000 REX"`.
    pub total_rex: String,
}

/// One side of a Bancor connector: its balance as asset text.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Connector {
    /// E.g. `"68719476736 RAM"` or `"1000000.0000 TLOS"`.
    pub balance: String,
}

/// The one row of `eosio`'s `rammarket` table: RAM (`base`) against the system token (`quote`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct RamMarketRow {
    /// The RAM side.
    pub base: Connector,
    /// The system-token side.
    pub quote: Connector,
}

/// An account's row of `eosio`'s `rexbal` table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct RexBalRow {
    /// REX held.
    pub rex_balance: String,
    /// REX already matured (units), besides the buckets whose time came.
    #[serde(default, deserialize_with = "opt_i64_any")]
    pub matured_rex: Option<i64>,
    /// REX maturing at a time, one bucket a day.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub rex_maturities: Vec<RexMaturityJson>,
}

/// One bucket of `rex_maturities`: `{key, value}` from current nodes, `{first, second}`
/// from older ones.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct RexMaturityJson {
    /// When it matures (chain time).
    #[serde(alias = "first")]
    pub key: String,
    /// REX units (an int64, as a string or a number).
    #[serde(alias = "second", deserialize_with = "i64_any")]
    pub value: i64,
}

/// A row of `eosio`'s `delband` table (scope: the account that staked): CPU and NET staked
/// by `from` for `to`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DelegatedBandwidthRow {
    /// Who staked.
    pub from: String,
    /// Who receives the resources.
    pub to: String,
    /// NET stake.
    pub net_weight: String,
    /// CPU stake.
    pub cpu_weight: String,
}

/// An account's row of `eosio`'s `rexfund` table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct RexFundRow {
    /// System tokens in the REX fund.
    pub balance: String,
}

/// A row of `eosio.evm`'s `account` table: the EVM address a native account holds on the
/// Telos EVM, and the TLOS the contract holds for it (nonce and code are not read).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct EvmAccountRow {
    /// The 20-byte address, 40 hex digits without `0x`.
    pub address: String,
    /// The native account it belongs to (empty for a row `openwallet` opened).
    pub account: String,
    /// The balance in wei: a checksum256 as 64 hex digits, big-endian.
    #[serde(default)]
    pub balance: String,
}

/// `get_table_rows` of `T` rows.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TableRows<T> {
    /// The rows.
    pub rows: Vec<T>,
    /// Whether more rows follow.
    #[serde(default)]
    pub more: bool,
    /// Where the next page starts (text or number on different nodes).
    #[serde(default)]
    pub next_key: serde_json::Value,
}

/// One row of `get_table_by_scope`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ScopeRow {
    /// The contract.
    pub code: String,
    /// The scope.
    pub scope: String,
    /// The table.
    pub table: String,
    /// Who pays for it.
    pub payer: String,
    /// Rows in the scope.
    #[serde(deserialize_with = "u32_any")]
    pub count: u32,
}

/// `get_table_by_scope`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Scopes {
    /// The scopes.
    pub rows: Vec<ScopeRow>,
    /// The next lower bound, empty when done.
    #[serde(default)]
    pub more: String,
}

/// `get_block`, the header fields; the transactions stay JSON.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Block {
    /// The block id.
    pub id: String,
    /// Its number.
    #[serde(deserialize_with = "u32_any")]
    pub block_num: u32,
    /// The TAPOS prefix of the block.
    #[serde(deserialize_with = "u32_any")]
    pub ref_block_prefix: u32,
    /// Block time (UTC, no zone).
    pub timestamp: String,
    /// Producer.
    pub producer: String,
    /// The transactions as the node wrote them.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub transactions: Vec<serde_json::Value>,
}

/// One row of `get_producers`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Producer {
    /// The producer account.
    pub owner: String,
    /// Vote weight (a decimal number as text).
    pub total_votes: String,
    /// Its website.
    #[serde(default)]
    pub url: String,
    /// Active flag (0/1 or boolean).
    #[serde(default, deserialize_with = "opt_i64_any")]
    pub is_active: Option<i64>,
}

/// `get_producers`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Producers {
    /// The rows.
    pub rows: Vec<Producer>,
    /// Total vote weight (decimal text).
    #[serde(default)]
    pub total_producer_vote_weight: String,
    /// The next lower bound, empty when done.
    #[serde(default)]
    pub more: String,
}

/// One producer of a schedule.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ScheduledProducer {
    /// The producer account.
    pub producer_name: String,
}

/// A producer schedule.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Schedule {
    /// Its version.
    #[serde(deserialize_with = "u32_any")]
    pub version: u32,
    /// The producers in order.
    pub producers: Vec<ScheduledProducer>,
}

/// `get_producer_schedule`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ProducerSchedule {
    /// The active schedule.
    pub active: Schedule,
    /// A pending one, if any.
    #[serde(default)]
    pub pending: Option<Schedule>,
    /// A proposed one, if any.
    #[serde(default)]
    pub proposed: Option<Schedule>,
}

/// The answer of `push_transaction` / `send_transaction`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct PushResult {
    /// The transaction id.
    pub transaction_id: String,
    /// The node's trace of the execution.
    #[serde(default)]
    pub processed: serde_json::Value,
}

/// A packed, signed transaction as the chain and the sponsor take it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct PackedTransaction {
    /// `SIG_K1_…` signatures.
    pub signatures: Vec<String>,
    /// 0: none (the only one supported here).
    #[serde(deserialize_with = "u32_any")]
    pub compression: u32,
    /// Hex; empty when there is no context-free data.
    #[serde(default)]
    pub packed_context_free_data: String,
    /// The packed transaction in hex.
    pub packed_trx: String,
}

/// One entry of `get_abi`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AbiAnswer {
    /// The contract.
    pub account_name: String,
    /// Its ABI, absent for an account without a contract.
    #[serde(default)]
    pub abi: Option<crate::abi::Abi>,
}
