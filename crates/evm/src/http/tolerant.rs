//! Tolerant reading of third-party JSON. Upstream answers drift (a field changes type,
//! disappears, or arrives JSON-encoded inside a string); a drifted field must degrade to
//! `None` without losing the rest of the answer, and one bad row must not lose the page.
//!
//! Everything here reads through [`RawValue`], so numbers keep their exact text and are
//! never squeezed through `f64`.

use std::str::FromStr;

use alloy_primitives::{Address, B256, U256};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;
use tandem_domain::time::days_from_civil;

/// A field that is `None` when missing, `null` (even where `T` could hold a null, as
/// raw JSON can), or of an unexpected shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lenient<T>(pub Option<T>);

impl<T> Default for Lenient<T> {
    fn default() -> Self {
        Self(None)
    }
}

impl<T> Lenient<T> {
    /// The value, if it was there and well-formed.
    pub fn into_option(self) -> Option<T> {
        self.0
    }

    /// A reference to the value, if any.
    pub fn as_ref(&self) -> Option<&T> {
        self.0.as_ref()
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Lenient<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        if raw.get().trim() == "null" {
            return Ok(Self(None));
        }
        Ok(Self(serde_json::from_str(raw.get()).ok()))
    }
}

/// A value sent either as JSON or as a string holding that JSON (the indexer's
/// `calldata` and `logs`, the verified bucket's `content`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Embedded<T>(pub T);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Embedded<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        let text = raw.get();
        let parsed = if text.trim_start().starts_with('"') {
            let inner: String = serde_json::from_str(text).map_err(serde::de::Error::custom)?;
            serde_json::from_str(&inner)
        } else {
            serde_json::from_str(text)
        };
        parsed.map(Self).map_err(serde::de::Error::custom)
    }
}

/// A number sent as a JSON number or as a string, kept as its exact text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberText(pub String);

impl<'de> Deserialize<'de> for NumberText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        let text = raw.get().trim();
        if text.starts_with('"') {
            let inner: String = serde_json::from_str(text).map_err(serde::de::Error::custom)?;
            return Ok(Self(inner.trim().to_owned()));
        }
        if text.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
            return Ok(Self(text.to_owned()));
        }
        Err(serde::de::Error::custom(
            "expected a number or a numeric string",
        ))
    }
}

impl NumberText {
    /// The exact non-negative integer (decimal, `0x` hex, or integral exponent form).
    #[must_use]
    pub fn to_u256(&self) -> Option<U256> {
        parse_u256(&self.0)
    }

    /// The value as `u64`, when it is an integer that fits.
    #[must_use]
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u256().and_then(|v| u64::try_from(v).ok())
    }

    /// The value as a timestamp in milliseconds (see [`timestamp_ms`]).
    #[must_use]
    pub fn to_timestamp_ms(&self) -> Option<u64> {
        timestamp_ms(&self.0)
    }
}

/// A JSON document sent inline, as text: a JSON string is unwrapped (an indexer's
/// `___INVALID_METADATA___` or an unparsed document included, for the domain to
/// degrade), anything else is kept as its JSON text; `null` is none.
#[must_use]
pub fn document_text(raw: Option<Box<RawValue>>) -> Option<String> {
    let raw = raw?;
    let text = raw.get().trim();
    if text == "null" {
        return None;
    }
    if text.starts_with('"') {
        return serde_json::from_str::<String>(text).ok();
    }
    Some(text.to_owned())
}

/// The rows of an answer that parsed, and how many did not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rows<T> {
    /// Rows that parsed.
    pub rows: Vec<T>,
    /// Rows skipped as unreadable.
    pub skipped: usize,
}

impl<T> Default for Rows<T> {
    fn default() -> Self {
        Self {
            rows: Vec::new(),
            skipped: 0,
        }
    }
}

