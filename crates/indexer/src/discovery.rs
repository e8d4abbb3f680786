//! Contract discovery: every contract seen emitting token events is probed once through
//! `tandem_evm::reads` (ERC-165 for ERC-721/1155, ERC-20 by behaviour, tolerant
//! name/symbol/decimals), so a contract that lies or breaks gets `None` fields, never
//! a failed index. The passes that probe contracts and fetch NFT metadata
//! (`crate::metadata`) run beside the follower, each within a time budget.

use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use crate::IndexerError;
use crate::follower::Indexer;
use crate::store::ContractProbe;

/// Contracts probed per pass.
const PASS_SIZE: u64 = 100;

impl Indexer {
    /// Probes contracts discovered since the last pass. Returns how many were probed.
    ///
    /// # Errors
    /// When the node or the store fails; unprobed contracts stay queued.
    pub async fn probe_contracts(&self) -> Result<usize, IndexerError> {
        let store = Arc::clone(&self.store);
        let queue =
            tokio::task::spawn_blocking(move || store.contracts_to_probe(PASS_SIZE)).await??;
        for contract in &queue {
            let record = self
                .reads
                .probe_contract(*contract)
                .await
                .map_err(IndexerError::read("a contract probe"))?;
            // No code (self-destructed, or an account named by a malformed log): probed, nothing known.
            let probe = record.map_or_else(ContractProbe::default, |record| ContractProbe {
                name: record.name,
                symbol: record.symbol,
                decimals: record.decimals,
                interfaces: record.interfaces,
            });
            let (store, contract) = (Arc::clone(&self.store), *contract);
            tokio::task::spawn_blocking(move || store.save_probe(contract, &probe)).await??;
        }
        Ok(queue.len())
    }

    /// One enrichment pass within `enrich_pass_budget`: contracts probed, then NFT
    /// metadata fetched, until both queues are empty or the time is up.
    ///
    /// # Errors
    /// When the node or the store fails.
    pub(crate) async fn enrich_pass(&self) -> Result<Pass, IndexerError> {
        let deadline = Instant::now() + self.config.enrich_pass_budget;
        let mut pass = Pass::default();
        let mut probes_left = true;
        while Instant::now() < deadline {
            let probed = self.probe_contracts().await?;
            pass.learnt += probed;
            if probed == 0 {
                probes_left = false;
                break;
            }
        }
        let mut metadata_left = true;
        while Instant::now() < deadline {
            let round = self.fetch_metadata_round(deadline).await?;
            pass.learnt += round.handled;
            if round.handled == 0 {
                metadata_left = !round.drained;
                break;
            }
        }
        pass.drained = !probes_left && !metadata_left;
        if pass.learnt > 0 {
            let learnt = u64::try_from(pass.learnt).unwrap_or(u64::MAX);
            self.update_status(|status| {
                status.enrichments = status.enrichments.saturating_add(learnt);
            });
        }
        Ok(pass)
    }

    /// Probes new contracts and fetches new NFT metadata, pass after pass, until nothing
    /// is left (collections resting after a slow pass excepted).
    ///
    /// # Errors
    /// When the node or the store fails.
    pub async fn enrich(&self) -> Result<(), IndexerError> {
        loop {
            let pass = self.enrich_pass().await?;
            if pass.drained || pass.learnt == 0 {
                return Ok(());
            }
        }
    }

    /// Enrichment beside the follower, until an error retrying cannot fix: a pass, then
    /// (once nothing is left) a pause of `poll_interval`. The follower never waits for it,
    /// so the index keeps up with the chain whatever metadata servers do; `enriched_block`
    /// says how far enrichment has caught up.
    ///
    /// # Errors
    /// The first error retrying cannot fix.
    pub(crate) async fn enrich_beside(&self) -> Result<(), IndexerError> {
        let mut pause = self.config.poll_interval;
        loop {
            let indexed = self.status().indexed_block;
            match self.enrich_pass().await {
                Ok(pass) => {
                    pause = self.config.poll_interval;
                    if pass.drained {
                        self.update_status(|status| status.enriched_block = indexed);
                    } else if pass.learnt > 0 {
                        continue;
                    }
                }
                Err(error) if !error.retryable() => return Err(error),
                Err(error) => {
                    let described = error.with_causes();
                    tracing::warn!(error = %described, "enrichment pass failed; retrying");
                    pause = (pause * 2).min(Duration::from_secs(30));
                }
            }
            tokio::time::sleep(pause).await;
        }
    }
}

/// What one enrichment pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Pass {
    /// Contracts probed and NFTs whose metadata outcome was saved.
    pub learnt: usize,
    /// Whether nothing was left to do.
    pub drained: bool,
}
