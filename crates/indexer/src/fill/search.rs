//! What logs cannot show, found from the account's state at past blocks: the blocks
//! where its nonce grew (every transaction it sent, failed ones and creations included)
//! and the blocks where its TLOS balance changed (value it received, and anything else
//! that moved its balance). Each is a bisection over the blocks below the index's start:
//! a stretch whose ends read the same value is taken to hold no change, one whose ends
//! differ is halved until single blocks remain. The requests grow with the account's
//! activity (about its changes × log₂ of the blocks), not with the chain's length.
//!
//! A nonce only grows, so its search is exact. A balance can change and change back
//! within a stretch (received and sent on in the same amount, fees aside); such a pair
//! is missed, as any search by balance misses it (ADR 0036).

use std::collections::{BTreeMap, HashSet};
use std::future::Future;

use alloy::eips::BlockNumberOrTag;
use alloy::providers::Provider;
use alloy_primitives::{Address, B256, U256};
use tandem_evm::EvmError;
use tandem_evm::reads::ChainReader;
use tokio::task::JoinSet;

use super::engine::{FillProgress, Filler};
use crate::IndexerError;
use crate::decode::IndexEvent;
use crate::rpc::failure::names_missing_state;
use crate::store::{DecodedBlock, FillKinds};

/// Reads in flight at once during a search (each is one small request).
const PROBES_AT_ONCE: usize = 8;

