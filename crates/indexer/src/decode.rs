//! Logs to index events: token and NFT transfers (through the domain's
//! `decode_transfer_log`), approvals, operator approvals, and the wrapped native coin's
//! `Deposit`/`Withdrawal`.
//!
//! A log that claims a known signature but is malformed is skipped: one broken
//! contract must not stop the index (its raw log is still stored).

use std::collections::HashSet;

use alloy_primitives::{Address, B256, U256, b256};
use tandem_domain::history::{RawLog, TransferEvent, decode_transfer_log};

use crate::rpc::{FetchedLog, FetchedTransaction};

/// `keccak256("Approval(address,address,uint256)")`: ERC-20 (3 topics) and ERC-721 (4).
pub const APPROVAL_TOPIC: B256 =
    b256!("8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925");
/// `keccak256("ApprovalForAll(address,address,bool)")`.
pub const APPROVAL_FOR_ALL_TOPIC: B256 =
    b256!("17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31");
/// `keccak256("Deposit(address,uint256)")` of WETH9-style wrappers.
pub const DEPOSIT_TOPIC: B256 =
    b256!("e1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c");
/// `keccak256("Withdrawal(address,uint256)")` of WETH9-style wrappers.
pub const WITHDRAWAL_TOPIC: B256 =
    b256!("7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65");

/// What a log means to the derived state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexEvent {
    /// A token or NFT movement.
    Transfer(TransferEvent),
    /// ERC-20 `Approval(owner, spender, value)`.
    Allowance {
        /// Token.
        contract: Address,
        /// Granter.
        owner: Address,
        /// Who may spend.
        spender: Address,
        /// Allowed amount (zero revokes).
        amount: U256,
    },
    /// ERC-721 `Approval(owner, approved, tokenId)`.
    TokenApproval {
        /// Collection.
        contract: Address,
        /// Granter.
        owner: Address,
        /// Who may move the token (zero revokes).
        approved: Address,
        /// The token.
        token_id: U256,
    },
    /// `ApprovalForAll(owner, operator, approved)`.
    Operator {
        /// Collection.
        contract: Address,
        /// Granter.
        owner: Address,
        /// Operator.
        operator: Address,
        /// Granted or revoked.
        approved: bool,
    },
    /// Native coin wrapped: `Deposit(dst, wad)` without a matching `Transfer` mint.
    Wrap {
        /// Wrapper contract.
        contract: Address,
        /// Who received the wrapped tokens.
        account: Address,
        /// Amount.
        amount: U256,
    },
    /// Native coin unwrapped: `Withdrawal(src, wad)` without a matching `Transfer` burn.
    Unwrap {
        /// Wrapper contract.
        contract: Address,
        /// Whose wrapped tokens were burned.
        account: Address,
        /// Amount.
        amount: U256,
    },
}

impl IndexEvent {
    /// Every account the event names (zero address excluded): the transaction "touches" them.
    #[must_use]
    pub fn participants(&self) -> Vec<Address> {
        let all = match self {
            Self::Transfer(transfer) => {
                let (from, to) = transfer.parties();
                vec![from, to]
            }
            Self::Allowance { owner, spender, .. } => vec![*owner, *spender],
            Self::TokenApproval {
                owner, approved, ..
            } => vec![*owner, *approved],
            Self::Operator {
                owner, operator, ..
            } => vec![*owner, *operator],
            Self::Wrap { account, .. } | Self::Unwrap { account, .. } => vec![*account],
        };
        all.into_iter().filter(|a| !a.is_zero()).collect()
    }
}

/// An event with where it came from; `sub_index` numbers the entries of one batch log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedEvent {
    /// Log position in its block.
    pub log_index: u64,
    /// Entry within the log (ERC-1155 batches carry several).
    pub sub_index: u64,
    /// The event.
    pub event: IndexEvent,
}

fn topic_address(topic: &B256) -> Address {
    Address::from_word(*topic)
}

fn word(data: &[u8], index: usize) -> Option<U256> {
    data.get(index * 32..(index + 1) * 32)
        .map(U256::from_be_slice)
}

