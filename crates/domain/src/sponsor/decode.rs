//! Packed (binary) action data of `eosio.token::transfer` and `eosio::buyrambytes`, as
//! the chain serialises it: names as u64 little-endian, assets as i64 amount plus u64
//! symbol, strings as a varuint32 length and bytes. Trailing bytes are an error.

use super::super::antelope::{Asset, Name, Symbol};
use crate::DomainError;

/// Data of `eosio.token::transfer`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferData {
    /// Sender.
    pub from: Name,
    /// Recipient.
    pub to: Name,
    /// Amount sent.
    pub quantity: Asset,
    /// Memo (invalid UTF-8 replaced, it is only shown).
    pub memo: String,
}

/// Data of `eosio::buyrambytes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuyRamBytesData {
    /// Who pays.
    pub payer: Name,
    /// Who gets the RAM.
    pub receiver: Name,
    /// How many bytes.
    pub bytes: u32,
}

const TRANSFER: &str = "eosio.token::transfer";
const BUYRAMBYTES: &str = "eosio::buyrambytes";

struct Reader<'a> {
    bytes: &'a [u8],
    what: &'static str,
}

impl<'a> Reader<'a> {
    fn error(&self) -> DomainError {
        DomainError::ActionDataInvalid(self.what.to_owned())
    }

    fn take(&mut self, count: usize) -> Result<&'a [u8], DomainError> {
        if count > self.bytes.len() {
            return Err(self.error());
        }
        let (head, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], DomainError> {
        self.take(N)?.try_into().map_err(|_| self.error())
    }

    fn name(&mut self) -> Result<Name, DomainError> {
        Ok(Name::from_u64(u64::from_le_bytes(self.array()?)))
    }

    fn asset(&mut self) -> Result<Asset, DomainError> {
        let amount = i64::from_le_bytes(self.array()?);
        let symbol =
            Symbol::from_u64(u64::from_le_bytes(self.array()?)).map_err(|_| self.error())?;
        Asset::new(amount, symbol).map_err(|_| self.error())
    }

