//! Exact decimal text from upstream JSON numbers. Price services send `0.2345`,
//! `1.5e-7` or `-3.14`; the API answers plain decimal strings, never floats, so the
//! number's own digits are moved around, never parsed into a binary float.

/// Longest exponent accepted; anything larger is not a price, volume or percentage.
const MAX_EXPONENT: i64 = 100;

/// `text` (a JSON number or numeric string, exponent allowed) as a plain decimal
/// string without exponent, leading or trailing zeros: `1.50e-3` → `0.0015`,
/// `-2E+2` → `-200`. `None` when it is not a number.
#[must_use]
pub fn plain_decimal(text: &str) -> Option<String> {
    let text = text.trim();
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exponent) = match body.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i64>().ok()?),
        None => (body, 0),
    };
    if exponent.abs() > MAX_EXPONENT {
        return None;
    }
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_only = |part: &str| part.chars().all(|c| c.is_ascii_digit());
    if (integer.is_empty() && fraction.is_empty())
        || !digits_only(integer)
        || !digits_only(fraction)
    {
        return None;
    }
    let digits = format!("{integer}{fraction}");
    // Where the decimal point falls within `digits` once the exponent is applied.
    let point = i64::try_from(integer.len()).ok()? + exponent;
    let length = i64::try_from(digits.len()).ok()?;
    let zeros = |count: i64| "0".repeat(usize::try_from(count).unwrap_or(0));
    let (whole, fraction) = if point <= 0 {
        ("0".to_owned(), format!("{}{digits}", zeros(-point)))
    } else if point >= length {
        (format!("{digits}{}", zeros(point - length)), String::new())
    } else {
        let split = usize::try_from(point).ok()?;
        let (whole, fraction) = digits.split_at(split);
        (whole.to_owned(), fraction.to_owned())
    };
    let whole = whole.trim_start_matches('0');
    let fraction = fraction.trim_end_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    let magnitude = if fraction.is_empty() {
        whole.to_owned()
    } else {
        format!("{whole}.{fraction}")
    };
    let sign = if negative && magnitude != "0" {
        "-"
    } else {
        ""
    };
    Some(format!("{sign}{magnitude}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_become_plain_decimal_text() {
        let cases = [
            ("0.2345", Some("0.2345")),
            ("1.5e-7", Some("0.00000015")),
            ("-2E+2", Some("-200")),
            ("12", Some("12")),
            ("0012.3400", Some("12.34")),
            ("-0.0", Some("0")),
            ("3.99e1", Some("39.9")),
            ("151234567.891", Some("151234567.891")),
            (".5", Some("0.5")),
            ("5.", Some("5")),
            ("", None),
            ("abc", None),
            ("1e999", None),
            ("1.2.3", None),
            ("--1", None),
        ];
        for (text, expected) in cases {
            assert_eq!(plain_decimal(text).as_deref(), expected, "{text}");
        }
    }
}
