//! What an account's own newest transactions say of the addresses it deals with (issue 37):
//! whom it paid (the send form's "sent here before", the look-alike rules' known
//! addresses) and which addresses it met only in rows that are likely address poisoning
//! (a recipient to warn about). One scan of the newest [`SEARCH_LIMIT`] transactions,
//! kept for [`HISTORY_TTL`](crate::evm::account_reads::HISTORY_TTL).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use alloy_primitives::Address;
use tandem_domain::history::{RawTransaction, TransferEvent, recipients_of};
use tandem_domain::spam::poisoning::{OwnerContext, TokenSide, judge_transaction};
use tandem_evm::source::{PageRequest, SortOrder, TransactionQuery, TransactionRecord};

use super::EvmNetwork;
use crate::cache::weigh_by_debug;
use crate::error::ServiceError;

/// Transactions read per request while scanning.
const SCAN_PAGE: u64 = 500;

/// The most of an account's transactions scanned, newest first: a payment older than
/// these is not found, and the answer says the scan was not complete.
pub const SEARCH_LIMIT: u64 = 5_000;

/// What the scan found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Dealings {
    /// Everyone the account paid, in the order first found (newest first).
    pub paid: Vec<Address>,
    /// Addresses that appear in the scanned rows only in rows likely to be poisoning.
    pub only_in_poisoning: BTreeSet<Address>,
    /// Contracts the account itself used: called or created in a transaction it signed,
    /// or a token it moved (a token it never touched came unasked).
    pub touched: BTreeSet<Address>,
    /// How many transactions were scanned.
    pub searched: u64,
    /// Every transaction the source lists was scanned.
    pub complete: bool,
}

weigh_by_debug!(Dealings);

impl Dealings {
    /// The account paid `address` in a scanned transaction.
    #[must_use]
    pub fn paid(&self, address: Address) -> bool {
        self.paid.contains(&address)
    }

    /// Whether the account never asked for the token at `token` (it never called it or
    /// moved it); `None` when the scan did not reach its oldest transactions and found
    /// no use.
    #[must_use]
    pub fn unsolicited(&self, token: Address) -> Option<bool> {
        if self.touched.contains(&token) {
            Some(false)
        } else {
            self.complete.then_some(true)
        }
    }

    /// The paid address `candidate` imitates (same first and last 4 hex characters), if any.
    #[must_use]
    pub fn imitated_by(&self, candidate: Address) -> Option<Address> {
        self.paid
            .iter()
            .copied()
            .find(|paid| tandem_domain::spam::poisoning::imitates(&candidate, paid))
    }
}

impl EvmNetwork {
    /// The account's dealings from its newest [`SEARCH_LIMIT`] transactions (cached).
    ///
    /// # Errors
    /// When the source cannot list the account's transactions.
    pub async fn dealings(&self, account: Address) -> Result<Arc<Dealings>, ServiceError> {
        let source = self.source();
        let coin = self.settings().system_token.symbol.clone();
        let network = self;
        self.account_caches()
            .dealings
            .get_or_fetch(&account, &(), || async move {
                let mut rows: Vec<TransactionRecord> = Vec::new();
                let mut searched = 0;
                let complete = loop {
                    let query = TransactionQuery {
                        page: PageRequest {
                            offset: searched,
                            limit: SCAN_PAGE,
                        },
                        sort: SortOrder::Descending,
                        log_topic: None,
                        resume_after: None,
                    };
                    let page = source.transactions(account, &query).await?;
                    let listed = u64::try_from(page.rows.len()).unwrap_or(u64::MAX);
                    searched = searched.saturating_add(listed);
                    rows.extend(page.rows.iter().cloned());
                    if !page.more || listed == 0 {
                        break true;
                    }
                    if searched >= SEARCH_LIMIT {
                        break false;
                    }
                };
                Ok::<_, ServiceError>(scan(network, account, &coin, &rows, searched, complete))
            })
            .await
    }