    fn varuint32(&mut self) -> Result<u32, DomainError> {
        let mut value = 0u32;
        for shift in (0..35).step_by(7) {
            let [byte] = self.array()?;
            let bits = u32::from(byte & 0x7f);
            // The fifth byte may only carry the top 4 bits of a u32.
            if shift == 28 && bits > 0x0f {
                return Err(self.error());
            }
            value |= bits << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(self.error())
    }

    fn string(&mut self) -> Result<String, DomainError> {
        let length = usize::try_from(self.varuint32()?).map_err(|_| self.error())?;
        Ok(String::from_utf8_lossy(self.take(length)?).into_owned())
    }

    fn finish<T>(self, value: T) -> Result<T, DomainError> {
        if self.bytes.is_empty() {
            Ok(value)
        } else {
            Err(self.error())
        }
    }
}

fn push_varuint32(out: &mut Vec<u8>, mut value: u32) {
    loop {
        let byte = u8::try_from(value & 0x7f).unwrap_or_default();
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

impl TransferData {
    /// Decodes packed transfer data.
    ///
    /// # Errors
    /// [`DomainError::ActionDataInvalid`].
    pub fn decode(bytes: &[u8]) -> Result<Self, DomainError> {
        let mut reader = Reader {
            bytes,
            what: TRANSFER,
        };
        let data = Self {
            from: reader.name()?,
            to: reader.name()?,
            quantity: reader.asset()?,
            memo: reader.string()?,
        };
        reader.finish(data)
    }

    /// Packs the data as the chain does.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(33 + self.memo.len());
        out.extend_from_slice(&self.from.as_u64().to_le_bytes());
        out.extend_from_slice(&self.to.as_u64().to_le_bytes());
        out.extend_from_slice(&self.quantity.amount.to_le_bytes());
        out.extend_from_slice(&self.quantity.symbol.as_u64().to_le_bytes());
        push_varuint32(&mut out, u32::try_from(self.memo.len()).unwrap_or(u32::MAX));
        out.extend_from_slice(self.memo.as_bytes());
        out
    }
}

impl BuyRamBytesData {
    /// Decodes packed buyrambytes data.
    ///
    /// # Errors
    /// [`DomainError::ActionDataInvalid`].
    pub fn decode(bytes: &[u8]) -> Result<Self, DomainError> {
        let mut reader = Reader {
            bytes,
            what: BUYRAMBYTES,
        };
        let data = Self {
            payer: reader.name()?,
            receiver: reader.name()?,
            bytes: u32::from_le_bytes(reader.array()?),
        };
        reader.finish(data)
    }

    /// Packs the data as the chain does.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(20);
        out.extend_from_slice(&self.payer.as_u64().to_le_bytes());
        out.extend_from_slice(&self.receiver.as_u64().to_le_bytes());
        out.extend_from_slice(&self.bytes.to_le_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn transfer_matches_the_chain_packing() {
        let data = TransferData {
            from: "alice".parse().unwrap(),
            to: "fuel.gm".parse().unwrap(),
            quantity: "0.0100 TLOS".parse().unwrap(),
            memo: "fee".into(),
        };
        let packed = data.encode();
        // from, to (names as u64 LE), amount 100 (i64 LE), symbol 4,TLOS, memo "fee".
        let expected = [
            "0000000000855c34",
            "000000403210955e",
            "6400000000000000",
            "04544c4f53000000",
            "03666565",
        ];
        assert_eq!(hex(&packed), expected.concat());
        assert_eq!(TransferData::decode(&packed).unwrap(), data);
    }

    #[test]
    fn buyrambytes_round_trips() {
        let data = BuyRamBytesData {
            payer: "greymassfuel".parse().unwrap(),
            receiver: "alice".parse().unwrap(),
            bytes: 1024,
        };
        assert_eq!(hex(&data.encode()[16..]), "00040000");
        assert_eq!(BuyRamBytesData::decode(&data.encode()).unwrap(), data);
    }

    #[test]
    fn rejects_truncated_padded_and_malformed_data() {
        let transfer = TransferData {
            from: "alice".parse().unwrap(),
            to: "bob".parse().unwrap(),
            quantity: "1.0000 TLOS".parse().unwrap(),
            memo: String::new(),
        }
        .encode();
        let invalid = Err(DomainError::ActionDataInvalid(TRANSFER.into()));
        assert_eq!(
            TransferData::decode(&transfer[..transfer.len() - 1]),
            invalid
        );
        assert_eq!(
            TransferData::decode(&[transfer.as_slice(), &[0]].concat()),
            invalid
        );
        let mut bad_symbol = transfer.clone();
        bad_symbol[24] = 19; // precision 19
        assert_eq!(TransferData::decode(&bad_symbol), invalid);
        let mut long_memo = transfer;
        *long_memo.last_mut().unwrap() = 0x05; // claims 5 bytes of memo, has none
        assert_eq!(TransferData::decode(&long_memo), invalid);
        assert!(BuyRamBytesData::decode(&[0; 19]).is_err());
        assert!(BuyRamBytesData::decode(&[0; 21]).is_err());
    }

    proptest! {
        #[test]
        fn decoding_arbitrary_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
            let _ = TransferData::decode(&bytes);
            let _ = BuyRamBytesData::decode(&bytes);
        }

        #[test]
        fn transfer_round_trips(from in any::<u64>(), to in any::<u64>(), amount in -(1i64 << 62) + 1..(1i64 << 62), memo in "\\PC{0,300}") {
            let data = TransferData {
                from: Name::from_u64(from),
                to: Name::from_u64(to),
                quantity: Asset::new(amount, "4,TLOS".parse().unwrap()).unwrap(),
                memo,
            };
            prop_assert_eq!(TransferData::decode(&data.encode()), Ok(data));
        }
    }
}
