//! Approvals from the chain, for a source that keeps none (Blockscout): the owner's
//! `Approval` and `ApprovalForAll` events found through the node (`eth_getLogs`, the
//! owner as the first indexed argument), then every grant they name read back from the
//! contract (`allowance`, `getApproved` with `ownerOf`, `isApprovedForAll`) at the head.
//! The events say WHICH grants exist; the state reads say what each is now, so a grant
//! spent by `transferFrom`, a token that moved (its approval cleared) or a contract
//! that emits no event on a change still reads right.
//!
//! Where to look comes from the caller ([`ApprovalSearch`]): the blocks of every
//! transaction the owner sent, when an explorer listed them all, and everything after;
//! else the whole chain, in windows the node accepts.

use std::collections::BTreeMap;

use alloy_primitives::{Address, B256, U256, b256};
use async_trait::async_trait;
use futures_util::{StreamExt, TryStreamExt};

use crate::EvmError;
use crate::reads::abi::{IErc20, IErc165, IErc721, IErc1155, interface_ids};
use crate::reads::{ChainLog, ChainReader, call_read, decode_read};
use crate::source::{ApprovalFinder, ApprovalKind, ApprovalRecord, ApprovalSearch, TokenStandard};

/// `Approval(address,address,uint256)` (ERC-20; ERC-721 with the token id as a topic).
pub const APPROVAL_TOPIC: B256 =
    b256!("8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925");
/// `ApprovalForAll(address,address,bool)`.
pub const APPROVAL_FOR_ALL_TOPIC: B256 =
    b256!("17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31");

/// Blocks read per `eth_getLogs` over the whole chain (the node's window shrinks it).
pub const DEFAULT_WINDOW: u64 = 10_000;
/// Single-block log requests in flight at once.
const IN_FLIGHT: usize = 4;

/// A grant the events name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Grant {
    Allowance {
        token: Address,
        spender: Address,
    },
    Token {
        collection: Address,
        token_id: U256,
    },
    Operator {
        collection: Address,
        operator: Address,
    },
}

/// Approvals read from the chain through one node.
#[derive(Debug, Clone)]
pub struct ChainApprovals {
    reader: ChainReader,
    window: u64,
}

impl ChainApprovals {
    /// Approvals read through `reader`, whole-chain searches in windows of `window`
    /// blocks.
    #[must_use]
    pub fn new(reader: ChainReader, window: u64) -> Self {
        Self {
            reader,
            window: window.max(1),
        }
    }

    /// The owner's approval events where `search` says, oldest first.
    async fn events(
        &self,
        owner: Address,
        search: &ApprovalSearch,
    ) -> Result<Vec<ChainLog>, EvmError> {
        let head = self.reader.block_number().await?;
        let topics = vec![
            Some(vec![APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC]),
            Some(vec![owner.into_word()]),
        ];
        let mut runs: Vec<(u64, u64)> = Vec::new();
        for &block in search
            .blocks
            .iter()
            .filter(|&&b| b < search.from_block && b <= head)
        {
            match runs.last_mut() {
                Some((_, high)) if *high + 1 == block => *high = block,
                Some((_, high)) if *high >= block => {}
                _ => runs.push((block, block)),
            }
        }
        let topics_ref = &topics;
        let mut found: Vec<ChainLog> = futures_util::stream::iter(runs)
            .map(|(low, high)| self.reader.logs(low, high, topics_ref, self.window))
            .buffered(IN_FLIGHT)
            .try_concat()
            .await?;
        if search.from_block <= head {
            found.extend(
                self.reader
                    .logs(search.from_block, head, &topics, self.window)
                    .await?,
            );
        }
        found.sort_by_key(|log| (log.block_number, log.log_index));
        Ok(found)
    }
}

/// The grant an event names and when (its block); `None` for anything malformed.
fn grant_of(log: &ChainLog) -> Option<Grant> {
    let topics = &log.log.topics;
    let contract = log.log.address;
    let address = |i: usize| topics.get(i).map(|t| Address::from_word(*t));
    match (topics.first()?, topics.len()) {
        (&APPROVAL_TOPIC, 3) => Some(Grant::Allowance {
            token: contract,
            spender: address(2)?,
        }),
        (&APPROVAL_TOPIC, 4) => Some(Grant::Token {
            collection: contract,
            token_id: U256::from_be_bytes(topics[3].0),
        }),
        (&APPROVAL_FOR_ALL_TOPIC, 3) => Some(Grant::Operator {
            collection: contract,
            operator: address(2)?,
        }),
        _ => None,
    }
}

