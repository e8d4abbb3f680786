//! What a third-party indexer says an account did, for the own index to confirm
//! against the chain when it fills the account (`tandem_indexer::fill`): every
//! transaction the indexer lists for it and every token transfer, below a block. Nothing
//! here is believed as it is: the fill reads each item's block from the node, keeps what
//! the chain shows, and refuses the rest.

use alloy_primitives::{Address, B256};
use async_trait::async_trait;

use super::TransferRecord;
use crate::EvmError;

/// One transaction an indexer lists for an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedTransaction {
    /// Its hash.
    pub hash: B256,
    /// Its block.
    pub block_number: u64,
    /// Its sender, when the list says (a transfer list does not).
    pub from: Option<Address>,
}

/// An account's activity below a block, as an indexer lists it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountActivity {
    /// Transactions it sent or received, moved native value in, or had a token
    /// transfer in (each once).
    pub transactions: Vec<ListedTransaction>,
    /// Its token transfers, each to be found among its transaction's logs.
    pub transfers: Vec<TransferRecord>,
}

impl AccountActivity {
    /// The blocks the activity lies in, ascending, each once.
    #[must_use]
    pub fn blocks(&self) -> Vec<u64> {
        let mut blocks: Vec<u64> = self
            .transactions
            .iter()
            .map(|t| t.block_number)
            .chain(self.transfers.iter().map(|t| t.block_number))
            .collect();
        blocks.sort_unstable();
        blocks.dedup();
        blocks
    }
}

/// Why an indexer's list cannot be used for a fill now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActivityUnusable {
    /// It has not indexed every block up to the one asked (still catching up, or
    /// behind): its list may lack items.
    NotIndexed(String),
}

/// A third-party indexer an account's activity can be listed from.
#[async_trait]
pub trait ActivitySource: Send + Sync + std::fmt::Debug {
    /// What to call it in words (`Blockscout (teloscan.io)`).
    fn name(&self) -> String;

    /// Whether its lists are complete up to (not including) `below`: `Ok(Err(why))`
    /// when it answered but is not.
    ///
    /// # Errors
    /// When it does not answer.
    async fn ready_below(&self, below: u64) -> Result<Result<(), ActivityUnusable>, EvmError>;

    /// `account`'s activity in blocks below `below`.
    ///
    /// # Errors
    /// When it does not answer, or answers something unreadable.
    async fn activity(&self, account: Address, below: u64) -> Result<AccountActivity, EvmError>;
}
