//! Market prices: fiat per whole token with 18 decimals (spec §3), valid for 10 minutes
//! after their update (spec §9). "Now" is always passed in; nothing here reads a clock.
//! Conversions truncate toward zero.

use alloy_primitives::{U256, U512};

use crate::DomainError;
use crate::amount::{Amount, pow10};

/// Decimals of a price and of fiat values computed from it.
pub const PRICE_DECIMALS: u8 = 18;

/// How long a market price stays valid after its update, in milliseconds.
pub const PRICE_VALIDITY_MS: u64 = 10 * 60 * 1000;

/// A token's price in the user's fiat currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarketPrice {
    /// Fiat per whole token, 18 decimals.
    price: U256,
    /// When the price was last updated, milliseconds since the epoch.
    updated_ms: u64,
}

impl MarketPrice {
    /// A price of `price` (18 decimals) updated at `updated_ms`. Zero means "unknown"
    /// (a failed price fetch yields 0, spec §4): it converts to zero fiat.
    #[must_use]
    pub fn new(price: U256, updated_ms: u64) -> Self {
        Self { price, updated_ms }
    }

    /// A price from decimal text as price services send it (`"0.2345"`, `"1.5e-7"`).
    /// Digits beyond 18 decimals are dropped.
    ///
    /// # Errors
    /// [`DomainError::InvalidConversionRate`] for anything but a non-negative number.
    pub fn from_decimal_str(text: &str, updated_ms: u64) -> Result<Self, DomainError> {
        let price = decimal_text_to_raw(text.trim(), PRICE_DECIMALS)
            .ok_or(DomainError::InvalidConversionRate)?;
        Ok(Self::new(price, updated_ms))
    }

    /// The price as an amount with 18 decimals.
    #[must_use]
    pub fn price(&self) -> Amount {
        Amount::new(self.price, PRICE_DECIMALS).unwrap_or(Amount::zero(PRICE_DECIMALS))
    }

    /// When the price was updated (ms since the epoch).
    #[must_use]
    pub fn updated_ms(&self) -> u64 {
        self.updated_ms
    }

    /// Tokens per one fiat unit, 18 decimals.
    ///
    /// # Errors
    /// [`DomainError::InvalidConversionRate`] for a zero price.
    pub fn inverse(&self) -> Result<Amount, DomainError> {
        if self.price.is_zero() {
            return Err(DomainError::InvalidConversionRate);
        }
        let one_squared = U512::from(10u8).pow(U512::from(2 * PRICE_DECIMALS));
        narrow(one_squared / U512::from(self.price), PRICE_DECIMALS)
    }

    /// True when updated within the last 10 minutes of `now_ms` (a timestamp slightly in
    /// the future, from clock skew, counts as fresh).
    #[must_use]
    pub fn is_valid_at(&self, now_ms: u64) -> bool {
        now_ms.saturating_sub(self.updated_ms) <= PRICE_VALIDITY_MS
    }

    /// The fiat value of `amount`, 18 decimals.
    ///
    /// # Errors
    /// [`DomainError::ValueTooLarge`] when the value exceeds 256 bits.
    pub fn to_fiat(&self, amount: &Amount) -> Result<Amount, DomainError> {
        let divisor = pow10(amount.decimals()).ok_or(DomainError::ValueTooLarge)?;
        let value = U512::from(amount.raw()) * U512::from(self.price) / U512::from(divisor);
        narrow(value, PRICE_DECIMALS)
    }

    /// How many tokens (with `token_decimals`) a fiat value buys.
    ///
    /// # Errors
    /// [`DomainError::InvalidConversionRate`] for a zero price,
    /// [`DomainError::ValueTooLarge`] or [`DomainError::UnsupportedDecimals`].
    pub fn to_tokens(&self, fiat: &Amount, token_decimals: u8) -> Result<Amount, DomainError> {
        if self.price.is_zero() {
            return Err(DomainError::InvalidConversionRate);
        }
        let fiat = fiat.rescale(PRICE_DECIMALS)?;
        let scale =
            pow10(token_decimals).ok_or(DomainError::UnsupportedDecimals(token_decimals))?;
        let value = U512::from(fiat.raw()) * U512::from(scale) / U512::from(self.price);
        narrow(value, token_decimals)
    }
}

