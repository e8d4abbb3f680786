//! Whether an account has sent to an address before, read from its history on the chain
//! (the send form's "first time you send here" note): the account's dealings
//! ([`crate::evm::dealings`]), the newest [`SEARCH_LIMIT`] of its transactions.

use alloy_primitives::Address;

use super::super::EvmNetwork;
use crate::error::ServiceError;
pub use crate::evm::dealings::SEARCH_LIMIT;

/// What the search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentBefore {
    /// An address the account paid that the recipient imitates (same first and last 4
    /// hex characters), when it never paid the recipient itself.
    pub imitates: Option<Address>,
    /// The recipient appears in the searched transactions only in rows that are likely
    /// address poisoning: an address planted there, not one the account deals with.
    pub only_in_poisoning: bool,
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
        let dealings = self.dealings(account).await?;
        let sent = dealings.paid(recipient);
        Ok(SentBefore {
            imitates: (!sent).then(|| dealings.imitated_by(recipient)).flatten(),
            only_in_poisoning: dealings.only_in_poisoning.contains(&recipient),
            sent,
            searched: dealings.searched,
            complete: sent || dealings.complete,
        })
    }
}
