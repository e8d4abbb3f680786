//! The chain's timestamps: `2026-11-22T02:02:34.500` (UTC, no zone, optional fraction)
//! to and from Unix time, with the proleptic Gregorian calendar (no clock reads here).

use tandem_domain::time::{civil_from_days, days_from_civil};

use crate::error::AntelopeError;

/// Milliseconds since the Unix epoch of a chain timestamp (a trailing `Z` is allowed).
///
/// # Errors
/// [`AntelopeError::InvalidResponse`] for any other shape.
pub fn parse_millis(text: &str) -> Result<i64, AntelopeError> {
    let invalid = || AntelopeError::InvalidResponse {
        url: String::new(),
        source: format!("'{text}' is not a chain timestamp").into(),
    };
    let trimmed = text.strip_suffix('Z').unwrap_or(text);
    let (date, time) = trimmed.split_once('T').ok_or_else(invalid)?;
    let (clock, fraction) = time.split_once('.').unwrap_or((time, ""));
    let number = |part: &str, digits: usize| -> Result<i64, AntelopeError> {
        if part.len() != digits || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        part.parse().map_err(|_| invalid())
    };
    let date: Vec<&str> = date.split('-').collect();
    let clock: Vec<&str> = clock.split(':').collect();
    let ([year, month, day], [hour, minute, second]) = (date.as_slice(), clock.as_slice()) else {
        return Err(invalid());
    };
    let (year, month, day) = (number(year, 4)?, number(month, 2)?, number(day, 2)?);
    let (hour, minute, second) = (number(hour, 2)?, number(minute, 2)?, number(second, 2)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 {
        return Err(invalid());
    }
    if second > 59 || fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid());
    }
    let millis = format!("{fraction:0<3}")
        .get(..3)
        .and_then(|digits| digits.parse::<i64>().ok())
        .ok_or_else(invalid)?;
    let seconds = days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
    Ok(seconds * 1000 + millis)
}

/// Unix seconds as the chain writes a transaction's expiration: `YYYY-MM-DDTHH:MM:SS`.
#[must_use]
pub fn format_seconds(seconds: i64) -> String {
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    let rest = seconds.rem_euclid(86_400);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_instants() {
        let cases = [
            ("1970-01-01T00:00:00", 0),
            ("2000-01-01T00:00:00.000", 946_684_800_000),
            ("2026-11-22T02:02:34.500", 1_795_312_954_500),
            ("2024-02-29T23:59:59.5Z", 1_709_251_199_500),
        ];
        for (text, millis) in cases {
            assert_eq!(parse_millis(text).unwrap(), millis, "{text}");
        }
        assert_eq!(format_seconds(1_795_312_954), "2026-11-22T02:02:34");
        assert_eq!(format_seconds(951_782_400), "2000-02-29T00:00:00");
        for seconds in [0, 86_399, 1_000_000_000, 4_102_444_800] {
            assert_eq!(
                parse_millis(&format_seconds(seconds)).unwrap(),
                seconds * 1000
            );
        }
    }

    #[test]
    fn rejects_other_shapes() {
        for bad in [
            "",
            "2026-11-22",
            "2026-11-22 02:02:34",
            "2026-13-01T00:00:00",
            "26-11-22T02:02:34",
            "2026-11-22T02:02:34.x",
            "2026-11-22T24:00:00",
        ] {
            assert!(parse_millis(bad).is_err(), "{bad}");
        }
    }
}