#[async_trait]
impl ApprovalFinder for ChainApprovals {
    async fn find(
        &self,
        owner: Address,
        kinds: &[ApprovalKind],
        search: &ApprovalSearch,
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        // The last event of each grant: the block it last changed.
        let mut grants: BTreeMap<Grant, u64> = BTreeMap::new();
        for log in self.events(owner, search).await? {
            if let Some(grant) = grant_of(&log) {
                grants.insert(grant, log.block_number);
            }
        }
        let collections: Vec<Address> = grants
            .keys()
            .filter_map(|grant| match grant {
                Grant::Operator { collection, .. } => Some(*collection),
                _ => None,
            })
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut reads = Vec::new();
        for grant in grants.keys() {
            match *grant {
                Grant::Allowance { token, spender } => {
                    reads.push(call_read(token, &IErc20::allowanceCall { owner, spender }));
                }
                Grant::Token {
                    collection,
                    token_id,
                } => {
                    reads.push(call_read(
                        collection,
                        &IErc721::getApprovedCall { tokenId: token_id },
                    ));
                    reads.push(call_read(
                        collection,
                        &IErc721::ownerOfCall { tokenId: token_id },
                    ));
                }
                Grant::Operator {
                    collection,
                    operator,
                } => reads.push(call_read(
                    collection,
                    &IErc1155::isApprovedForAllCall {
                        account: owner,
                        operator,
                    },
                )),
            }
        }
        for collection in &collections {
            reads.push(call_read(
                *collection,
                &IErc165::supportsInterfaceCall {
                    interfaceId: interface_ids::ERC1155.into(),
                },
            ));
        }
        let answers = self.reader.read_many(&reads).await?;
        let mut blocks: Vec<u64> = grants.values().copied().collect();
        blocks.sort_unstable();
        blocks.dedup();
        let times = self.reader.block_times(&blocks).await?;
        let (grant_answers, probe_answers) = answers.split_at(answers.len() - collections.len());
        let is_1155: BTreeMap<Address, bool> = collections
            .iter()
            .zip(probe_answers)
            .map(|(collection, answer)| {
                (
                    *collection,
                    decode_read::<IErc165::supportsInterfaceCall>(answer).unwrap_or(false),
                )
            })
            .collect();
        let wants = |kind: TokenStandard| kinds.contains(&kind);
        let mut answers = grant_answers.iter();
        let mut records = Vec::new();
        for (grant, block) in grants {
            let updated_ms = times.get(&block).copied().unwrap_or(0);
            match grant {
                Grant::Allowance { token, spender } => {
                    let amount = answers
                        .next()
                        .and_then(|a| decode_read::<IErc20::allowanceCall>(a).ok());
                    // A token whose allowance cannot be read (a reverting or broken
                    // contract) has no row, as the own index leaves it out.
                    if let (Some(amount), true) = (amount, wants(TokenStandard::Erc20)) {
                        records.push(ApprovalRecord::Erc20 {
                            owner,
                            contract: token,
                            spender,
                            amount,
                            updated_ms,
                        });
                    }
                }
                Grant::Token {
                    collection,
                    token_id,
                } => {
                    let approved = answers
                        .next()
                        .and_then(|a| decode_read::<IErc721::getApprovedCall>(a).ok());
                    let holder = answers
                        .next()
                        .and_then(|a| decode_read::<IErc721::ownerOfCall>(a).ok());
                    // Moving or burning a token clears its approval: it stands only
                    // while the owner still holds it.
                    let approved = match (approved, holder) {
                        (Some(approved), Some(holder)) if holder == owner => approved,
                        _ => Address::ZERO,
                    };
                    if wants(TokenStandard::Erc721) {
                        records.push(ApprovalRecord::Erc721Single {
                            owner,
                            contract: collection,
                            token_id,
                            approved,
                            updated_ms,
                        });
                    }
                }
                Grant::Operator {
                    collection,
                    operator,
                } => {
                    let approved = answers
                        .next()
                        .and_then(|a| decode_read::<IErc1155::isApprovedForAllCall>(a).ok());
                    let standard = if is_1155.get(&collection).copied().unwrap_or(false) {
                        TokenStandard::Erc1155
                    } else {
                        TokenStandard::Erc721
                    };
                    if let (Some(approved), true) = (approved, wants(standard)) {
                        records.push(ApprovalRecord::Operator {
                            standard,
                            owner,
                            contract: collection,
                            operator,
                            approved,
                            updated_ms,
                        });
                    }
                }
            }
        }
        Ok(records)
    }
}
