//! Building the shaped row; the rules are in the docs of [`super`].

use std::collections::HashMap;

use alloy_primitives::{Address, B256, U256};
use serde::Serialize;

use super::action::{KnownContracts, RowAction, counterparty, row_action};
use super::logs::{ERC20_TRANSFER_SELECTOR, ERC1155_SAFE_TRANSFER_SELECTOR, RawLog};
use super::movements::{Asset, Movement, movements};
use crate::amount::Amount;
use crate::nft::{MediaType, NftStandard};
use crate::price::MarketPrice;
use crate::token::DEFAULT_TOKEN_DECIMALS;

/// The raw fields of a transaction and its receipt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawTransaction {
    /// Transaction hash.
    pub hash: B256,
    /// Sender.
    pub from: Address,
    /// Recipient; `None` for a contract creation.
    pub to: Option<Address>,
    /// The created contract, for a creation.
    pub contract_address: Option<Address>,
    /// Native value in wei.
    pub value: U256,
    /// Gas used.
    pub gas_used: U256,
    /// Gas price in wei.
    pub gas_price: U256,
    /// Receipt status as sent (`0x1` is success).
    pub status: String,
    /// Block time, milliseconds since the epoch.
    pub timestamp_ms: u64,
    /// Call data.
    pub input: Vec<u8>,
    /// Logs.
    pub logs: Vec<RawLog>,
}

/// What is known about a contract the row mentions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContractInfo {
    /// Display name.
    pub name: Option<String>,
    /// Token symbol.
    pub symbol: Option<String>,
    /// Token decimals (18 when unknown).
    pub decimals: Option<u8>,
    /// Token price.
    pub price: Option<MarketPrice>,
    /// An ERC-721 or ERC-1155 collection (its `approve` names a token id, not an amount).
    pub nft: bool,
}

/// The chain's native coin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemCoin {
    /// Symbol, e.g. TLOS.
    pub symbol: String,
    /// Price, if known.
    pub price: Option<MarketPrice>,
}

/// One NFT transfer of the account, as the indexer lists it, with its metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NftTransferRecord {
    /// The transaction.
    pub transaction: B256,
    /// Collection.
    pub contract: Address,
    /// Sender.
    pub from: Address,
    /// Recipient.
    pub to: Address,
    /// Token id.
    pub token_id: U256,
    /// How many.
    pub quantity: U256,
    /// Standard.
    pub standard: NftStandard,
    /// Token name.
    pub token_name: Option<String>,
    /// Media kind.
    pub media_type: MediaType,
    /// Picture.
    pub img_src: Option<String>,
    /// Video.
    pub video_src: Option<String>,
    /// Audio.
    pub audio_src: Option<String>,
}

/// Everything besides the transaction that shaping needs.
#[derive(Debug, Clone, Copy)]
pub struct ShapeContext<'a> {
    /// The account whose history this is.
    pub account: Address,
    /// Known contracts by address.
    pub contracts: &'a HashMap<Address, ContractInfo>,
    /// The native coin.
    pub system_coin: &'a SystemCoin,
    /// The function name decoded by the caller (signature lookup), if any.
    pub function_name: Option<&'a str>,
    /// The account's NFT transfers (any transaction; those of this one are used).
    pub nft_transfers: &'a [NftTransferRecord],
    /// The contracts of the chain settings: whose native payouts (by internal call) the
    /// row shows, and whose calls it names by what they do.
    pub known: KnownContracts,
}

/// A fungible movement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValueMovement {
    /// Exact amount.
    pub amount: Amount,
    /// Symbol.
    pub symbol: String,
    /// Fiat value, when priced.
    pub fiat_value: Option<Amount>,
    /// The token contract (checksummed); `None` for the native coin.
    pub contract: Option<String>,
    /// The other party of this movement (checksummed): the recipient of what the
    /// account sent, the sender of what it received (itself for a self-transfer).
    pub counterparty: String,
}

