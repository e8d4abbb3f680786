use std::collections::HashMap;

use alloy_primitives::{Address, B256, U256, keccak256};

use super::*;
use crate::history::{
    ContractInfo, RawLog, ShapeContext, SystemCoin, TRANSFER_TOPIC, shape_transaction,
};

const ME: Address = Address::repeat_byte(0xaa);
const BOB: Address = Address::repeat_byte(0xbb);
const SPENDER: Address = Address::repeat_byte(0x5a);
const TUSD: Address = Address::repeat_byte(0x0a);
const ART: Address = Address::repeat_byte(0xc0);
const WTLOS: Address = Address::repeat_byte(0x77);
const STLOS: Address = Address::repeat_byte(0x57);
const ESCROW: Address = Address::repeat_byte(0xe5);

const KNOWN: KnownContracts = KnownContracts {
    wrapped: Some(WTLOS),
    staked: Some(STLOS),
    escrow: Some(ESCROW),
};

fn call(signature: &str, words: &[[u8; 32]]) -> Vec<u8> {
    let mut data = keccak256(signature)[..4].to_vec();
    for word in words {
        data.extend_from_slice(word);
    }
    data
}

fn address_word(address: Address) -> [u8; 32] {
    address.into_word().0
}

fn number(value: U256) -> [u8; 32] {
    value.to_be_bytes::<32>()
}

fn tx(to: Address, input: Vec<u8>, value: U256, logs: Vec<RawLog>) -> RawTransaction {
    RawTransaction {
        hash: B256::repeat_byte(0x11),
        from: ME,
        to: Some(to),
        contract_address: None,
        value,
        gas_used: U256::from(21_000u32),
        gas_price: U256::from(1u8),
        status: "0x1".into(),
        timestamp_ms: 1_700_000_000_000,
        input,
        logs,
    }
}

fn transfer_log(token: Address, from: Address, to: Address, value: u64) -> RawLog {
    RawLog {
        address: token,
        topics: vec![TRANSFER_TOPIC, from.into_word(), to.into_word()],
        data: U256::from(value).to_be_bytes::<32>().to_vec(),
    }
}

fn contracts() -> HashMap<Address, ContractInfo> {
    HashMap::from([
        (
            TUSD,
            ContractInfo {
                name: Some("Tandem USD".into()),
                symbol: Some("TUSD".into()),
                decimals: Some(6),
                ..ContractInfo::default()
            },
        ),
        (
            ART,
            ContractInfo {
                name: Some("Tandem Art".into()),
                nft: true,
                ..ContractInfo::default()
            },
        ),
        (
            STLOS,
            ContractInfo {
                name: Some("Staked TLOS".into()),
                symbol: Some("STLOS".into()),
                decimals: Some(18),
                ..ContractInfo::default()
            },
        ),
    ])
}

/// The row's action and counterparty, shaped for ME.
fn shaped(tx: &RawTransaction) -> (RowAction, Option<String>, Option<String>) {
    let contracts = contracts();
    let coin = SystemCoin {
        symbol: "TLOS".into(),
        price: None,
    };
    let context = ShapeContext {
        account: ME,
        contracts: &contracts,
        system_coin: &coin,
        function_name: None,
        nft_transfers: &[],
        known: KNOWN,
    };
    let row = shape_transaction(tx, &context);
    (row.action, row.counterparty, row.counterparty_name)
}

fn text(address: Address) -> String {
    address.to_checksum(None)
}

#[test]
fn the_selectors_are_their_signatures_hashes() {
    for (signature, selector) in [
        ("deposit()", WRAP_SELECTOR),
        ("withdraw(uint256)", UNWRAP_SELECTOR),
        ("depositTLOS()", STAKE_NATIVE_SELECTOR),
        ("deposit(uint256,address)", STAKE_SELECTOR),
        ("withdraw(uint256,address,address)", UNSTAKE_SELECTOR),
        ("redeem(uint256,address,address)", REDEEM_SELECTOR),
        ("withdraw()", ESCROW_WITHDRAW_SELECTOR),
    ] {
        assert_eq!(keccak256(signature)[..4], selector, "{signature}");
    }
}

#[test]
fn a_token_sent_names_its_recipient_not_the_token() {
    let send = tx(
        TUSD,
        call(
            "transfer(address,uint256)",
            &[address_word(BOB), number(U256::from(2_500_000u32))],
        ),
        U256::ZERO,
        vec![transfer_log(TUSD, ME, BOB, 2_500_000)],
    );
    assert_eq!(shaped(&send), (RowAction::Send, Some(text(BOB)), None));
    let mut received = send.clone();
    received.from = BOB;
    received.logs = vec![transfer_log(TUSD, BOB, ME, 1)];
    assert_eq!(
        shaped(&received),
        (RowAction::Receive, Some(text(BOB)), None)
    );
    let plain = tx(BOB, vec![], U256::from(5u8), vec![]);
    assert_eq!(shaped(&plain).0, RowAction::Send);
    assert_eq!(shaped(&plain).1, Some(text(BOB)));
}