/// Parses each raw row on its own and converts it; a row that fails either is skipped
/// and counted.
pub fn parse_rows<W, T>(raw: &[Box<RawValue>], convert: impl Fn(W) -> Option<T>) -> Rows<T>
where
    W: DeserializeOwned,
{
    let mut out = Rows::default();
    for row in raw {
        match serde_json::from_str::<W>(row.get()).ok().and_then(&convert) {
            Some(value) => out.rows.push(value),
            None => out.skipped += 1,
        }
    }
    out
}

/// An exact non-negative integer from decimal text, `0x` hex, or exponent notation
/// whose value is integral (`1.5e3`); `None` for anything else.
#[must_use]
pub fn parse_u256(text: &str) -> Option<U256> {
    let text = text.trim();
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        if hex.is_empty() {
            return Some(U256::ZERO);
        }
        return U256::from_str_radix(hex, 16).ok();
    }
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], text[at + 1..].parse::<i64>().ok()?),
        None => (text, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    if !int_part
        .chars()
        .chain(frac_part.chars())
        .all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let digits = format!("{int_part}{frac_part}");
    // The value is digits × 10^(exponent − fraction length).
    let shift = exponent.checked_sub(i64::try_from(frac_part.len()).ok()?)?;
    if shift >= 0 {
        let factor = U256::from(10u8).checked_pow(U256::from(u64::try_from(shift).ok()?))?;
        U256::from_str_radix(&digits, 10).ok()?.checked_mul(factor)
    } else {
        let cut = usize::try_from(shift.unsigned_abs()).ok()?;
        let keep = digits.len().checked_sub(cut)?;
        if !digits[keep..].chars().all(|c| c == '0') {
            return None;
        }
        let kept = &digits[..keep];
        if kept.is_empty() {
            return Some(U256::ZERO);
        }
        U256::from_str_radix(kept, 10).ok()
    }
}

/// An address from text (any case, with `0x`).
#[must_use]
pub fn parse_address(text: &str) -> Option<Address> {
    let text = text.trim();
    let hex = text.strip_prefix("0x")?;
    if hex.len() != 40 {
        return None;
    }
    Address::from_str(text).ok()
}

/// A 32-byte hash from `0x` hex text.
#[must_use]
pub fn parse_b256(text: &str) -> Option<B256> {
    let text = text.trim();
    text.strip_prefix("0x")?;
    B256::from_str(text).ok()
}

