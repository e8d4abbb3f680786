//! The index's one writer in this process: wait for the store's writer lock (a hot
//! standby while another process holds it), check the store holds this chain, resolve
//! a start at `head` once, then follow the chain until the server stops.

use std::sync::{Arc, PoisonError};
use std::time::Duration;

use alloy::eips::BlockNumberOrTag;
use alloy::providers::Provider;
use alloy_primitives::Address;
use tandem_evm::reads::ChainReader;
use tandem_indexer::{Indexer, IndexerError, Store, StoreError, StoreUrl, WriterLock};
use tokio::sync::watch;

use super::{IndexRole, OwnIndex, index_source};
use crate::evm::data_source::StartBlock;

/// How often a standby tries the writer lock.
const LOCK_POLL: Duration = Duration::from_millis(500);
/// Pause before asking an unreachable node again.
const RETRY: Duration = Duration::from_secs(2);

/// The follower as the index's status sees it, while it runs: cleared however the
/// writing ends, a cancelled job included, so the store and its writer lock go with it.
struct Running<'a> {
    index: &'a OwnIndex,
}

impl<'a> Running<'a> {
    fn new(index: &'a OwnIndex, indexer: Arc<Indexer>) -> Self {
        *index.indexer.lock().unwrap_or_else(PoisonError::into_inner) = Some(indexer);
        Self { index }
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        *self
            .index
            .indexer
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = None;
    }
}

/// Why the writer stopped following (besides the server stopping).
enum Stop {
    /// The server stops.
    Done,
    /// Take the lock again: it was lost (a PostgreSQL connection dropped), or the
    /// devnet's store was rebuilt.
    Again,
    /// A problem someone must fix; the index stays as it is.
    Problem(String),
}

impl OwnIndex {
    /// Writes the index until `stop` is raised, or until a problem stops it.
    pub(super) async fn write(self: Arc<Self>, stop: watch::Receiver<bool>) {
        let reader = match ChainReader::connect(&self.spec.rpc_url) {
            Ok(reader) => reader,
            Err(error) => {
                self.stop_for(format!("unusable RPC URL: {error}"));
                return;
            }
        };
        loop {
            let Some(store) = self.take_lock(&stop).await else {
                return;
            };
            match self.follow(&reader, store, &stop).await {
                Stop::Done => return,
                Stop::Again => {}
                Stop::Problem(problem) => {
                    self.stop_for(problem);
                    return;
                }
            }
        }
    }

    fn stop_for(&self, problem: String) {
        tracing::error!(network = %self.network(), %problem, "own index stopped");
        *self.indexer.lock().unwrap_or_else(PoisonError::into_inner) = None;
        self.set_role(IndexRole::Stopped, Some(problem));
    }

    /// The store opened for writing once this process holds its lock; `None` when the
    /// server stops first (or the lock cannot be taken at all, which stops the index).
    async fn take_lock(self: &Arc<Self>, stop: &watch::Receiver<bool>) -> Option<Arc<dyn Store>> {
        let url = self.spec.url.clone();
        let network = self.network();
        self.set_role(IndexRole::Starting, None);
        let lock = {
            let (url, index, stopping) = (url.clone(), Arc::clone(self), stop.clone());
            tokio::task::spawn_blocking(move || {
                WriterLock::wait(&url, LOCK_POLL, |tries| {
                    if tries == 1 {
                        tracing::info!(%network, store = %url, "another process writes the own index; waiting as a hot standby (serving reads meanwhile)");
                        index.set_role(IndexRole::Standby, None);
                    }
                    !*stopping.borrow()
                })
            })
            .await
        };
        let lock = match lock {
            Ok(Ok(Some(lock))) => lock,
            Ok(Ok(None)) => return None,
            Ok(Err(error)) => {
                self.stop_for(format!(
                    "cannot take the writer lock of {url}: {}",
                    error.with_causes()
                ));
                return None;
            }
            Err(error) => {
                self.stop_for(format!("writer lock task failed: {error}"));
                return None;
            }
        };
        match tokio::task::spawn_blocking(move || lock.open_store(None)).await {
            Ok(Ok(store)) => {
                tracing::info!(%network, store = %url, "own index: this server writes it");
                self.set_role(IndexRole::Writer, None);
                Some(store)
            }
            Ok(Err(error)) => {
                self.stop_for(format!(
                    "cannot open {url} for writing: {}",
                    error.with_causes()
                ));
                None
            }
            Err(error) => {
                self.stop_for(format!("store task failed: {error}"));
                None
            }
        }
    }

