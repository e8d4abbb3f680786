use alloy_primitives::Address;

use super::*;
use crate::history::RawLog;

const ME: Address = Address::repeat_byte(0xaa);
const BOB: Address = Address::repeat_byte(0xbb);
const LOOKALIKE: Address = Address::repeat_byte(0xbc);
const TOKEN: Address = Address::repeat_byte(0x0a);

fn tx(from: Address, to: Address, value: u64, logs: Vec<RawLog>) -> RawTransaction {
    crate::history::fixtures::transaction(from, to, value, logs)
}

fn transfer_log(from: Address, to: Address, value: u64) -> RawLog {
    crate::history::fixtures::erc20_transfer(TOKEN, from, to, value)
}

#[test]
fn a_coin_payment_or_a_token_transfer_the_account_signed_counts() {
    assert!(sends_to(&tx(ME, BOB, 5, vec![]), ME, BOB));
    assert!(sends_to(
        &tx(ME, TOKEN, 0, vec![transfer_log(ME, BOB, 2_500_000)]),
        ME,
        BOB
    ));
}

#[test]
fn receiving_failing_or_moving_nothing_does_not() {
    assert!(!sends_to(&tx(BOB, ME, 5, vec![]), ME, BOB));
    let mut failed = tx(ME, BOB, 5, vec![]);
    failed.status = "0x0".into();
    assert!(!sends_to(&failed, ME, BOB));
    assert!(!sends_to(&tx(ME, BOB, 0, vec![]), ME, BOB));
    assert!(!sends_to(&tx(ME, BOB, 5, vec![]), ME, LOOKALIKE));
}

#[test]
fn a_poisoned_zero_value_transfer_in_someone_elses_transaction_makes_no_address_known() {
    // The scammer's contract emits Transfer(ME → LOOKALIKE, 0) in a transaction it sent.
    let planted = tx(LOOKALIKE, TOKEN, 0, vec![transfer_log(ME, LOOKALIKE, 0)]);
    assert!(!sends_to(&planted, ME, LOOKALIKE));
    // Even a non-zero amount in a transaction the account did not sign does not count.
    let forged = tx(LOOKALIKE, TOKEN, 0, vec![transfer_log(ME, LOOKALIKE, 1)]);
    assert!(!sends_to(&forged, ME, LOOKALIKE));
    // A zero-amount transfer the account signed itself moved nothing either.
    assert!(!sends_to(
        &tx(ME, TOKEN, 0, vec![transfer_log(ME, LOOKALIKE, 0)]),
        ME,
        LOOKALIKE
    ));
}

#[test]
fn recipients_are_everyone_paid_once() {
    let both = tx(
        ME,
        BOB,
        5,
        vec![
            transfer_log(ME, LOOKALIKE, 1),
            transfer_log(ME, LOOKALIKE, 2),
        ],
    );
    assert_eq!(recipients_of(&both, ME), vec![BOB, LOOKALIKE]);
    assert!(recipients_of(&both, BOB).is_empty());
}
