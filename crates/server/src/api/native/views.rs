//! JSON shapes shared by the native routes. Amounts are exact decimal text, never floats.

use serde::Serialize;
use tandem_antelope::chain::types::ResourceLimit;
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
