//! A fill from a third-party indexer's list (Blockscout's): instead of searching every
//! block below the start for the account's events, the fill reads only the blocks the
//! indexer lists for it — requests in proportion to the account's activity, not to the
//! chain's length — and believes nothing it has not found there:
//!
//! - every listed transaction must be in its block (a transaction that is there but
//!   that the index would not keep — native value received inside someone's call, which
//!   logs cannot show — is left out, as the chain-only fill leaves it out);
//! - every listed token transfer must be one of its transaction's decoded events;
//! - the transactions the account sent must number its nonce at the block before the
//!   start (so none is missing from the list).
//!
//! When any of that fails — or the indexer does not answer, or has not indexed every
//! block below the start — the fill searches the chain instead ([`Listed`] says which
//! happened, and the store keeps it with the fill).

use std::collections::HashSet;

use alloy_primitives::{Address, B256};
use tandem_domain::history::TransferEvent;
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{AccountActivity, ActivitySource, TokenStandard, TransferRecord};

use super::engine::{FillProgress, Filler};
use super::plan::ReadPlan;
use crate::IndexerError;
use crate::decode::IndexEvent;
use crate::rpc::failure::names_missing_state;
use crate::store::DecodedBlock;

/// What the indexer's list gave the fill.
#[derive(Debug)]
pub(super) enum Listed {
    /// Every item confirmed: the account's blocks and the reads their events name.
    Confirmed(Vec<DecodedBlock>, ReadPlan),
    /// The indexer did not answer, or could not have listed everything.
    Unavailable,
    /// The list disagreed with the chain.
    Disagreed {
        /// Listed items the chain does not have.
        refused: u32,
        /// Sent transactions missing from the list.
        unlisted: u32,
    },
}

impl Filler {
    /// The account's activity below `start` from `source`, confirmed against the chain.
    ///
    /// # Errors
    /// When the node fails (the fill is then tried again later): an indexer that fails
    /// is [`Listed::Unavailable`], not an error.
    pub(super) async fn listed_by_indexer(
        &self,
        source: &dyn ActivitySource,
        account: Address,
        start: u64,
        report: &(dyn Fn(FillProgress) + Sync),
    ) -> Result<Listed, IndexerError> {
        report(FillProgress::Listing);
        let name = source.name();
        match source.ready_below(start).await {
            Ok(Ok(())) => {}
            Ok(Err(why)) => {
                tracing::info!(%account, ?why, "fill searches the chain: {name} is not complete below the start");
                return Ok(Listed::Unavailable);
            }
            Err(error) => {
                tracing::warn!(%account, %error, "fill searches the chain: {name} did not answer");
                return Ok(Listed::Unavailable);
            }
        }
        let activity = match source.activity(account, start).await {
            Ok(activity) => activity,
            Err(error) => {
                tracing::warn!(%account, %error, "fill searches the chain: {name} did not list the account");
                return Ok(Listed::Unavailable);
            }
        };
        report(FillProgress::Confirming);
        // The indexer lists every call to the account, internal ones too: in its blocks,
        // calls to it and transactions naming it are its own, as in a searched block
        // where its balance moved.
        let listed_blocks = activity.blocks().into_iter().collect();
        let (blocks, plan, present) = self
            .account_blocks(account, activity.blocks(), &listed_blocks, &HashSet::new())
            .await?;
        let refused = refused(&activity, &blocks, &present);
        if refused > 0 {
            tracing::warn!(%account, refused, "fill searches the chain: {name} listed what the chain does not have");
            return Ok(Listed::Disagreed {
                refused,
                unlisted: 0,
            });
        }
        let sent = blocks
            .iter()
            .flat_map(|decoded| &decoded.block.transactions)
            .filter(|tx| tx.from == account)
            .count() as u64;
        let nonce = match start.checked_sub(1) {
            None => 0,
            Some(before) => match self.sent_before(account, before).await {
                Ok(Some(nonce)) => nonce,
                // A contract sends no transactions: its nonce counts what it created.
                Ok(None) => sent,
                Err(error) if names_missing_state(&error.to_string()) => {
                    tracing::info!(%account, %error, "fill searches the chain: the node cannot count the account's transactions before the start");
                    return Ok(Listed::Unavailable);
                }
                Err(error) => {
                    return Err(IndexerError::Read {
                        what: "the account's transaction count before the start",
                        source: error,
                    });
                }
            },
        };
        if nonce != sent {
            tracing::warn!(%account, nonce, sent, "fill searches the chain: {name} misses transactions the account sent");
            return Ok(Listed::Disagreed {
                refused: 0,
                unlisted: u32::try_from(nonce.abs_diff(sent)).unwrap_or(u32::MAX),
            });
        }
        Ok(Listed::Confirmed(blocks, plan))
    }
}

