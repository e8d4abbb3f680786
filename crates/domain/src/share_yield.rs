//! Staking yield measured from a share price at two times (issue 32, ADR 0039).
//!
//! A share price is exact: `assets` of the system token for `shares` shares (REX:
//! `total_lendable` for `total_rex`; STLOS: `previewRedeem(10^decimals)` for
//! `10^decimals`). Two observations give the window's return
//! `r = (assets₁·shares₀) / (shares₁·assets₀) − 1`, kept as an exact fraction, and its
//! *simple* annualisation `r · YEAR / elapsed`, where `elapsed` is the time between the
//! two blocks observed (not the nominal window) and `YEAR` is 365 days. Percent figures
//! are rounded half away from zero: the return to 4 decimals, the annualised figure to 2.
//! No floats anywhere.

use alloy_primitives::U512;

/// Seconds in the year the annualised figure is scaled to (365 days).
pub const YEAR_SECONDS: u64 = 365 * 86_400;

/// Decimals of the window's return in percent.
pub const RETURN_DECIMALS: u32 = 4;

/// Decimals of the annualised figure in percent.
pub const ANNUAL_DECIMALS: u32 = 2;

/// `assets` of the system token are worth `shares` shares, both in their smallest units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SharePrice {
    /// System-token units (REX: `total_lendable`; STLOS: `previewRedeem(one share)`).
    pub assets: u128,
    /// Share units (REX: `total_rex`; STLOS: one share, `10^decimals`).
    pub shares: u128,
}

/// A share price read at one block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Observation {
    /// The price.
    pub price: SharePrice,
    /// The block read.
    pub block: u64,
    /// That block's time, seconds since the epoch.
    pub time: u64,
}

/// A signed exact fraction `numerator / denominator` (denominator > 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fraction {
    /// True when the value is below zero.
    pub negative: bool,
    /// Magnitude of the numerator.
    pub numerator: U512,
    /// The denominator, never zero.
    pub denominator: U512,
}

impl Fraction {
    /// The value in percent as text with `decimals` decimals, rounded half away from zero
    /// (`"-0.12"`, `"10.78"`); zero is never signed.
    #[must_use]
    pub fn percent(&self, decimals: u32) -> String {
        let scale = U512::from(10u64).pow(U512::from(decimals));
        // numerator < 2^320 (see `measure`), times 100·10^decimals stays far below 2^512.
        let scaled = self.numerator.saturating_mul(U512::from(100u64) * scale);
        let (quotient, remainder) = scaled.div_rem(self.denominator);
        let rounded = if remainder.saturating_mul(U512::from(2u64)) >= self.denominator {
            quotient + U512::from(1u64)
        } else {
            quotient
        };
        let digits = rounded.to_string();
        let width = decimals as usize + 1;
        let padded = format!("{digits:0>width$}");
        let (whole, fraction) = padded.split_at(padded.len() - decimals as usize);
        let sign = if self.negative && !rounded.is_zero() {
            "-"
        } else {
            ""
        };
        if decimals == 0 {
            format!("{sign}{whole}")
        } else {
            format!("{sign}{whole}.{fraction}")
        }
    }

    /// Whether this value in percent is within `tolerance_hundredths` hundredths of a
    /// percentage point of `percent_text` (a plain non-negative decimal, e.g. `"10.78"`).
    /// `None` when the text is not such a number.
    #[must_use]
    pub fn percent_within(&self, percent_text: &str, tolerance_hundredths: u64) -> Option<bool> {
        let (whole, fraction) = percent_text.split_once('.').unwrap_or((percent_text, ""));
        if whole.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
            || whole.len() + fraction.len() > 60
        {
            return None;
        }
        let digits = U512::from_str_radix(&format!("{whole}{fraction}"), 10).ok()?;
        let scale = U512::from(10u64).pow(U512::from(fraction.len()));
        // Compare 100·n/d with digits/scale: both sides times d·scale.
        let ours = self.numerator.saturating_mul(U512::from(100u64) * scale);
        let theirs = digits.saturating_mul(self.denominator);
        let gap = if self.negative {
            ours.saturating_add(theirs)
        } else {
            ours.abs_diff(theirs)
        };
        // gap / (d·scale) ≤ tolerance / 100, multiplied out so nothing truncates.
        let exact_gap = gap.saturating_mul(U512::from(100u64));
        let exact_allowed = U512::from(tolerance_hundredths)
            .saturating_mul(scale)
            .saturating_mul(self.denominator);
        Some(exact_gap <= exact_allowed)
    }
}

