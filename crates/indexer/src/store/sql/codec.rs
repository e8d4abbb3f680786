//! Column values as both backends store them: fixed-width big-endian bytes for
//! addresses, hashes and 256-bit integers (so equal-width values also sort
//! numerically, in SQLite's BLOB and PostgreSQL's BYTEA alike), 64-bit integers for
//! heights, times and flags, text for names and documents.

use alloy_primitives::{Address, B256, U256};
use tandem_evm::source::TokenStandard;

use crate::store::StoreError;

/// One column value, the common ground of SQLite and PostgreSQL: each backend turns
/// its own types into these and back (PostgreSQL's BOOLEAN and SMALLINT included).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// SQL NULL.
    Null,
    /// An integer (heights, counts, times, flags, codes).
    Int(i64),
    /// Bytes (addresses, hashes, 256-bit integers, raw data).
    Bytes(Vec<u8>),
    /// Text.
    Text(String),
    /// A list of values, a parameter only: PostgreSQL binds it as an array (for
    /// `unnest`, to look up many keys in one statement); SQLite refuses it.
    List(Vec<Value>),
}

/// A result row.
pub type Row = Vec<Value>;

/// Heights and counts as integers (heights never reach 2^63).
pub fn int(value: u64) -> Value {
    Value::Int(i64::try_from(value).unwrap_or(i64::MAX))
}

/// An address.
pub fn addr(address: &Address) -> Value {
    Value::Bytes(address.to_vec())
}

/// A hash.
pub fn hash(hash: &B256) -> Value {
    Value::Bytes(hash.to_vec())
}

/// A 256-bit integer as 32 big-endian bytes.
pub fn word(value: &U256) -> Value {
    Value::Bytes(u256_bytes(value).to_vec())
}

/// Raw bytes.
pub fn bytes(value: &[u8]) -> Value {
    Value::Bytes(value.to_vec())
}

/// Text, or NULL. NUL characters are dropped: PostgreSQL's text cannot hold them, and
/// both stores must keep the same text (a contract's name or an NFT's metadata is
/// whatever the contract or its server chose to send).
pub fn text(value: Option<&str>) -> Value {
    value.map_or(Value::Null, |text| Value::Text(text.replace('\0', "")))
}

/// A flag as 0 or 1.
pub fn flag(value: bool) -> Value {
    Value::Int(i64::from(value))
}

/// `Some` as its value, `None` as NULL.
pub fn nullable<T>(value: Option<T>, encode: impl FnOnce(T) -> Value) -> Value {
    value.map_or(Value::Null, encode)
}

/// 256-bit integer as 32 big-endian bytes.
pub fn u256_bytes(value: &U256) -> [u8; 32] {
    value.to_be_bytes()
}

/// An integer back to a height or count.
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

/// Typed access to one result row; a column of the wrong kind is a corrupt store.
#[derive(Debug, Clone, Copy)]
pub struct Cols<'r>(pub &'r [Value]);

impl Cols<'_> {
    fn at(&self, i: usize) -> Result<&Value, StoreError> {
        self.0.get(i).ok_or(StoreError::corrupt("result row"))
    }

    /// An integer column.
    pub fn int(&self, i: usize) -> Result<i64, StoreError> {
        match self.at(i)? {
            Value::Int(n) => Ok(*n),
            _ => Err(StoreError::corrupt("integer column")),
        }
    }

    /// An integer column that may be NULL.
    pub fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError> {
        match self.at(i)? {
            Value::Null => Ok(None),
            _ => self.int(i).map(Some),
        }
    }

    /// A non-negative integer column.
    pub fn u64(&self, i: usize) -> Result<u64, StoreError> {
        self.int(i).map(uint)
    }

    /// A 0/1 flag column.
    pub fn flag(&self, i: usize) -> Result<bool, StoreError> {
        self.int(i).map(|n| n != 0)
    }

    /// A bytes column; NULL reads as empty.
    pub fn bytes(&self, i: usize) -> Result<&[u8], StoreError> {
        match self.at(i)? {
            Value::Bytes(bytes) => Ok(bytes),
            Value::Null => Ok(&[]),
            _ => Err(StoreError::corrupt("bytes column")),
        }
    }

    /// A bytes column that may be NULL.
    pub fn opt_bytes(&self, i: usize) -> Result<Option<&[u8]>, StoreError> {
        match self.at(i)? {
            Value::Null => Ok(None),
            _ => self.bytes(i).map(Some),
        }
    }

    /// A text column that may be NULL.
    pub fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError> {
        match self.at(i)? {
            Value::Null => Ok(None),
            Value::Text(text) => Ok(Some(text.clone())),
            _ => Err(StoreError::corrupt("text column")),
        }
    }

    /// An address column (anything but 20 bytes, never written, reads as zero).
    pub fn address(&self, i: usize) -> Result<Address, StoreError> {
        Ok(Address::try_from(self.bytes(i)?).unwrap_or_default())
    }

    /// An address column that may be NULL.
    pub fn opt_address(&self, i: usize) -> Result<Option<Address>, StoreError> {
        Ok(self
            .opt_bytes(i)?
            .map(|bytes| Address::try_from(bytes).unwrap_or_default()))
    }

    /// A hash column.
    pub fn hash(&self, i: usize) -> Result<B256, StoreError> {
        Ok(B256::try_from(self.bytes(i)?).unwrap_or_default())
    }

    /// A hash column that may be NULL.
    pub fn opt_hash(&self, i: usize) -> Result<Option<B256>, StoreError> {
        Ok(self
            .opt_bytes(i)?
            .map(|bytes| B256::try_from(bytes).unwrap_or_default()))
    }

    /// A 256-bit integer column (empty reads as zero).
    pub fn u256(&self, i: usize) -> Result<U256, StoreError> {
        Ok(U256::try_from_be_slice(self.bytes(i)?).unwrap_or_default())
    }

    /// A 256-bit integer column that may be NULL.
    pub fn opt_u256(&self, i: usize) -> Result<Option<U256>, StoreError> {
        Ok(self
            .opt_bytes(i)?
            .map(|bytes| U256::try_from_be_slice(bytes).unwrap_or_default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_round_trip_exactly_and_sort_as_numbers() {
        let values = [U256::ZERO, U256::from(255u8), U256::from(256u16), U256::MAX];
        let encoded: Vec<Value> = values.iter().map(word).collect();
        for (value, column) in values.iter().zip(&encoded) {
            assert_eq!(Cols(std::slice::from_ref(column)).u256(0).unwrap(), *value);
        }
        let bytes: Vec<[u8; 32]> = values.iter().map(u256_bytes).collect();
        assert!(bytes.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn text_loses_only_its_nul_characters() {
        assert_eq!(text(Some("a\0b")), Value::Text("ab".to_owned()));
        assert_eq!(text(None), Value::Null);
    }

    #[test]
    fn a_column_of_the_wrong_kind_is_corrupt_not_zero() {
        let row = [Value::Text("x".to_owned()), Value::Null];
        assert!(Cols(&row).int(0).is_err());
        assert_eq!(Cols(&row).opt_int(1).unwrap(), None);
        assert!(Cols(&row).int(2).is_err());
    }
}
