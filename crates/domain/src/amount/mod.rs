//! Exact fixed-point amounts: a `U256` count of the smallest unit plus the number of
//! decimals. Never a float. User input is parsed by [`parse_amount`]; display is
//! [`Amount::format`] with a [`DisplayFormat`] and a [`NumberFormat`].

mod format;
mod parse;

pub use format::{DisplayFormat, NumberFormat, Rounding};
pub use parse::{parse_amount, parse_conversion_rate};

use std::cmp::Ordering;

use alloy_primitives::{U256, U512};

use crate::DomainError;

/// The largest number of decimals a 256-bit amount can scale by (10^77 < 2^256 < 10^78).
pub const MAX_DECIMALS: u8 = 77;

/// The "max allowance" an ERC-20 approval uses for unlimited: 2^256 - 1.
pub const MAX_ALLOWANCE: U256 = U256::MAX;

/// An exact non-negative amount: `raw / 10^decimals`.
///
/// Equality is structural (`1.0` with 1 decimal differs from `1.00` with 2); compare
/// values across decimals with [`Amount::cmp_value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Amount {
    raw: U256,
    decimals: u8,
}

/// 10^exp as U256; `None` above [`MAX_DECIMALS`].
pub(crate) fn pow10(exp: u8) -> Option<U256> {
    (exp <= MAX_DECIMALS).then(|| U256::from(10u8).pow(U256::from(exp)))
}

impl Amount {
    /// An amount of `raw` smallest units with `decimals` decimals.
    ///
    /// # Errors
    /// [`DomainError::UnsupportedDecimals`] above [`MAX_DECIMALS`].
    pub fn new(raw: U256, decimals: u8) -> Result<Self, DomainError> {
        if decimals > MAX_DECIMALS {
            return Err(DomainError::UnsupportedDecimals(decimals));
        }
        Ok(Self { raw, decimals })
    }

    /// Zero with the given decimals (clamped to [`MAX_DECIMALS`]).
    #[must_use]
    pub fn zero(decimals: u8) -> Self {
        Self {
            raw: U256::ZERO,
            decimals: decimals.min(MAX_DECIMALS),
        }
    }

    /// The count of smallest units.
    #[must_use]
    pub fn raw(&self) -> U256 {
        self.raw
    }

    /// The number of decimals.
    #[must_use]
    pub fn decimals(&self) -> u8 {
        self.decimals
    }

    /// True for zero.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.raw.is_zero()
    }

    /// True for the max-allowance constant 2^256 - 1, which the UI shows as unlimited.
    #[must_use]
    pub fn is_unlimited(&self) -> bool {
        self.raw == MAX_ALLOWANCE
    }

    /// The same value with other decimals. Fewer decimals truncate toward zero.
    ///
    /// # Errors
    /// [`DomainError::UnsupportedDecimals`] or [`DomainError::ValueTooLarge`].
    pub fn rescale(&self, decimals: u8) -> Result<Self, DomainError> {
        let factor = |diff: u8| pow10(diff).ok_or(DomainError::UnsupportedDecimals(decimals));
        let raw = match decimals.cmp(&self.decimals) {
            Ordering::Equal => self.raw,
            Ordering::Greater => self
                .raw
                .checked_mul(factor(decimals - self.decimals)?)
                .ok_or(DomainError::ValueTooLarge)?,
            Ordering::Less => self.raw / factor(self.decimals - decimals)?,
        };
        Self::new(raw, decimals)
    }

    /// Compares the values exactly, whatever the decimals.
    #[must_use]
    pub fn cmp_value(&self, other: &Self) -> Ordering {
        let scale = self.decimals.max(other.decimals);
        let widen = |amount: &Self| {
            // Both factors are at most 10^77, so the product fits 512 bits.
            let factor = pow10(scale - amount.decimals).unwrap_or(U256::ZERO);
            U512::from(amount.raw) * U512::from(factor)
        };
        widen(self).cmp(&widen(other))
    }

    /// Sum of two amounts with the same decimals.
    ///
    /// # Errors
    /// [`DomainError::ValueTooLarge`] on overflow; mixed decimals are rescaled to the
    /// larger first.
    pub fn checked_add(&self, other: &Self) -> Result<Self, DomainError> {
        let scale = self.decimals.max(other.decimals);
        let (a, b) = (self.rescale(scale)?, other.rescale(scale)?);
        let raw = a.raw.checked_add(b.raw).ok_or(DomainError::ValueTooLarge)?;
        Self::new(raw, scale)
    }

    /// The smaller of two amounts by value.
    #[must_use]
    pub fn min_value(self, other: Self) -> Self {
        if self.cmp_value(&other) == Ordering::Greater {
            other
        } else {
            self
        }
    }

    /// The exact value as plain text: '.' separator, no grouping, no trailing zeros.
    #[must_use]
    pub fn to_plain_string(&self) -> String {
        self.format(&DisplayFormat::exact(self.decimals), &NumberFormat::PLAIN)
    }
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_plain_string())
    }
}