impl Filler {
    /// How many transactions `account` had sent by the end of block `block` (its
    /// nonce there); `None` for a contract, whose nonce counts what it created.
    async fn sent_before(
        &self,
        account: Address,
        block: u64,
    ) -> Result<Option<u64>, tandem_evm::EvmError> {
        let at = self.reads.at_block(block);
        let (code, nonce) = tokio::try_join!(
            at.code(account),
            self.reads.transaction_count_at(account, block)
        )?;
        Ok(code.is_empty().then_some(nonce))
    }
}

/// How many listed items the chain does not have: transfers not among their
/// transaction's events, and transactions not in their block (those only listed for a
/// transfer already refused count once).
fn refused(
    activity: &AccountActivity,
    blocks: &[DecodedBlock],
    present: &HashSet<(u64, B256)>,
) -> u32 {
    let events_of = |block: u64, hash: B256| {
        blocks
            .iter()
            .filter(|decoded| decoded.block.number == block)
            .flat_map(|decoded| decoded.block.transactions.iter().zip(&decoded.events))
            .find(|(tx, _)| tx.hash == hash)
            .map(|(_, events)| events)
    };
    let mut refused_txs: HashSet<B256> = HashSet::new();
    let mut count = 0u32;
    for transfer in &activity.transfers {
        let confirmed =
            events_of(transfer.block_number, transfer.transaction).is_some_and(|events| {
                events
                    .iter()
                    .any(|placed| announces(&placed.event, transfer))
            });
        if !confirmed {
            count = count.saturating_add(1);
            refused_txs.insert(transfer.transaction);
        }
    }
    for listed in &activity.transactions {
        if !present.contains(&(listed.block_number, listed.hash))
            && !refused_txs.contains(&listed.hash)
        {
            count = count.saturating_add(1);
        }
    }
    count
}

/// Whether `event` is the transfer the indexer listed (a wrap or unwrap of the wrapped
/// coin is the mint or burn an indexer may list for it).
fn announces(event: &IndexEvent, listed: &TransferRecord) -> bool {
    let nft = |standard| match standard {
        NftStandard::Erc721 => TokenStandard::Erc721,
        NftStandard::Erc1155 => TokenStandard::Erc1155,
    };
    match event {
        IndexEvent::Transfer(TransferEvent::Fungible {
            contract,
            from,
            to,
            value,
        }) => {
            listed.standard == TokenStandard::Erc20
                && (*contract, *from, *to, *value)
                    == (listed.contract, listed.from, listed.to, listed.amount)
        }
        IndexEvent::Transfer(TransferEvent::Nft {
            contract,
            from,
            to,
            token_id,
            quantity,
            standard,
        }) => {
            listed.standard == nft(*standard)
                && (*contract, *from, *to, Some(*token_id), *quantity)
                    == (
                        listed.contract,
                        listed.from,
                        listed.to,
                        listed.token_id,
                        listed.amount,
                    )
        }
        IndexEvent::Wrap {
            contract,
            account,
            amount,
        } => {
            listed.standard == TokenStandard::Erc20
                && (*contract, Address::ZERO, *account, *amount)
                    == (listed.contract, listed.from, listed.to, listed.amount)
        }
        IndexEvent::Unwrap {
            contract,
            account,
            amount,
        } => {
            listed.standard == TokenStandard::Erc20
                && (*contract, *account, Address::ZERO, *amount)
                    == (listed.contract, listed.from, listed.to, listed.amount)
        }
        _ => false,
    }
}
