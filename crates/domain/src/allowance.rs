//! Token approvals (spec §3, §4): the ERC-20, ERC-721 and ERC-1155 rows, their sorting,
//! filtering and risk facts.
//!
//! - Revoked means an ERC-20 allowance of zero, or an NFT approval no longer allowed;
//!   revoked rows are hidden by default.
//! - Value at risk: for ERC-20, the fiat value of the smaller of allowance and balance
//!   (what the spender could take now); NFT rows have none and sort below any value.
//! - Amount: the ERC-20 allowance; 1 for a single ERC-721 token; the held balance for
//!   collection-wide approvals.
//! - Sorting is stable; text keys compare case-insensitively.

use std::cmp::Ordering;

use alloy_primitives::{Address, U256};

use crate::amount::{Amount, MAX_ALLOWANCE};
use crate::price::MarketPrice;
use crate::validate::AllowanceBatchId;

/// Fields every row has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowanceCommon {
    /// Last change, ms since the epoch.
    pub last_updated_ms: u64,
    /// The approved spender.
    pub spender_address: Address,
    /// The spender's contract name, if known.
    pub spender_name: Option<String>,
}

/// An ERC-20 approval.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erc20Allowance {
    /// Common fields.
    pub common: AllowanceCommon,
    /// Token name.
    pub token_name: String,
    /// Token contract.
    pub token_address: Address,
    /// Approved amount, smallest units (2^256 - 1 is unlimited).
    pub allowance: U256,
    /// The owner's balance, smallest units.
    pub balance: U256,
    /// Token decimals.
    pub token_decimals: u8,
    /// Total supply, smallest units.
    pub token_max_supply: U256,
    /// Symbol.
    pub token_symbol: String,
    /// Price, if known.
    pub token_price: Option<MarketPrice>,
    /// Logo URL.
    pub token_logo: Option<String>,
}

/// What an ERC-721 approval covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Erc721Scope {
    /// One token.
    Single {
        /// Token id.
        token_id: U256,
        /// Token name.
        token_name: Option<String>,
    },
    /// Every token of the collection the owner holds.
    Collection {
        /// Tokens held.
        balance: U256,
    },
}

/// An ERC-721 approval.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erc721Allowance {
    /// Common fields.
    pub common: AllowanceCommon,
    /// Still approved.
    pub allowed: bool,
    /// Collection contract.
    pub collection_address: Address,
    /// Collection name.
    pub collection_name: Option<String>,
    /// Single token or whole collection.
    pub scope: Erc721Scope,
}

/// An ERC-1155 approval (always collection-wide).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erc1155Allowance {
    /// Common fields.
    pub common: AllowanceCommon,
    /// Still approved.
    pub allowed: bool,
    /// Collection contract.
    pub collection_address: Address,
    /// Collection name.
    pub collection_name: Option<String>,
    /// Tokens held.
    pub balance: U256,
}

/// One row of the approvals table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllowanceRow {
    /// ERC-20.
    Erc20(Erc20Allowance),
    /// ERC-721.
    Erc721(Erc721Allowance),
    /// ERC-1155.
    Erc1155(Erc1155Allowance),
}

/// A fact that makes an approval risky.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RiskFact {
    /// The ERC-20 allowance is the max constant (shown as unlimited).
    Unlimited,
    /// The approval covers a whole NFT collection.
    CollectionWide,
    /// The spender is an account, not a contract.
    SpenderNotContract,
    /// The ERC-20 allowance is above the current balance.
    AboveBalance,
}

/// Sort keys of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AllowanceSortKey {
    /// Fiat value at risk.
    ValueAtRisk,
    /// Approved amount.
    Amount,
    /// Last update.
    Date,
    /// Token or collection name.
    Token,
    /// Spender name or address.
    Spender,
    /// ERC-20, then ERC-721, then ERC-1155.
    Type,
}

/// Sort direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortDirection {
    /// Smallest first.
    Ascending,
    /// Largest first.
    Descending,
}

/// Which rows to show.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AllowanceFilter {
    /// Show revoked rows too (off by default).
    pub include_revoked: bool,
    /// Case-insensitive text matched against spender, token, collection and token id.
    pub search: String,
}

