//! Required fields, integers, natural and positive numbers and bounds (spec §5).
//!
//! Each validator names its own rule in the error: the integer rule says "integer", the
//! natural-number rule says "natural number" for anything that is not an integer >= 0,
//! the positive rule says "positive integer" for anything that is not an integer > 0.
//! Surrounding whitespace is ignored.

use std::cmp::Ordering;
use std::fmt::Display;

use crate::DomainError;
use crate::amount::Amount;

/// The trimmed text of a required field.
///
/// # Errors
/// [`DomainError::RequiredField`] when empty or blank.
pub fn require_field(input: &str) -> Result<&str, DomainError> {
    let text = input.trim();
    if text.is_empty() {
        return Err(DomainError::RequiredField);
    }
    Ok(text)
}

/// An integer: an optional '-' and ASCII digits.
///
/// # Errors
/// [`DomainError::RequiredField`], [`DomainError::NotAnInteger`] or
/// [`DomainError::ValueTooLarge`].
pub fn parse_integer(input: &str) -> Result<i128, DomainError> {
    let text = require_field(input)?;
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(DomainError::NotAnInteger);
    }
    text.parse().map_err(|_| DomainError::ValueTooLarge)
}

/// A natural number (an integer >= 0).
///
/// # Errors
/// [`DomainError::RequiredField`], [`DomainError::NotNaturalNumber`] or
/// [`DomainError::ValueTooLarge`].
pub fn parse_natural(input: &str) -> Result<u128, DomainError> {
    let value = parse_integer(input).map_err(|e| match e {
        DomainError::NotAnInteger => DomainError::NotNaturalNumber,
        other => other,
    })?;
    u128::try_from(value).map_err(|_| DomainError::NotNaturalNumber)
}

/// A positive integer (> 0).
///
/// # Errors
/// [`DomainError::RequiredField`], [`DomainError::NotPositiveInteger`] or
/// [`DomainError::ValueTooLarge`].
pub fn parse_positive(input: &str) -> Result<u128, DomainError> {
    match parse_natural(input) {
        Ok(0) | Err(DomainError::NotNaturalNumber) => Err(DomainError::NotPositiveInteger),
        other => other,
    }
}

/// Checks `min <= value <= max` for the bounds given.
///
/// # Errors
/// [`DomainError::BelowMinimum`] or [`DomainError::AboveMaximum`], with the bound as text.
pub fn ensure_in_range<T: Ord + Display>(
    value: &T,
    min: Option<&T>,
    max: Option<&T>,
) -> Result<(), DomainError> {
    check_range(|bound| value.cmp(bound), min, max)
}

/// [`ensure_in_range`] for exact amounts of any decimals.
///
/// # Errors
/// [`DomainError::BelowMinimum`] or [`DomainError::AboveMaximum`].
pub fn ensure_amount_in_range(
    value: &Amount,
    min: Option<&Amount>,
    max: Option<&Amount>,
) -> Result<(), DomainError> {
    check_range(|bound| value.cmp_value(bound), min, max)
}

fn check_range<T: Display>(
    compare_to: impl Fn(&T) -> Ordering,
    min: Option<&T>,
    max: Option<&T>,
) -> Result<(), DomainError> {
    if let Some(min) = min.filter(|m| compare_to(m) == Ordering::Less) {
        return Err(DomainError::BelowMinimum {
            min: min.to_string(),
        });
    }
    if let Some(max) = max.filter(|m| compare_to(m) == Ordering::Greater) {
        return Err(DomainError::AboveMaximum {
            max: max.to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use alloy_primitives::U256;

    use super::*;

    #[test]
    fn integers() {
        let cases: &[(&str, Result<i128, DomainError>)] = &[
            ("42", Ok(42)),
            (" -7 ", Ok(-7)),
            ("0", Ok(0)),
            ("", Err(DomainError::RequiredField)),
            ("1.5", Err(DomainError::NotAnInteger)),
            ("-", Err(DomainError::NotAnInteger)),
            ("1e3", Err(DomainError::NotAnInteger)),
            ("+3", Err(DomainError::NotAnInteger)),
            (
                "999999999999999999999999999999999999999999",
                Err(DomainError::ValueTooLarge),
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(&parse_integer(input), expected, "{input}");
        }
    }

    type Expected = Result<u128, DomainError>;

    #[test]
    fn natural_and_positive() {
        let cases: &[(&str, Expected, Expected)] = &[
            ("3", Ok(3), Ok(3)),
            ("0", Ok(0), Err(DomainError::NotPositiveInteger)),
            (
                "-1",
                Err(DomainError::NotNaturalNumber),
                Err(DomainError::NotPositiveInteger),
            ),
            (
                "2.5",
                Err(DomainError::NotNaturalNumber),
                Err(DomainError::NotPositiveInteger),
            ),
            (
                "  ",
                Err(DomainError::RequiredField),
                Err(DomainError::RequiredField),
            ),
        ];
        for (input, natural, positive) in cases {
            assert_eq!(&parse_natural(input), natural, "natural {input}");
            assert_eq!(&parse_positive(input), positive, "positive {input}");
        }
    }

    #[test]
    fn bounds() {
        assert_eq!(ensure_in_range(&5, Some(&1), Some(&10)), Ok(()));
        assert_eq!(ensure_in_range(&5, None, None), Ok(()));
        assert_eq!(
            ensure_in_range(&0, Some(&1), None),
            Err(DomainError::BelowMinimum { min: "1".into() })
        );
        assert_eq!(
            ensure_in_range(&11, None, Some(&10)),
            Err(DomainError::AboveMaximum { max: "10".into() })
        );
        let amount = |raw: u64, d: u8| Amount::new(U256::from(raw), d).unwrap();
        assert_eq!(
            ensure_amount_in_range(&amount(100, 2), Some(&amount(1, 0)), Some(&amount(1, 0))),
            Ok(())
        );
        assert_eq!(
            ensure_amount_in_range(&amount(99, 2), Some(&amount(1, 0)), None),
            Err(DomainError::BelowMinimum { min: "1".into() })
        );
        assert_eq!(
            ensure_amount_in_range(&amount(1001, 3), None, Some(&amount(1, 0))),
            Err(DomainError::AboveMaximum { max: "1".into() })
        );
    }
}
