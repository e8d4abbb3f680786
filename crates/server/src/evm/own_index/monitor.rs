//! Where the index stands, read from its store every couple of seconds — the same for a
//! writer, a standby and a replica — and a progress line in the log while it catches up:
//! indexed block, head, blocks per second and the time to catch up.

use std::sync::{Arc, PoisonError};
use std::time::{Duration, Instant};

use alloy_primitives::Address;
use tandem_indexer::progress::progress_text;
use tokio::sync::watch;

use super::{OwnIndex, Position};

/// How often the store's position is read.
const REFRESH: Duration = Duration::from_secs(2);
/// How often progress is logged while the index catches up.
const LOG_EVERY: Duration = Duration::from_secs(30);
/// Behind by less than this, the index is caught up (the health threshold).
const CAUGHT_UP_SECONDS: u64 = 10;

impl OwnIndex {
    /// Reads the position until `stop` is raised.
    pub(super) async fn monitor(self: Arc<Self>, mut stop: watch::Receiver<bool>) {
        let mut logged: Option<Instant> = None;
        loop {
            match self.read_position().await {
                Ok(position) => {
                    *self.position.lock().unwrap_or_else(PoisonError::into_inner) = position;
                    if self.indexer().is_none() {
                        self.observe_rate(&position);
                    }
                }
                Err(error) => {
                    tracing::warn!(network = %self.network(), %error, "own index: store not readable");
                }
            }
            let behind = self
                .lag()
                .is_none_or(|lag| lag.seconds >= CAUGHT_UP_SECONDS);
            if behind && logged.is_none_or(|at| at.elapsed() >= LOG_EVERY) {
                logged = Some(Instant::now());
                tracing::info!(network = %self.network(), role = ?self.role().0, "own index: {}", progress_text(&self.status()));
            }
            let caught_up = !behind;
            let changed = self
                .caught_up
                .send_if_modified(|known| std::mem::replace(known, caught_up) != caught_up);
            if caught_up && changed {
                tracing::info!(network = %self.network(), "own index caught up: {}", progress_text(&self.status()));
            }
            tokio::select! {
                _ = stop.wait_for(|stop| *stop) => return,
                () = tokio::time::sleep(REFRESH) => {}
            }
        }
    }

    async fn read_position(&self) -> Result<Position, String> {
        let store = Arc::clone(&self.reads().store);
        let read = tokio::task::spawn_blocking(move || {
            let coverage = store.coverage(Address::ZERO)?;
            Ok::<_, tandem_indexer::IndexerError>(Position {
                cursor: store.cursor()?,
                head: store.head()?,
                start: coverage.index_start,
                changes: coverage.changes,
            })
        });
        match read.await {
            Ok(Ok(position)) => Ok(position),
            Ok(Err(error)) => Err(error.with_causes()),
            Err(error) => Err(error.to_string()),
        }
    }

    /// Records the store's progress for the rate of a process that does not write.
    fn observe_rate(&self, position: &Position) {
        let (Some(cursor), Some(head)) = (position.cursor, position.head) else {
            return;
        };
        let rate = self
            .observed_rate
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .record(Instant::now(), cursor.number, head.number);
        if let Some(rate) = rate {
            *self
                .replica_rate
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(rate);
        }
    }
}
