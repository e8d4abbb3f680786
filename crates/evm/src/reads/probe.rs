//! What kind of contract is at an address, read from the chain alone: code present,
//! ERC-165 declarations (ERC-721, ERC-1155), ERC-20 behaviour, and the optional
//! name / symbol / decimals. Contracts lie or break: a reverted, malformed or absurd
//! answer degrades that one field to `None`, never the whole probe.

use alloy::primitives::{Address, U256};
use alloy::sol_types::SolCall;

use super::abi::{IErc20, IErc20Bytes32, IErc165, interface_ids};
use super::{ChainReader, call_read, exactly};
use crate::EvmError;
use crate::rpc::{BatchRead, ReadResult};
use crate::source::{ContractInterface, ContractRecord};

/// The largest decimals an amount can have: 10^77 is the largest power of ten
/// below 2^256, so more decimals cannot describe a uint256 amount.
pub const MAX_DECIMALS: u8 = 77;

/// Longest name or symbol kept; longer text is treated as garbage.
const MAX_TEXT_CHARS: usize = 128;

impl ChainReader {
    /// Probes `address` in one JSON-RPC batch. `Ok(None)` when no code is deployed
    /// there (an account, or nothing).
    ///
    /// A contract is recorded as ERC-721 or ERC-1155 when it passes ERC-165
    /// detection (answers `true` for ERC-165, `false` for `0xffffffff`) and declares
    /// the interface; otherwise as ERC-20 when `totalSupply()` and `balanceOf(0x0)`
    /// both answer a uint256. Name, symbol and decimals are read tolerantly.
    ///
    /// # Errors
    /// [`EvmError::Rpc`] when the node does not answer.
    pub async fn probe_contract(
        &self,
        address: Address,
    ) -> Result<Option<ContractRecord>, EvmError> {
        let supports = |id: [u8; 4]| {
            call_read(
                address,
                &IErc165::supportsInterfaceCall {
                    interfaceId: id.into(),
                },
            )
        };
        let reads = [
            BatchRead::Code(address),
            supports(interface_ids::ERC165),
            supports(interface_ids::INVALID),
            supports(interface_ids::ERC721),
            supports(interface_ids::ERC1155),
            call_read(address, &IErc20::nameCall {}),
            call_read(address, &IErc20::symbolCall {}),
            call_read(address, &IErc20::decimalsCall {}),
            call_read(address, &IErc20::totalSupplyCall {}),
            call_read(
                address,
                &IErc20::balanceOfCall {
                    owner: Address::ZERO,
                },
            ),
        ];
        let [
            code,
            erc165,
            invalid,
            erc721,
            erc1155,
            name,
            symbol,
            decimals,
            supply,
            balance,
        ] = exactly(self.read_many(&reads).await?)?;

        let code = code.map_err(|failure| EvmError::Rpc {
            method: "eth_getCode",
            reason: failure.to_string(),
        })?;
        if code.data().is_none_or(|code| code.is_empty()) {
            return Ok(None);
        }

        let declares_erc165 =
            answers_bool(&erc165) == Some(true) && answers_bool(&invalid) == Some(false);
        let mut interfaces = Vec::new();
        if declares_erc165 && answers_bool(&erc721) == Some(true) {
            interfaces.push(ContractInterface::Erc721);
        }
        if declares_erc165 && answers_bool(&erc1155) == Some(true) {
            interfaces.push(ContractInterface::Erc1155);
        }
        let supply = answers_uint(&supply);
        let is_nft = !interfaces.is_empty();
        let is_erc20 = !is_nft && supply.is_some() && answers_uint(&balance).is_some();
        if is_erc20 {
            interfaces.push(ContractInterface::Erc20);
        }

        Ok(Some(ContractRecord {
            address,
            name: answer_data(&name).and_then(decode_text),
            symbol: answer_data(&symbol).and_then(decode_text),
            decimals: if is_erc20 {
                answer_data(&decimals).and_then(decode_decimals)
            } else {
                None
            },
            interfaces,
            supply: if is_nft { None } else { supply },
            ..ContractRecord::default()
        }))
    }
}