/// The events of one log; empty for logs the index does not interpret or that are malformed.
pub(crate) fn decode_log(log: &FetchedLog, wrapped_native: &[Address]) -> Vec<IndexEvent> {
    let contract = log.address;
    match (log.topics.first(), log.topics.as_slice()) {
        (Some(&APPROVAL_TOPIC), [_, owner, spender]) => word(&log.data, 0)
            .filter(|_| log.data.len() == 32)
            .map(|amount| IndexEvent::Allowance {
                contract,
                owner: topic_address(owner),
                spender: topic_address(spender),
                amount,
            })
            .into_iter()
            .collect(),
        (Some(&APPROVAL_TOPIC), [_, owner, approved, id]) => vec![IndexEvent::TokenApproval {
            contract,
            owner: topic_address(owner),
            approved: topic_address(approved),
            token_id: U256::from_be_bytes(id.0),
        }],
        (Some(&APPROVAL_FOR_ALL_TOPIC), [_, owner, operator]) => word(&log.data, 0)
            .filter(|flag| *flag <= U256::from(1u8))
            .map(|flag| IndexEvent::Operator {
                contract,
                owner: topic_address(owner),
                operator: topic_address(operator),
                approved: flag == U256::from(1u8),
            })
            .into_iter()
            .collect(),
        (Some(&DEPOSIT_TOPIC), [_, account]) if wrapped_native.contains(&contract) => {
            word(&log.data, 0)
                .map(|amount| IndexEvent::Wrap {
                    contract,
                    account: topic_address(account),
                    amount,
                })
                .into_iter()
                .collect()
        }
        (Some(&WITHDRAWAL_TOPIC), [_, account]) if wrapped_native.contains(&contract) => {
            word(&log.data, 0)
                .map(|amount| IndexEvent::Unwrap {
                    contract,
                    account: topic_address(account),
                    amount,
                })
                .into_iter()
                .collect()
        }
        _ => {
            let raw = RawLog {
                address: contract,
                topics: log.topics.clone(),
                data: log.data.clone(),
            };
            match decode_transfer_log(&raw) {
                Ok(transfers) => transfers.into_iter().map(IndexEvent::Transfer).collect(),
                Err(error) => {
                    tracing::debug!(%contract, log_index = log.log_index, %error, "malformed transfer log skipped");
                    Vec::new()
                }
            }
        }
    }
}

/// The events of one transaction in log order. Failed transactions have no logs, so
/// they yield nothing. A wrapper that emits both `Transfer` and `Deposit` for one wrap
/// (OpenZeppelin-based WTLOS) is counted once: the `Deposit`/`Withdrawal` is dropped
/// when the same transaction has the matching mint/burn `Transfer`; a WETH9 wrapper
/// (no `Transfer` on deposit) is counted through its `Deposit`.
#[must_use]
pub fn decode_transaction(tx: &FetchedTransaction, wrapped_native: &[Address]) -> Vec<PlacedEvent> {
    let mut events = Vec::new();
    for log in &tx.logs {
        for (sub_index, event) in decode_log(log, wrapped_native).into_iter().enumerate() {
            events.push(PlacedEvent {
                log_index: log.log_index,
                sub_index: sub_index as u64,
                event,
            });
        }
    }
    let mut used_transfers: HashSet<usize> = HashSet::new();
    let mut drop: HashSet<usize> = HashSet::new();
    for (i, placed) in events.iter().enumerate() {
        let (contract, mint_to, burn_from, amount) = match &placed.event {
            IndexEvent::Wrap {
                contract,
                account,
                amount,
            } => (*contract, Some(*account), None, *amount),
            IndexEvent::Unwrap {
                contract,
                account,
                amount,
            } => (*contract, None, Some(*account), *amount),
            _ => continue,
        };
        let twin = events.iter().enumerate().position(|(j, other)| {
            !used_transfers.contains(&j)
                && matches!(&other.event, IndexEvent::Transfer(TransferEvent::Fungible { contract: c, from, to, value })
                    if *c == contract && *value == amount
                    && (mint_to.is_some_and(|dst| from.is_zero() && *to == dst)
                        || burn_from.is_some_and(|src| to.is_zero() && *from == src)))
        });
        if let Some(j) = twin {
            used_transfers.insert(j);
            drop.insert(i);
        }
    }
    events
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !drop.contains(i))
        .map(|(_, event)| event)
        .collect()
}

