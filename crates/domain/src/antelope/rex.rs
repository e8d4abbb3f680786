//! The REX balance and the total staked resources of a native account (spec §3, §7).
//!
//! REX value = `rex_balance × total_lendable / total_rex` (i128 intermediate, truncated
//! toward zero) `+ rexfund.balance`. A missing `rexbal` row, or a pool with no REX,
//! contributes 0; a missing `rexfund` row contributes 0.

use super::asset::{Asset, Symbol};
use crate::DomainError;

/// The REX pool's totals (table `eosio` / `rexpool`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RexPool {
    /// System tokens lendable by the pool.
    pub total_lendable: Asset,
    /// REX in circulation.
    pub total_rex: Asset,
}

/// The account's self-delegated CPU and NET (`self_delegated_bandwidth`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DelegatedBandwidth {
    /// CPU stake.
    pub cpu_weight: Asset,
    /// NET stake.
    pub net_weight: Asset,
}

/// Stake being returned to the account (`refund_request`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundRequest {
    /// CPU being refunded.
    pub cpu_amount: Asset,
    /// NET being refunded.
    pub net_amount: Asset,
}

fn same_symbol(asset: &Asset, symbol: Symbol) -> Result<i128, DomainError> {
    if asset.symbol != symbol {
        return Err(DomainError::AssetSymbolMismatch);
    }
    Ok(i128::from(asset.amount))
}

/// The account's REX holdings in the system token.
///
/// # Errors
/// [`DomainError::AssetSymbolMismatch`] when the rows disagree on symbols,
/// [`DomainError::AssetAmountOutOfRange`] when the sum overflows an asset.
pub fn rex_value(
    system: Symbol,
    rex_balance: Option<&Asset>,
    pool: Option<&RexPool>,
    fund: Option<&Asset>,
) -> Result<Asset, DomainError> {
    let lent = match (rex_balance, pool) {
        (Some(balance), Some(pool)) if pool.total_rex.amount > 0 => {
            same_symbol(&pool.total_lendable, system)?;
            i128::from(rex_proceeds(balance, pool)?.amount)
        }
        _ => 0,
    };
    let funded = fund
        .map(|f| same_symbol(f, system))
        .transpose()?
        .unwrap_or(0);
    Asset::from_i128(lent + funded, system)
}

/// Self-delegated CPU and NET plus pending refunds, in the system token.
///
/// # Errors
/// [`DomainError::AssetSymbolMismatch`] or [`DomainError::AssetAmountOutOfRange`].
pub fn total_resources(
    system: Symbol,
    delegated: Option<&DelegatedBandwidth>,
    refund: Option<&RefundRequest>,
) -> Result<Asset, DomainError> {
    let mut total = 0i128;
    if let Some(d) = delegated {
        total += same_symbol(&d.cpu_weight, system)? + same_symbol(&d.net_weight, system)?;
    }
    if let Some(r) = refund {
        total += same_symbol(&r.cpu_amount, system)? + same_symbol(&r.net_amount, system)?;
    }
    Asset::from_i128(total, system)
}

/// REX that matures at a time (one bucket of `rexbal.rex_maturities`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RexMaturity {
    /// When it matures, seconds since the Unix epoch (the chain's clock).
    pub until: i64,
    /// REX units that mature then.
    pub rex: i64,
}

/// The REX an account may sell at `now` (the chain's clock, Unix seconds): the row's
/// `matured_rex` plus every bucket whose time has come, as `sellrex` counts it.
#[must_use]
pub fn matured_rex(matured: i64, maturities: &[RexMaturity], now: i64) -> i64 {
    maturities
        .iter()
        .filter(|bucket| bucket.until <= now)
        .fold(matured, |sum, bucket| sum.saturating_add(bucket.rex))
}

