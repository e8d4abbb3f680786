//! The `eth_getLogs` topic filters that find one account's token activity. Topics are ORed
//! within a position and ANDed across positions, so four filters cover every event the
//! index decodes in which the account is a party:
//!
//! | filter | topic0 | the account at |
//! |---|---|---|
//! | sender side | Transfer, Approval, ApprovalForAll, Deposit, Withdrawal | topic1 (from, owner, dst, src) |
//! | receiver side | Transfer, TransferSingle, TransferBatch | topic2 (ERC-20/721 to; ERC-1155 from) |
//! | ERC-1155 receiver | TransferSingle, TransferBatch | topic3 (to) |
//! | approved | Approval, ApprovalForAll | topic2 (spender, operator) |
//!
//! What logs cannot show — a plain native transfer or a contract call that emits no
//! token event — is not found this way: the native balance is read from the chain
//! instead, and the history of such transactions starts at the index's start block.

use alloy_primitives::{Address, B256};
use tandem_domain::history::{TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC};

use crate::decode::{APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, DEPOSIT_TOPIC, WITHDRAWAL_TOPIC};

/// `eth_getLogs` topics by position: `None` matches anything, a list any of its values.
pub type Topics = Vec<Option<Vec<B256>>>;

fn topic(account: Address) -> B256 {
    account.into_word()
}

/// The four topic filters that find `account`'s events.
#[must_use]
pub fn account_filters(account: Address) -> [Topics; 4] {
    let me = Some(vec![topic(account)]);
    let sender = vec![
        Some(vec![
            TRANSFER_TOPIC,
            APPROVAL_TOPIC,
            APPROVAL_FOR_ALL_TOPIC,
            DEPOSIT_TOPIC,
            WITHDRAWAL_TOPIC,
        ]),
        me.clone(),
    ];
    let receiver = vec![
        Some(vec![
            TRANSFER_TOPIC,
            TRANSFER_SINGLE_TOPIC,
            TRANSFER_BATCH_TOPIC,
        ]),
        None,
        me.clone(),
    ];
    let multi_receiver = vec![
        Some(vec![TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]),
        None,
        None,
        me.clone(),
    ];
    // Approvals granted to the account: not its state (the owner's), but its history,
    // as the follower lists them.
    let approved = vec![Some(vec![APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC]), None, me];
    [sender, receiver, multi_receiver, approved]
}

#[cfg(test)]
mod tests {
    use alloy_primitives::address;

    use super::*;

    const ME: Address = address!("00000000000000000000000000000000000000aa");
    const OTHER: Address = address!("00000000000000000000000000000000000000bb");

    /// What a node does with a topics filter: each position absent or null matches, a
    /// list matches when the log's topic there is one of its values.
    fn matches(filter: &Topics, topics: &[B256]) -> bool {
        filter.iter().enumerate().all(|(i, wanted)| match wanted {
            None => true,
            Some(values) => topics.get(i).is_some_and(|topic| values.contains(topic)),
        })
    }

    fn matched_by(topics: &[B256]) -> usize {
        account_filters(ME)
            .iter()
            .filter(|filter| matches(filter, topics))
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
            // The account as spender or operator: an approval granted to it.
            vec![APPROVAL_TOPIC, other, me],
            vec![APPROVAL_FOR_ALL_TOPIC, other, me],
        ];
        for topics in cases {
            assert_eq!(matched_by(&topics), 1, "{topics:?}");
        }
    }

    #[test]
    fn events_of_others_are_not_matched() {
        let (me, other) = (topic(ME), topic(OTHER));
        let cases = [
            vec![TRANSFER_TOPIC, other, other],
            // The account as the ERC-1155 operator only.
            vec![TRANSFER_SINGLE_TOPIC, me, other, other],
        ];
        for topics in cases {
            assert_eq!(matched_by(&topics), 0, "{topics:?}");
        }
    }
}
