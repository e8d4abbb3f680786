//! Antelope symbols and assets: `4,TLOS` and `1.0000 TLOS`.
//!
//! An asset's text has an optional '-', digits, and a '.' with as many fraction digits as
//! the precision (0 to 18), one space, then a symbol code of 1 to 7 of A-Z. The amount
//! fits ±(2^62 - 1), the chain's limit.

use std::str::FromStr;

use alloy_primitives::U256;

use crate::DomainError;
use crate::amount::Amount;

/// Largest asset amount the chain accepts.
pub const MAX_ASSET_AMOUNT: i64 = (1 << 62) - 1;
/// Largest symbol precision.
pub const MAX_PRECISION: u8 = 18;

/// A symbol code such as `TLOS`, packed as the chain packs it (first letter lowest byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SymbolCode(u64);

impl SymbolCode {
    /// The packed value.
    #[must_use]
    pub fn as_u64(self) -> u64 {
        self.0
    }

    /// A code from its packed value, if it holds 1 to 7 of A-Z with no gaps.
    #[must_use]
    pub fn from_u64(value: u64) -> Option<Self> {
        let bytes = value.to_le_bytes();
        let length = bytes.iter().take_while(|b| **b != 0).count();
        let valid = (1..=7).contains(&length)
            && bytes[..length].iter().all(u8::is_ascii_uppercase)
            && bytes[length..].iter().all(|b| *b == 0);
        valid.then_some(Self(value))
    }
}

impl FromStr for SymbolCode {
    type Err = DomainError;

    fn from_str(text: &str) -> Result<Self, DomainError> {
        if !(1..=7).contains(&text.len()) || !text.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(DomainError::SymbolInvalidCode(text.to_owned()));
        }
        let mut bytes = [0u8; 8];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(Self(u64::from_le_bytes(bytes)))
    }
}

impl std::fmt::Display for SymbolCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for byte in self.0.to_le_bytes().into_iter().take_while(|b| *b != 0) {
            write!(f, "{}", char::from(byte))?;
        }
        Ok(())
    }
}

/// A symbol: precision and code, e.g. `4,TLOS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Symbol {
    /// Fraction digits.
    pub precision: u8,
    /// The code.
    pub code: SymbolCode,
}

impl Symbol {
    /// The chain's packed form: precision in the low byte, the code above it.
    #[must_use]
    pub fn as_u64(self) -> u64 {
        (self.code.0 << 8) | u64::from(self.precision)
    }

    /// A symbol from its packed form.
    ///
    /// # Errors
    /// [`DomainError::SymbolInvalidPrecision`] or [`DomainError::SymbolInvalidCode`].
    pub fn from_u64(value: u64) -> Result<Self, DomainError> {
        let precision = u8::try_from(value & 0xff).unwrap_or(u8::MAX);
        if precision > MAX_PRECISION {
            return Err(DomainError::SymbolInvalidPrecision(precision.to_string()));
        }
        let code = SymbolCode::from_u64(value >> 8)
            .ok_or_else(|| DomainError::SymbolInvalidCode(format!("{:#x}", value >> 8)))?;
        Ok(Self { precision, code })
    }
}

impl FromStr for Symbol {
    type Err = DomainError;

    fn from_str(text: &str) -> Result<Self, DomainError> {
        let (precision, code) = text
            .split_once(',')
            .ok_or_else(|| DomainError::SymbolInvalidCode(text.to_owned()))?;
        let invalid_precision = || DomainError::SymbolInvalidPrecision(precision.to_owned());
        if precision.is_empty() || !precision.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid_precision());
        }
        let precision: u8 = precision.parse().map_err(|_| invalid_precision())?;
        if precision > MAX_PRECISION {
            return Err(invalid_precision());
        }
        Ok(Self {
            precision,
            code: code.parse()?,
        })
    }
}

impl std::fmt::Display for Symbol {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.precision, self.code)
    }
}

/// An amount of a symbol, e.g. `1.0000 TLOS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Asset {
    /// Smallest units.
    pub amount: i64,
    /// The symbol.
    pub symbol: Symbol,
}

impl Asset {
    /// An asset, if the amount is within ±(2^62 - 1).
    ///
    /// # Errors
    /// [`DomainError::AssetAmountOutOfRange`].
    pub fn new(amount: i64, symbol: Symbol) -> Result<Self, DomainError> {
        if amount.unsigned_abs() > MAX_ASSET_AMOUNT.unsigned_abs() {
            return Err(DomainError::AssetAmountOutOfRange);
        }
        Ok(Self { amount, symbol })
    }

    /// An asset from a wide intermediate sum.
    ///
    /// # Errors
    /// [`DomainError::AssetAmountOutOfRange`].
    pub fn from_i128(amount: i128, symbol: Symbol) -> Result<Self, DomainError> {
        Self::new(
            i64::try_from(amount).map_err(|_| DomainError::AssetAmountOutOfRange)?,
            symbol,
        )
    }

    /// The exact amount, for a non-negative asset.
    #[must_use]
    pub fn to_amount(&self) -> Option<Amount> {
        let raw = u64::try_from(self.amount).ok()?;
        Amount::new(U256::from(raw), self.symbol.precision).ok()
    }
}

impl FromStr for Asset {
    type Err = DomainError;

