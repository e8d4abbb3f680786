//! Display of amounts: locale separators, display precision and the rounding rule.
//!
//! Rounding rule (the spec leaves it open): token amounts truncate toward zero, so the
//! wallet never shows more than the account holds; fiat and gas values round half up,
//! the way prices are usually quoted.

use alloy_primitives::U256;

use super::{Amount, pow10};

/// How a value is brought to the display precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// Drop the extra digits (token amounts).
    TowardZero,
    /// Round to nearest, a half rounds away from zero (fiat and gas).
    HalfUp,
}

/// Display precision and rounding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DisplayFormat {
    /// Fraction digits always shown (zeros padded).
    pub min_fraction_digits: u8,
    /// Fraction digits at most; the rest is rounded away.
    pub max_fraction_digits: u8,
    /// The rounding rule.
    pub rounding: Rounding,
    /// Whether the integer part is grouped by thousands.
    pub grouping: bool,
}

impl DisplayFormat {
    /// Token amounts: up to 4 decimals (spec §9), truncated, trailing zeros dropped.
    pub const TOKEN: Self = Self {
        min_fraction_digits: 0,
        max_fraction_digits: 4,
        rounding: Rounding::TowardZero,
        grouping: true,
    };
    /// Fiat values: exactly 2 decimals, half up.
    pub const FIAT: Self = Self {
        min_fraction_digits: 2,
        max_fraction_digits: 2,
        rounding: Rounding::HalfUp,
        grouping: true,
    };
    /// Gas costs: exactly 2 decimals, half up.
    pub const GAS: Self = Self::FIAT;

    /// Every digit of a value with `decimals` decimals, no grouping.
    #[must_use]
    pub fn exact(decimals: u8) -> Self {
        Self {
            min_fraction_digits: 0,
            max_fraction_digits: decimals,
            rounding: Rounding::TowardZero,
            grouping: false,
        }
    }
}

/// A locale's decimal and group separators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberFormat {
    decimal: char,
    group: Option<char>,
}

impl NumberFormat {
    /// en-US: `1,234.56`.
    pub const EN_US: Self = Self {
        decimal: '.',
        group: Some(','),
    };
    /// '.' separator and no grouping: the canonical text of an amount.
    pub const PLAIN: Self = Self {
        decimal: '.',
        group: None,
    };

    /// A format with these separators; `None` when they clash or are digits.
    #[must_use]
    pub fn new(decimal: char, group: Option<char>) -> Option<Self> {
        let bad = |c: char| c.is_ascii_digit() || c == '-';
        if bad(decimal) || group.is_some_and(|g| bad(g) || g == decimal) {
            return None;
        }
        Some(Self { decimal, group })
    }

    /// The separators of a BCP 47 locale tag by its language (and region for the few
    /// that differ); unknown languages get en-US's.
    #[must_use]
    pub fn for_locale(tag: &str) -> Self {
        let lower = tag.to_ascii_lowercase().replace('_', "-");
        let language = lower.split('-').next().unwrap_or_default();
        let (decimal, group) = match (language, lower.as_str()) {
            (_, "de-ch") => ('.', '\u{2019}'),
            ("de" | "es" | "it" | "nl" | "pt" | "id" | "tr" | "da" | "el" | "ro" | "vi", _) => {
                (',', '.')
            }
            ("fr" | "ru" | "pl" | "cs" | "sv" | "fi" | "nb" | "no" | "uk" | "sk" | "hu", _) => {
                (',', '\u{a0}')
            }
            _ => ('.', ','),
        };
        Self {
            decimal,
            group: Some(group),
        }
    }

    /// The decimal separator.
    #[must_use]
    pub fn decimal(&self) -> char {
        self.decimal
    }

    /// The group separator, if grouping is used.
    #[must_use]
    pub fn group(&self) -> Option<char> {
        self.group
    }

    /// True when `c` counts as this format's group separator. Space-like separators
    /// accept every space form (plain, no-break, narrow no-break) since users type
    /// plain spaces where the locale prints no-break ones.
    pub(super) fn is_group(&self, c: char) -> bool {
        let spaces = [' ', '\u{a0}', '\u{202f}'];
        match self.group {
            Some(g) if spaces.contains(&g) => spaces.contains(&c),
            Some(g) => c == g,
            None => false,
        }
    }
}

impl Default for NumberFormat {
    fn default() -> Self {
        Self::EN_US
    }
}

