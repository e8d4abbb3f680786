//! What an answer built from the own index says about itself: how much of the account's
//! history the index holds (asking for an account it does not cover starts that
//! account's fill, so the next answers hold more) and how far the index is behind the
//! chain's head. Balances, history, NFTs and approvals carry both, so a list is never
//! presented as complete while the index lacks part of it, and its age is shown.

use std::time::Duration;

use alloy_primitives::Address;
use tandem_evm::EvmError;
use tandem_evm::source::SourceKind;
use tandem_indexer::fill::AccountCoverage;

use super::EvmNetwork;
use super::own_index::{IndexLag, IndexRole};
use crate::cache::weigh_by_debug;
use crate::error::ServiceError;
use crate::limits::{Busy, ExpensivePermit};

/// Where a fill an answer starts takes its slot: the caps on concurrent expensive work
/// per client and in total (`[limits]`), for the client that asked. The fill holds the
/// slot until it ends; while none is free the account's fill stays queued, and the
/// client's next request (the web polls) tries again.
pub trait FillSlots: Send + Sync {
    /// A slot (`Ok(None)`: this client is exempt from the caps).
    ///
    /// # Errors
    /// [`Busy`] when the client, or the server, runs as many as allowed.
    fn take(&self) -> Result<Option<ExpensivePermit>, Busy>;
}

/// No caps: for callers that are not a client's request.
#[derive(Debug, Clone, Copy, Default)]
pub struct Uncapped;

impl FillSlots for Uncapped {
    fn take(&self) -> Result<Option<ExpensivePermit>, Busy> {
        Ok(None)
    }
}

/// The own index's side of one account answer.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexContext {
    /// How much of the account's history the index holds, and its fill.
    pub coverage: AccountCoverage,
    /// How far the index is behind the head; `None` before it holds a block.
    pub lag: Option<IndexLag>,
    /// Whether the index is within the health threshold (the last health check), so
    /// what plain chain reads can answer exactly may come from it too.
    pub fresh: bool,
    /// The third-party indexer fills may take their lists from, in words
    /// (`Blockscout (teloscan.io)`), when the network has one.
    pub indexer_name: Option<String>,
}

impl IndexContext {
    /// The account's fill, as far as answers built on it depend on it: they change when
    /// the fill is written (at this block).
    #[must_use]
    pub fn fill_mark(&self) -> Option<u64> {
        self.coverage.coverage.filled_at
    }
}

/// How long an account's coverage, as read from the store, answers the requests that
/// come meanwhile: one read of the store per account and moment, not one per request
/// (on PostgreSQL a round trip each, whose queueing under many requests for one account
/// made the tail of cached answers). Answers carry what they were built from, so they
/// stay consistent; they show a commit of the writer at most this much later.
pub const COVERAGE_REUSE: Duration = Duration::from_millis(250);

weigh_by_debug!(AccountCoverage);

impl EvmNetwork {
    /// On a network whose account lists come from its own index: `account`'s coverage
    /// (its fill started, with a slot from `slots`, when the index does not hold its
    /// whole history) and the index's lag. `None` on the other networks.
    ///
    /// # Errors
    /// When the index's store cannot be read.
    pub async fn index_context(
        &self,
        account: Address,
        slots: &dyn FillSlots,
    ) -> Result<Option<IndexContext>, ServiceError> {
        let Some(index) = &self.own_index else {
            return Ok(None);
        };
        let coverage = self
            .coverage
            .get_or_fetch(account, || async {
                index
                    .ensure_covered(account, || slots.take().ok())
                    .await
                    .map_err(|error| ServiceError::from(EvmError::from(error)))
            })
            .await?;
        Ok(Some(IndexContext {
            coverage,
            lag: index.lag(),
            fresh: self.source_kind() == SourceKind::OwnIndex,
            indexer_name: self
                .blockscout()
                .map(tandem_evm::blockscout::BlockscoutClient::name),
        }))
    }

    /// Where account lists (history, NFTs, approvals) come from: the own index whenever
    /// it is the primary, lagging or not (a list with its age beats none), else the
    /// source in use.
    #[must_use]
    pub fn lists_kind(&self) -> SourceKind {
        if self.own_index.is_some() {
            SourceKind::OwnIndex
        } else {
            self.source_kind()
        }
    }

    /// What this server does for its own index, and why it stopped when it did.
    #[must_use]
    pub fn index_role(&self) -> Option<(IndexRole, Option<String>)> {
        self.own_index.as_ref().map(|index| index.role())
    }

    /// How far the own index is behind the head, on networks that have one.
    #[must_use]
    pub fn index_lag(&self) -> Option<IndexLag> {
        self.own_index.as_ref().and_then(|index| index.lag())
    }
}
