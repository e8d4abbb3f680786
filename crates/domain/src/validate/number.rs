//! Required fields, natural and positive numbers and bounds (spec §5), as the screens
//! use them: an NFT's token id is a natural number and an ERC-1155 quantity a positive
//! one (the transfer's preparation), a revoke plan's item count is bounded.
//!
//! Each validator names its own rule in the error: the natural-number rule says "natural
//! number" for anything that is not an integer >= 0, the positive rule says "positive
//! integer" for anything that is not an integer > 0. Surrounding whitespace is ignored.

use std::fmt::Display;

use alloy_primitives::U256;

use crate::DomainError;

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

/// A natural number (an integer >= 0) of up to 256 bits, such as an NFT's token id.
///
/// # Errors
/// [`DomainError::RequiredField`], [`DomainError::NotNaturalNumber`] (a sign, a
/// fraction, anything but ASCII digits) or [`DomainError::ValueTooLarge`].
pub fn parse_natural(input: &str) -> Result<U256, DomainError> {
    let text = require_field(input)?;
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(DomainError::NotNaturalNumber);
    }
    U256::from_str_radix(text, 10).map_err(|_| DomainError::ValueTooLarge)
}

/// A positive integer (> 0) of up to 256 bits, such as an ERC-1155 quantity.
///
/// # Errors
/// [`DomainError::RequiredField`], [`DomainError::NotPositiveInteger`] or
/// [`DomainError::ValueTooLarge`].
pub fn parse_positive(input: &str) -> Result<U256, DomainError> {
    match parse_natural(input) {
        Ok(value) if value.is_zero() => Err(DomainError::NotPositiveInteger),
        Err(DomainError::NotNaturalNumber) => Err(DomainError::NotPositiveInteger),
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
    if let Some(min) = min.filter(|m| value < *m) {
        return Err(DomainError::BelowMinimum {
            min: min.to_string(),
        });
    }
    if let Some(max) = max.filter(|m| value > *m) {
        return Err(DomainError::AboveMaximum {
            max: max.to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    type Expected = Result<U256, DomainError>;

    #[test]
    fn natural_and_positive() {
        let n = |v: u64| Ok(U256::from(v));
        let cases: &[(&str, Expected, Expected)] = &[
            ("3", n(3), n(3)),
            (" 42 ", n(42), n(42)),
            ("0", n(0), Err(DomainError::NotPositiveInteger)),
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
                "+3",
                Err(DomainError::NotNaturalNumber),
                Err(DomainError::NotPositiveInteger),
            ),
            (
                "1e3",
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
        let max = U256::MAX.to_string();
        assert_eq!(parse_natural(&max), Ok(U256::MAX), "256 bits fit");
        assert_eq!(
            parse_natural(&format!("{max}0")),
            Err(DomainError::ValueTooLarge)
        );
    }

    #[test]
    fn bounds() {
        assert_eq!(ensure_in_range(&5, Some(&1), Some(&10)), Ok(()));
        assert_eq!(ensure_in_range(&5, None, None), Ok(()));
        assert_eq!(ensure_in_range(&10, Some(&10), Some(&10)), Ok(()));
        assert_eq!(
            ensure_in_range(&0, Some(&1), None),
            Err(DomainError::BelowMinimum { min: "1".into() })
        );
        assert_eq!(
            ensure_in_range(&11, None, Some(&10)),
            Err(DomainError::AboveMaximum { max: "10".into() })
        );
    }
}