/// Bytes from `0x` hex text (`0x` alone is empty).
#[must_use]
pub fn parse_hex_bytes(text: &str) -> Option<Vec<u8>> {
    let hex = text.trim().strip_prefix("0x")?;
    if hex.len() % 2 != 0 {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Timestamps below this are taken as seconds (it is 2286 in seconds, 1970 in ms).
const SECONDS_CUTOFF: u64 = 10_000_000_000;

/// Milliseconds since the epoch from what upstreams send: milliseconds, seconds (small
/// numbers), or an ISO-8601 UTC date (`2024-05-01T12:00:00.500Z`, offset optional).
#[must_use]
pub fn timestamp_ms(text: &str) -> Option<u64> {
    let text = text.trim();
    if let Some(number) = parse_u256(text) {
        let value = u64::try_from(number).ok()?;
        return Some(if value < SECONDS_CUTOFF {
            value.checked_mul(1000)?
        } else {
            value
        });
    }
    iso8601_ms(text)
}

/// `YYYY-MM-DD[T ]HH:MM:SS[.fff][Z]`, read as UTC.
fn iso8601_ms(text: &str) -> Option<u64> {
    let text = text.strip_suffix('Z').unwrap_or(text);
    let (date, time) = text.split_once(['T', ' '])?;
    let mut date_parts = date.splitn(3, '-');
    let year: i64 = date_parts.next()?.parse().ok()?;
    let month: i64 = date_parts.next()?.parse().ok()?;
    let day: i64 = date_parts.next()?.parse().ok()?;
    let (clock, fraction) = time.split_once('.').unwrap_or((time, ""));
    let mut clock_parts = clock.splitn(3, ':');
    let hour: i64 = clock_parts.next()?.parse().ok()?;
    let minute: i64 = clock_parts.next()?.parse().ok()?;
    let second: i64 = clock_parts.next()?.parse().ok()?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 {
        return None;
    }
    let millis_digits: String = fraction.chars().take(3).collect();
    let millis: i64 = if millis_digits.is_empty() {
        0
    } else {
        format!("{millis_digits:0<3}").parse().ok()?
    };
    let days = days_from_civil(year, month, day);
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second;
    u64::try_from(seconds * 1000 + millis).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Sample {
        #[serde(default)]
        amount: Lenient<NumberText>,
        #[serde(default)]
        nested: Lenient<Embedded<Vec<u32>>>,
    }

    fn sample(json: &str) -> Sample {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn numbers_keep_their_exact_text() {
        let big = "123456789012345678901234567890";
        let from_string = sample(&format!(r#"{{"amount":"{big}"}}"#));
        let from_number = sample(&format!(r#"{{"amount":{big}}}"#));
        assert_eq!(
            from_string.amount.0.unwrap().to_u256(),
            U256::from_str(big).ok()
        );
        assert_eq!(
            from_number.amount.0.unwrap().to_u256(),
            U256::from_str(big).ok()
        );
    }

    #[test]
    fn drifted_fields_degrade_to_none() {
        let s = sample(r#"{"amount":{"value":1},"nested":"not json"}"#);
        assert_eq!(s.amount.0, None);
        assert_eq!(s.nested.0, None);
        let missing = sample("{}");
        assert_eq!(missing.amount.0, None);
    }

    #[test]
    fn embedded_json_reads_from_a_string_or_directly() {
        assert_eq!(
            sample(r#"{"nested":"[1,2]"}"#).nested.0.unwrap().0,
            vec![1, 2]
        );
        assert_eq!(sample(r#"{"nested":[3]}"#).nested.0.unwrap().0, vec![3]);
    }

    #[test]
    fn integers_in_every_form() {
        assert_eq!(parse_u256("0x1a"), Some(U256::from(26)));
        assert_eq!(parse_u256("0x"), Some(U256::ZERO));
        assert_eq!(parse_u256("1.5e3"), Some(U256::from(1500)));
        assert_eq!(
            parse_u256("1e21"),
            U256::from_str("1000000000000000000000").ok()
        );
        assert_eq!(parse_u256("2500e-2"), Some(U256::from(25)));
        assert_eq!(parse_u256("1.25"), None);
        assert_eq!(parse_u256("-1"), None);
        assert_eq!(parse_u256("abc"), None);
        assert_eq!(parse_u256(""), None);
    }

    #[test]
    fn timestamps_in_ms_seconds_or_iso() {
        assert_eq!(timestamp_ms("1714564800500"), Some(1_714_564_800_500));
        assert_eq!(timestamp_ms("1714564800"), Some(1_714_564_800_000));
        assert_eq!(
            timestamp_ms("2024-05-01T12:00:00.5Z"),
            Some(1_714_564_800_500)
        );
        assert_eq!(timestamp_ms("2024-05-01T12:00:00"), Some(1_714_564_800_000));
        assert_eq!(timestamp_ms("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(timestamp_ms("yesterday"), None);
    }

    #[test]
    fn hex_and_addresses() {
        assert_eq!(
            parse_hex_bytes("0xa9059cbb"),
            Some(vec![0xa9, 0x05, 0x9c, 0xbb])
        );
        assert_eq!(parse_hex_bytes("0x"), Some(vec![]));
        assert_eq!(parse_hex_bytes("0xabc"), None);
        assert!(parse_address("0xd102ce6a4db07d247fcc28f366a623df0938ca9e").is_some());
        assert!(parse_address("___NATIVE_CURRENCY___").is_none());
    }

    #[test]
    fn bad_rows_are_skipped_and_counted() {
        let raw: Vec<Box<RawValue>> = serde_json::from_str(r#"[1, "x", 3, {"a":1}]"#).unwrap();
        let rows = parse_rows::<u32, u32>(&raw, |v| (v != 3).then_some(v));
        assert_eq!(rows.rows, vec![1]);
        assert_eq!(rows.skipped, 3);
    }
}