/// An NFT movement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NftMovement {
    /// How many (decimal text).
    pub quantity: String,
    /// Token id (decimal text).
    pub token_id: String,
    /// Token name.
    pub token_name: Option<String>,
    /// Collection address (checksummed).
    pub collection_address: String,
    /// Collection name.
    pub collection_name: Option<String>,
    /// Media kind.
    #[serde(rename = "type")]
    pub media_type: MediaType,
    /// Standard.
    pub nft_interface: NftStandard,
    /// Picture.
    pub img_src: Option<String>,
    /// Video.
    pub video_src: Option<String>,
    /// Audio.
    pub audio_src: Option<String>,
    /// The other party of this movement (checksummed), as for [`ValueMovement`].
    pub counterparty: String,
}

/// The row of the history table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShapedTransaction {
    /// Transaction hash (0x hex).
    pub id: String,
    /// Block time in seconds.
    pub epoch: u64,
    /// Derived action name.
    pub action_name: String,
    /// What the row did, as a person would name it.
    pub action: RowAction,
    /// The party the value went to or came from (checksummed): the recipient of what was
    /// sent, the sender of what was received, an approval's spender, else the contract
    /// called.
    pub counterparty: Option<String>,
    /// The counterparty's contract name, if known.
    pub counterparty_name: Option<String>,
    /// Sender (checksummed).
    pub from: String,
    /// Sender's contract name, if known.
    pub from_pretty_name: Option<String>,
    /// Recipient (checksummed), if any.
    pub to: Option<String>,
    /// Recipient's contract name, if known.
    pub to_pretty_name: Option<String>,
    /// Fungible value received.
    pub values_in: Vec<ValueMovement>,
    /// Fungible value sent.
    pub values_out: Vec<ValueMovement>,
    /// NFTs received.
    pub nfts_in: Vec<NftMovement>,
    /// NFTs sent.
    pub nfts_out: Vec<NftMovement>,
    /// Fee in the system token, only when the account sent the transaction (and so
    /// paid it).
    pub gas_used: Option<Amount>,
    /// Fee in fiat, when the account paid it and it is priced.
    pub gas_fiat_value: Option<Amount>,
    /// True when the status is not `0x1`.
    pub failed: bool,
}

/// Whether a receipt status reads as success (`0x1`).
#[must_use]
pub fn succeeded(status: &str) -> bool {
    let digits = status
        .trim()
        .trim_start_matches("0x")
        .trim_start_matches("0X");
    u64::from_str_radix(digits, 16) == Ok(1)
}

fn fiat(price: Option<&MarketPrice>, amount: &Amount) -> Option<Amount> {
    price.and_then(|p| p.to_fiat(amount).ok())
}

/// Shapes one transaction for `context.account`.
#[must_use]
pub fn shape_transaction(tx: &RawTransaction, context: &ShapeContext<'_>) -> ShapedTransaction {
    let contract = |address: &Address| context.contracts.get(address);
    let pretty = |address: &Address| contract(address).and_then(|c| c.name.clone());
    let gas_used = (tx.from == context.account).then(|| fee(tx));
    let failed = !succeeded(&tx.status);
    let mut row = ShapedTransaction {
        id: format!("{:#x}", tx.hash),
        epoch: tx.timestamp_ms / 1000,
        action_name: String::new(),
        action: RowAction::Send,
        counterparty: None,
        counterparty_name: None,
        from: tx.from.to_checksum(None),
        from_pretty_name: pretty(&tx.from),
        to: tx.to.map(|to| to.to_checksum(None)),
        to_pretty_name: tx.to.as_ref().and_then(pretty),
        values_in: Vec::new(),
        values_out: Vec::new(),
        nfts_in: Vec::new(),
        nfts_out: Vec::new(),
        gas_fiat_value: gas_used
            .as_ref()
            .and_then(|gas| fiat(context.system_coin.price.as_ref(), gas)),
        gas_used,
        failed,
    };
    let mut moves = Moves::default();
    if !failed {
        add_movements(&mut row, &mut moves, tx, context);
    }
    let self_transfer = moves.only_to_self();
    row.action_name = if self_transfer {
        "selfTransfer".into()
    } else {
        action_name(tx, &row, context.function_name)
    };
    let called = tx.to.as_ref().and_then(contract);
    row.action = row_action(tx, &row, &context.known, called, self_transfer);
    row.counterparty = counterparty(tx, &row, &row.action, context.account);
    row.counterparty_name = row
        .counterparty
        .as_deref()
        .and_then(|text| text.parse::<Address>().ok())
        .and_then(|address| pretty(&address));
    row
}