#[cfg(test)]
mod tests {
    use alloy_primitives::keccak256;
    use tandem_domain::history::TRANSFER_TOPIC;

    use super::*;

    #[test]
    fn topics_are_the_signature_hashes() {
        assert_eq!(
            keccak256("Approval(address,address,uint256)"),
            APPROVAL_TOPIC
        );
        assert_eq!(
            keccak256("ApprovalForAll(address,address,bool)"),
            APPROVAL_FOR_ALL_TOPIC
        );
        assert_eq!(keccak256("Deposit(address,uint256)"), DEPOSIT_TOPIC);
        assert_eq!(keccak256("Withdrawal(address,uint256)"), WITHDRAWAL_TOPIC);
    }

    fn log(index: u64, address: Address, topics: Vec<B256>, data: Vec<u8>) -> FetchedLog {
        FetchedLog {
            log_index: index,
            address,
            topics,
            data,
        }
    }

    fn tx(logs: Vec<FetchedLog>) -> FetchedTransaction {
        FetchedTransaction::from_logs(B256::ZERO, 0, logs)
    }

    #[test]
    fn wraps_count_once_whether_or_not_the_wrapper_emits_a_transfer() {
        let (wtlos, alice) = (Address::repeat_byte(0x77), Address::repeat_byte(0xaa));
        let amount = U256::from(5u8).to_be_bytes::<32>().to_vec();
        let deposit = log(
            1,
            wtlos,
            vec![DEPOSIT_TOPIC, alice.into_word()],
            amount.clone(),
        );
        let mint = log(
            0,
            wtlos,
            vec![TRANSFER_TOPIC, B256::ZERO, alice.into_word()],
            amount.clone(),
        );
        let with_transfer = decode_transaction(&tx(vec![mint, deposit.clone()]), &[wtlos]);
        assert_eq!(with_transfer.len(), 1);
        assert!(matches!(with_transfer[0].event, IndexEvent::Transfer(_)));
        let weth9 = decode_transaction(&tx(vec![deposit.clone()]), &[wtlos]);
        assert!(matches!(weth9[0].event, IndexEvent::Wrap { .. }));
        // A contract that is not a configured wrapper: its Deposit means something else.
        assert!(decode_transaction(&tx(vec![deposit]), &[]).is_empty());
    }

    #[test]
    fn approvals_decode_and_malformed_ones_are_skipped() {
        let (c, a, b) = (
            Address::repeat_byte(1),
            Address::repeat_byte(2),
            Address::repeat_byte(3),
        );
        let erc20 = log(
            0,
            c,
            vec![APPROVAL_TOPIC, a.into_word(), b.into_word()],
            vec![0; 32],
        );
        let erc721 = log(
            1,
            c,
            vec![
                APPROVAL_TOPIC,
                a.into_word(),
                b.into_word(),
                B256::with_last_byte(7),
            ],
            vec![],
        );
        let operator = log(
            2,
            c,
            vec![APPROVAL_FOR_ALL_TOPIC, a.into_word(), b.into_word()],
            U256::from(1u8).to_be_bytes::<32>().to_vec(),
        );
        let bad_flag = log(
            3,
            c,
            vec![APPROVAL_FOR_ALL_TOPIC, a.into_word(), b.into_word()],
            vec![0xff; 32],
        );
        let short = log(
            4,
            c,
            vec![APPROVAL_TOPIC, a.into_word(), b.into_word()],
            vec![0; 31],
        );
        let events = decode_transaction(&tx(vec![erc20, erc721, operator, bad_flag, short]), &[]);
        assert_eq!(events.len(), 3);
        assert!(
            matches!(events[1].event, IndexEvent::TokenApproval { token_id, .. } if token_id == U256::from(7u8))
        );
        assert!(matches!(
            events[2].event,
            IndexEvent::Operator { approved: true, .. }
        ));
    }
}
