//! The chain's binary encoding: little-endian integers, varuint32 lengths, names as u64.
//! [`Writer`] packs, [`Reader`] unpacks and fails (never panics) on short input.

use crate::error::AntelopeError;

/// Appends the chain's binary forms to a buffer.
#[derive(Debug, Default, Clone)]
pub struct Writer {
    bytes: Vec<u8>,
}

impl Writer {
    /// An empty buffer.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The bytes written.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// Raw bytes, no length.
    pub fn raw(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
    }

    /// One byte.
    pub fn u8(&mut self, value: u8) {
        self.bytes.push(value);
    }

    /// u16 little-endian.
    pub fn u16(&mut self, value: u16) {
        self.raw(&value.to_le_bytes());
    }

    /// u32 little-endian.
    pub fn u32(&mut self, value: u32) {
        self.raw(&value.to_le_bytes());
    }

    /// u64 little-endian.
    pub fn u64(&mut self, value: u64) {
        self.raw(&value.to_le_bytes());
    }

    /// LEB128 unsigned, as the chain writes lengths.
    pub fn varuint32(&mut self, mut value: u32) {
        loop {
            let low = u8::try_from(value & 0x7f).unwrap_or_default();
            value >>= 7;
            if value == 0 {
                self.u8(low);
                return;
            }
            self.u8(low | 0x80);
        }
    }

    /// Zig-zag LEB128 signed.
    pub fn varint32(&mut self, value: i32) {
        let zigzag = u32::from_ne_bytes(((value << 1) ^ (value >> 31)).to_ne_bytes());
        self.varuint32(zigzag);
    }

    /// A length-prefixed byte string.
    ///
    /// # Errors
    /// [`AntelopeError::InvalidTransaction`] when longer than 2^32 - 1 bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> Result<(), AntelopeError> {
        let length = u32::try_from(bytes.len())
            .map_err(|_| AntelopeError::InvalidTransaction("byte string too long".into()))?;
        self.varuint32(length);
        self.raw(bytes);
        Ok(())
    }
}

/// Reads the chain's binary forms from a slice.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    bytes: &'a [u8],
}

fn short() -> AntelopeError {
    AntelopeError::InvalidTransaction("unexpected end of data".into())
}

impl<'a> Reader<'a> {
    /// A reader over `bytes`.
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes }
    }

    /// Whether everything was read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// `count` raw bytes.
    ///
    /// # Errors
    /// When fewer remain.
    pub fn take(&mut self, count: usize) -> Result<&'a [u8], AntelopeError> {
        if count > self.bytes.len() {
            return Err(short());
        }
        let (head, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], AntelopeError> {
        self.take(N)?.try_into().map_err(|_| short())
    }

    /// One byte.
    ///
    /// # Errors
    /// When none remains.
    pub fn u8(&mut self) -> Result<u8, AntelopeError> {
        Ok(self.array::<1>()?[0])
    }

    /// u16 little-endian.
    ///
    /// # Errors
    /// When too few bytes remain.
    pub fn u16(&mut self) -> Result<u16, AntelopeError> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    /// u32 little-endian.
    ///
    /// # Errors
    /// When too few bytes remain.
    pub fn u32(&mut self) -> Result<u32, AntelopeError> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    /// u64 little-endian.
    ///
    /// # Errors
    /// When too few bytes remain.
    pub fn u64(&mut self) -> Result<u64, AntelopeError> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    /// LEB128 unsigned within 32 bits.
    ///
    /// # Errors
    /// When it runs past the data or past 32 bits.
    pub fn varuint32(&mut self) -> Result<u32, AntelopeError> {
        let mut value = 0u32;
        for shift in (0..35).step_by(7) {
            let byte = self.u8()?;
            let bits = u32::from(byte & 0x7f);
            if shift == 28 && bits > 0x0f {
                return Err(AntelopeError::InvalidTransaction(
                    "varuint32 overflows".into(),
                ));
            }
            value |= bits << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(AntelopeError::InvalidTransaction(
            "varuint32 too long".into(),
        ))
    }

    /// A length-prefixed byte string.
    ///
    /// # Errors
    /// When the length runs past the data.
    pub fn bytes(&mut self) -> Result<&'a [u8], AntelopeError> {
        let length = usize::try_from(self.varuint32()?).map_err(|_| short())?;
        self.take(length)
    }

    /// A sequence length, capped by the bytes left so garbage cannot allocate much.
    ///
    /// # Errors
    /// When the count is larger than the remaining bytes could hold.
    pub fn count(&mut self) -> Result<usize, AntelopeError> {
        let count = usize::try_from(self.varuint32()?).map_err(|_| short())?;
        if count > self.bytes.len() {
            return Err(short());
        }
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip() {
        for value in [0u32, 1, 127, 128, 300, 16_384, u32::MAX] {
            let mut writer = Writer::new();
            writer.varuint32(value);
            let bytes = writer.into_bytes();
            let mut reader = Reader::new(&bytes);
            assert_eq!(reader.varuint32().unwrap(), value);
            assert!(reader.is_empty());
        }
        let mut writer = Writer::new();
        writer.varint32(-1);
        writer.varint32(1);
        assert_eq!(writer.into_bytes(), [1, 2]);
    }

    #[test]
    fn short_and_overlong_input_fails() {
        assert!(Reader::new(&[0x80]).varuint32().is_err());
        assert!(
            Reader::new(&[0xff, 0xff, 0xff, 0xff, 0x7f])
                .varuint32()
                .is_err()
        );
        assert!(Reader::new(&[5, 1, 2]).bytes().is_err());
        assert!(Reader::new(&[200]).count().is_err());
        assert!(Reader::new(&[1, 2, 3]).u32().is_err());
    }
}
