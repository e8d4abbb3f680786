//! Indexer rows → the crate's records. A row missing what identifies it (an address, a
//! hash, an amount) is dropped (`None`) and counted by the caller; anything else that is
//! missing or malformed only leaves its own field empty.

use std::collections::HashMap;

use alloy_primitives::{Address, U256};
use serde_json::value::RawValue;
use tandem_domain::history::{RawLog, RawTransaction};
use tandem_domain::nft::NftStandard;
use tandem_domain::price::MarketPrice;

use super::MarketData;
use super::wire::{
    ApprovalWire, BalanceWire, ContractWire, HealthWire, HolderWire, LogWire, MarketWire, NftWire,
    TransactionWire, TransferWire,
};
use crate::http::tolerant::{
    Lenient, NumberText, document_text, parse_address, parse_b256, parse_hex_bytes,
};
use crate::lookup::ContractFacts;
use crate::source::{
    ApprovalKind, ApprovalRecord, ContractInterface, ContractRecord, HolderRecord, NftRecord,
    SourceHealth, SourceKind, TokenBalance, TokenStandard, TransactionRecord, TransferRecord,
};

/// How the indexer names the native coin in balance rows.
pub(crate) const NATIVE_CURRENCY: &str = "___NATIVE_CURRENCY___";

fn address_field(field: &Lenient<String>) -> Option<Address> {
    field.as_ref().and_then(|text| parse_address(text))
}

fn u256(field: &Lenient<NumberText>) -> Option<U256> {
    field.as_ref().and_then(NumberText::to_u256)
}

fn u64_of(field: &Lenient<NumberText>) -> Option<u64> {
    field.as_ref().and_then(NumberText::to_u64)
}

fn ms(field: &Lenient<NumberText>) -> Option<u64> {
    field.as_ref().and_then(NumberText::to_timestamp_ms)
}

fn text(field: Lenient<String>) -> Option<String> {
    field.into_option().filter(|s| !s.trim().is_empty())
}

fn decimals(field: &Lenient<NumberText>) -> Option<u8> {
    u64_of(field).and_then(|d| u8::try_from(d).ok())
}

/// `secondsBehind` as whole seconds: negative (clock skew) is 0, fractions are cut,
/// anything unreadable is "infinitely behind".
fn seconds_behind(field: &Lenient<NumberText>) -> u64 {
    let Some(NumberText(text)) = field.as_ref() else {
        return u64::MAX;
    };
    if text.starts_with('-') {
        return 0;
    }
    let whole = text.split('.').next().unwrap_or(text);
    whole.parse().unwrap_or(u64::MAX)
}

pub(crate) fn health(wire: &HealthWire) -> SourceHealth {
    SourceHealth {
        kind: SourceKind::TeloscanIndexer,
        success: wire.success.as_ref().copied().unwrap_or(false),
        block_number: u64_of(&wire.block_number).unwrap_or(0),
        block_timestamp_ms: ms(&wire.block_timestamp).unwrap_or(0),
        seconds_behind: seconds_behind(&wire.seconds_behind),
        note: None,
    }
}

fn interfaces(wire: &ContractWire) -> Vec<ContractInterface> {
    let mut found = Vec::new();
    for name in wire.supported_interfaces.as_ref().into_iter().flatten() {
        let interface = match name.as_ref().map(|n| n.to_ascii_lowercase()).as_deref() {
            Some("erc20") => ContractInterface::Erc20,
            Some("erc721") => ContractInterface::Erc721,
            Some("erc1155") => ContractInterface::Erc1155,
            _ => continue, // 'none', null, or a standard the wallet does not handle
        };
        if !found.contains(&interface) {
            found.push(interface);
        }
    }
    found
}

