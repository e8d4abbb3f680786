//! The `eth_getLogs` filters that find one account's token activity. Topics are ORed
//! within a position and ANDed across positions, so three filters cover every event the
//! index decodes in which the account is a party:
//!
//! | filter | topic0 | the account at |
//! |---|---|---|
//! | sender side | Transfer, Approval, ApprovalForAll, Deposit, Withdrawal | topic1 (from, owner, dst, src) |
//! | receiver side | Transfer, TransferSingle, TransferBatch | topic2 (ERC-20/721 to; ERC-1155 from) |
//! | ERC-1155 receiver | TransferSingle, TransferBatch | topic3 (to) |
//!
//! What logs cannot show — a plain native transfer or a contract call that emits no
//! token event — is not found this way: the native balance is read from the chain
//! instead, and the history of such transactions starts at the index's start block.

use alloy::rpc::types::Filter;
use alloy_primitives::{Address, B256};
use tandem_domain::history::{TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC};

use crate::decode::{APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, DEPOSIT_TOPIC, WITHDRAWAL_TOPIC};

fn topic(account: Address) -> B256 {
    account.into_word()
}

/// The three filters (without a block range) that find `account`'s events.
#[must_use]
pub fn account_filters(account: Address) -> [Filter; 3] {
    let sender = Filter::new()
        .event_signature(vec![
            TRANSFER_TOPIC,
            APPROVAL_TOPIC,
            APPROVAL_FOR_ALL_TOPIC,
            DEPOSIT_TOPIC,
            WITHDRAWAL_TOPIC,
        ])
        .topic1(topic(account));
    let receiver = Filter::new()
        .event_signature(vec![
            TRANSFER_TOPIC,
            TRANSFER_SINGLE_TOPIC,
            TRANSFER_BATCH_TOPIC,
        ])
        .topic2(topic(account));
    let multi_receiver = Filter::new()
        .event_signature(vec![TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC])
        .topic3(topic(account));
    [sender, receiver, multi_receiver]
}

#[cfg(test)]
mod tests {
    use alloy::rpc::types::Log;
    use alloy_primitives::{LogData, address};

    use super::*;

    const ME: Address = address!("00000000000000000000000000000000000000aa");
    const OTHER: Address = address!("00000000000000000000000000000000000000bb");

    fn log(topics: Vec<B256>) -> Log {
        Log {
            inner: alloy_primitives::Log {
                address: OTHER,
                data: LogData::new_unchecked(topics, Default::default()),
            },
            ..Log::default()
        }
    }

    fn matched_by(log: &Log) -> usize {
        account_filters(ME)
            .iter()
            .filter(|filter| filter.matches(&log.inner))
            .count()
    }

    #[test]
    fn every_event_naming_the_account_is_matched_exactly_once() {
        let (me, other, zero) = (topic(ME), topic(OTHER), B256::ZERO);
        let id = B256::with_last_byte(7);
        let cases = [
            vec![TRANSFER_TOPIC, me, other],
            vec![TRANSFER_TOPIC, other, me],
            vec![TRANSFER_TOPIC, zero, me, id],
            vec![APPROVAL_TOPIC, me, other],
            vec![APPROVAL_TOPIC, me, other, id],
            vec![APPROVAL_FOR_ALL_TOPIC, me, other],
            vec![DEPOSIT_TOPIC, me],
            vec![WITHDRAWAL_TOPIC, me],
            vec![TRANSFER_SINGLE_TOPIC, other, me, other],
            vec![TRANSFER_SINGLE_TOPIC, other, other, me],
            vec![TRANSFER_BATCH_TOPIC, me, other, me],
        ];
        for topics in cases {
            assert_eq!(matched_by(&log(topics.clone())), 1, "{topics:?}");
        }
    }

    #[test]
    fn events_of_others_are_not_matched() {
        let (me, other) = (topic(ME), topic(OTHER));
        let cases = [
            vec![TRANSFER_TOPIC, other, other],
            // The account as spender or operator is not its own state.
            vec![APPROVAL_TOPIC, other, me],
            vec![APPROVAL_FOR_ALL_TOPIC, other, me],
            // The account as the ERC-1155 operator only.
            vec![TRANSFER_SINGLE_TOPIC, me, other, other],
        ];
        for topics in cases {
            assert_eq!(matched_by(&log(topics.clone())), 0, "{topics:?}");
        }
    }
}
