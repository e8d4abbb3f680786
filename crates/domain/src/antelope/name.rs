//! Antelope names ↔ u64, the chain's base-32 encoding: up to 12 characters of
//! `.12345a-z` take 5 bits each from the top, a 13th character takes the low 4 bits (so
//! only `.`, `1-5` and `a-j`). Trailing dots are not stored; a name written with them is
//! rejected as not normalized, as the chain does.

use std::str::FromStr;

use crate::DomainError;

const CHARMAP: &[u8; 32] = b".12345abcdefghijklmnopqrstuvwxyz";
const MAX_LENGTH: usize = 13;

/// An Antelope name (account, action, table, permission).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Name(u64);

impl Name {
    /// The name with this raw value (every u64 is a name).
    #[must_use]
    pub const fn from_u64(value: u64) -> Self {
        Self(value)
    }

    /// The raw value.
    #[must_use]
    pub const fn as_u64(self) -> u64 {
        self.0
    }
}

fn symbol_of(c: u8) -> Option<u64> {
    match c {
        b'a'..=b'z' => Some(u64::from(c - b'a') + 6),
        b'1'..=b'5' => Some(u64::from(c - b'1') + 1),
        b'.' => Some(0),
        _ => None,
    }
}

impl FromStr for Name {
    type Err = DomainError;

    fn from_str(text: &str) -> Result<Self, DomainError> {
        if text.len() > MAX_LENGTH {
            return Err(DomainError::NameTooLong(text.to_owned()));
        }
        let mut value = 0u64;
        for (index, byte) in text.bytes().enumerate() {
            let symbol = symbol_of(byte)
                .ok_or_else(|| DomainError::NameInvalidCharacter(text.to_owned()))?;
            if index < 12 {
                value |= symbol << (64 - 5 * (index + 1));
            } else if symbol > 0x0f {
                return Err(DomainError::NameInvalidLastCharacter(text.to_owned()));
            } else {
                value |= symbol;
            }
        }
        if text.ends_with('.') {
            return Err(DomainError::NameNotNormalized(text.to_owned()));
        }
        Ok(Self(value))
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut chars = [b'.'; MAX_LENGTH];
        let mut rest = self.0;
        for (position, slot) in chars.iter_mut().enumerate().rev() {
            let (mask, width) = if position == 12 { (0x0f, 4) } else { (0x1f, 5) };
            // The mask keeps the index below 32.
            *slot = CHARMAP[usize::try_from(rest & mask).unwrap_or_default()];
            rest >>= width;
        }
        let text = std::str::from_utf8(&chars).map_err(|_| std::fmt::Error)?;
        f.write_str(text.trim_end_matches('.'))
    }
}

impl serde::Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Name {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn known_values() {
        let cases = [
            ("", 0u64),
            ("eosio", 6_138_663_577_826_885_632),
            ("eosio.token", 6_138_663_591_592_764_928),
            ("transfer", 14_829_575_313_431_724_032),
            ("active", 3_617_214_756_542_218_240),
            ("zzzzzzzzzzzzj", u64::MAX),
            ("a.b", 3_462_705_163_494_490_112),
        ];
        for (text, value) in cases {
            let name: Name = text.parse().unwrap();
            assert_eq!(name.as_u64(), value, "{text}");
            assert_eq!(Name::from_u64(value).to_string(), text);
        }
    }

    #[test]
    fn rejects_invalid_names() {
        let cases = [
            (
                "abcdefghijklmn",
                DomainError::NameTooLong("abcdefghijklmn".into()),
            ),
            ("Eosio", DomainError::NameInvalidCharacter("Eosio".into())),
            ("eos6", DomainError::NameInvalidCharacter("eos6".into())),
            ("eos-io", DomainError::NameInvalidCharacter("eos-io".into())),
            (
                "aaaaaaaaaaaak",
                DomainError::NameInvalidLastCharacter("aaaaaaaaaaaak".into()),
            ),
            ("eosio.", DomainError::NameNotNormalized("eosio.".into())),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<Name>(), Err(expected), "{text}");
        }
    }

    #[test]
    fn serde_uses_the_text_form() {
        let name: Name = serde_json::from_str("\"eosio.token\"").unwrap();
        assert_eq!(serde_json::to_string(&name).unwrap(), "\"eosio.token\"");
        assert!(serde_json::from_str::<Name>("\"EOSIO\"").is_err());
    }

    proptest! {
        #[test]
        fn every_u64_round_trips(value in any::<u64>()) {
            let text = Name::from_u64(value).to_string();
            prop_assert_eq!(text.parse::<Name>(), Ok(Name::from_u64(value)));
        }

        #[test]
        fn every_valid_name_round_trips(text in "[a-z1-5.]{0,11}[a-z1-5]|[a-z1-5.]{12}[a-j1-5]") {
            let name: Name = text.parse().unwrap();
            prop_assert_eq!(name.to_string(), text);
        }

        #[test]
        fn parse_never_panics(text in "\\PC{0,20}") {
            let _ = text.parse::<Name>();
        }
    }
}
