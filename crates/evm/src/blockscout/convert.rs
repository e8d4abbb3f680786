//! Blockscout rows → the crate's records. A row missing what identifies it (an address,
//! a hash, an amount, its block) is dropped (`None`) and counted by the caller; anything
//! else that is missing or malformed only leaves its own field empty.

use alloy_primitives::{Address, B256, U256};
use tandem_domain::history::{RawLog, RawTransaction};
use tandem_domain::nft::NftStandard;

use super::wire::{
    AddressRef, HolderWire, InstanceWire, InternalWire, LogWire, TokenBalanceWire,
    TokenTransferWire, TokenWire, Totals, TransactionWire,
};
use crate::http::tolerant::{
    Lenient, NumberText, document_text, parse_address, parse_b256, parse_hex_bytes,
};
use crate::source::{
    ContractInterface, ContractRecord, HolderRecord, NftRecord, TokenBalance, TokenStandard,
    TransactionRecord, TransferRecord,
};

pub(crate) fn address_of(field: &Lenient<AddressRef>) -> Option<Address> {
    field
        .as_ref()
        .and_then(|r| r.hash.as_ref())
        .and_then(|text| parse_address(text))
}

fn address_text(field: &Lenient<String>) -> Option<Address> {
    field.as_ref().and_then(|text| parse_address(text))
}

pub(crate) fn hash_of(field: &Lenient<String>) -> Option<B256> {
    field.as_ref().and_then(|text| parse_b256(text))
}

pub(crate) fn u256(field: &Lenient<NumberText>) -> Option<U256> {
    field.as_ref().and_then(NumberText::to_u256)
}

pub(crate) fn u64_of(field: &Lenient<NumberText>) -> Option<u64> {
    field.as_ref().and_then(NumberText::to_u64)
}

pub(crate) fn ms(field: &Lenient<NumberText>) -> Option<u64> {
    field.as_ref().and_then(NumberText::to_timestamp_ms)
}

fn text(field: Lenient<String>) -> Option<String> {
    field.into_option().filter(|s| !s.trim().is_empty())
}

/// The standard a Blockscout token type names (`ERC-20`, `ERC-721`, `ERC-1155`; any
/// case, with or without the dash). ERC-404 and others are not ones the wallet handles.
pub(crate) fn standard_of(kind: &str) -> Option<TokenStandard> {
    match kind.to_ascii_uppercase().replace('-', "").as_str() {
        "ERC20" => Some(TokenStandard::Erc20),
        "ERC721" => Some(TokenStandard::Erc721),
        "ERC1155" => Some(TokenStandard::Erc1155),
        _ => None,
    }
}

/// The Blockscout type parameter of a standard.
pub(crate) fn type_param(standard: TokenStandard) -> &'static str {
    match standard {
        TokenStandard::Erc20 => "ERC-20",
        TokenStandard::Erc721 => "ERC-721",
        TokenStandard::Erc1155 => "ERC-1155",
    }
}

pub(crate) fn nft_standard(standard: TokenStandard) -> Option<NftStandard> {
    match standard {
        TokenStandard::Erc721 => Some(NftStandard::Erc721),
        TokenStandard::Erc1155 => Some(NftStandard::Erc1155),
        TokenStandard::Erc20 => None,
    }
}

/// A token as a contract record; `known` stands in for a missing address.
pub(crate) fn token(wire: TokenWire, known: Option<Address>) -> Option<ContractRecord> {
    let address = address_text(&wire.address_hash)
        .or_else(|| address_text(&wire.address))
        .or(known)?;
    let interfaces = match wire.kind.as_ref().and_then(|k| standard_of(k)) {
        Some(TokenStandard::Erc20) => vec![ContractInterface::Erc20],
        Some(TokenStandard::Erc721) => vec![ContractInterface::Erc721],
        Some(TokenStandard::Erc1155) => vec![ContractInterface::Erc1155],
        None => Vec::new(),
    };
    Some(ContractRecord {
        address,
        name: text(wire.name),
        symbol: text(wire.symbol),
        decimals: u64_of(&wire.decimals).and_then(|d| u8::try_from(d).ok()),
        interfaces,
        logo_uri: text(wire.icon_url),
        supply: u256(&wire.total_supply),
        ..ContractRecord::default()
    })
}