    fn from_str(text: &str) -> Result<Self, DomainError> {
        let invalid = || DomainError::AssetInvalidFormat(text.to_owned());
        let (number, code) = text.split_once(' ').ok_or_else(invalid)?;
        let (negative, unsigned) = match number.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, number),
        };
        let (integer, fraction) = match unsigned.split_once('.') {
            Some((i, f)) if !f.is_empty() => (i, f),
            Some(_) => return Err(invalid()),
            None => (unsigned, ""),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(integer) || !(fraction.is_empty() || digits(fraction)) {
            return Err(invalid());
        }
        let precision = u8::try_from(fraction.len())
            .ok()
            .filter(|p| *p <= MAX_PRECISION)
            .ok_or_else(|| DomainError::SymbolInvalidPrecision(fraction.len().to_string()))?;
        let magnitude: u128 = format!("{integer}{fraction}")
            .parse()
            .map_err(|_| DomainError::AssetAmountOutOfRange)?;
        let magnitude =
            i128::try_from(magnitude).map_err(|_| DomainError::AssetAmountOutOfRange)?;
        let symbol = Symbol {
            precision,
            code: code.parse()?,
        };
        Self::from_i128(if negative { -magnitude } else { magnitude }, symbol)
    }
}

impl std::fmt::Display for Asset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.amount < 0 { "-" } else { "" };
        let magnitude = self.amount.unsigned_abs();
        let precision = u32::from(self.symbol.precision);
        match 10u64.checked_pow(precision) {
            Some(scale) if precision > 0 => write!(
                f,
                "{sign}{}.{:0width$} {}",
                magnitude / scale,
                magnitude % scale,
                self.symbol.code,
                width = usize::from(self.symbol.precision)
            ),
            Some(_) => write!(f, "{sign}{magnitude} {}", self.symbol.code),
            // Precision 18 or more cannot divide a u64 into a non-zero integer part.
            None => write!(
                f,
                "{sign}0.{magnitude:0width$} {}",
                self.symbol.code,
                width = usize::from(self.symbol.precision)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_assets() {
        let cases = [
            ("1.0000 TLOS", 10_000, 4, "TLOS"),
            ("-0.0500 TLOS", -500, 4, "TLOS"),
            ("42 RAM", 42, 0, "RAM"),
            ("0.00000001 BTC", 1, 8, "BTC"),
            ("4611686018427387903 MAX", MAX_ASSET_AMOUNT, 0, "MAX"),
            ("0.000000000000000001 E", 1, 18, "E"),
            ("1.234567890123456789 E", 1_234_567_890_123_456_789, 18, "E"),
        ];
        for (text, amount, precision, code) in cases {
            let asset: Asset = text.parse().unwrap();
            assert_eq!(
                (asset.amount, asset.symbol.precision),
                (amount, precision),
                "{text}"
            );
            assert_eq!(asset.symbol.code.to_string(), code);
            assert_eq!(asset.to_string(), text);
        }
    }

    #[test]
    fn rejects_bad_assets() {
        let cases = [
            ("1.0000TLOS", "antelope.asset.invalid_format"),
            ("1.0000  TLOS", "antelope.asset.invalid_symbol_code"),
            ("1. TLOS", "antelope.asset.invalid_format"),
            (".5 TLOS", "antelope.asset.invalid_format"),
            ("1,0 TLOS", "antelope.asset.invalid_format"),
            ("+1 TLOS", "antelope.asset.invalid_format"),
            ("1.0000 tlos", "antelope.asset.invalid_symbol_code"),
            ("1.0000 TOOLONGX", "antelope.asset.invalid_symbol_code"),
            ("1.0000 ", "antelope.asset.invalid_symbol_code"),
            (
                "0.0000000000000000001 E",
                "antelope.asset.invalid_precision",
            ),
            (
                "4611686018427387904 MAX",
                "antelope.asset.amount_out_of_range",
            ),
            (
                "99999999999999999999999999999999999999999 X",
                "antelope.asset.amount_out_of_range",
            ),
            ("", "antelope.asset.invalid_format"),
        ];
        for (text, key) in cases {
            assert_eq!(text.parse::<Asset>().unwrap_err().code(), key, "{text}");
        }
    }

    #[test]
    fn symbols() {
        let symbol: Symbol = "4,TLOS".parse().unwrap();
        assert_eq!(symbol.to_string(), "4,TLOS");
        assert_eq!(Symbol::from_u64(symbol.as_u64()).unwrap(), symbol);
        // The chain's packed value of 4,EOS.
        assert_eq!("4,EOS".parse::<Symbol>().unwrap().as_u64(), 1_397_703_940);
        for (bad, key) in [
            ("TLOS", "antelope.asset.invalid_symbol_code"),
            ("19,TLOS", "antelope.asset.invalid_precision"),
            ("x,TLOS", "antelope.asset.invalid_precision"),
            (",TLOS", "antelope.asset.invalid_precision"),
            ("4,", "antelope.asset.invalid_symbol_code"),
            ("4,TL0S", "antelope.asset.invalid_symbol_code"),
        ] {
            assert_eq!(bad.parse::<Symbol>().unwrap_err().code(), key, "{bad}");
        }
        assert!(Symbol::from_u64(0x13).is_err());
        assert!(Symbol::from_u64(4).is_err());
    }

    #[test]
    fn converts_to_exact_amount() {
        let asset: Asset = "12.3456 TLOS".parse().unwrap();
        assert_eq!(asset.to_amount().unwrap().to_plain_string(), "12.3456");
        assert!(
            "-1.0000 TLOS"
                .parse::<Asset>()
                .unwrap()
                .to_amount()
                .is_none()
        );
    }
}