impl Amount {
    /// The amount as display text: `display` picks precision and rounding, `number`
    /// the separators.
    #[must_use]
    pub fn format(&self, display: &DisplayFormat, number: &NumberFormat) -> String {
        let kept = display.max_fraction_digits.min(self.decimals);
        let scaled = match pow10(self.decimals - kept) {
            Some(divisor) if divisor > U256::from(1u8) => {
                let (quotient, remainder) = self.raw.div_rem(divisor);
                // remainder >= divisor / 2, written without overflow.
                let round_up =
                    display.rounding == Rounding::HalfUp && remainder >= divisor - remainder;
                // quotient <= MAX / 10, so adding one cannot overflow.
                if round_up {
                    quotient + U256::from(1u8)
                } else {
                    quotient
                }
            }
            _ => self.raw,
        };
        let digits = scaled.to_string();
        let kept = usize::from(kept);
        let padded = format!("{digits:0>width$}", width = kept + 1);
        let (integer, fraction) = padded.split_at(padded.len() - kept);
        let min = usize::from(display.min_fraction_digits);
        let mut fraction = fraction.trim_end_matches('0').to_owned();
        if fraction.len() < min {
            fraction.extend(std::iter::repeat_n('0', min - fraction.len()));
        }
        let mut out = match (display.grouping, number.group) {
            (true, Some(group)) => group_thousands(integer, group),
            _ => integer.to_owned(),
        };
        if !fraction.is_empty() {
            out.push(number.decimal);
            out.push_str(&fraction);
        }
        out
    }
}

fn group_thousands(integer: &str, group: char) -> String {
    let mut out = String::with_capacity(integer.len() + integer.len() / 3);
    for (index, digit) in integer.chars().enumerate() {
        if index > 0 && (integer.len() - index).is_multiple_of(3) {
            out.push(group);
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amount(raw: &str, decimals: u8) -> Amount {
        Amount::new(raw.parse().unwrap(), decimals).unwrap()
    }

    #[test]
    fn formats_with_precision_rounding_and_separators() {
        let de = NumberFormat::for_locale("de-DE");
        let cases: &[(&str, u8, DisplayFormat, NumberFormat, &str)] = &[
            (
                "1234567899999",
                9,
                DisplayFormat::TOKEN,
                NumberFormat::EN_US,
                "1,234.5678",
            ),
            (
                "1234567899999",
                9,
                DisplayFormat::FIAT,
                NumberFormat::EN_US,
                "1,234.57",
            ),
            ("1234500000000", 9, DisplayFormat::FIAT, de, "1.234,50"),
            (
                "1000000000000000000",
                18,
                DisplayFormat::TOKEN,
                NumberFormat::EN_US,
                "1",
            ),
            (
                "1000000000000000000",
                18,
                DisplayFormat::FIAT,
                NumberFormat::EN_US,
                "1.00",
            ),
            (
                "99999",
                5,
                DisplayFormat::TOKEN,
                NumberFormat::EN_US,
                "0.9999",
            ),
            ("99999", 5, DisplayFormat::FIAT, NumberFormat::EN_US, "1.00"),
            ("4999", 5, DisplayFormat::FIAT, NumberFormat::EN_US, "0.05"),
            ("4499", 5, DisplayFormat::FIAT, NumberFormat::EN_US, "0.04"),
            ("5", 3, DisplayFormat::FIAT, NumberFormat::EN_US, "0.01"),
            ("4", 3, DisplayFormat::FIAT, NumberFormat::EN_US, "0.00"),
            ("123", 0, DisplayFormat::FIAT, NumberFormat::EN_US, "123.00"),
            ("0", 18, DisplayFormat::TOKEN, NumberFormat::EN_US, "0"),
            (
                "100000",
                0,
                DisplayFormat::TOKEN,
                NumberFormat::for_locale("fr-FR"),
                "100\u{a0}000",
            ),
            (
                "1234567",
                2,
                DisplayFormat::exact(2),
                NumberFormat::EN_US,
                "12345.67",
            ),
        ];
        for (raw, decimals, display, number, expected) in cases {
            assert_eq!(
                &amount(raw, *decimals).format(display, number),
                expected,
                "{raw}/{decimals}"
            );
        }
    }

    #[test]
    fn half_up_at_the_top_of_u256_does_not_overflow() {
        let max = Amount::new(U256::MAX, 77).unwrap();
        assert_eq!(
            max.format(&DisplayFormat::FIAT, &NumberFormat::PLAIN),
            "1.16"
        );
        let max = Amount::new(U256::MAX, 1).unwrap();
        assert!(
            max.format(&DisplayFormat::TOKEN, &NumberFormat::PLAIN)
                .ends_with(".5")
        );
    }

    #[test]
    fn locale_separators() {
        let cases = [
            ("en-US", '.', ','),
            ("de-DE", ',', '.'),
            ("pt_BR", ',', '.'),
            ("fr-FR", ',', '\u{a0}'),
            ("de-CH", '.', '\u{2019}'),
            ("xx", '.', ','),
        ];
        for (tag, decimal, group) in cases {
            let format = NumberFormat::for_locale(tag);
            assert_eq!(
                (format.decimal(), format.group()),
                (decimal, Some(group)),
                "{tag}"
            );
        }
        assert!(NumberFormat::new('.', Some('.')).is_none());
        assert!(NumberFormat::new('1', None).is_none());
        assert!(NumberFormat::new(',', Some(' ')).is_some());
    }
}