impl AllowanceRow {
    /// The common fields.
    #[must_use]
    pub fn common(&self) -> &AllowanceCommon {
        match self {
            Self::Erc20(r) => &r.common,
            Self::Erc721(r) => &r.common,
            Self::Erc1155(r) => &r.common,
        }
    }

    /// True when nothing is approved any more.
    #[must_use]
    pub fn is_revoked(&self) -> bool {
        match self {
            Self::Erc20(r) => r.allowance.is_zero(),
            Self::Erc721(r) => !r.allowed,
            Self::Erc1155(r) => !r.allowed,
        }
    }

    /// The fiat value the spender could take now (ERC-20 with a price only).
    #[must_use]
    pub fn value_at_risk(&self) -> Option<Amount> {
        let Self::Erc20(r) = self else { return None };
        let exposed = Amount::new(r.allowance.min(r.balance), r.token_decimals).ok()?;
        r.token_price.as_ref()?.to_fiat(&exposed).ok()
    }

    /// The approved amount (see the module docs).
    #[must_use]
    pub fn amount(&self) -> Amount {
        let whole = |raw: U256| Amount::new(raw, 0).unwrap_or(Amount::zero(0));
        match self {
            Self::Erc20(r) => Amount::new(r.allowance, r.token_decimals).unwrap_or(Amount::zero(0)),
            Self::Erc721(Erc721Allowance {
                scope: Erc721Scope::Single { .. },
                ..
            }) => whole(U256::from(1u8)),
            Self::Erc721(Erc721Allowance {
                scope: Erc721Scope::Collection { balance },
                ..
            }) => whole(*balance),
            Self::Erc1155(r) => whole(r.balance),
        }
    }

    /// Token or collection name (the address when unnamed).
    #[must_use]
    pub fn token_label(&self) -> String {
        let named = |name: &Option<String>, address: &Address| {
            name.clone().unwrap_or_else(|| address.to_checksum(None))
        };
        match self {
            Self::Erc20(r) => r.token_name.clone(),
            Self::Erc721(r) => named(&r.collection_name, &r.collection_address),
            Self::Erc1155(r) => named(&r.collection_name, &r.collection_address),
        }
    }

    fn spender_label(&self) -> String {
        let common = self.common();
        common
            .spender_name
            .clone()
            .unwrap_or_else(|| common.spender_address.to_checksum(None))
    }

    fn type_rank(&self) -> u8 {
        match self {
            Self::Erc20(_) => 0,
            Self::Erc721(_) => 1,
            Self::Erc1155(_) => 2,
        }
    }

    /// The risk facts of a live approval (none once revoked).
    #[must_use]
    pub fn risk_facts(&self, spender_is_contract: bool) -> Vec<RiskFact> {
        if self.is_revoked() {
            return Vec::new();
        }
        let mut facts = Vec::new();
        match self {
            Self::Erc20(r) => {
                if r.allowance == MAX_ALLOWANCE {
                    facts.push(RiskFact::Unlimited);
                }
                if r.allowance > r.balance {
                    facts.push(RiskFact::AboveBalance);
                }
            }
            Self::Erc721(Erc721Allowance {
                scope: Erc721Scope::Collection { .. },
                ..
            })
            | Self::Erc1155(_) => {
                facts.push(RiskFact::CollectionWide);
            }
            Self::Erc721(_) => {}
        }
        if !spender_is_contract {
            facts.push(RiskFact::SpenderNotContract);
        }
        facts
    }

    /// The revoke-batch id of this row, `spender-token[-tokenId]`.
    #[must_use]
    pub fn batch_id(&self) -> AllowanceBatchId {
        let (token, token_id) = match self {
            Self::Erc20(r) => (r.token_address, None),
            Self::Erc721(r) => match r.scope {
                Erc721Scope::Single { token_id, .. } => (r.collection_address, Some(token_id)),
                Erc721Scope::Collection { .. } => (r.collection_address, None),
            },
            Self::Erc1155(r) => (r.collection_address, None),
        };
        AllowanceBatchId {
            spender: self.common().spender_address,
            token,
            token_id,
        }
    }