/// Decodes a `decimals()` answer tolerantly: exactly one 32-byte word holding at
/// most `MAX_DECIMALS` (77, the most a U256 can hold). Anything else (a string, a
/// huge number, no data) is `None`.
#[must_use]
pub fn decode_decimals(data: &[u8]) -> Option<u8> {
    if data.len() != 32 {
        return None;
    }
    let value = U256::try_from_be_slice(data)?;
    u8::try_from(value)
        .ok()
        .filter(|decimals| *decimals <= MAX_DECIMALS)
}

/// Decodes a `name()` or `symbol()` answer tolerantly: an ABI string, or a
/// NUL-padded `bytes32` as some old tokens return. Text that is not UTF-8, empty,
/// over 128 characters, or holds control characters is `None`.
#[must_use]
pub fn decode_text(data: &[u8]) -> Option<String> {
    let text = match IErc20::nameCall::abi_decode_returns_validate(data) {
        Ok(text) => text,
        Err(_) if data.len() == 32 => {
            let word = IErc20Bytes32::nameCall::abi_decode_returns_validate(data).ok()?;
            let end = word
                .iter()
                .position(|&byte| byte == 0)
                .unwrap_or(word.len());
            String::from_utf8(word[..end].to_vec()).ok()?
        }
        Err(_) => return None,
    };
    let text = text.trim();
    let acceptable = !text.is_empty()
        && text.chars().count() <= MAX_TEXT_CHARS
        && !text.chars().any(char::is_control);
    acceptable.then(|| text.to_owned())
}

fn answer_data(result: &ReadResult) -> Option<&[u8]> {
    result.as_ref().ok()?.data().map(AsRef::as_ref)
}

fn answers_bool(result: &ReadResult) -> Option<bool> {
    IErc165::supportsInterfaceCall::abi_decode_returns_validate(answer_data(result)?).ok()
}

fn answers_uint(result: &ReadResult) -> Option<U256> {
    let data = answer_data(result)?;
    (data.len() == 32).then(|| U256::from_be_slice(data))
}

#[cfg(test)]
mod tests {
    use alloy::sol_types::SolValue;

    use super::*;

    fn word(value: u64) -> Vec<u8> {
        U256::from(value).to_be_bytes::<32>().to_vec()
    }

    #[test]
    fn decimals_accept_a_plain_small_word() {
        assert_eq!(decode_decimals(&word(6)), Some(6));
        assert_eq!(decode_decimals(&word(18)), Some(18));
        assert_eq!(decode_decimals(&word(0)), Some(0));
        assert_eq!(decode_decimals(&word(77)), Some(77));
    }

    #[test]
    fn lying_decimals_degrade_to_none() {
        assert_eq!(decode_decimals(&word(78)), None);
        assert_eq!(decode_decimals(&word(255)), None);
        assert_eq!(decode_decimals(&U256::MAX.to_be_bytes::<32>()), None);
        assert_eq!(decode_decimals(&[]), None);
        assert_eq!(decode_decimals(&[6]), None);
        // A string where a number belongs: its first word (the offset 32) is no answer.
        assert_eq!(decode_decimals(&"18".to_string().abi_encode()), None);
    }

    #[test]
    fn names_decode_from_strings_and_bytes32() {
        assert_eq!(
            decode_text(&"Tandem USD".to_string().abi_encode()).as_deref(),
            Some("Tandem USD")
        );
        let mut padded = [0_u8; 32];
        padded[..3].copy_from_slice(b"MKR");
        assert_eq!(decode_text(&padded).as_deref(), Some("MKR"));
    }

    #[test]
    fn garbage_names_degrade_to_none() {
        assert_eq!(decode_text(&[]), None);
        assert_eq!(decode_text(&[0xff; 7]), None);
        assert_eq!(decode_text(&[0xff; 32]), None, "not UTF-8");
        assert_eq!(decode_text(&"".to_string().abi_encode()), None);
        assert_eq!(decode_text(&"  ".to_string().abi_encode()), None);
        assert_eq!(decode_text(&"bad\u{7}bell".to_string().abi_encode()), None);
        assert_eq!(decode_text(&"x".repeat(200).abi_encode()), None);
        // An offset pointing past the data.
        assert_eq!(decode_text(&word(4096)), None);
    }
}