/// The fee of `tx` (gas used × gas price) in the system token.
#[must_use]
pub fn fee(tx: &RawTransaction) -> Amount {
    let gas = tx.gas_used.saturating_mul(tx.gas_price);
    Amount::new(gas, DEFAULT_TOKEN_DECIMALS).unwrap_or(Amount::zero(DEFAULT_TOKEN_DECIMALS))
}

/// How the row's movements relate to the account: a movement from the account to
/// itself is listed once (as outgoing), and a row of only such movements is a
/// self-transfer rather than a swap of an amount for the same amount.
#[derive(Debug, Default)]
struct Moves {
    to_self: usize,
    other: usize,
}

impl Moves {
    fn only_to_self(&self) -> bool {
        self.to_self > 0 && self.other == 0
    }

    /// Pushes `item` to the side(s) of `account` it moves on.
    fn push<T>(
        &mut self,
        (from, to): (Address, Address),
        account: Address,
        item: T,
        outgoing: &mut Vec<T>,
        incoming: &mut Vec<T>,
    ) {
        if from == account && to == account {
            self.to_self += 1;
            outgoing.push(item);
        } else if from == account {
            self.other += 1;
            outgoing.push(item);
        } else if to == account {
            self.other += 1;
            incoming.push(item);
        }
    }
}

fn add_movements(
    row: &mut ShapedTransaction,
    moves: &mut Moves,
    tx: &RawTransaction,
    context: &ShapeContext<'_>,
) {
    let account = context.account;
    let records: Vec<&NftTransferRecord> = context
        .nft_transfers
        .iter()
        .filter(|r| r.transaction == tx.hash)
        .collect();
    let mut used_records = vec![false; records.len()];
    for Movement { from, to, asset } in movements(tx, &context.known.payers()) {
        match asset {
            Asset::Native(wei) => push_value(
                row,
                moves,
                (from, to),
                account,
                native_value(wei, context.system_coin),
            ),
            Asset::Fungible { contract, value } => {
                if let Some(movement) = token_value(contract, value, context) {
                    push_value(row, moves, (from, to), account, movement);
                }
            }
            Asset::Nft {
                contract,
                token_id,
                quantity,
                standard,
            } => {
                let found = records.iter().position(|r| {
                    r.contract == contract && r.token_id == token_id && r.from == from && r.to == to
                });
                let record = found.map(|i| {
                    used_records[i] = true;
                    records[i]
                });
                let mut movement =
                    nft_movement(contract, token_id, quantity, standard, record, context);
                movement.counterparty = other_party((from, to), account);
                moves.push(
                    (from, to),
                    account,
                    movement,
                    &mut row.nfts_out,
                    &mut row.nfts_in,
                );
            }
        }
    }
    for (record, _) in records.iter().zip(used_records).filter(|(_, used)| !used) {
        let mut movement = nft_movement(
            record.contract,
            record.token_id,
            record.quantity,
            record.standard,
            Some(record),
            context,
        );
        movement.counterparty = other_party((record.from, record.to), account);
        moves.push(
            (record.from, record.to),
            account,
            movement,
            &mut row.nfts_out,
            &mut row.nfts_in,
        );
    }
}

/// Lists an amount that moved between `parties` on the account's side(s), naming the
/// other party.
fn push_value(
    row: &mut ShapedTransaction,
    moves: &mut Moves,
    parties: (Address, Address),
    account: Address,
    mut movement: ValueMovement,
) {
    movement.counterparty = other_party(parties, account);
    moves.push(
        parties,
        account,
        movement,
        &mut row.values_out,
        &mut row.values_in,
    );
}

