//! What an account's earlier events say must be read from the chain to know its state
//! now. The events below the index's start block tell WHICH tokens, NFTs and approvals
//! concern the account; they cannot tell the amounts (the account's counterparties, a
//! `transferFrom` spending an allowance, a rebasing token…), so every piece of state
//! the events name is read back from the chain at one block, and only those reads are
//! stored. That makes the result exact whatever the events missed.

use std::collections::{BTreeMap, BTreeSet};

use alloy_primitives::{Address, U256};
use tandem_domain::history::TransferEvent;
use tandem_domain::nft::NftStandard;
use tandem_evm::reads::abi::{IErc20, IErc721, IErc1155};
use tandem_evm::reads::{call_read, decode_amount, decode_read};
use tandem_evm::rpc::{BatchRead, ReadResult};

use crate::decode::IndexEvent;
use crate::derive::{Stamp, StateKey, StateValue};

/// One piece of the account's state the events name, with the last event touching it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Subject {
    /// ERC-20 (or wrapped native) balance of the account.
    TokenBalance(Address),
    /// Owner of an ERC-721 token the account received (and the account's approval on
    /// it, when it still owns it).
    Nft(Address, U256),
    /// The account's ERC-1155 balance of one id.
    MultiBalance(Address, U256),
    /// ERC-20 allowance the account granted: token, spender.
    Allowance(Address, Address),
    /// Operator approval the account granted: collection, operator.
    Operator(Address, Address),
}

/// What the account's events require reading back, and when each subject last changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadPlan {
    account: Address,
    subjects: BTreeMap<Subject, Stamp>,
    /// ERC-721 tokens the account approved someone on (their approval is read back too).
    token_approvals: BTreeSet<(Address, U256)>,
    /// Mints to the account: collection, token → mint block.
    mints: BTreeMap<(Address, U256), u64>,
}

impl ReadPlan {
    /// An empty plan for `account`.
    #[must_use]
    pub fn new(account: Address) -> Self {
        Self {
            account,
            ..Self::default()
        }
    }

    /// The account the plan is for.
    #[must_use]
    pub fn account(&self) -> Address {
        self.account
    }

    /// How many pieces of state the plan reads back.
    #[must_use]
    pub fn len(&self) -> usize {
        self.subjects.len()
    }

