//! Parsing of amounts typed by a user.
//!
//! Rules (spec §5): only digits, the locale's decimal separator (at most once) and its
//! group separator (only in the integer part, in groups of three) are accepted, else
//! 'Invalid number format'; a leading '-' is a negative amount; more fraction digits than
//! the token's decimals are rejected even when they are zeros ("you can only enter N
//! decimal places"); surrounding whitespace is ignored; "5." and ".5" are accepted.

use alloy_primitives::U256;

use super::{Amount, NumberFormat, pow10};
use crate::DomainError;

/// Parses user input into an exact amount with `decimals` decimals.
///
/// # Errors
/// [`DomainError::AmountRequired`], [`DomainError::NegativeAmount`],
/// [`DomainError::InvalidNumberFormat`], [`DomainError::TooManyDecimals`],
/// [`DomainError::ValueTooLarge`] or [`DomainError::UnsupportedDecimals`].
pub fn parse_amount(
    input: &str,
    decimals: u8,
    format: &NumberFormat,
) -> Result<Amount, DomainError> {
    let scale = pow10(decimals).ok_or(DomainError::UnsupportedDecimals(decimals))?;
    let text = input.trim();
    if text.is_empty() {
        return Err(DomainError::AmountRequired);
    }
    if let Some(rest) = text.strip_prefix('-') {
        // "-" followed by something number-like is a negative amount; anything else is
        // just malformed.
        return Err(if rest.chars().any(|c| c.is_ascii_digit()) {
            DomainError::NegativeAmount
        } else {
            DomainError::InvalidNumberFormat
        });
    }
    let mut parts = text.split(format.decimal());
    let integer_text = parts.next().unwrap_or_default();
    let fraction = parts.next().unwrap_or_default();
    if parts.next().is_some() {
        return Err(DomainError::InvalidNumberFormat);
    }
    let integer = integer_digits(integer_text, format)?;
    if !fraction.chars().all(|c| c.is_ascii_digit()) {
        return Err(DomainError::InvalidNumberFormat);
    }
    if integer.is_empty() && fraction.is_empty() {
        return Err(DomainError::InvalidNumberFormat);
    }
    if fraction.len() > usize::from(decimals) {
        return Err(DomainError::TooManyDecimals { max: decimals });
    }
    let whole = digits_to_u256(&integer)?;
    let fraction_len =
        u8::try_from(fraction.len()).map_err(|_| DomainError::InvalidNumberFormat)?;
    let fraction_scale = pow10(decimals - fraction_len).ok_or(DomainError::ValueTooLarge)?;
    let fraction_raw = digits_to_u256(fraction)?
        .checked_mul(fraction_scale)
        .ok_or(DomainError::ValueTooLarge)?;
    let raw = whole
        .checked_mul(scale)
        .and_then(|w| w.checked_add(fraction_raw))
        .ok_or(DomainError::ValueTooLarge)?;
    Amount::new(raw, decimals)
}

/// Parses a conversion rate (a price) with 18 decimals. Anything that is not a positive
/// number, zero included, is [`DomainError::InvalidConversionRate`].
///
/// # Errors
/// [`DomainError::InvalidConversionRate`].
pub fn parse_conversion_rate(input: &str, format: &NumberFormat) -> Result<Amount, DomainError> {
    match parse_amount(input, crate::price::PRICE_DECIMALS, format) {
        Ok(rate) if !rate.is_zero() => Ok(rate),
        _ => Err(DomainError::InvalidConversionRate),
    }
}

/// The digits of the integer part, group separators removed. With separators, the
/// first group has 1 to 3 digits and every later group exactly 3, so a German "1.5"
/// (meant as 1,5) is rejected instead of read as 15.
fn integer_digits(text: &str, format: &NumberFormat) -> Result<String, DomainError> {
    let groups: Vec<&str> = text.split(|c| format.is_group(c)).collect();
    let well_formed = groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()))
        && (groups.len() == 1
            || ((1..=3).contains(&groups[0].len()) && groups[1..].iter().all(|g| g.len() == 3)));
    if !well_formed {
        return Err(DomainError::InvalidNumberFormat);
    }
    Ok(groups.concat())
}