/// The blocks in `(low, high]` where a value read at each block differs from the block
/// before, with the values before and after; `at_low` and `at_high` are the values read
/// at the ends. `probe` reads the value at one block; `progress` hears of each read.
pub(super) async fn changes<V, F, Fut>(
    low: (u64, V),
    high: (u64, V),
    probe: F,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BTreeMap<u64, (V, V)>, EvmError>
where
    V: PartialEq + Clone + Send + 'static,
    F: Fn(u64) -> Fut,
    Fut: Future<Output = Result<V, EvmError>> + Send + 'static,
{
    let mut found = BTreeMap::new();
    let mut open = vec![(low, high)];
    let mut reads = 0u64;
    while !open.is_empty() {
        let mut next = Vec::new();
        for level in open.chunks(PROBES_AT_ONCE) {
            let mut probes = JoinSet::new();
            for (index, ((low, at_low), (high, at_high))) in level.iter().enumerate() {
                if at_low == at_high {
                    continue;
                }
                if high - low == 1 {
                    found.insert(*high, (at_low.clone(), at_high.clone()));
                    continue;
                }
                let middle = low + (high - low) / 2;
                let read = probe(middle);
                probes.spawn(async move { (index, middle, read.await) });
            }
            while let Some(joined) = probes.join_next().await {
                let (index, middle, value) = joined.map_err(|error| EvmError::Rpc {
                    method: "a read of the account's state at a past block",
                    reason: error.to_string(),
                })?;
                let value = value?;
                reads += 1;
                progress(reads);
                let ((low, at_low), (high, at_high)) = level[index].clone();
                next.push(((low, at_low), (middle, value.clone())));
                next.push(((middle, value), (high, at_high)));
            }
        }
        open = next;
    }
    Ok(found)
}

/// The blocks in `(0, last]` where `account`'s nonce grew, with how many it grew by.
pub(super) async fn nonce_changes(
    reads: &ChainReader,
    account: Address,
    last: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BTreeMap<u64, u64>, EvmError> {
    let (first, through) = tokio::try_join!(
        reads.transaction_count_at(account, 0),
        reads.transaction_count_at(account, last)
    )?;
    let found = changes(
        (0, first),
        (last, through),
        |block| {
            let reads = reads.clone();
            async move { reads.transaction_count_at(account, block).await }
        },
        progress,
    )
    .await?;
    Ok(found
        .into_iter()
        .map(|(block, (before, after))| (block, after.saturating_sub(before)))
        .collect())
}

/// The blocks in `(0, last]` where `account`'s TLOS balance changed, with the balance
/// before and after.
pub(super) async fn balance_changes(
    reads: &ChainReader,
    account: Address,
    last: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<BTreeMap<u64, (U256, U256)>, EvmError> {
    let (genesis, latest) = (reads.at_block(0), reads.at_block(last));
    let (first, through) = tokio::try_join!(
        genesis.native_balance(account),
        latest.native_balance(account)
    )?;
    changes(
        (0, first),
        (last, through),
        |block| {
            let at = reads.at_block(block);
            async move { at.native_balance(account).await }
        },
        progress,
    )
    .await
}

/// What the state search found below the start: `None` for a search the node could
/// not answer (it keeps no state that old).
#[derive(Debug, Default)]
pub(super) struct StateSearch {
    /// Blocks where the account's nonce grew, and by how much.
    sent: Option<BTreeMap<u64, u64>>,
    /// Blocks where its TLOS balance changed: before, after.
    balance: Option<BTreeMap<u64, (U256, U256)>>,
    /// Transactions the node's traces name as moving value to or from the account.
    pub(super) traced: HashSet<B256>,
}

impl StateSearch {
    /// Every block the search named.
    pub(super) fn blocks(&self) -> impl Iterator<Item = u64> + '_ {
        let sent = self.sent.iter().flat_map(BTreeMap::keys);
        let balance = self.balance.iter().flat_map(BTreeMap::keys);
        sent.chain(balance).copied()
    }

    /// The blocks where the account's TLOS balance changed.
    pub(super) fn balance_blocks(&self) -> std::collections::BTreeSet<u64> {
        self.balance
            .iter()
            .flat_map(BTreeMap::keys)
            .copied()
            .collect()
    }

    /// The blocks where the account's balance changed in a way its rows of the block
    /// (`blocks`) do not account for.
    pub(super) fn unexplained(
        &self,
        account: Address,
        blocks: &[DecodedBlock],
        wrapped_native: &[Address],
    ) -> Vec<u64> {
        self.balance
            .iter()
            .flatten()
            .filter(|(number, (before, after))| {
                !explained(
                    account,
                    **number,
                    *before,
                    *after,
                    blocks,
                    wrapped_native,
                    &self.traced,
                )
            })
            .map(|(number, _)| *number)
            .collect()
    }

    /// From which block each kind is complete, given the account's rows of the blocks
    /// read (`blocks`, each holding only the account's transactions).
    ///
    /// # Errors
    /// [`IndexerError::Inconsistent`] when the blocks hold fewer transactions from an
    /// account without code than its nonce says it sent (the node contradicts itself).
    pub(super) fn kinds(
        &self,
        account: Address,
        start: u64,
        blocks: &[DecodedBlock],
        wrapped_native: &[Address],
    ) -> Result<FillKinds, IndexerError> {
        let sent_from = match &self.sent {
            None => start,
            Some(sent) => {
                let counted: u64 = sent.values().sum();
                let found = blocks
                    .iter()
                    .flat_map(|decoded| &decoded.block.transactions)
                    .filter(|tx| tx.from == account)
                    .count() as u64;
                // A contract's nonce counts the contracts it created, inside calls: more
                // than it sent (nothing). An account's counts what it sent, exactly.
                if found > counted {
                    return Err(IndexerError::Inconsistent(format!(
                        "the node's nonces of {account} count {counted} transactions below block {start}, its blocks hold {found}"
                    )));
                }
                0
            }
        };
        let (received_from, other_from) = match &self.balance {
            None => (start, start),
            Some(_) => {
                // A change no transaction of its block explains was caused inside
                // someone's call: the kind is complete only above the last of them.
                let unexplained = self.unexplained(account, blocks, wrapped_native);
                (0, unexplained.iter().max().map_or(0, |last| last + 1))
            }
        };
        Ok(FillKinds {
            sent_from,
            received_from,
            other_from,
        })
    }
}

/// Whether the account's rows of block `number` account for its balance going from
/// `before` to `after`: TLOS received and unwrapped in, value sent and fees paid out. A
/// fee recipient's balance grows by fees no transaction names: its blocks count as
/// explained.
#[allow(clippy::too_many_arguments)] // one block's facts, read in one place
fn explained(
    account: Address,
    number: u64,
    before: U256,
    after: U256,
    blocks: &[DecodedBlock],
    wrapped_native: &[Address],
    traced: &HashSet<B256>,
) -> bool {
    let Some(decoded) = blocks.iter().find(|decoded| decoded.block.number == number) else {
        return false;
    };
    if decoded.block.miner == account {
        return true;
    }
    if decoded
        .block
        .transactions
        .iter()
        .any(|tx| traced.contains(&tx.hash))
    {
        return true;
    }
    let (mut inflow, mut outflow, mut fees) = (U256::ZERO, U256::ZERO, U256::ZERO);
    for (tx, events) in decoded.block.transactions.iter().zip(&decoded.events) {
        if tx.success && tx.to == Some(account) {
            inflow = inflow.saturating_add(tx.value);
        }
        if tx.from == account {
            fees = fees.saturating_add(tx.gas_used.saturating_mul(tx.gas_price));
            if tx.success {
                outflow = outflow.saturating_add(tx.value);
            }
        }
        for placed in events {
            if let IndexEvent::Unwrap {
                contract,
                account: to,
                amount,
            } = &placed.event
                && *to == account
                && wrapped_native.contains(contract)
            {
                inflow = inflow.saturating_add(*amount);
            }
        }
    }
    // A call to the account, or one whose logs come from or name it, moved its balance
    // in a way only traces could measure: it is the transaction that did, and is listed.
    let called = decoded.block.transactions.iter().any(|tx| {
        tx.from != account
            && !(tx.success && tx.to == Some(account) && !tx.value.is_zero())
            && tx.contract_address != Some(account)
    });
    // The fees a receipt reports (gas used × effective price) may differ a little from
    // what the node charged (devnet: a few hundred thousand wei): what is left once
    // values are counted must be the fees, give or take as much again.
    let (had, has) = (before.saturating_add(inflow), after.saturating_add(outflow));
    called
        || (had >= has && {
            let paid = had - has;
            if fees.is_zero() {
                paid.is_zero()
            } else {
                paid <= fees.saturating_mul(U256::from(2))
            }
        })
}

/// The searches' reads of a node that keeps no state that old: `None`, and the kinds it
/// would have found are reported missing below the start.
fn unanswered<T>(found: Result<T, EvmError>) -> Result<Option<T>, EvmError> {
    match found {
        Ok(found) => Ok(Some(found)),
        Err(error) if names_missing_state(&error.to_string()) => Ok(None),
        Err(error) => Err(error),
    }
}

impl Filler {
    /// The transactions of `blocks` whose calls moved TLOS to or from `account`, from
    /// the node's traces (`trace_block`); `None` when the node offers none (public
    /// Telos nodes refuse them).
    ///
    /// # Errors
    /// When the node fails otherwise than by refusing traces.
    pub(super) async fn traced_causes(
        &self,
        account: Address,
        blocks: &[u64],
    ) -> Result<Option<HashSet<B256>>, IndexerError> {
        let mut causes = HashSet::new();
        for &block in blocks {
            let traces: Result<serde_json::Value, _> = self
                .reads
                .provider()
                .client()
                .request("trace_block", (BlockNumberOrTag::Number(block),))
                .await;
            let traces = match traces {
                Ok(traces) => traces,
                // An error object: the node refuses traces (a method it does not offer).
                Err(error) if error.as_error_resp().is_some() => {
                    tracing::info!(%account, block, %error, "the node offers no traces: a balance change inside a call stays unnamed");
                    return Ok(None);
                }
                Err(error) => {
                    return Err(IndexerError::Read {
                        what: "the traces of a block where the account's balance changed",
                        source: EvmError::Rpc {
                            method: "trace_block",
                            reason: error.to_string(),
                        },
                    });
                }
            };
            causes.extend(moved_value(&traces, account));
        }
        Ok(Some(causes))
    }

    /// The blocks below `start` where `account`'s nonce or TLOS balance changed.
    ///
    /// # Errors
    /// When the node fails otherwise than by lacking old state.
    pub(super) async fn search_state(
        &self,
        account: Address,
        start: u64,
        report: &(dyn Fn(FillProgress) + Sync),
    ) -> Result<StateSearch, IndexerError> {
        let Some(last) = start.checked_sub(1) else {
            return Ok(StateSearch::default());
        };
        let read_error = |source| IndexerError::Read {
            what: "the account's nonce and balance at past blocks",
            source,
        };
        let sent_by_last =
            unanswered(self.reads.transaction_count_at(account, last).await).map_err(read_error)?;
        // About two reads per change per halving, for the nonce's changes and about as
        // many of the balance's.
        let halvings = u64::from(64 - last.leading_zeros()).max(1);
        let expected = 4 * (sent_by_last.unwrap_or(0) + 1) * halvings;
        let done = std::sync::atomic::AtomicU64::new(0);
        let progress = |_: u64| {
            let reads = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            report(FillProgress::Searching { reads, expected });
        };
        report(FillProgress::Searching { reads: 0, expected });
        let sent = match sent_by_last {
            None => None,
            Some(_) => unanswered(nonce_changes(&self.reads, account, last, &progress).await)
                .map_err(read_error)?,
        };
        let balance = unanswered(balance_changes(&self.reads, account, last, &progress).await)
            .map_err(read_error)?;
        Ok(StateSearch {
            sent,
            balance,
            traced: HashSet::new(),
        })
    }
}

/// The transactions of a block's parity-style traces with a call that moved value to
/// or from `account`.
fn moved_value(traces: &serde_json::Value, account: Address) -> Vec<B256> {
    let Some(traces) = traces.as_array() else {
        return Vec::new();
    };
    traces
        .iter()
        .filter(|trace| {
            let action = &trace["action"];
            let party = |key: &str| {
                action[key]
                    .as_str()
                    .and_then(|text| text.parse::<Address>().ok())
                    == Some(account)
            };
            let value = action["value"]
                .as_str()
                .and_then(|text| U256::from_str_radix(text.trim_start_matches("0x"), 16).ok())
                .unwrap_or_default();
            !value.is_zero() && (party("to") || party("from")) && trace["error"].is_null()
        })
        .filter_map(|trace| trace["transactionHash"].as_str()?.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value by block: a step function.
    fn stepped(steps: &'static [(u64, u64)]) -> impl Fn(u64) -> u64 + Copy {
        move |block| {
            steps
                .iter()
                .take_while(|(at, _)| *at <= block)
                .last()
                .map_or(0, |(_, value)| *value)
        }
    }

    async fn search(steps: &'static [(u64, u64)], last: u64) -> (BTreeMap<u64, (u64, u64)>, u64) {
        let value = stepped(steps);
        let reads = std::sync::atomic::AtomicU64::new(0);
        let found = changes(
            (0, value(0)),
            (last, value(last)),
            |block| async move { Ok(value(block)) },
            &|_| {
                reads.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            },
        )
        .await
        .expect("search");
        (found, reads.into_inner())
    }

    #[tokio::test]
    async fn every_change_is_found_with_its_values() {
        let (found, reads) = search(&[(1, 1), (500, 2), (501, 5), (999_999, 6)], 1_000_000).await;
        let expected: BTreeMap<u64, (u64, u64)> =
            [(1, (0, 1)), (500, (1, 2)), (501, (2, 5)), (999_999, (5, 6))]
                .into_iter()
                .collect();
        assert_eq!(found, expected);
        // Four changes in a million blocks: a few dozen reads, not a million.
        assert!(reads < 4 * 21, "{reads} reads");
    }

    #[tokio::test]
    async fn a_value_that_never_changes_costs_no_read() {
        let (found, reads) = search(&[(0, 7)], 1_000_000).await;
        assert!(found.is_empty());
        assert_eq!(reads, 0);
    }
}
