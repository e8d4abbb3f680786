//! The batches in flight between the node and the store: prepared ahead, and the one
//! commit being written.

use std::collections::VecDeque;

use tokio::task::JoinHandle;

use super::prepare::{Prepared, Range};
use crate::IndexerError;

/// The batches being prepared ahead, in order, and the commit being written.
#[derive(Debug, Default)]
pub(super) struct Pipeline {
    pub(super) ahead: VecDeque<(Range, JoinHandle<Result<Prepared, IndexerError>>)>,
    pub(super) commit: Option<JoinHandle<Result<(), IndexerError>>>,
}

impl Pipeline {
    /// Stops every preparation ahead (after a reorg, they read the old branch).
    pub(super) fn abort_ahead(&mut self) {
        for (_, handle) in self.ahead.drain(..) {
            handle.abort();
        }
    }

    /// Stops the preparations ahead and waits for the commit.
    pub(super) async fn finish(mut self) -> Result<(), IndexerError> {
        self.abort_ahead();
        match self.commit {
            Some(handle) => join(handle).await,
            None => Ok(()),
        }
    }
}

pub(super) async fn join<T>(
    handle: JoinHandle<Result<T, IndexerError>>,
) -> Result<T, IndexerError> {
    handle.await?
}