    fn matches(&self, needle: &str) -> bool {
        let common = self.common();
        let mut haystack = vec![
            common.spender_address.to_checksum(None),
            common.spender_name.clone().unwrap_or_default(),
            self.token_label(),
        ];
        match self {
            Self::Erc20(r) => {
                haystack.extend([r.token_symbol.clone(), r.token_address.to_checksum(None)])
            }
            Self::Erc721(r) => {
                haystack.push(r.collection_address.to_checksum(None));
                if let Erc721Scope::Single {
                    token_id,
                    token_name,
                } = &r.scope
                {
                    haystack.extend([token_id.to_string(), token_name.clone().unwrap_or_default()]);
                }
            }
            Self::Erc1155(r) => haystack.push(r.collection_address.to_checksum(None)),
        }
        haystack.iter().any(|h| h.to_lowercase().contains(needle))
    }
}

/// Sorts rows in place by `key` and `direction` (stable). Each row's key is worked out
/// once (a value at risk is a fiat conversion, a label a checksum and a lowercasing), not
/// once per comparison: an owner can have a thousand approvals.
pub fn sort_allowances(rows: &mut [AllowanceRow], key: AllowanceSortKey, direction: SortDirection) {
    let keys: Vec<RowSortKey> = rows.iter().map(|row| RowSortKey::of(row, key)).collect();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        let ordering = keys[a].compare(&keys[b]);
        match direction {
            SortDirection::Ascending => ordering,
            SortDirection::Descending => ordering.reverse(),
        }
    });
    permute(rows, &order);
}

/// One row's value of the sort key.
enum RowSortKey {
    /// None (no price) orders below any value.
    Value(Option<Amount>),
    Amount(Amount),
    Date(u64),
    Text(String),
    Rank(u8),
}

impl RowSortKey {
    fn of(row: &AllowanceRow, key: AllowanceSortKey) -> Self {
        match key {
            AllowanceSortKey::ValueAtRisk => Self::Value(row.value_at_risk()),
            AllowanceSortKey::Amount => Self::Amount(row.amount()),
            AllowanceSortKey::Date => Self::Date(row.common().last_updated_ms),
            AllowanceSortKey::Token => Self::Text(row.token_label().to_lowercase()),
            AllowanceSortKey::Spender => Self::Text(row.spender_label().to_lowercase()),
            AllowanceSortKey::Type => Self::Rank(row.type_rank()),
        }
    }

    fn compare(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Self::Value(Some(x)), Self::Value(Some(y))) | (Self::Amount(x), Self::Amount(y)) => {
                x.cmp_value(y)
            }
            (Self::Value(x), Self::Value(y)) => x.is_some().cmp(&y.is_some()),
            (Self::Date(x), Self::Date(y)) => x.cmp(y),
            (Self::Text(x), Self::Text(y)) => x.cmp(y),
            (Self::Rank(x), Self::Rank(y)) => x.cmp(y),
            // All keys of one sort are of one kind.
            _ => Ordering::Equal,
        }
    }
}

/// Reorders `rows` so that position `i` holds what was at `order[i]`, by swaps along the
/// permutation's cycles (no row is cloned).
fn permute<T>(rows: &mut [T], order: &[usize]) {
    let mut placed = vec![false; order.len()];
    for start in 0..order.len() {
        let mut at = start;
        while !placed[at] {
            placed[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            rows.swap(at, from);
            at = from;
        }
    }
}

/// The rows the filter lets through, in their order.
#[must_use]
pub fn filter_allowances<'a>(
    rows: &'a [AllowanceRow],
    filter: &AllowanceFilter,
) -> Vec<&'a AllowanceRow> {
    let needle = filter.search.trim().to_lowercase();
    rows.iter()
        .filter(|row| filter.include_revoked || !row.is_revoked())
        .filter(|row| needle.is_empty() || row.matches(&needle))
        .collect()
}

#[cfg(test)]
#[path = "allowance_tests.rs"]
mod tests;