    /// Whether the network's token list, or the network itself (its wrapped and staked
    /// tokens), names the token at `address`.
    #[must_use]
    pub fn trusts_token(&self, address: Address) -> bool {
        let listed = self
            .token_list()
            .is_some_and(|list| list.get(address).is_some());
        listed || [self.staked_token(), self.wrapped_token()].contains(&Some(address))
    }
}

/// The dealings of `rows` (the account's newest transactions).
fn scan(
    network: &EvmNetwork,
    account: Address,
    coin: &str,
    rows: &[TransactionRecord],
    searched: u64,
    complete: bool,
) -> Dealings {
    let mut paid: Vec<Address> = Vec::new();
    let mut touched = BTreeSet::new();
    for row in rows {
        let tx = &row.transaction;
        if tx.from == account {
            touched.extend(tx.to);
            touched.extend(tx.contract_address);
            touched.extend(tx.transfer_events().filter_map(|event| match event {
                TransferEvent::Fungible { contract, from, .. }
                | TransferEvent::Nft { contract, from, .. } => {
                    (from == account).then_some(contract)
                }
            }));
        }
        for address in recipients_of(tx, account) {
            if !paid.contains(&address) {
                paid.push(address);
            }
        }
    }
    // Symbols of trusted tokens only: the scan does not look contracts up, so a fake
    // token is caught on the history page (which does), not here.
    let list = network.token_list();
    let side = |token: Address| {
        let trusted = network.trusts_token(token);
        let entry = list.as_ref().and_then(|l| l.get(token));
        entry.map(|e| TokenSide {
            symbol: e.symbol.as_str(),
            decimals: e.decimals,
            trusted,
        })
    };
    let owner = OwnerContext {
        owner: account,
        paid: &paid,
        holdings: &[],
    };
    // For each other party: whether it was seen in an ordinary row.
    let mut seen: BTreeMap<Address, bool> = BTreeMap::new();
    for row in rows {
        let tx = &row.transaction;
        let poisoning = judge_transaction(tx, &owner, coin, side).is_some();
        for party in parties(tx, account) {
            let ordinary = seen.entry(party).or_insert(false);
            *ordinary |= !poisoning;
        }
    }
    Dealings {
        only_in_poisoning: seen
            .into_iter()
            .filter_map(|(party, ordinary)| (!ordinary).then_some(party))
            .collect(),
        paid,
        touched,
        searched,
        complete,
    }
}

/// The addresses a transaction names besides the account: sender, recipient, and both
/// sides of its token transfers.
fn parties(tx: &RawTransaction, account: Address) -> Vec<Address> {
    let mut found = vec![tx.from];
    found.extend(tx.to);
    for event in tx.transfer_events() {
        let (from, to) = event.parties();
        found.extend([from, to]);
    }
    found.retain(|address| *address != account && !address.is_zero());
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOB: Address = Address::new([0xb0; 20]);
    const TOKEN: Address = Address::new([0x70; 20]);

    fn lookalike_of_bob() -> Address {
        let mut bytes = [0xdd; 20];
        bytes[..2].copy_from_slice(&[0xb0, 0xb0]);
        bytes[18..].copy_from_slice(&[0xb0, 0xb0]);
        Address::new(bytes)
    }

    #[test]
    fn a_token_is_unsolicited_only_when_the_whole_history_never_used_it() {
        let mut dealings = Dealings {
            complete: true,
            ..Dealings::default()
        };
        assert_eq!(dealings.unsolicited(TOKEN), Some(true));
        dealings.complete = false;
        assert_eq!(dealings.unsolicited(TOKEN), None, "older use may exist");
        dealings.touched.insert(TOKEN);
        assert_eq!(dealings.unsolicited(TOKEN), Some(false));
    }

    #[test]
    fn a_lookalike_names_the_paid_address_it_imitates() {
        let dealings = Dealings {
            paid: vec![BOB],
            ..Dealings::default()
        };
        assert!(dealings.paid(BOB));
        assert_eq!(dealings.imitated_by(lookalike_of_bob()), Some(BOB));
        assert_eq!(
            dealings.imitated_by(BOB),
            None,
            "an address does not imitate itself"
        );
        assert_eq!(dealings.imitated_by(TOKEN), None);
    }
}
