//! Column encodings: fixed-width big-endian blobs for addresses, hashes and 256-bit
//! integers (so equal-width blobs also sort numerically), SQLite integers for heights.

use alloy_primitives::{Address, B256, U256};
use tandem_evm::source::TokenStandard;

/// Address as a 20-byte blob.
pub fn address_blob(address: &Address) -> &[u8] {
    address.as_slice()
}

/// A 20-byte blob as an address; anything else (never written by this store) reads as zero.
pub fn address_from(blob: &[u8]) -> Address {
    Address::try_from(blob).unwrap_or_default()
}

/// A 32-byte blob as a hash.
pub fn b256_from(blob: &[u8]) -> B256 {
    B256::try_from(blob).unwrap_or_default()
}

/// 256-bit integer as a 32-byte big-endian blob.
pub fn u256_blob(value: &U256) -> [u8; 32] {
    value.to_be_bytes()
}

/// A big-endian blob as a 256-bit integer (empty reads as zero).
pub fn u256_from(blob: &[u8]) -> U256 {
    U256::try_from_be_slice(blob).unwrap_or_default()
}

/// Heights and counts as SQLite integers (heights never reach 2^63).
pub fn int(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// SQLite integer back to a height or count.
pub fn uint(value: i64) -> u64 {
    value.unsigned_abs()
}

/// The `standard` column.
pub fn standard_code(standard: TokenStandard) -> i64 {
    match standard {
        TokenStandard::Erc20 => 0,
        TokenStandard::Erc721 => 1,
        TokenStandard::Erc1155 => 2,
    }
}

/// The `standard` column back.
pub fn standard_from(code: i64) -> TokenStandard {
    match code {
        1 => TokenStandard::Erc721,
        2 => TokenStandard::Erc1155,
        _ => TokenStandard::Erc20,
    }
}
