//! How many owners have an approval in force for a spender, as the data source's
//! history says: the spender's transactions carrying `Approval` or `ApprovalForAll`
//! events, read newest first, where the newest event per (owner, contract, token)
//! decides whether that grant still stands. An allowance spent down by `transferFrom`
//! (no event) still counts: the figure says who *granted* the spender something and
//! did not take it back, which is what a user weighing a stranger wants to know.

use std::collections::{HashMap, HashSet};

use alloy_primitives::{Address, B256, U256, b256};
use tandem_domain::history::RawLog;
use tandem_evm::EvmError;
use tandem_evm::source::{EvmSource, PageRequest, SortOrder, TransactionQuery};

/// `Approval(address,address,uint256)` (ERC-20; ERC-721 with the token id as a topic).
pub const APPROVAL_TOPIC: B256 =
    b256!("8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925");
/// `ApprovalForAll(address,address,bool)`.
pub const APPROVAL_FOR_ALL_TOPIC: B256 =
    b256!("17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31");

/// Transactions read per page, and pages read per event kind at most: a spender
/// approved by more owners than this is reported as "at least" the count found.
const PAGE: u64 = 500;
const MAX_PAGES: u64 = 4;

/// What the history says of a spender's approvers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Approvers {
    /// Owners other than the asking one with a grant in force.
    pub others: u64,
    /// True when the reading stopped at its limit: there may be more.
    pub at_least: bool,
}

/// One grant seen in a log: who, on which contract, for which token (None: the
/// ERC-20 allowance or the operator approval), and whether it grants.
type GrantKey = (Address, Address, Option<U256>, bool);

/// The grant (or revocation) an approval log states toward `spender`, if it names it.
fn grant_of(log: &RawLog, spender: Address) -> Option<(GrantKey, bool)> {
    let topic = |i: usize| log.topics.get(i).copied();
    let address = |word: B256| Address::from_word(word);
    match topic(0)? {
        APPROVAL_TOPIC if log.topics.len() == 3 => {
            (address(topic(2)?) == spender).then_some(())?;
            let owner = address(topic(1)?);
            let grants = log.data.iter().any(|&b| b != 0);
            Some(((owner, log.address, None, false), grants))
        }
        APPROVAL_TOPIC if log.topics.len() == 4 => {
            // ERC-721: approving someone else for the token replaces this spender.
            let owner = address(topic(1)?);
            let token = U256::from_be_bytes(topic(3)?.0);
            let grants = address(topic(2)?) == spender;
            Some(((owner, log.address, Some(token), false), grants))
        }
        APPROVAL_FOR_ALL_TOPIC => {
            (address(topic(2)?) == spender).then_some(())?;
            let owner = address(topic(1)?);
            let grants = log.data.iter().any(|&b| b != 0);
            Some(((owner, log.address, None, true), grants))
        }
        _ => None,
    }
}

/// Folds logs given newest first: the first word on each grant is the one in force.
#[derive(Debug, Default)]
pub struct ApproverTally {
    decided: HashMap<GrantKey, bool>,
}

impl ApproverTally {
    /// Takes one log (newest first).
    pub fn add(&mut self, log: &RawLog, spender: Address) {
        if let Some((key, grants)) = grant_of(log, spender) {
            self.decided.entry(key).or_insert(grants);
        }
    }

    /// Owners with a grant in force, `owner` left out.
    #[must_use]
    pub fn others(&self, owner: Address) -> u64 {
        let owners: HashSet<Address> = self
            .decided
            .iter()
            .filter(|&(key, &grants)| grants && key.0 != owner)
            .map(|(key, _)| key.0)
            .collect();
        owners.len() as u64
    }
}

/// Reads the spender's approval history from `source` (see the module docs).
///
/// # Errors
/// When the source cannot list the spender's transactions.
pub async fn count_approvers(
    source: &dyn EvmSource,
    spender: Address,
    owner: Address,
) -> Result<Approvers, EvmError> {
    let mut tally = ApproverTally::default();
    let mut at_least = false;
    for topic in [APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC] {
        for page in 0..MAX_PAGES {
            let query = TransactionQuery {
                page: PageRequest {
                    offset: page * PAGE,
                    limit: PAGE,
                },
                sort: SortOrder::Descending,
                log_topic: Some(topic),
                resume_after: None,
            };
            let found = source.transactions(spender, &query).await?;
            // Within a transaction, later logs are newer.
            for row in &found.rows {
                for log in row.transaction.logs.iter().rev() {
                    tally.add(log, spender);
                }
            }
            if !found.more {
                break;
            }
            if page + 1 == MAX_PAGES {
                at_least = true;
            }
        }
    }
    Ok(Approvers {
        others: tally.others(owner),
        at_least,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPENDER: Address = Address::repeat_byte(0x5a);
    const TOKEN: Address = Address::repeat_byte(0x20);
    const ART: Address = Address::repeat_byte(0x72);

    fn approval(owner: u8, spender: Address, value: u8) -> RawLog {
        RawLog {
            address: TOKEN,
            topics: vec![
                APPROVAL_TOPIC,
                Address::repeat_byte(owner).into_word(),
                spender.into_word(),
            ],
            data: U256::from(value).to_be_bytes::<32>().to_vec(),
        }
    }

    fn operator(owner: u8, approved: bool) -> RawLog {
        RawLog {
            address: ART,
            topics: vec![
                APPROVAL_FOR_ALL_TOPIC,
                Address::repeat_byte(owner).into_word(),
                SPENDER.into_word(),
            ],
            data: U256::from(u8::from(approved)).to_be_bytes::<32>().to_vec(),
        }
    }

    #[test]
    fn the_newest_word_on_each_grant_decides_and_the_asker_is_left_out() {
        let mut tally = ApproverTally::default();
        // Newest first: owner 1 revoked after granting; owner 2 granted; owner 3 is the asker;
        // owner 4 approved someone else (not counted); owner 5 is an operator.
        for log in [
            approval(1, SPENDER, 0),
            approval(1, SPENDER, 9),
            approval(2, SPENDER, 5),
            approval(3, SPENDER, 7),
            approval(4, Address::repeat_byte(0x99), 7),
            operator(5, true),
            operator(6, false),
            operator(6, true),
        ] {
            tally.add(&log, SPENDER);
        }
        assert_eq!(tally.others(Address::repeat_byte(3)), 2, "owners 2 and 5");
    }

    #[test]
    fn an_erc721_token_approved_elsewhere_later_no_longer_counts() {
        let token_log = |owner: u8, approved: Address| RawLog {
            address: ART,
            topics: vec![
                APPROVAL_TOPIC,
                Address::repeat_byte(owner).into_word(),
                approved.into_word(),
                B256::from(U256::from(7)),
            ],
            data: Vec::new(),
        };
        let mut tally = ApproverTally::default();
        tally.add(&token_log(1, Address::ZERO), SPENDER);
        tally.add(&token_log(1, SPENDER), SPENDER);
        tally.add(&token_log(2, SPENDER), SPENDER);
        assert_eq!(tally.others(Address::ZERO), 1);
    }
}
