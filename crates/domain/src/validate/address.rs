//! EVM addresses and hashes (spec §5).
//!
//! An address is `0x` followed by 40 hex characters. Mixed case must be the EIP-55
//! checksum. An address whose letters are all one case carries no checksum: it is
//! accepted with [`AddressWarning::NotChecksummed`] (the spec's "address is lowercase,
//! verify it"), since a typo in it cannot be detected.

use alloy_primitives::{Address, B256};

use crate::DomainError;

/// A non-blocking remark on a valid address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressWarning {
    /// All letters share one case, so there is no checksum to verify it against.
    NotChecksummed,
}

impl AddressWarning {
    /// The stable key of the warning.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::NotChecksummed => "validation.address_lowercase",
        }
    }
}

/// A valid address and the warning to show, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedAddress {
    /// The address.
    pub address: Address,
    /// Its EIP-55 checksummed text.
    pub checksummed: String,
    /// A warning for the user, if any.
    pub warning: Option<AddressWarning>,
}

/// Checks an EVM address as typed (surrounding whitespace is an error, not trimmed).
///
/// # Errors
/// [`DomainError::AddressRequired`], [`DomainError::InvalidAddress`] or
/// [`DomainError::InvalidChecksumAddress`].
pub fn validate_evm_address(input: &str) -> Result<CheckedAddress, DomainError> {
    if input.is_empty() {
        return Err(DomainError::AddressRequired);
    }
    let hex = input
        .strip_prefix("0x")
        .ok_or(DomainError::InvalidAddress)?;
    if hex.len() != 40 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(DomainError::InvalidAddress);
    }
    let address: Address = input.parse().map_err(|_| DomainError::InvalidAddress)?;
    let checksummed = address.to_checksum(None);
    let has_lower = hex.chars().any(|c| c.is_ascii_lowercase());
    let has_upper = hex.chars().any(|c| c.is_ascii_uppercase());
    let warning = match (has_lower, has_upper) {
        (true, true) if checksummed != input => return Err(DomainError::InvalidChecksumAddress),
        (true, false) | (false, true) => Some(AddressWarning::NotChecksummed),
        _ => None,
    };
    Ok(CheckedAddress {
        address,
        checksummed,
        warning,
    })
}

/// Checks a hash: `0x` followed by one or more hex characters. Returns it lowercased.
///
/// # Errors
/// [`DomainError::InvalidHash`].
pub fn validate_hash(input: &str) -> Result<String, DomainError> {
    match input.strip_prefix("0x") {
        Some(hex) if !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
            Ok(input.to_ascii_lowercase())
        }
        _ => Err(DomainError::InvalidHash),
    }
}

/// Checks a transaction hash: the hash rule of [`validate_hash`] at the length of a
/// Keccak-256 hash, `0x` followed by 64 hex characters.
///
/// # Errors
/// [`DomainError::InvalidHash`].
pub fn validate_transaction_hash(input: &str) -> Result<B256, DomainError> {
    let hash = validate_hash(input)?;
    if hash.len() != 66 {
        return Err(DomainError::InvalidHash);
    }
    hash.parse().map_err(|_| DomainError::InvalidHash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        let valid = "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E";
        let zero = "0x0000000000000000000000000000000000000000";
        let ok = [
            (valid, valid, None),
            (
                "0xd102ce6a4db07d247fcc28f366a623df0938ca9e",
                valid,
                Some(AddressWarning::NotChecksummed),
            ),
            (
                "0xD102CE6A4DB07D247FCC28F366A623DF0938CA9E",
                valid,
                Some(AddressWarning::NotChecksummed),
            ),
            (zero, zero, None),
        ];
        for (input, checksummed, warning) in ok {
            let checked = validate_evm_address(input).unwrap();
            assert_eq!(checked.checksummed, checksummed, "{input}");
            assert_eq!(checked.warning, warning, "{input}");
        }
        let err = [
            ("", DomainError::AddressRequired),
            (
                "D102cE6A4dB07D247fcc28F366A623Df0938CA9E",
                DomainError::InvalidAddress,
            ),
            (
                "0XD102cE6A4dB07D247fcc28F366A623Df0938CA9E",
                DomainError::InvalidAddress,
            ),
            (
                "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9",
                DomainError::InvalidAddress,
            ),
            (
                "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9EE",
                DomainError::InvalidAddress,
            ),
            (
                "0xG102cE6A4dB07D247fcc28F366A623Df0938CA9E",
                DomainError::InvalidAddress,
            ),
            (
                " 0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E",
                DomainError::InvalidAddress,
            ),
            (
                "0xd102cE6A4dB07D247fcc28F366A623Df0938CA9E",
                DomainError::InvalidChecksumAddress,
            ),
        ];
        for (input, expected) in err {
            assert_eq!(validate_evm_address(input), Err(expected), "{input}");
        }
    }

    #[test]
    fn hashes() {
        assert_eq!(validate_hash("0xABcd").unwrap(), "0xabcd");
        for bad in ["", "0x", "abcd", "0xzz", "0x12 "] {
            assert_eq!(validate_hash(bad), Err(DomainError::InvalidHash), "{bad}");
        }
        let full = format!("0x{}", "aB".repeat(32));
        assert_eq!(
            validate_transaction_hash(&full).unwrap(),
            B256::repeat_byte(0xab)
        );
        for bad in [
            "0xabcd".to_owned(),
            format!("{full}0"),
            full.replace("0x", ""),
        ] {
            assert_eq!(
                validate_transaction_hash(&bad),
                Err(DomainError::InvalidHash),
                "{bad}"
            );
        }
    }
}