/// A contract record, with its ABI as JSON text when the indexer sent one.
pub(crate) fn contract(
    wire: ContractWire,
    known_address: Option<Address>,
) -> Option<ContractFacts> {
    let address = address_field(&wire.address).or(known_address)?;
    let interfaces = interfaces(&wire);
    let calldata = wire.calldata.into_option().map(|embedded| embedded.0);
    let (call_name, call_symbol, call_decimals, call_supply) = match calldata {
        Some(c) => (
            text(c.name),
            text(c.symbol),
            decimals(&c.decimals),
            u256(&c.supply),
        ),
        None => (None, None, None, None),
    };
    let record = ContractRecord {
        address,
        name: text(wire.name).or(call_name),
        symbol: text(wire.symbol).or(call_symbol),
        decimals: decimals(&wire.decimals).or(call_decimals),
        interfaces,
        creator: address_field(&wire.creator),
        creation_transaction: wire.transaction.as_ref().and_then(|t| parse_b256(t)),
        creation_block: u64_of(&wire.block),
        verified: wire.verified.as_ref().copied().unwrap_or(false),
        logo_uri: text(wire.logo_uri),
        supply: u256(&wire.supply).or(call_supply),
        unprobed: false,
    };
    let abi = wire
        .abi
        .into_option()
        .map(|embedded| embedded.0.get().to_owned());
    Some(ContractFacts { record, abi })
}

/// The `contracts` map of an answer, keyed by address; unreadable entries are left out.
pub(crate) fn contracts_map(
    raw: Option<HashMap<String, Box<RawValue>>>,
) -> HashMap<Address, ContractRecord> {
    let mut map = HashMap::new();
    for (key, value) in raw.unwrap_or_default() {
        let Some(key_address) = parse_address(&key) else {
            continue;
        };
        let parsed = serde_json::from_str::<ContractWire>(value.get()).ok();
        if let Some(facts) = parsed.and_then(|wire| contract(wire, Some(key_address))) {
            map.insert(key_address, facts.record);
        }
    }
    map
}

pub(crate) fn balance(
    wire: BalanceWire,
    contracts: &HashMap<Address, ContractRecord>,
) -> Option<TokenBalance> {
    let amount = u256(&wire.balance)?;
    let contract_text = wire.contract.as_ref()?;
    let token = if contract_text == NATIVE_CURRENCY {
        None
    } else {
        Some(parse_address(contract_text)?)
    };
    Some(TokenBalance {
        token,
        amount,
        contract: token.and_then(|t| contracts.get(&t).cloned()),
        updated_ms: ms(&wire.updated),
    })
}

fn log(wire: LogWire) -> Option<RawLog> {
    Some(RawLog {
        address: parse_address(&wire.address)?,
        topics: wire
            .topics
            .iter()
            .map(|t| parse_b256(t))
            .collect::<Option<Vec<_>>>()?,
        data: wire
            .data
            .as_ref()
            .and_then(|d| parse_hex_bytes(d))
            .unwrap_or_default(),
    })
}

pub(crate) fn transaction(wire: TransactionWire) -> Option<TransactionRecord> {
    let status = wire.status.as_ref().and_then(NumberText::to_u256)?;
    let logs = wire
        .logs
        .into_option()
        .map(|embedded| {
            embedded
                .0
                .into_iter()
                .filter_map(|entry| entry.into_option().and_then(log))
                .collect()
        })
        .unwrap_or_default();
    let transaction = RawTransaction {
        hash: wire.hash.as_ref().and_then(|h| parse_b256(h))?,
        from: address_field(&wire.from)?,
        to: address_field(&wire.to),
        contract_address: address_field(&wire.contract_address),
        value: u256(&wire.value)?,
        gas_used: u256(&wire.gas_used).unwrap_or_default(),
        gas_price: u256(&wire.gas_price).unwrap_or_default(),
        status: format!("{status:#x}"),
        timestamp_ms: ms(&wire.timestamp)?,
        input: wire
            .input
            .as_ref()
            .and_then(|i| parse_hex_bytes(i))
            .unwrap_or_default(),
        logs,
    };
    Some(TransactionRecord {
        block_number: u64_of(&wire.block_number)?,
        tx_index: None,
        transaction,
    })
}

pub(crate) fn transfer(wire: TransferWire, standard: TokenStandard) -> Option<TransferRecord> {
    let token_id = u256(&wire.id);
    if standard != TokenStandard::Erc20 && token_id.is_none() {
        return None;
    }
    let amount = match (u256(&wire.amount), standard) {
        (Some(amount), _) => amount,
        (None, TokenStandard::Erc721) => U256::from(1),
        (None, _) => return None,
    };
    Some(TransferRecord {
        standard,
        contract: address_field(&wire.contract)?,
        from: address_field(&wire.from)?,
        to: address_field(&wire.to)?,
        token_id: if standard == TokenStandard::Erc20 {
            None
        } else {
            token_id
        },
        amount,
        block_number: u64_of(&wire.block_number)?,
        transaction: wire.transaction.as_ref().and_then(|t| parse_b256(t))?,
        log_index: u64_of(&wire.log_index).unwrap_or(0),
        timestamp_ms: ms(&wire.timestamp)?,
    })
}