    /// Follows the chain into `store` (the lock held) until something stops it.
    async fn follow(
        &self,
        reader: &ChainReader,
        store: Arc<dyn Store>,
        stop: &watch::Receiver<bool>,
    ) -> Stop {
        let start = loop {
            if *stop.borrow() {
                return Stop::Done;
            }
            match self.check_store(reader, &store).await {
                Ok(Ok(start)) => break start,
                Ok(Err(problem)) => return self.mismatch(store, problem),
                Err(error) => {
                    tracing::debug!(network = %self.network(), error = %error.with_causes(), "own index: node not reachable yet");
                    tokio::time::sleep(RETRY).await;
                }
            }
        };
        let indexer = match Indexer::new(self.spec.indexer_config(start), Arc::clone(&store)) {
            Ok(indexer) => Arc::new(indexer),
            Err(error) => return Stop::Problem(error.with_causes()),
        };
        let running = Running::new(self, Arc::clone(&indexer));
        let mut stopped = stop.clone();
        let signal = async move {
            let _ = stopped.wait_for(|stop| *stop).await;
        };
        let outcome = indexer.run_until(signal).await;
        drop(running);
        match outcome {
            Ok(()) => Stop::Done,
            Err(IndexerError::Storage(StoreError::WriterLockLost(error))) => {
                tracing::warn!(network = %self.network(), %error, "own index: writer lock lost; waiting to take it again");
                Stop::Again
            }
            Err(error @ IndexerError::StoreMismatch { .. }) => {
                self.mismatch(store, error.to_string())
            }
            Err(error) => Stop::Problem(error.with_causes()),
        }
    }

    /// The block to start from, or (inner `Err`) why the store is not this chain's: the
    /// start `head` resolved once (the store keeps it), and the store's first block
    /// compared with the node's.
    async fn check_store(
        &self,
        reader: &ChainReader,
        store: &Arc<dyn Store>,
    ) -> Result<Result<u64, String>, IndexerError> {
        let bound = {
            let store = Arc::clone(store);
            tokio::task::spawn_blocking(move || store.coverage(Address::ZERO)).await??
        }
        .index_start;
        let start = match (self.spec.start(), bound) {
            (StartBlock::Number(number), _) => number,
            (StartBlock::Head, Some(bound)) => bound,
            (StartBlock::Head, None) => {
                let head = reader
                    .block_number()
                    .await
                    .map_err(|source| IndexerError::Read {
                        what: "the chain's head",
                        source,
                    })?;
                tracing::info!(network = %self.network(), head, "own index: a new index starts at the head; accounts are filled on demand below it");
                head
            }
        };
        let stored = {
            let store = Arc::clone(store);
            tokio::task::spawn_blocking(move || store.block(start)).await??
        };
        let Some(stored) = stored else {
            return Ok(Ok(start));
        };
        let on_chain = reader
            .provider()
            .get_block_by_number(BlockNumberOrTag::Number(start))
            .await
            .map_err(|source| IndexerError::Rpc {
                method: "eth_getBlockByNumber",
                source,
            })?;
        Ok(
            if on_chain.is_some_and(|block| block.header.hash == stored.hash) {
                Ok(start)
            } else {
                Err(format!(
                    "the store holds another chain: its block {start} is not the node's"
                ))
            },
        )
    }

    /// A store that is not this chain's: rebuilt on the devnet, a stop elsewhere.
    fn mismatch(&self, store: Arc<dyn Store>, problem: String) -> Stop {
        let url = &self.spec.url;
        if !self.spec.rebuild_on_mismatch {
            return Stop::Problem(format!(
                "{problem} ({url}); point [networks.{}.index] store at another store, or set start_block to match it",
                self.network()
            ));
        }
        tracing::info!(network = %self.network(), %problem, "the devnet's index holds another chain; rebuilding it");
        // The writer lock goes with the store; it is taken again after the rebuild.
        drop(store);
        let StoreUrl::Sqlite(path) = &self.spec.url else {
            return Stop::Problem(format!(
                "{problem} ({url}); only an embedded SQLite store is rebuilt"
            ));
        };
        match self.rebuild(path) {
            Ok(()) => Stop::Again,
            Err(error) => Stop::Problem(format!("cannot rebuild {url}: {}", error.with_causes())),
        }
    }

    /// Replaces the devnet's SQLite store with an empty one, and the reads over it.
    fn rebuild(&self, path: &std::path::Path) -> Result<(), IndexerError> {
        for suffix in ["", "-wal", "-shm"] {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            match std::fs::remove_file(&name) {
                Err(source) if source.kind() != std::io::ErrorKind::NotFound => {
                    return Err(StoreError::Io {
                        path: name.into(),
                        source,
                    }
                    .into());
                }
                _ => {}
            }
        }
        let reads = Self::open(&self.spec)?;
        self.source
            .replace(index_source(&reads, &self.spec.rpc_url));
        *self.reads.write().unwrap_or_else(PoisonError::into_inner) = reads;
        Ok(())
    }
}