/// The standard of a token row (its `type`).
pub(crate) fn token_standard(wire: &TokenWire) -> Option<TokenStandard> {
    wire.kind.as_ref().and_then(|k| standard_of(k))
}

pub(crate) fn balance(wire: TokenBalanceWire) -> Option<TokenBalance> {
    let amount = u256(&wire.value)?;
    let record = token(wire.token.into_option()?, None)?;
    Some(TokenBalance {
        token: Some(record.address),
        amount,
        contract: Some(record),
        updated_ms: None,
    })
}

/// `ok` → `0x1`, `error` → `0x0`; a pending transaction (no status) has no row yet.
fn status(wire: &Lenient<String>) -> Option<String> {
    match wire.as_ref()?.to_ascii_lowercase().as_str() {
        "ok" | "success" | "0x1" | "1" => Some("0x1".to_owned()),
        "error" | "failed" | "0x0" | "0" => Some("0x0".to_owned()),
        _ => None,
    }
}

/// A transaction of a list, without its logs (Blockscout lists carry none).
pub(crate) fn transaction(wire: TransactionWire) -> Option<TransactionRecord> {
    let block = u64_of(&wire.block_number).or_else(|| u64_of(&wire.block))?;
    let transaction = RawTransaction {
        hash: hash_of(&wire.hash)?,
        from: address_of(&wire.from)?,
        to: address_of(&wire.to),
        contract_address: address_of(&wire.created_contract),
        value: u256(&wire.value)?,
        gas_used: u256(&wire.gas_used).unwrap_or_default(),
        gas_price: u256(&wire.gas_price).unwrap_or_default(),
        status: status(&wire.status)?,
        timestamp_ms: ms(&wire.timestamp)?,
        input: wire
            .raw_input
            .as_ref()
            .and_then(|i| parse_hex_bytes(i))
            .unwrap_or_default(),
        logs: Vec::new(),
    };
    Some(TransactionRecord {
        block_number: block,
        tx_index: u64_of(&wire.position),
        transaction,
    })
}

/// A log of `transactions/{hash}/logs`, with its index in the block.
pub(crate) fn log(wire: LogWire) -> Option<(u64, RawLog)> {
    let topics = wire
        .topics
        .into_option()?
        .into_iter()
        // Blockscout pads the four topic slots with `null`.
        .filter_map(Lenient::into_option)
        .map(|topic| parse_b256(&topic))
        .collect::<Option<Vec<_>>>()?;
    let log = RawLog {
        address: address_of(&wire.address)?,
        topics,
        data: wire
            .data
            .as_ref()
            .and_then(|d| parse_hex_bytes(d))
            .unwrap_or_default(),
    };
    Some((u64_of(&wire.index).unwrap_or(0), log))
}

/// The transfers of one token-transfer row: one, or one per id of an ERC-1155 batch.
pub(crate) fn transfers(wire: TokenTransferWire) -> Option<Vec<TransferRecord>> {
    let token_wire = wire.token.as_ref()?;
    let standard = wire
        .token_type
        .as_ref()
        .and_then(|k| standard_of(k))
        .or_else(|| token_standard(token_wire))?;
    let contract =
        address_text(&token_wire.address_hash).or_else(|| address_text(&token_wire.address))?;
    let transaction = hash_of(&wire.transaction_hash).or_else(|| hash_of(&wire.tx_hash))?;
    let from = address_of(&wire.from)?;
    let to = address_of(&wire.to)?;
    let block_number = u64_of(&wire.block_number)?;
    let log_index = u64_of(&wire.log_index).unwrap_or(0);
    let timestamp_ms = ms(&wire.timestamp).unwrap_or(0);
    let totals = match wire.total.into_option()? {
        Totals::One(total) => vec![total],
        Totals::Many(many) => many
            .into_iter()
            .map(Lenient::into_option)
            .collect::<Option<_>>()?,
    };
    totals
        .into_iter()
        .map(|total| {
            let (token_id, amount) = match standard {
                TokenStandard::Erc20 => (None, u256(&total.value)?),
                TokenStandard::Erc721 => (Some(u256(&total.token_id)?), U256::from(1)),
                TokenStandard::Erc1155 => (Some(u256(&total.token_id)?), u256(&total.value)?),
            };
            Some(TransferRecord {
                standard,
                contract,
                from,
                to,
                token_id,
                amount,
                block_number,
                transaction,
                log_index,
                timestamp_ms,
            })
        })
        .collect()
}

