//! JSON shapes shared by the native routes. Amounts are exact decimal text, never floats.

use serde::{Deserialize, Serialize};
use tandem_antelope::chain::types::{PackedTransaction, Permission, ResourceLimit};
use tandem_domain::antelope::Asset;

/// An exact token amount: `{quantity: "1.0000 TLOS", amount: "1.0000", symbol, decimals}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssetView {
    /// The chain's text form.
    pub quantity: String,
    /// The number alone.
    pub amount: String,
    /// Symbol code.
    pub symbol: String,
    /// Decimals.
    pub decimals: u8,
}

impl From<&Asset> for AssetView {
    fn from(asset: &Asset) -> Self {
        let quantity = asset.to_string();
        let amount = quantity
            .split_once(' ')
            .map_or_else(|| quantity.clone(), |(number, _)| number.to_owned());
        Self {
            amount,
            symbol: asset.symbol.code.to_string(),
            decimals: asset.symbol.precision,
            quantity,
        }
    }
}

/// CPU or NET use; `unlimited` when the chain reports -1.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitView {
    /// Used (µs or bytes); `None` when unlimited.
    pub used: Option<i64>,
    /// Available now; `None` when unlimited.
    pub available: Option<i64>,
    /// The maximum; `None` when unlimited.
    pub max: Option<i64>,
    /// Whether the account has no limit.
    pub unlimited: bool,
}

impl From<&ResourceLimit> for LimitView {
    fn from(limit: &ResourceLimit) -> Self {
        let unlimited = limit.is_unlimited();
        let known = |value: i64| (!unlimited && value >= 0).then_some(value);
        Self {
            used: known(limit.used),
            available: known(limit.available),
            max: known(limit.max),
            unlimited,
        }
    }
}

/// RAM quota and use in bytes; `unlimited` when the quota is -1.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RamView {
    /// Bytes owned; `None` when unlimited.
    pub quota: Option<i64>,
    /// Bytes used.
    pub usage: i64,
    /// Bytes free; `None` when unlimited.
    pub available: Option<i64>,
    /// Whether the account has no limit.
    pub unlimited: bool,
}

impl RamView {
    /// From `ram_quota` and `ram_usage`.
    #[must_use]
    pub fn new(quota: i64, usage: i64) -> Self {
        let unlimited = quota < 0;
        Self {
            quota: (!unlimited).then_some(quota),
            usage,
            available: (!unlimited).then(|| (quota - usage).max(0)),
            unlimited,
        }
    }
}

/// `{actor, permission}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PermissionLevelView {
    pub actor: String,
    pub permission: String,
}

/// A key of an authority and its weight.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct KeyWeightView {
    pub key: String,
    pub weight: u32,
}

/// A delegated permission of an authority and its weight.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AccountWeightView {
    pub permission: PermissionLevelView,
    pub weight: u32,
}

/// A delay of an authority and its weight.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct WaitWeightView {
    pub wait_sec: u32,
    pub weight: u32,
}

/// Who satisfies a permission (the chain's fields).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AuthorityView {
    pub threshold: u32,
    pub keys: Vec<KeyWeightView>,
    pub accounts: Vec<AccountWeightView>,
    pub waits: Vec<WaitWeightView>,
}

/// A contract action a permission is linked to; `action` null for the whole contract.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LinkedActionView {
    pub account: String,
    pub action: Option<String>,
}

/// One permission of an account (the chain's fields).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PermissionView {
    pub perm_name: String,
    /// Empty for `owner`.
    pub parent: String,
    pub required_auth: AuthorityView,
    pub linked_actions: Vec<LinkedActionView>,
}

impl From<&Permission> for PermissionView {
    fn from(permission: &Permission) -> Self {
        let auth = &permission.required_auth;
        Self {
            perm_name: permission.perm_name.clone(),
            parent: permission.parent.clone(),
            required_auth: AuthorityView {
                threshold: auth.threshold,
                keys: auth
                    .keys
                    .iter()
                    .map(|k| KeyWeightView {
                        key: k.key.clone(),
                        weight: k.weight,
                    })
                    .collect(),
                accounts: auth
                    .accounts
                    .iter()
                    .map(|a| AccountWeightView {
                        permission: PermissionLevelView {
                            actor: a.permission.actor.clone(),
                            permission: a.permission.permission.clone(),
                        },
                        weight: a.weight,
                    })
                    .collect(),
                waits: auth
                    .waits
                    .iter()
                    .map(|w| WaitWeightView {
                        wait_sec: w.wait_sec,
                        weight: w.weight,
                    })
                    .collect(),
            },
            linked_actions: permission
                .linked_actions
                .iter()
                .map(|l| LinkedActionView {
                    account: l.account.clone(),
                    action: l.action.clone(),
                })
                .collect(),
        }
    }
}

/// A transaction as the chain's push API takes it: hex `packed_trx`, K1 signatures, no
/// compression.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PackedTransactionBody {
    /// `SIG_K1_…` signatures (none for a transaction still to be signed).
    #[serde(default)]
    pub signatures: Vec<String>,
    /// 0: none (the only one supported).
    #[serde(default)]
    pub compression: u32,
    /// Hex; empty when there is no context-free data.
    #[serde(default)]
    pub packed_context_free_data: String,
    /// The packed transaction, hex.
    pub packed_trx: String,
}

impl From<PackedTransactionBody> for PackedTransaction {
    fn from(body: PackedTransactionBody) -> Self {
        Self {
            signatures: body.signatures,
            compression: body.compression,
            packed_context_free_data: body.packed_context_free_data,
            packed_trx: body.packed_trx,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_keep_exact_amounts_and_spell_out_unlimited() {
        let asset: Asset = "12.34567890 TDM".parse().expect("asset");
        let view = AssetView::from(&asset);
        assert_eq!((view.amount.as_str(), view.decimals), ("12.34567890", 8));
        let unlimited = LimitView::from(&ResourceLimit {
            used: -1,
            available: -1,
            max: -1,
        });
        assert!(unlimited.unlimited && unlimited.max.is_none());
        let ram = RamView::new(-1, 5000);
        assert!(ram.unlimited && ram.available.is_none());
        assert_eq!(RamView::new(8192, 3000).available, Some(5192));
    }
}
