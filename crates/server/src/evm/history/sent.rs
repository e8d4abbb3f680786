//! Whether an account has sent to an address before, read from its history on the chain
//! (the send form's "first time you send here" note): the account's transactions newest
//! first, a page at a time, until one sends to the address or the search limit.

use alloy_primitives::Address;
use tandem_domain::history::sends_to;
use tandem_evm::source::{PageRequest, SortOrder, TransactionQuery};

use super::super::EvmNetwork;
use crate::error::ServiceError;

/// Transactions read per request while searching.
const SEARCH_PAGE: u64 = 500;

/// The most of an account's transactions searched, newest first: a send older than these
/// is not found, and the answer says the search was not complete.
pub const SEARCH_LIMIT: u64 = 5_000;

/// What the search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentBefore {
    /// The account sent to the address in a transaction searched.
    pub sent: bool,
    /// How many of the account's transactions were searched.
    pub searched: u64,
    /// Every transaction the source lists was searched (a `false` answer is final).
    pub complete: bool,
}

impl EvmNetwork {
    /// Whether `account` has sent coin, tokens or NFTs to `recipient`, from the newest
    /// [`SEARCH_LIMIT`] of its transactions the network's source lists.
    ///
    /// # Errors
    /// When the source cannot list the account's transactions.
    pub async fn sent_before(
        &self,
        account: Address,
        recipient: Address,
    ) -> Result<SentBefore, ServiceError> {
        let source = self.source();
        let mut searched = 0;
        loop {
            let query = TransactionQuery {
                page: PageRequest {
                    offset: searched,
                    limit: SEARCH_PAGE,
                },
                sort: SortOrder::Descending,
                log_topic: None,
                resume_after: None,
            };
            let page = source.transactions(account, &query).await?;
            let listed = u64::try_from(page.rows.len()).unwrap_or(u64::MAX);
            searched = searched.saturating_add(listed);
            if page
                .rows
                .iter()
                .any(|row| sends_to(&row.transaction, account, recipient))
            {
                return Ok(SentBefore {
                    sent: true,
                    searched,
                    complete: true,
                });
            }
            let exhausted = !page.more || listed == 0;
            if exhausted || searched >= SEARCH_LIMIT {
                return Ok(SentBefore {
                    sent: false,
                    searched,
                    complete: exhausted,
                });
            }
        }
    }
}
