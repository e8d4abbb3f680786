//! Token symbol and decimals, future dates and allowance batch ids (spec §5). The date
//! rule waits for the history export's date range (issue 18).

use alloy_primitives::{Address, U256};

use crate::DomainError;

/// Token symbols have 2 to 6 characters.
pub const TOKEN_SYMBOL_LENGTH: std::ops::RangeInclusive<usize> = 2..=6;
/// Token decimals lie between 2 and 9.
pub const TOKEN_DECIMALS_RANGE: std::ops::RangeInclusive<i128> = 2..=9;

/// Checks a token symbol's length (in characters, not bytes).
///
/// # Errors
/// [`DomainError::TokenSymbolLength`].
pub fn validate_token_symbol(symbol: &str) -> Result<(), DomainError> {
    if TOKEN_SYMBOL_LENGTH.contains(&symbol.chars().count()) {
        Ok(())
    } else {
        Err(DomainError::TokenSymbolLength)
    }
}

/// Checks token decimals entered in a form.
///
/// # Errors
/// [`DomainError::TokenDecimalsOutOfRange`].
pub fn validate_token_decimals(decimals: i128) -> Result<(), DomainError> {
    if TOKEN_DECIMALS_RANGE.contains(&decimals) {
        Ok(())
    } else {
        Err(DomainError::TokenDecimalsOutOfRange)
    }
}

/// Checks that `date_ms` is strictly after `now_ms` (both ms since the epoch).
///
/// # Errors
/// [`DomainError::DateNotInFuture`].
pub fn ensure_future(date_ms: i64, now_ms: i64) -> Result<(), DomainError> {
    if date_ms > now_ms {
        Ok(())
    } else {
        Err(DomainError::DateNotInFuture)
    }
}

/// The id of one item of an allowance revoke batch: `spender-token[-tokenId]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AllowanceBatchId {
    /// The approved spender.
    pub spender: Address,
    /// The token or collection contract.
    pub token: Address,
    /// The NFT id for a single-token approval.
    pub token_id: Option<U256>,
}

impl AllowanceBatchId {
    /// Parses `spender-token` or `spender-token-tokenId` (addresses as 0x hex, the token
    /// id in decimal).
    ///
    /// # Errors
    /// [`DomainError::InvalidAllowanceBatchId`].
    pub fn parse(text: &str) -> Result<Self, DomainError> {
        let invalid = || DomainError::InvalidAllowanceBatchId(text.to_owned());
        let parts: Vec<&str> = text.split('-').collect();
        let address = |part: &str| -> Result<Address, DomainError> {
            let hex = part.strip_prefix("0x").ok_or_else(invalid)?;
            if hex.len() != 40 {
                return Err(invalid());
            }
            part.parse().map_err(|_| invalid())
        };
        let (spender, token, token_id) = match parts.as_slice() {
            [spender, token] => (address(spender)?, address(token)?, None),
            [spender, token, id] if !id.is_empty() && id.chars().all(|c| c.is_ascii_digit()) => {
                let id = U256::from_str_radix(id, 10).map_err(|_| invalid())?;
                (address(spender)?, address(token)?, Some(id))
            }
            _ => return Err(invalid()),
        };
        Ok(Self {
            spender,
            token,
            token_id,
        })
    }
}

impl AllowanceBatchId {
    /// The id's text with addresses written by `checksum` (EIP-55 text, perhaps
    /// remembered: rendering a thousand rows hashes the same few addresses again and
    /// again).
    #[must_use]
    pub fn text_with(&self, mut checksum: impl FnMut(Address) -> String) -> String {
        let mut text = format!("{}-{}", checksum(self.spender), checksum(self.token));
        if let Some(id) = self.token_id {
            text.push('-');
            text.push_str(&id.to_string());
        }
        text
    }
}

impl std::fmt::Display for AllowanceBatchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text_with(|address| address.to_checksum(None)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_symbol_and_decimals() {
        for (symbol, ok) in [
            ("T", false),
            ("TL", true),
            ("TLOS", true),
            ("STLOSX", true),
            ("STLOSXX", false),
            ("ÄÖ", true),
        ] {
            assert_eq!(validate_token_symbol(symbol).is_ok(), ok, "{symbol}");
        }
        for (decimals, ok) in [(1, false), (2, true), (9, true), (10, false), (-2, false)] {
            assert_eq!(validate_token_decimals(decimals).is_ok(), ok, "{decimals}");
        }
        assert_eq!(
            validate_token_symbol("X"),
            Err(DomainError::TokenSymbolLength)
        );
        assert_eq!(
            validate_token_decimals(18),
            Err(DomainError::TokenDecimalsOutOfRange)
        );
    }

    #[test]
    fn future_dates() {
        assert_eq!(ensure_future(1001, 1000), Ok(()));
        assert_eq!(ensure_future(1000, 1000), Err(DomainError::DateNotInFuture));
        assert_eq!(ensure_future(999, 1000), Err(DomainError::DateNotInFuture));
    }

    #[test]
    fn allowance_batch_ids() {
        let spender = "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E";
        let token = "0xB4B01216a5Bc8F1C8A33CD990A1239030E60C905";
        let pair = AllowanceBatchId::parse(&format!("{spender}-{token}")).unwrap();
        assert_eq!(
            (pair.spender.to_checksum(None), pair.token_id),
            (spender.to_owned(), None)
        );
        let single = AllowanceBatchId::parse(&format!("{spender}-{token}-42")).unwrap();
        assert_eq!(single.token_id, Some(U256::from(42u8)));
        assert_eq!(single.to_string(), format!("{spender}-{token}-42"));
        for bad in [
            String::new(),
            spender.to_owned(),
            format!("{spender}-"),
            format!("{spender}-{token}-"),
            format!("{spender}-{token}-x1"),
            format!("{spender}-{token}-1-2"),
            format!("{spender}-0x12"),
            format!("abc-{token}"),
        ] {
            assert_eq!(
                AllowanceBatchId::parse(&bad),
                Err(DomainError::InvalidAllowanceBatchId(bad.clone())),
                "{bad}"
            );
        }
    }
}