/// What `sellrex` of `rex` pays into the REX fund now: `rex × total_lendable ÷ total_rex`,
/// truncated, as the contract computes it (0 from a pool without REX).
///
/// # Errors
/// [`DomainError::AssetSymbolMismatch`] when `rex` is not the pool's REX,
/// [`DomainError::AssetAmountOutOfRange`] when the result does not fit an asset.
pub fn rex_proceeds(rex: &Asset, pool: &RexPool) -> Result<Asset, DomainError> {
    let units = same_symbol(rex, pool.total_rex.symbol)?;
    let total = i128::from(pool.total_rex.amount);
    let lendable = i128::from(pool.total_lendable.amount);
    let proceeds = if total > 0 {
        units * lendable / total
    } else {
        0
    };
    Asset::from_i128(proceeds, pool.total_lendable.symbol)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rex_matures_by_bucket_on_the_chain_clock() {
        let buckets = [
            RexMaturity { until: 100, rex: 5 },
            RexMaturity { until: 200, rex: 7 },
        ];
        assert_eq!(matured_rex(3, &buckets, 99), 3);
        assert_eq!(matured_rex(3, &buckets, 100), 8);
        assert_eq!(matured_rex(0, &buckets, 1_000), 12);
        assert_eq!(matured_rex(0, &[], 1_000), 0);
    }

    #[test]
    fn rex_sells_at_the_pool_ratio() {
        let pool = RexPool {
            total_lendable: asset("3000000.0000 TLOS"),
            total_rex: asset("20000000000.0000 REX"),
        };
        assert_eq!(
            rex_proceeds(&asset("10000.0000 REX"), &pool)
                .expect("sale")
                .to_string(),
            "1.5000 TLOS"
        );
        let empty = RexPool {
            total_lendable: asset("0.0000 TLOS"),
            total_rex: asset("0.0000 REX"),
        };
        assert_eq!(
            rex_proceeds(&asset("1.0000 REX"), &empty)
                .expect("none")
                .amount,
            0
        );
        assert!(rex_proceeds(&asset("1.0000 TLOS"), &pool).is_err());
    }

    fn asset(text: &str) -> Asset {
        text.parse().unwrap()
    }

    fn tlos() -> Symbol {
        "4,TLOS".parse().unwrap()
    }

    type RexCase<'a> = (Option<Asset>, Option<RexPool>, Option<Asset>, &'a str);

    #[test]
    fn rex_value_table() {
        let pool = RexPool {
            total_lendable: asset("3000000.0000 TLOS"),
            total_rex: asset("20000000000.0000 REX"),
        };
        let empty_pool = RexPool {
            total_rex: asset("0.0000 REX"),
            ..pool
        };
        let cases: &[RexCase] = &[
            (
                Some(asset("10000.0000 REX")),
                Some(pool),
                None,
                "1.5000 TLOS",
            ),
            (
                Some(asset("10000.0000 REX")),
                Some(pool),
                Some(asset("2.0000 TLOS")),
                "3.5000 TLOS",
            ),
            (Some(asset("0.0001 REX")), Some(pool), None, "0.0000 TLOS"),
            (None, Some(pool), Some(asset("2.0000 TLOS")), "2.0000 TLOS"),
            (None, None, None, "0.0000 TLOS"),
            (
                Some(asset("1.0000 REX")),
                Some(empty_pool),
                None,
                "0.0000 TLOS",
            ),
            (
                Some(asset("461168601842738.7903 REX")),
                Some(RexPool {
                    total_lendable: asset("461168601842738.7903 TLOS"),
                    total_rex: asset("461168601842738.7903 REX"),
                }),
                None,
                "461168601842738.7903 TLOS",
            ),
        ];
        for (balance, pool, fund, expected) in cases {
            let value = rex_value(tlos(), balance.as_ref(), pool.as_ref(), fund.as_ref()).unwrap();
            assert_eq!(value.to_string(), *expected);
        }
    }

    #[test]
    fn rex_rejects_mixed_symbols() {
        let pool = RexPool {
            total_lendable: asset("3.0000 EOS"),
            total_rex: asset("2.0000 REX"),
        };
        let result = rex_value(tlos(), Some(&asset("1.0000 REX")), Some(&pool), None);
        assert_eq!(result, Err(DomainError::AssetSymbolMismatch));
        assert_eq!(
            rex_value(tlos(), None, None, Some(&asset("1.0000 EOS"))),
            Err(DomainError::AssetSymbolMismatch)
        );
    }

    #[test]
    fn total_resources_table() {
        let delegated = DelegatedBandwidth {
            cpu_weight: asset("10.0000 TLOS"),
            net_weight: asset("1.5000 TLOS"),
        };
        let refund = RefundRequest {
            cpu_amount: asset("0.2500 TLOS"),
            net_amount: asset("0.0000 TLOS"),
        };
        let cases = [
            (Some(delegated), Some(refund), "11.7500 TLOS"),
            (Some(delegated), None, "11.5000 TLOS"),
            (None, Some(refund), "0.2500 TLOS"),
            (None, None, "0.0000 TLOS"),
        ];
        for (d, r, expected) in cases {
            assert_eq!(
                total_resources(tlos(), d.as_ref(), r.as_ref())
                    .unwrap()
                    .to_string(),
                expected
            );
        }
        let foreign = DelegatedBandwidth {
            cpu_weight: asset("1.0000 EOS"),
            ..delegated
        };
        assert_eq!(
            total_resources(tlos(), Some(&foreign), None),
            Err(DomainError::AssetSymbolMismatch)
        );
    }
}
