//! Serde helpers for the chain's JSON: large integers arrive as numbers on one node and
//! as strings on another (`"ram_quota": "-1"`, `"global_sequence": "206"`), and some
//! fields are `null` or missing. These accept every form and keep exact integers.

use serde::{Deserialize, Deserializer, de};

#[derive(Deserialize)]
#[serde(untagged)]
enum NumberOrText {
    Signed(i64),
    Unsigned(u64),
    Text(String),
    Bool(bool),
}

fn parse<T, E>(value: NumberOrText) -> Result<T, E>
where
    T: TryFrom<i64> + TryFrom<u64> + std::str::FromStr,
    E: de::Error,
{
    let out_of_range = || E::custom("integer out of range");
    match value {
        NumberOrText::Signed(n) => T::try_from(n).map_err(|_| out_of_range()),
        NumberOrText::Unsigned(n) => T::try_from(n).map_err(|_| out_of_range()),
        NumberOrText::Bool(flag) => T::try_from(i64::from(flag)).map_err(|_| out_of_range()),
        NumberOrText::Text(text) => text
            .trim()
            .parse()
            .map_err(|_| E::custom(format!("'{text}' is not an integer"))),
    }
}

/// An `i64` written as a number, a string, or (for flags such as `is_proxy`) a boolean.
///
/// # Errors
/// When the value is none of those or out of range.
pub fn i64_any<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    parse(NumberOrText::deserialize(deserializer)?)
}

/// A `u64` written as a number or a string.
///
/// # Errors
/// When the value is neither or out of range.
pub fn u64_any<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    parse(NumberOrText::deserialize(deserializer)?)
}

/// A `u32` written as a number or a string.
///
/// # Errors
/// When the value is neither or out of range.
pub fn u32_any<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    parse(NumberOrText::deserialize(deserializer)?)
}

/// An optional `i64`: missing or `null` is `None`, else as [`i64_any`].
///
/// # Errors
/// When a present value is not an integer.
pub fn opt_i64_any<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    Option::<NumberOrText>::deserialize(deserializer)?
        .map(parse)
        .transpose()
}

/// A sequence that may be `null`: `null` reads as empty.
///
/// # Errors
/// When the value is neither a sequence nor `null`.
pub fn vec_or_null<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Vec<T>>::deserialize(deserializer)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Sample {
        #[serde(deserialize_with = "i64_any")]
        signed: i64,
        #[serde(deserialize_with = "u64_any")]
        unsigned: u64,
        #[serde(default, deserialize_with = "opt_i64_any")]
        optional: Option<i64>,
        #[serde(default, deserialize_with = "vec_or_null")]
        list: Vec<u8>,
    }

    #[test]
    fn numbers_strings_and_nulls() {
        let sample: Sample = serde_json::from_str(
            r#"{"signed":"-1","unsigned":"18446744073709551615","optional":null,"list":null}"#,
        )
        .unwrap();
        assert_eq!(
            (sample.signed, sample.unsigned, sample.optional),
            (-1, u64::MAX, None)
        );
        assert!(sample.list.is_empty());
        let sample: Sample =
            serde_json::from_str(r#"{"signed":true,"unsigned":7,"optional":"12"}"#).unwrap();
        assert_eq!((sample.signed, sample.optional), (1, Some(12)));
        assert!(serde_json::from_str::<Sample>(r#"{"signed":"1.5","unsigned":1}"#).is_err());
        assert!(serde_json::from_str::<Sample>(r#"{"signed":1,"unsigned":-1}"#).is_err());
    }
}
