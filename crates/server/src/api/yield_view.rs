//! The answer of both yield routes (`GET …/evm/{network}/staking/yield`,
//! `GET …/native/{network}/rex/yield`; ADR 0039): the share price now, each window measured
//! or the reason it is not, and the product API's APY only when it agrees.

use alloy_primitives::U256;
use serde::Serialize;
use tandem_domain::amount::Amount;

use crate::staking_yield::{PricePoint, PublishedStatus, YieldReport, YieldUnavailable};

/// The tokens of a price: the system token per share, with their decimals.
#[derive(Debug, Clone, Copy)]
pub struct PriceUnits<'a> {
    /// The system token's symbol (TLOS).
    pub asset_symbol: &'a str,
    /// Its decimals.
    pub asset_decimals: u8,
    /// The share's symbol (STLOS, REX).
    pub share_symbol: &'a str,
    /// Its decimals.
    pub share_decimals: u8,
}

/// A share price at one block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YieldPointView {
    /// The block whose state was read (for a past REX pool: the block of the row's last
    /// change at or before `time`).
    pub block: u64,
    /// The time the price stands for, seconds since the epoch.
    pub time: u64,
    /// System tokens (exact decimal text)…
    pub assets: String,
    /// …for this many shares (exact decimal text): STLOS one share, REX the pool's total.
    pub shares: String,
}

/// One window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YieldWindowView {
    /// Length in days (7 or 30).
    pub days: u64,
    /// The window's start (head block time minus `days`), seconds since the epoch.
    pub start: u64,
    /// The price at the window's start; null when `unavailable`.
    pub from: Option<YieldPointView>,
    /// The window's return in percent, 4 decimals, rounded half away from zero.
    pub return_percent: Option<String>,
    /// The return annualised (simple: × 365 days ÷ the window) in percent, 2 decimals.
    pub annual_percent: Option<String>,
    /// Why there is no figure; null when measured.
    pub unavailable: Option<YieldUnavailable>,
}

/// `GET …/staking/yield`, `GET …/rex/yield`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StakingYieldView {
    /// The system token's symbol.
    pub system_token: String,
    /// The share's symbol.
    pub share_token: String,
    /// The price at the head block (every window ends here).
    pub now: YieldPointView,
    /// The 7- and 30-day windows.
    pub windows: Vec<YieldWindowView>,
    /// The product API's APY in percent, shown as the network's published figure only
    /// when it is within `toleranceHundredths` of the longest measured window's figure.
    pub published_apy: Option<String>,
    /// Whether it agrees, or why it is absent.
    pub published_status: PublishedStatus,
    /// The tolerance, in hundredths of a percentage point (100 = 1.00 point).
    pub tolerance_hundredths: u64,
}

fn amount(units: u128, decimals: u8) -> String {
    Amount::new(U256::from(units), decimals)
        .map_or_else(|_| units.to_string(), |amount| amount.to_plain_string())
}

fn point(point: &PricePoint, units: PriceUnits<'_>) -> YieldPointView {
    YieldPointView {
        block: point.block,
        time: point.time,
        assets: amount(point.price.assets, units.asset_decimals),
        shares: amount(point.price.shares, units.share_decimals),
    }
}

/// The view of `report` with prices in `units`.
#[must_use]
pub fn yield_view(report: &YieldReport, units: PriceUnits<'_>) -> StakingYieldView {
    let windows = report
        .windows
        .iter()
        .map(|window| match &window.outcome {
            Ok(measured) => {
                let from = PricePoint {
                    block: measured.from.block,
                    time: measured.from.time,
                    price: measured.from.price,
                };
                YieldWindowView {
                    days: window.days,
                    start: window.start,
                    from: Some(point(&from, units)),
                    return_percent: Some(measured.return_percent()),
                    annual_percent: Some(measured.annual_percent()),
                    unavailable: None,
                }
            }
            Err(why) => YieldWindowView {
                days: window.days,
                start: window.start,
                from: None,
                return_percent: None,
                annual_percent: None,
                unavailable: Some(*why),
            },
        })
        .collect();
    StakingYieldView {
        system_token: units.asset_symbol.to_owned(),
        share_token: units.share_symbol.to_owned(),
        now: point(&report.now, units),
        windows,
        published_apy: report.published.clone(),
        published_status: report.published_status,
        tolerance_hundredths: report.tolerance_hundredths,
    }
}