#[test]
fn calls_of_the_known_contracts_read_by_what_they_do() {
    let one = U256::from(1u8);
    let named = |to: Address, input: Vec<u8>, value: U256| shaped(&tx(to, input, value, vec![]));
    assert_eq!(named(WTLOS, call("deposit()", &[]), one).0, RowAction::Wrap);
    assert_eq!(
        named(WTLOS, vec![], one).0,
        RowAction::Wrap,
        "a plain transfer to WTLOS wraps"
    );
    assert_eq!(
        named(WTLOS, call("withdraw(uint256)", &[number(one)]), U256::ZERO).0,
        RowAction::Unwrap
    );
    let stake = named(STLOS, call("depositTLOS()", &[]), one);
    assert_eq!(
        stake,
        (
            RowAction::Stake,
            Some(text(STLOS)),
            Some("Staked TLOS".into())
        )
    );
    let withdraw = call(
        "withdraw(uint256,address,address)",
        &[number(one), address_word(ME), address_word(ME)],
    );
    assert_eq!(named(STLOS, withdraw, U256::ZERO).0, RowAction::Unstake);
    let redeem = call(
        "redeem(uint256,address,address)",
        &[number(one), address_word(ME), address_word(ME)],
    );
    assert_eq!(named(STLOS, redeem, U256::ZERO).0, RowAction::Unstake);
    assert_eq!(
        named(ESCROW, call("withdraw()", &[]), U256::ZERO).0,
        RowAction::Withdraw
    );
    // Another function of a known contract is a call like any other.
    assert_eq!(
        named(
            STLOS,
            call(
                "approve(address,uint256)",
                &[address_word(SPENDER), number(one)]
            ),
            U256::ZERO
        )
        .0,
        RowAction::Approve {
            spender: text(SPENDER),
            grant: Grant::Amount {
                amount: Amount::new(one, 18).unwrap(),
                symbol: Some("STLOS".into())
            }
        }
    );
}

#[test]
fn approvals_say_to_whom_and_for_what_and_revokes_say_so() {
    let approve = |token: Address, spender: Address, value: U256| {
        shaped(&tx(
            token,
            call(
                "approve(address,uint256)",
                &[address_word(spender), number(value)],
            ),
            U256::ZERO,
            vec![],
        ))
    };
    assert_eq!(
        approve(TUSD, SPENDER, U256::from(100_000_000u32)),
        (
            RowAction::Approve {
                spender: text(SPENDER),
                grant: Grant::Amount {
                    amount: Amount::new(U256::from(100_000_000u32), 6).unwrap(),
                    symbol: Some("TUSD".into())
                }
            },
            Some(text(SPENDER)),
            None
        )
    );
    assert_eq!(
        approve(TUSD, SPENDER, U256::MAX).0,
        RowAction::Approve {
            spender: text(SPENDER),
            grant: Grant::Unlimited {
                symbol: Some("TUSD".into())
            }
        }
    );
    assert_eq!(
        approve(TUSD, SPENDER, U256::ZERO).0,
        RowAction::Revoke {
            spender: Some(text(SPENDER))
        }
    );
    assert_eq!(
        approve(ART, SPENDER, U256::from(7u8)).0,
        RowAction::Approve {
            spender: text(SPENDER),
            grant: Grant::Token {
                token_id: "7".into()
            }
        }
    );
    // Clearing an NFT's approval names no spender: the row's other side is the collection.
    let cleared = approve(ART, Address::ZERO, U256::from(7u8));
    assert_eq!(
        cleared,
        (
            RowAction::Revoke { spender: None },
            Some(text(ART)),
            Some("Tandem Art".into())
        )
    );
    let operator = |approved: u8| {
        shaped(&tx(
            ART,
            call(
                "setApprovalForAll(address,bool)",
                &[address_word(SPENDER), number(U256::from(approved))],
            ),
            U256::ZERO,
            vec![],
        ))
        .0
    };
    assert_eq!(
        operator(1),
        RowAction::Approve {
            spender: text(SPENDER),
            grant: Grant::AllNfts
        }
    );
    assert_eq!(
        operator(0),
        RowAction::Revoke {
            spender: Some(text(SPENDER))
        }
    );
    let raised = shaped(&tx(
        TUSD,
        call(
            "increaseAllowance(address,uint256)",
            &[address_word(SPENDER), number(U256::from(5_000_000u32))],
        ),
        U256::ZERO,
        vec![],
    ));
    assert_eq!(
        raised.0,
        RowAction::Approve {
            spender: text(SPENDER),
            grant: Grant::Increase {
                amount: Amount::new(U256::from(5_000_000u32), 6).unwrap(),
                symbol: Some("TUSD".into())
            }
        }
    );
}

#[test]
fn anything_else_is_the_function_called_on_its_contract() {
    let unknown = shaped(&tx(BOB, vec![0xde, 0xad, 0xbe, 0xef], U256::ZERO, vec![]));
    assert_eq!(
        unknown,
        (
            RowAction::Call {
                function: "0xdeadbeef".into()
            },
            Some(text(BOB)),
            None
        )
    );
    let mut created = tx(BOB, vec![0x60], U256::ZERO, vec![]);
    created.to = None;
    created.contract_address = Some(SPENDER);
    assert_eq!(
        shaped(&created),
        (RowAction::ContractCreation, Some(text(SPENDER)), None)
    );
    let mut failed = tx(STLOS, call("depositTLOS()", &[]), U256::from(1u8), vec![]);
    failed.status = "0x0".into();
    assert_eq!(
        shaped(&failed).0,
        RowAction::Stake,
        "a failed stake still reads as the stake it tried"
    );
}
