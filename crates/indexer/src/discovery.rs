//! Contract discovery: every contract seen emitting token events is probed once through
//! `tandem_evm::reads` (ERC-165 for ERC-721/1155, ERC-20 by behaviour, tolerant
//! name/symbol/decimals), so a contract that lies or breaks gets `None` fields, never
//! a failed index.

use std::sync::Arc;

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

    /// Probes new contracts, then fetches new NFT metadata, until both queues are empty.
    ///
    /// # Errors
    /// When the node or the store fails.
    pub async fn enrich(&self) -> Result<(), IndexerError> {
        let mut learnt = 0;
        while let probed @ 1.. = self.probe_contracts().await? {
            learnt += probed;
        }
        while let fetched @ 1.. = self.fetch_metadata().await? {
            learnt += fetched;
        }
        if learnt > 0 {
            let learnt = u64::try_from(learnt).unwrap_or(u64::MAX);
            self.update_status(|status| {
                status.enrichments = status.enrichments.saturating_add(learnt)
            });
        }
        Ok(())
    }
}