/// Native value moved by a call inside a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InternalTransfer {
    /// The transaction.
    pub transaction: B256,
    /// Its block.
    pub block_number: u64,
    /// Who paid.
    pub from: Address,
    /// Who received (`None` for a creation).
    pub to: Option<Address>,
    /// Wei moved.
    pub value: U256,
    /// Whether the call succeeded.
    pub success: bool,
}

pub(crate) fn internal(wire: InternalWire) -> Option<InternalTransfer> {
    Some(InternalTransfer {
        transaction: hash_of(&wire.transaction_hash)?,
        block_number: u64_of(&wire.block_number).or_else(|| u64_of(&wire.block))?,
        from: address_of(&wire.from)?,
        to: address_of(&wire.to),
        value: u256(&wire.value)?,
        success: wire.success.as_ref().copied().unwrap_or(true),
    })
}

/// An NFT row. `standard` and `contract` stand in for a row without its `token` (the
/// collection lists of v12.0.0); `held` says the row's `value` is the holder's amount.
pub(crate) fn nft(
    wire: InstanceWire,
    standard: Option<NftStandard>,
    contract: Option<Address>,
    owner: Option<Address>,
) -> Option<NftRecord> {
    let token_wire = wire.token.into_option();
    let from_token = token_wire
        .as_ref()
        .and_then(token_standard)
        .and_then(nft_standard);
    let standard = wire
        .token_type
        .as_ref()
        .and_then(|k| standard_of(k))
        .and_then(nft_standard)
        .or(from_token)
        .or(standard)?;
    let contract = token_wire
        .as_ref()
        .and_then(|t| address_text(&t.address_hash).or_else(|| address_text(&t.address)))
        .or(contract)?;
    let value = u256(&wire.value);
    let (amount, supply) = match standard {
        NftStandard::Erc721 => (U256::from(1), None),
        NftStandard::Erc1155 if owner.is_some() => (value.unwrap_or(U256::from(1)), None),
        NftStandard::Erc1155 => (value.unwrap_or(U256::from(1)), value),
    };
    Some(NftRecord {
        standard,
        contract,
        token_id: u256(&wire.id)?,
        amount,
        // An account's list names its holder; a collection's names ERC-721 owners.
        owner: owner.or_else(|| address_of(&wire.owner)),
        supply,
        token_uri: None,
        metadata: document_text(wire.metadata.into_option()),
        minter: None,
        block_minted: None,
        updated_ms: None,
    })
}

pub(crate) fn holder(wire: HolderWire) -> Option<HolderRecord> {
    Some(HolderRecord {
        address: address_of(&wire.address)?,
        token_id: u256(&wire.token_id),
        balance: u256(&wire.value)?,
        updated_ms: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_types_read_in_any_spelling() {
        assert_eq!(standard_of("ERC-20"), Some(TokenStandard::Erc20));
        assert_eq!(standard_of("erc721"), Some(TokenStandard::Erc721));
        assert_eq!(standard_of("ERC-1155"), Some(TokenStandard::Erc1155));
        assert_eq!(standard_of("ERC-404"), None);
    }

    #[test]
    fn statuses_map_to_receipt_words_and_pending_has_none() {
        let status_of = |s: &str| status(&Lenient(Some(s.to_owned())));
        assert_eq!(status_of("ok").as_deref(), Some("0x1"));
        assert_eq!(status_of("error").as_deref(), Some("0x0"));
        assert_eq!(status(&Lenient(None)), None);
    }
}
