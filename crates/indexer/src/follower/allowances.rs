//! Completing a prepared batch: ERC-20 allowances that its transfers may have spent
//! (a `transferFrom` lowers an allowance without an `Approval` event) are read back
//! from the chain. This needs the store as the previous batch left it (the allowances
//! granted so far), so it runs after that batch's commit, not ahead with the fetch.

use std::collections::{BTreeMap, BTreeSet};

use alloy_primitives::Address;
use tandem_domain::history::TransferEvent;
use tandem_evm::reads::abi::IErc20;
use tandem_evm::reads::{call_read, decode_read};
use tandem_evm::rpc::BatchRead;

use crate::IndexerError;
use crate::decode::IndexEvent;
use crate::derive::Stamp;
use crate::follower::Indexer;
use crate::follower::prepare::{Prepared, stamp};
use crate::store::Batch;

impl Indexer {
    /// Reads the allowances that transfers in the batch may have used up, and assembles the batch.
    pub(crate) async fn finish_batch(
        &self,
        prepared: Prepared,
        head: u64,
    ) -> Result<Batch, IndexerError> {
        let Some(last) = prepared.blocks.last().map(|decoded| decoded.block.number) else {
            return Ok(Batch::default());
        };
        // (token, owner) → stamp of the owner's last outgoing transfer; spenders named in the batch.
        let mut senders: BTreeMap<(Address, Address), Stamp> = BTreeMap::new();
        let mut named: BTreeMap<(Address, Address), BTreeSet<Address>> = BTreeMap::new();
        for decoded in &prepared.blocks {
            for placed in decoded.events.iter().flatten() {
                match &placed.event {
                    IndexEvent::Transfer(TransferEvent::Fungible { contract, from, .. })
                        if !from.is_zero() =>
                    {
                        senders.insert((*contract, *from), stamp(&decoded.block));
                    }
                    IndexEvent::Allowance {
                        contract,
                        owner,
                        spender,
                        ..
                    } => {
                        named
                            .entry((*contract, *owner))
                            .or_default()
                            .insert(*spender);
                    }
                    _ => {}
                }
            }
        }
        // One trip to the store for every sender's granted allowances.
        let pairs: Vec<(Address, Address)> = senders.keys().copied().collect();
        let stored = self
            .blocking(move |store| {
                pairs
                    .into_iter()
                    .map(|(token, owner)| store.allowances_of(token, owner))
                    .collect::<Result<Vec<_>, _>>()
            })
            .await?;
        let mut candidates = Vec::new();
        for (((token, owner), at), stored) in senders.into_iter().zip(stored) {
            let mut spenders: BTreeSet<Address> =
                stored.into_iter().map(|(spender, _)| spender).collect();
            spenders.extend(named.get(&(token, owner)).into_iter().flatten().copied());
            candidates.extend(
                spenders
                    .into_iter()
                    .map(|spender| (token, owner, spender, at)),
            );
        }
        let calls: Vec<BatchRead> = candidates
            .iter()
            .map(|(token, owner, spender, _)| {
                call_read(
                    *token,
                    &IErc20::allowanceCall {
                        owner: *owner,
                        spender: *spender,
                    },
                )
            })
            .collect();
        let is_final = prepared.range.is_final;
        let results = self
            .reader
            .state
            .read(&calls, last, is_final, "allowances")
            .await?;
        // A token whose allowance() reverts or answers garbage keeps its event-derived value.
        let allowance_reads = candidates
            .into_iter()
            .zip(results)
            .filter_map(|((token, owner, spender, at), result)| {
                let amount = decode_read::<IErc20::allowanceCall>(&result).ok()?;
                Some((token, owner, spender, amount, at))
            })
            .collect();
        Ok(Batch {
            blocks: prepared.blocks,
            native_balances: prepared.native_balances,
            allowance_reads,
            keep_undo: last.saturating_add(self.config.max_reorg_depth) > head,
        })
    }
}