fn digits_to_u256(digits: &str) -> Result<U256, DomainError> {
    if digits.is_empty() {
        return Ok(U256::ZERO);
    }
    U256::from_str_radix(digits, 10).map_err(|_| DomainError::ValueTooLarge)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::amount::DisplayFormat;

    #[test]
    fn table() {
        let en = NumberFormat::EN_US;
        let de = NumberFormat::for_locale("de-DE");
        let fr = NumberFormat::for_locale("fr-FR");
        let ok: &[(&str, u8, &NumberFormat, &str)] = &[
            ("1,234.5", 4, &en, "12345000"),
            ("1.234,5", 4, &de, "12345000"),
            ("1 234,5", 4, &fr, "12345000"),
            ("1\u{202f}234,5", 4, &fr, "12345000"),
            (" 0.0001 ", 4, &en, "1"),
            (".5", 1, &en, "5"),
            ("5.", 0, &en, "5"),
            ("007", 2, &en, "700"),
            ("0", 18, &en, "0"),
        ];
        for (input, decimals, format, raw) in ok {
            let parsed = parse_amount(input, *decimals, format).unwrap();
            assert_eq!(parsed.raw().to_string(), *raw, "{input}");
        }
        let err: &[(&str, u8, &NumberFormat, DomainError)] = &[
            ("", 4, &en, DomainError::AmountRequired),
            ("   ", 4, &en, DomainError::AmountRequired),
            ("-1", 4, &en, DomainError::NegativeAmount),
            ("-", 4, &en, DomainError::InvalidNumberFormat),
            ("1e5", 4, &en, DomainError::InvalidNumberFormat),
            ("1.2.3", 4, &en, DomainError::InvalidNumberFormat),
            ("1,234.5", 4, &de, DomainError::InvalidNumberFormat),
            ("1.5", 4, &de, DomainError::InvalidNumberFormat),
            ("1,00,000", 4, &en, DomainError::InvalidNumberFormat),
            ("1234,567", 4, &en, DomainError::InvalidNumberFormat),
            (",100", 4, &en, DomainError::InvalidNumberFormat),
            ("100,", 4, &en, DomainError::InvalidNumberFormat),
            ("1,,000", 4, &en, DomainError::InvalidNumberFormat),
            ("1.0,5", 4, &en, DomainError::InvalidNumberFormat),
            (".", 4, &en, DomainError::InvalidNumberFormat),
            ("+1", 4, &en, DomainError::InvalidNumberFormat),
            ("１", 4, &en, DomainError::InvalidNumberFormat),
            ("1.23456", 4, &en, DomainError::TooManyDecimals { max: 4 }),
            ("1.00000", 4, &en, DomainError::TooManyDecimals { max: 4 }),
            ("1.5", 0, &en, DomainError::TooManyDecimals { max: 0 }),
            ("1", 78, &en, DomainError::UnsupportedDecimals(78)),
            (
                "115792089237316195423570985008687907853269984665640564039457584007913129639936",
                0,
                &en,
                DomainError::ValueTooLarge,
            ),
            (
                "1000000000000000000000000000000000000000000000000000000000000",
                18,
                &en,
                DomainError::ValueTooLarge,
            ),
        ];
        for (input, decimals, format, expected) in err {
            assert_eq!(
                parse_amount(input, *decimals, format).as_ref(),
                Err(expected),
                "{input}"
            );
        }
    }

    #[test]
    fn conversion_rate_must_be_positive() {
        let en = NumberFormat::EN_US;
        assert_eq!(
            parse_conversion_rate("0.25", &en)
                .unwrap()
                .to_plain_string(),
            "0.25"
        );
        for bad in ["0", "0.000", "-1", "abc", ""] {
            assert_eq!(
                parse_conversion_rate(bad, &en),
                Err(DomainError::InvalidConversionRate),
                "{bad}"
            );
        }
    }

    fn any_format() -> impl Strategy<Value = NumberFormat> {
        prop::sample::select(vec!["en-US", "de-DE", "fr-FR", "de-CH", "ja-JP"])
            .prop_map(NumberFormat::for_locale)
    }

    proptest! {
        #[test]
        fn display_at_full_precision_parses_back(limbs in any::<[u64; 4]>(), decimals in 0u8..=77, format in any_format()) {
            let amount = Amount::new(U256::from_limbs(limbs), decimals).unwrap();
            let display = DisplayFormat { max_fraction_digits: decimals, ..DisplayFormat::TOKEN };
            let text = amount.format(&display, &format);
            prop_assert_eq!(parse_amount(&text, decimals, &format), Ok(amount));
            prop_assert_eq!(parse_amount(&amount.to_plain_string(), decimals, &NumberFormat::PLAIN), Ok(amount));
        }

        #[test]
        fn truncated_display_never_exceeds_the_amount(raw in any::<u128>(), decimals in 0u8..=30, format in any_format()) {
            let amount = Amount::new(U256::from(raw), decimals).unwrap();
            let shown = parse_amount(&amount.format(&DisplayFormat::TOKEN, &format), decimals, &format).unwrap();
            prop_assert!(shown.cmp_value(&amount).is_le());
        }

        #[test]
        fn parse_never_panics(input in "\\PC{0,40}", decimals in 0u8..=80) {
            let _ = parse_amount(&input, decimals, &NumberFormat::EN_US);
        }
    }
}