/// What staking returned between two observations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeasuredYield {
    /// The earlier observation.
    pub from: Observation,
    /// The later observation.
    pub to: Observation,
    /// The window's return, exact.
    pub window_return: Fraction,
    /// The return scaled to a year (simple), exact.
    pub annualised: Fraction,
}

impl MeasuredYield {
    /// The window's return in percent, [`RETURN_DECIMALS`] decimals.
    #[must_use]
    pub fn return_percent(&self) -> String {
        self.window_return.percent(RETURN_DECIMALS)
    }

    /// The annualised figure in percent, [`ANNUAL_DECIMALS`] decimals.
    #[must_use]
    pub fn annual_percent(&self) -> String {
        self.annualised.percent(ANNUAL_DECIMALS)
    }
}

/// Why two observations give no yield.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unmeasurable {
    /// A price with no shares or no assets (an empty pool or vault).
    EmptyPrice,
    /// The later observation is not later than the earlier one.
    NoTimeElapsed,
}

/// The yield between `from` and `to`.
///
/// # Errors
/// [`Unmeasurable`] when a price is empty or no time passed between the blocks.
pub fn measure(from: Observation, to: Observation) -> Result<MeasuredYield, Unmeasurable> {
    let prices = [from.price, to.price];
    if prices.iter().any(|p| p.assets == 0 || p.shares == 0) {
        return Err(Unmeasurable::EmptyPrice);
    }
    if to.time <= from.time {
        return Err(Unmeasurable::NoTimeElapsed);
    }
    let wide = U512::from;
    // Each product < 2^256; the ratio's numerator and denominator stay below 2^256.
    let later = wide(to.price.assets) * wide(from.price.shares);
    let earlier = wide(to.price.shares) * wide(from.price.assets);
    let window_return = Fraction {
        negative: later < earlier,
        numerator: later.abs_diff(earlier),
        denominator: earlier,
    };
    let elapsed = to.time - from.time;
    // numerator < 2^256 · 2^25 (YEAR) < 2^320: room left for the percent scaling.
    let annualised = Fraction {
        negative: window_return.negative,
        numerator: window_return.numerator * wide(u128::from(YEAR_SECONDS)),
        denominator: earlier * wide(u128::from(elapsed)),
    };
    Ok(MeasuredYield {
        from,
        to,
        window_return,
        annualised,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: u64 = 86_400;

    fn at(assets: u128, shares: u128, block: u64, time: u64) -> Observation {
        Observation {
            price: SharePrice { assets, shares },
            block,
            time,
        }
    }

    #[test]
    fn one_percent_over_a_week_is_a_simple_yearly_figure() {
        // 1.00 → 1.01 per share over exactly 7 days: 1 % × 365 / 7 = 52.142857… %.
        let measured = measure(at(100, 100, 10, 0), at(101, 100, 20, 7 * DAY)).unwrap();
        assert_eq!(measured.return_percent(), "1.0000");
        assert_eq!(measured.annual_percent(), "52.14");
    }

    #[test]
    fn rex_pool_ratios_cross_multiply_exactly() {
        // total_lendable / total_rex: 3,000,000.0000 TLOS / 20,000,000,000.0000 REX, then
        // 3,000,300.0000 TLOS / 20,000,000,000.0000 REX thirty days later: +0.01 %.
        let from = at(30_000_000_000, 200_000_000_000_000, 1, 1_000);
        let to = at(30_003_000_000, 200_000_000_000_000, 2, 1_000 + 30 * DAY);
        let measured = measure(from, to).unwrap();
        assert_eq!(measured.return_percent(), "0.0100");
        // 0.01 % × 365 / 30 = 0.121666… → 0.12.
        assert_eq!(measured.annual_percent(), "0.12");
        // New REX sold at the pool's price leaves the price unchanged: zero.
        let grown = at(60_000_000_000, 400_000_000_000_000, 3, 1_000 + 30 * DAY);
        let flat = measure(from, grown).unwrap();
        assert_eq!(
            (
                flat.return_percent().as_str(),
                flat.annual_percent().as_str()
            ),
            ("0.0000", "0.00")
        );
    }

    #[test]
    fn rounding_is_half_away_from_zero_and_losses_are_negative() {
        // +0.00005 % exactly → rounds up to 0.0001.
        let half = measure(
            at(2_000_000, 2_000_000, 1, 0),
            at(2_000_001, 2_000_000, 2, DAY),
        )
        .unwrap();
        assert_eq!(half.return_percent(), "0.0001");
        // A loss of 1 in 8: -12.5 %; a year exactly: annualised -12.50.
        let loss = measure(at(8, 1, 1, 0), at(7, 1, 2, YEAR_SECONDS)).unwrap();
        assert_eq!(loss.return_percent(), "-12.5000");
        assert_eq!(loss.annual_percent(), "-12.50");
        // A loss too small to show is "0.0000", not "-0.0000".
        let tiny = measure(at(1_000_000_000, 1, 1, 0), at(999_999_999, 1, 2, DAY)).unwrap();
        assert_eq!(tiny.return_percent(), "0.0000");
    }

    #[test]
    fn wei_sized_prices_stay_exact() {
        // STLOS: previewRedeem(1e18) grows from 1.05e18 to 1.0512345678901234567e18.
        let one = 10u128.pow(18);
        let from = at(1_050_000_000_000_000_000, one, 100, 0);
        let to = at(1_051_234_567_890_123_456, one, 200, 30 * DAY);
        let measured = measure(from, to).unwrap();
        // 1234567890123456 / 1.05e18 = 0.11757789429747… %.
        assert_eq!(measured.return_percent(), "0.1176");
        // × 365 / 30 = 1.43053104728…%.
        assert_eq!(measured.annual_percent(), "1.43");
        let huge = at(u128::MAX, 1, 1, 0);
        let bigger = measure(huge, at(u128::MAX, 1, 2, 1)).unwrap();
        assert_eq!(bigger.annual_percent(), "0.00");
    }

    #[test]
    fn empty_prices_and_no_elapsed_time_are_unmeasurable() {
        assert_eq!(
            measure(at(0, 1, 1, 0), at(1, 1, 2, DAY)),
            Err(Unmeasurable::EmptyPrice)
        );
        assert_eq!(
            measure(at(1, 1, 1, 0), at(1, 0, 2, DAY)),
            Err(Unmeasurable::EmptyPrice)
        );
        assert_eq!(
            measure(at(1, 1, 1, DAY), at(2, 1, 2, DAY)),
            Err(Unmeasurable::NoTimeElapsed)
        );
    }

    #[test]
    fn a_published_figure_agrees_within_the_tolerance() {
        let measured = measure(at(100, 100, 1, 0), at(101, 100, 2, 7 * DAY)).unwrap();
        // 52.142857… %
        let within =
            |text: &str, tolerance: u64| measured.annualised.percent_within(text, tolerance);
        assert_eq!(within("52.14", 1), Some(true));
        assert_eq!(within("51.15", 100), Some(true));
        assert_eq!(within("51.14", 100), Some(false));
        assert_eq!(within("53.142857", 100), Some(true));
        assert_eq!(within("53.143", 100), Some(false));
        assert_eq!(within("abc", 100), None);
        assert_eq!(within("-1", 100), None);
        assert_eq!(within("", 100), None);
        let loss = measure(at(8, 1, 1, 0), at(7, 1, 2, YEAR_SECONDS)).unwrap();
        assert_eq!(loss.annualised.percent_within("0", 100), Some(false));
        assert_eq!(loss.annualised.percent_within("0", 1250), Some(true));
    }
}