fn narrow(value: U512, decimals: u8) -> Result<Amount, DomainError> {
    if value > U512::from(U256::MAX) {
        return Err(DomainError::ValueTooLarge);
    }
    let limbs = value.as_limbs();
    let raw = U256::from_limbs([limbs[0], limbs[1], limbs[2], limbs[3]]);
    Amount::new(raw, decimals)
}

/// `text` (plain decimal, optional exponent) as a raw count with `decimals` decimals,
/// extra digits truncated. `None` when it is not a non-negative number or overflows.
fn decimal_text_to_raw(text: &str, decimals: u8) -> Option<U256> {
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.strip_prefix('+').unwrap_or(e).parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (integer.is_empty() && fraction.is_empty()) || !all_digits(integer) || !all_digits(fraction)
    {
        return None;
    }
    let digits = format!("{integer}{fraction}");
    // value = digits × 10^(exponent - fraction_len); raw = value × 10^decimals.
    let shift = i64::from(exponent) - fraction.len() as i64 + i64::from(decimals);
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        return Some(U256::ZERO);
    }
    if shift >= 0 {
        let factor = pow10(u8::try_from(shift).ok()?)?;
        U256::from_str_radix(digits, 10).ok()?.checked_mul(factor)
    } else {
        let dropped = usize::try_from(-shift).ok()?;
        let kept = digits
            .get(..digits.len().saturating_sub(dropped))
            .unwrap_or_default();
        if kept.is_empty() {
            return Some(U256::ZERO);
        }
        U256::from_str_radix(kept, 10).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amount(raw: &str, decimals: u8) -> Amount {
        Amount::new(raw.parse().unwrap(), decimals).unwrap()
    }

    #[test]
    fn parses_price_text() {
        let cases = [
            ("0.2345", Some("234500000000000000")),
            ("1.5e-7", Some("150000000000")),
            ("2E+2", Some("200000000000000000000")),
            ("0.1234567890123456789", Some("123456789012345678")),
            ("1e-19", Some("0")),
            ("12", Some("12000000000000000000")),
            ("-1", None),
            ("abc", None),
            ("", None),
            ("1e999", None),
        ];
        for (text, expected) in cases {
            let parsed = MarketPrice::from_decimal_str(text, 0)
                .ok()
                .map(|p| p.price().raw().to_string());
            assert_eq!(parsed.as_deref(), expected, "{text}");
        }
    }

    #[test]
    fn converts_to_fiat_and_back() {
        let price = MarketPrice::from_decimal_str("0.25", 0).unwrap();
        let tokens = amount("4000000000000000000", 18); // 4 TLOS
        let fiat = price.to_fiat(&tokens).unwrap();
        assert_eq!(fiat.to_plain_string(), "1");
        assert_eq!(price.to_tokens(&fiat, 18).unwrap(), tokens);
        assert_eq!(
            price
                .to_tokens(&amount("1", 0), 4)
                .unwrap()
                .to_plain_string(),
            "4"
        );
        assert_eq!(price.inverse().unwrap().to_plain_string(), "4");
        let usdc = amount("1234567", 6); // 1.234567 of a 6-decimal token
        assert_eq!(
            price.to_fiat(&usdc).unwrap().to_plain_string(),
            "0.30864175"
        );
    }

    #[test]
    fn zero_price_converts_to_zero_but_has_no_inverse() {
        let price = MarketPrice::new(U256::ZERO, 0);
        assert!(price.to_fiat(&amount("5", 0)).unwrap().is_zero());
        assert_eq!(price.inverse(), Err(DomainError::InvalidConversionRate));
        assert_eq!(
            price.to_tokens(&amount("5", 0), 18),
            Err(DomainError::InvalidConversionRate)
        );
    }

    #[test]
    fn valid_for_ten_minutes() {
        let price = MarketPrice::new(U256::from(1u8), 1_000_000);
        let cases = [
            (1_000_000, true),
            (1_000_000 + PRICE_VALIDITY_MS, true),
            (1_000_001 + PRICE_VALIDITY_MS, false),
            (999_000, true),
        ];
        for (now, valid) in cases {
            assert_eq!(price.is_valid_at(now), valid, "{now}");
        }
    }

    #[test]
    fn huge_values_report_overflow() {
        let price = MarketPrice::new(U256::MAX, 0);
        assert_eq!(
            price.to_fiat(&Amount::new(U256::MAX, 0).unwrap()),
            Err(DomainError::ValueTooLarge)
        );
    }
}