pub(crate) fn approval(wire: ApprovalWire, kind: ApprovalKind) -> Option<ApprovalRecord> {
    let owner = address_field(&wire.owner)?;
    let contract = address_field(&wire.contract)?;
    let updated_ms = ms(&wire.updated).unwrap_or(0);
    match kind {
        TokenStandard::Erc20 => Some(ApprovalRecord::Erc20 {
            owner,
            contract,
            spender: address_field(&wire.spender)?,
            amount: u256(&wire.amount)?,
            updated_ms,
        }),
        TokenStandard::Erc721 if wire.single.as_ref().copied().unwrap_or(false) => {
            let approved = wire.approved.as_ref().copied().unwrap_or(true);
            let operator = address_field(&wire.operator)?;
            Some(ApprovalRecord::Erc721Single {
                owner,
                contract,
                token_id: u256(&wire.token_id)?,
                approved: if approved { operator } else { Address::ZERO },
                updated_ms,
            })
        }
        TokenStandard::Erc721 | TokenStandard::Erc1155 => Some(ApprovalRecord::Operator {
            standard: kind,
            owner,
            contract,
            operator: address_field(&wire.operator)?,
            approved: wire.approved.as_ref().copied()?,
            updated_ms,
        }),
    }
}

pub(crate) fn nft(wire: NftWire, standard: NftStandard) -> Option<NftRecord> {
    let supply = u256(&wire.token_id_supply).or_else(|| u256(&wire.supply));
    let amount = match standard {
        NftStandard::Erc721 => U256::from(1),
        NftStandard::Erc1155 => u256(&wire.amount).or(supply).unwrap_or(U256::from(1)),
    };
    Some(NftRecord {
        standard,
        contract: address_field(&wire.contract)?,
        token_id: u256(&wire.token_id)?,
        amount,
        owner: address_field(&wire.owner),
        supply,
        token_uri: text(wire.token_uri),
        metadata: document_text(wire.metadata.into_option()),
        minter: address_field(&wire.minter),
        block_minted: u64_of(&wire.block_minted),
        updated_ms: ms(&wire.updated),
    })
}

/// The standard of a collection row: from the collection's interfaces, else from the
/// row's shape (ERC-721 rows carry an owner, ERC-1155 rows a supply).
pub(crate) fn collection_standard(
    wire: &NftWire,
    collection: Option<&ContractRecord>,
) -> NftStandard {
    if let Some(record) = collection {
        if record.interfaces.contains(&ContractInterface::Erc1155)
            && !record.interfaces.contains(&ContractInterface::Erc721)
        {
            return NftStandard::Erc1155;
        }
        if record.interfaces.contains(&ContractInterface::Erc721) {
            return NftStandard::Erc721;
        }
    }
    if wire.owner.as_ref().is_none() && wire.supply.as_ref().is_some() {
        NftStandard::Erc1155
    } else {
        NftStandard::Erc721
    }
}

pub(crate) fn holder(wire: HolderWire) -> Option<HolderRecord> {
    Some(HolderRecord {
        address: address_field(&wire.address)?,
        token_id: u256(&wire.tokenid),
        balance: u256(&wire.balance)?,
        updated_ms: ms(&wire.updated),
    })
}

pub(crate) fn market(wire: MarketWire) -> Option<MarketData> {
    let updated_ms = ms(&wire.updated);
    let price = wire
        .price
        .as_ref()
        .and_then(|p| MarketPrice::from_decimal_str(&p.0, updated_ms.unwrap_or(0)).ok());
    let symbol = text(wire.symbol);
    let address = address_field(&wire.address);
    if symbol.is_none() && address.is_none() {
        return None;
    }
    Some(MarketData {
        address,
        symbol,
        price,
        updated_ms,
        decimals: decimals(&wire.decimals),
        volume: wire.volume.into_option().map(|v| v.0),
        market_cap: wire.marketcap.into_option().map(|v| v.0),
        holders: u64_of(&wire.holders),
    })
}