/// Amounts travel as exact decimal text (JSON numbers would lose precision).
impl serde::Serialize for Amount {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_plain_string())
    }
}

/// Checks that `amount` does not exceed `available` (spec §5 "balance too low").
///
/// # Errors
/// [`DomainError::BalanceTooLow`] when it does.
pub fn ensure_within_balance(amount: &Amount, available: &Amount) -> Result<(), DomainError> {
    if amount.cmp_value(available) == Ordering::Greater {
        return Err(DomainError::BalanceTooLow);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amount(raw: u64, decimals: u8) -> Amount {
        Amount::new(U256::from(raw), decimals).unwrap()
    }

    #[test]
    fn rejects_decimals_beyond_u256_scale() {
        assert_eq!(
            Amount::new(U256::from(1u8), 78),
            Err(DomainError::UnsupportedDecimals(78))
        );
        assert!(Amount::new(U256::MAX, 77).is_ok());
    }

    #[test]
    fn compares_values_across_decimals() {
        let cases = [
            (amount(10, 1), amount(100, 2), Ordering::Equal),
            (amount(15, 1), amount(149, 2), Ordering::Greater),
            (
                amount(1, 0),
                amount(1_000_000_000_000_000_001, 18),
                Ordering::Less,
            ),
            (
                Amount::new(U256::MAX, 0).unwrap(),
                Amount::new(U256::MAX, 77).unwrap(),
                Ordering::Greater,
            ),
        ];
        for (a, b, expected) in cases {
            assert_eq!(a.cmp_value(&b), expected, "{a} vs {b}");
        }
    }

    #[test]
    fn rescales_exactly_up_and_truncates_down() {
        assert_eq!(amount(123, 2).rescale(4).unwrap(), amount(12_300, 4));
        assert_eq!(amount(12_399, 4).rescale(2).unwrap(), amount(123, 2));
        assert_eq!(
            Amount::new(U256::MAX, 0).unwrap().rescale(1),
            Err(DomainError::ValueTooLarge)
        );
    }

    #[test]
    fn balance_check_uses_exact_values() {
        assert_eq!(
            ensure_within_balance(&amount(100, 2), &amount(1, 0)),
            Ok(())
        );
        assert_eq!(
            ensure_within_balance(&amount(101, 2), &amount(1, 0)),
            Err(DomainError::BalanceTooLow)
        );
    }

    #[test]
    fn max_allowance_is_unlimited() {
        assert!(Amount::new(MAX_ALLOWANCE, 18).unwrap().is_unlimited());
        assert!(
            !Amount::new(MAX_ALLOWANCE - U256::from(1u8), 18)
                .unwrap()
                .is_unlimited()
        );
    }

    #[test]
    fn adds_across_decimals_and_serializes_as_text() {
        let sum = amount(15, 1).checked_add(&amount(25, 2)).unwrap();
        assert_eq!(sum.to_plain_string(), "1.75");
        assert_eq!(serde_json::to_string(&sum).unwrap(), "\"1.75\"");
        assert_eq!(
            Amount::new(U256::MAX, 0)
                .unwrap()
                .checked_add(&amount(1, 0)),
            Err(DomainError::ValueTooLarge)
        );
    }
}