    /// Whether the events named nothing to read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.subjects.is_empty()
    }

    fn touch(&mut self, subject: Subject, at: Stamp) {
        let last = self.subjects.entry(subject).or_insert(at);
        if at.block > last.block {
            *last = at;
        }
    }

    /// Notes one event of the account's history (events of other accounts in the same
    /// transaction are ignored: they are not this account's state).
    pub fn add(&mut self, event: &IndexEvent, at: Stamp) {
        let me = self.account;
        match event {
            IndexEvent::Transfer(TransferEvent::Fungible {
                contract, from, to, ..
            }) if *from == me || *to == me => self.touch(Subject::TokenBalance(*contract), at),
            IndexEvent::Transfer(TransferEvent::Nft {
                contract,
                from,
                to,
                token_id,
                standard,
                ..
            }) => match standard {
                NftStandard::Erc721 if *to == me => {
                    self.touch(Subject::Nft(*contract, *token_id), at);
                    if from.is_zero() {
                        self.mints.insert((*contract, *token_id), at.block);
                    }
                }
                // A token the account sent away: whoever holds it now is not this
                // account's state, unless it came back (then a later event names it).
                NftStandard::Erc721 => {}
                NftStandard::Erc1155 if *from == me || *to == me => {
                    self.touch(Subject::MultiBalance(*contract, *token_id), at);
                }
                NftStandard::Erc1155 => {}
            },
            IndexEvent::Allowance {
                contract,
                owner,
                spender,
                ..
            } if *owner == me => self.touch(Subject::Allowance(*contract, *spender), at),
            IndexEvent::TokenApproval {
                contract,
                owner,
                token_id,
                ..
            } if *owner == me => {
                self.token_approvals.insert((*contract, *token_id));
                self.touch(Subject::Nft(*contract, *token_id), at);
            }
            IndexEvent::Operator {
                contract,
                owner,
                operator,
                ..
            } if *owner == me => self.touch(Subject::Operator(*contract, *operator), at),
            IndexEvent::Wrap {
                contract, account, ..
            }
            | IndexEvent::Unwrap {
                contract, account, ..
            } if *account == me => self.touch(Subject::TokenBalance(*contract), at),
            _ => {}
        }
    }

    /// The chain reads that confirm the plan (one batch; answers in the same order to
    /// [`Self::state`]): the account's native balance, then each subject's reads.
    #[must_use]
    pub fn reads(&self) -> Vec<BatchRead> {
        let account = self.account;
        let mut reads = vec![BatchRead::NativeBalance(account)];
        for &subject in self.subjects.keys() {
            match subject {
                Subject::TokenBalance(token) => {
                    reads.push(call_read(token, &IErc20::balanceOfCall { owner: account }));
                }
                Subject::Nft(collection, token_id) => {
                    reads.push(call_read(
                        collection,
                        &IErc721::ownerOfCall { tokenId: token_id },
                    ));
                    if self.token_approvals.contains(&(collection, token_id)) {
                        reads.push(call_read(
                            collection,
                            &IErc721::getApprovedCall { tokenId: token_id },
                        ));
                    }
                }
                Subject::MultiBalance(collection, id) => {
                    reads.push(call_read(
                        collection,
                        &IErc1155::balanceOfCall { account, id },
                    ));
                }
                Subject::Allowance(token, spender) => reads.push(call_read(
                    token,
                    &IErc20::allowanceCall {
                        owner: account,
                        spender,
                    },
                )),
                // ERC-721 and ERC-1155 declare the same `isApprovedForAll(address,address)`.
                Subject::Operator(collection, operator) => reads.push(call_read(
                    collection,
                    &IErc1155::isApprovedForAllCall { account, operator },
                )),
            }
        }
        reads
    }

    /// The account's state from the answers to [`Self::reads`], as derived-state
    /// entries stamped with the last event that touched each. A read that reverts or
    /// answers garbage (a broken or non-standard contract) leaves its piece out, as
    /// the follower does; `answers` shorter than the reads is a caller bug and yields
    /// what it covers.
    #[must_use]
    pub fn state(&self, answers: &[ReadResult], at: Stamp) -> Vec<(StateKey, StateValue)> {
        let me = self.account;
        let mut answers = answers.iter();
        let mut state = Vec::new();
        // The native balance changes with every fee paid, and no log says when: it is
        // stamped with the block it was read at.
        if let Some(amount) = answers.next().and_then(|answer| decode_amount(answer).ok()) {
            state.push((
                StateKey::Native(me),
                StateValue::Amount { amount, stamp: at },
            ));
        }
        for (&subject, &stamp) in &self.subjects {
            let amount = |key: StateKey, amount: Option<U256>| {
                amount.map(|amount| (key, StateValue::Amount { amount, stamp }))
            };
            match subject {
                Subject::TokenBalance(token) => state.extend(amount(
                    StateKey::TokenBalance { token, holder: me },
                    answers
                        .next()
                        .and_then(|answer| decode_read::<IErc20::balanceOfCall>(answer).ok()),
                )),
                Subject::MultiBalance(contract, token_id) => state.extend(amount(
                    StateKey::MultiBalance {
                        contract,
                        token_id,
                        holder: me,
                    },
                    answers
                        .next()
                        .and_then(|answer| decode_read::<IErc1155::balanceOfCall>(answer).ok()),
                )),
                Subject::Allowance(token, spender) => state.extend(amount(
                    StateKey::Allowance {
                        token,
                        owner: me,
                        spender,
                    },
                    answers
                        .next()
                        .and_then(|answer| decode_read::<IErc20::allowanceCall>(answer).ok()),
                )),
                Subject::Operator(contract, operator) => {
                    let approved = answers.next().and_then(|answer| {
                        decode_read::<IErc1155::isApprovedForAllCall>(answer).ok()
                    });
                    state.extend(approved.map(|approved| {
                        (
                            StateKey::Operator {
                                contract,
                                owner: me,
                                operator,
                            },
                            StateValue::Operator { approved, stamp },
                        )
                    }));
                }
                Subject::Nft(contract, token_id) => {
                    let owner = answers
                        .next()
                        .and_then(|answer| decode_read::<IErc721::ownerOfCall>(answer).ok());
                    let approval_listed = self.token_approvals.contains(&(contract, token_id));
                    let approved = if approval_listed {
                        answers
                            .next()
                            .and_then(|answer| decode_read::<IErc721::getApprovedCall>(answer).ok())
                    } else {
                        None
                    };
                    // A burned token (ownerOf reverts) or a broken contract: nothing to keep.
                    let Some(owner) = owner else { continue };
                    let minted = self.mints.get(&(contract, token_id)).copied();
                    state.push((
                        StateKey::NftOwner { contract, token_id },
                        StateValue::Owner {
                            owner,
                            minter: minted.map(|_| me),
                            block_minted: minted,
                            stamp,
                        },
                    ));
                    if approval_listed {
                        // Moving a token clears its approval: it stands only while the
                        // account still owns it.
                        let approved = if owner == me {
                            approved.unwrap_or(Address::ZERO)
                        } else {
                            Address::ZERO
                        };
                        state.push((
                            StateKey::TokenApproval { contract, token_id },
                            StateValue::TokenApproval {
                                owner: me,
                                approved,
                                stamp,
                            },
                        ));
                    }
                }
            }
        }
        state
    }
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