/// `wei` of the native coin as a movement, priced when the coin is; its counterparty is
/// left for the shaping of an account's row to name.
#[must_use]
pub fn native_value(wei: U256, coin: &SystemCoin) -> ValueMovement {
    let amount =
        Amount::new(wei, DEFAULT_TOKEN_DECIMALS).unwrap_or(Amount::zero(DEFAULT_TOKEN_DECIMALS));
    ValueMovement {
        amount,
        symbol: coin.symbol.clone(),
        fiat_value: fiat(coin.price.as_ref(), &amount),
        contract: None,
        counterparty: String::new(),
    }
}

/// `value` smallest units of the token `contract` as a movement, with the symbol,
/// decimals (18 when unknown) and price `context` knows; `None` for decimals no amount
/// can have. Its counterparty is left for the shaping of an account's row to name.
pub(super) fn token_value(
    contract: Address,
    value: U256,
    context: &ShapeContext<'_>,
) -> Option<ValueMovement> {
    let info = context.contracts.get(&contract);
    let decimals = info
        .and_then(|c| c.decimals)
        .unwrap_or(DEFAULT_TOKEN_DECIMALS);
    let amount = Amount::new(value, decimals).ok()?;
    Some(ValueMovement {
        amount,
        symbol: info.and_then(|c| c.symbol.clone()).unwrap_or_default(),
        fiat_value: fiat(info.and_then(|c| c.price.as_ref()), &amount),
        contract: Some(contract.to_checksum(None)),
        counterparty: String::new(),
    })
}

/// The party of `(from, to)` that is not `account` (the account itself when both are).
fn other_party((from, to): (Address, Address), account: Address) -> String {
    if from == account { to } else { from }.to_checksum(None)
}

pub(super) fn nft_movement(
    contract: Address,
    token_id: U256,
    quantity: U256,
    standard: NftStandard,
    record: Option<&NftTransferRecord>,
    context: &ShapeContext<'_>,
) -> NftMovement {
    NftMovement {
        quantity: quantity.to_string(),
        token_id: token_id.to_string(),
        token_name: record.and_then(|r| r.token_name.clone()),
        collection_address: contract.to_checksum(None),
        collection_name: context
            .contracts
            .get(&contract)
            .and_then(|c| c.name.clone()),
        media_type: record.map_or(MediaType::Unknown, |r| r.media_type),
        nft_interface: standard,
        img_src: record.and_then(|r| r.img_src.clone()),
        video_src: record.and_then(|r| r.video_src.clone()),
        audio_src: record.and_then(|r| r.audio_src.clone()),
        counterparty: String::new(),
    }
}

fn action_name(
    tx: &RawTransaction,
    row: &ShapedTransaction,
    function_name: Option<&str>,
) -> String {
    if tx.to.is_none() && tx.contract_address.is_some() {
        return "contractCreation".into();
    }
    let outgoing = !row.values_out.is_empty() || !row.nfts_out.is_empty();
    let incoming = !row.values_in.is_empty() || !row.nfts_in.is_empty();
    match (outgoing, incoming) {
        (true, false) => return "send".into(),
        (false, true) => return "receive".into(),
        (true, true) => return "swap".into(),
        (false, false) => {}
    }
    if let Some(name) = function_name.filter(|n| !n.is_empty()) {
        return name.to_owned();
    }
    match tx.input.get(..4) {
        None if tx.input.is_empty() => "transfer".into(),
        Some(selector) if selector == ERC20_TRANSFER_SELECTOR => "transfer".into(),
        Some(selector) if selector == ERC1155_SAFE_TRANSFER_SELECTOR => "safeTransferFrom".into(),
        Some(selector) => format!(
            "0x{}",
            selector
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        ),
        None => format!(
            "0x{}",
            tx.input
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        ),
    }
}

#[cfg(test)]
#[path = "shape_tests.rs"]
mod tests;
