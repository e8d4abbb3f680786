//! Everything one transaction moved, between whom, whoever is looking: the native
//! value, the native coin the network's wrapped token and unstake escrow paid by an
//! internal call ([`super::payouts`]), then every token transfer its logs announce, in
//! log order. A reverted transaction moved nothing. A history row keeps the movements
//! of its account ([`super::shape_transaction`]); the transaction detail shows them all
//! ([`describe_movements`]).

use alloy_primitives::{Address, U256};

use super::logs::TransferEvent;
use super::payouts::{NativePayers, native_payout};
use super::shape::{
    NftMovement, RawTransaction, ShapeContext, ValueMovement, native_value, nft_movement,
    succeeded, token_value,
};
use crate::nft::NftStandard;

/// What moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asset {
    /// The native coin, in wei.
    Native(U256),
    /// An ERC-20 amount in the token's smallest unit.
    Fungible {
        /// Token contract.
        contract: Address,
        /// Smallest units.
        value: U256,
    },
    /// An ERC-721 token or an ERC-1155 quantity.
    Nft {
        /// Collection.
        contract: Address,
        /// Token id.
        token_id: U256,
        /// How many (1 for ERC-721).
        quantity: U256,
        /// The standard.
        standard: NftStandard,
    },
}

/// One movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Movement {
    /// Who gave it (the zero address for a mint).
    pub from: Address,
    /// Who got it (the zero address for a burn).
    pub to: Address,
    /// What.
    pub asset: Asset,
}

/// Every movement of `tx` (none when it failed). A log that claims a transfer signature
/// but is malformed is skipped.
#[must_use]
pub fn movements(tx: &RawTransaction, payers: &NativePayers) -> Vec<Movement> {
    if !succeeded(&tx.status) {
        return Vec::new();
    }
    let mut found = Vec::new();
    if !tx.value.is_zero() {
        found.push(Movement {
            from: tx.from,
            to: tx.to.or(tx.contract_address).unwrap_or_default(),
            asset: Asset::Native(tx.value),
        });
    }
    found.extend(
        tx.logs
            .iter()
            .filter_map(|log| native_payout(log, payers))
            .map(|payout| Movement {
                from: payout.payer,
                to: payout.payee,
                asset: Asset::Native(payout.value),
            }),
    );
    for event in tx.transfer_events() {
        let (from, to) = event.parties();
        let asset = match event {
            TransferEvent::Fungible {
                contract, value, ..
            } => Asset::Fungible { contract, value },
            TransferEvent::Nft {
                contract,
                token_id,
                quantity,
                standard,
                ..
            } => Asset::Nft {
                contract,
                token_id,
                quantity,
                standard,
            },
        };
        found.push(Movement { from, to, asset });
    }
    found
}

/// A movement as the transaction detail shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescribedMovement {
    /// Who gave it.
    pub from: Address,
    /// Who got it.
    pub to: Address,
    /// The amount, for the native coin and tokens.
    pub value: Option<ValueMovement>,
    /// The token contract of a fungible amount (`None` for the native coin).
    pub token: Option<Address>,
    /// The NFT, for collectibles.
    pub nft: Option<NftMovement>,
}

/// Every movement of `tx` with amounts in whole tokens, symbols, fiat values and NFT
/// names and media from `context` (its `account` and `function_name` play no part).
#[must_use]
pub fn describe_movements(
    tx: &RawTransaction,
    context: &ShapeContext<'_>,
) -> Vec<DescribedMovement> {
    movements(tx, &context.known.payers())
        .into_iter()
        .filter_map(|movement| {
            let (value, token, nft) = match movement.asset {
                Asset::Native(wei) => (Some(native_value(wei, context.system_coin)), None, None),
                Asset::Fungible { contract, value } => (
                    Some(token_value(contract, value, context)?),
                    Some(contract),
                    None,
                ),
                Asset::Nft {
                    contract,
                    token_id,
                    quantity,
                    standard,
                } => {
                    let record = context.nft_transfers.iter().find(|r| {
                        r.transaction == tx.hash
                            && r.contract == contract
                            && r.token_id == token_id
                            && r.from == movement.from
                            && r.to == movement.to
                    });
                    let nft = nft_movement(contract, token_id, quantity, standard, record, context);
                    (None, None, Some(nft))
                }
            };
            Some(DescribedMovement {
                from: movement.from,
                to: movement.to,
                value,
                token,
                nft,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use alloy_primitives::B256;

    use super::*;
    use crate::history::payouts::WITHDRAWAL_TOPIC;
    use crate::history::{ContractInfo, KnownContracts, RawLog, SystemCoin, TRANSFER_TOPIC};

    const ALICE: Address = Address::repeat_byte(0xa1);
    const WTLOS: Address = Address::repeat_byte(0x77);

    fn unwrap(status: &str) -> RawTransaction {
        let wad = U256::from(4u8) * U256::from(10u64.pow(18));
        RawTransaction {
            hash: B256::repeat_byte(1),
            from: ALICE,
            to: Some(WTLOS),
            contract_address: None,
            value: U256::ZERO,
            gas_used: U256::from(30_000u32),
            gas_price: U256::from(1u8),
            status: status.into(),
            timestamp_ms: 0,
            input: Vec::new(),
            logs: vec![
                RawLog {
                    address: WTLOS,
                    topics: vec![TRANSFER_TOPIC, ALICE.into_word(), Address::ZERO.into_word()],
                    data: wad.to_be_bytes::<32>().to_vec(),
                },
                RawLog {
                    address: WTLOS,
                    topics: vec![WITHDRAWAL_TOPIC, ALICE.into_word()],
                    data: wad.to_be_bytes::<32>().to_vec(),
                },
            ],
        }
    }

    #[test]
    fn every_movement_whoever_it_moved_between() {
        let contracts = HashMap::from([(
            WTLOS,
            ContractInfo {
                symbol: Some("WTLOS".into()),
                ..ContractInfo::default()
            },
        )]);
        let coin = SystemCoin {
            symbol: "TLOS".into(),
            price: None,
        };
        let context = ShapeContext {
            account: Address::repeat_byte(0x99),
            contracts: &contracts,
            system_coin: &coin,
            function_name: None,
            nft_transfers: &[],
            known: KnownContracts {
                wrapped: Some(WTLOS),
                ..KnownContracts::default()
            },
        };
        let described: Vec<(Address, Address, String, String, Option<Address>)> =
            describe_movements(&unwrap("0x1"), &context)
                .into_iter()
                .map(|m| {
                    let value = m.value.unwrap();
                    (
                        m.from,
                        m.to,
                        value.amount.to_plain_string(),
                        value.symbol,
                        m.token,
                    )
                })
                .collect();
        assert_eq!(
            described,
            [
                (WTLOS, ALICE, "4".into(), "TLOS".into(), None),
                (
                    ALICE,
                    Address::ZERO,
                    "4".into(),
                    "WTLOS".into(),
                    Some(WTLOS)
                ),
            ],
            "the internal payout first, then the logs, for any viewer"
        );
        assert!(describe_movements(&unwrap("0x0"), &context).is_empty());
    }
}
