//! The built-in indexer running inside the server (the devnet's primary source): it
//! follows the node into a SQLite store under the data directory until the server
//! stops. A store that holds another chain (the devnet was restarted, so block
//! `start_block` has another hash) is discarded and rebuilt.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use alloy::eips::BlockNumberOrTag;
use alloy::providers::Provider;
use alloy_primitives::Address;
use tandem_evm::reads::ChainReader;
use tandem_evm::source::EvmSource;
use tandem_indexer::{
    IndexSource, Indexer, IndexerConfig, IndexerError, IndexerStatus, SqliteStore, Store,
};
use tokio::sync::watch;

use super::setup::Job;
use tandem_evm::source::SwitchableSource;

/// Pause before asking an unreachable node again.
const RETRY: Duration = Duration::from_secs(2);

/// The own index of one network: its source for the selector and its progress.
#[derive(Debug)]
pub struct OwnIndex {
    source: Arc<SwitchableSource>,
    indexer: Mutex<Option<Arc<Indexer>>>,
}

/// The index as a source: the store, plus the node for accounts it has never seen
/// (their genesis balance is in no log). A URL the reader refuses leaves the store alone.
fn index_source(store: &Arc<SqliteStore>, rpc_url: &str) -> IndexSource {
    let source = IndexSource::new(Arc::clone(store) as Arc<dyn Store>);
    match ChainReader::connect(rpc_url) {
        Ok(chain) => source.with_chain(chain),
        Err(error) => {
            tracing::warn!(%error, "built-in index: no chain reads for unseen accounts");
            source
        }
    }
}

/// What the indexing job needs.
struct Follow {
    path: PathBuf,
    rpc_url: String,
    start_block: u64,
    wrapped: Vec<Address>,
    store: Arc<SqliteStore>,
}

impl OwnIndex {
    /// Opens (or creates) the store at `path` and returns the index with the job that
    /// follows the chain until `stop` is raised; `None` when the store cannot be opened.
    pub fn start(
        path: PathBuf,
        rpc_url: String,
        start_block: u64,
        wrapped: Vec<Address>,
        stop: watch::Receiver<bool>,
    ) -> Option<(Arc<Self>, Job)> {
        let store = match open_store(&path) {
            Ok(store) => store,
            Err(error) => {
                tracing::error!(path = %path.display(), %error, "built-in index not started");
                return None;
            }
        };
        let index = Arc::new(Self {
            source: Arc::new(SwitchableSource::new(Arc::new(index_source(
                &store, &rpc_url,
            )))),
            indexer: Mutex::new(None),
        });
        let follow = Follow {
            path,
            rpc_url,
            start_block,
            wrapped,
            store,
        };
        let job = Box::pin(Arc::clone(&index).follow(follow, stop));
        Some((index, job))
    }

    /// The index as an [`EvmSource`].
    #[must_use]
    pub fn source(&self) -> Arc<dyn EvmSource> {
        Arc::clone(&self.source) as Arc<dyn EvmSource>
    }

    /// The indexer's progress (empty until it has started).
    #[must_use]
    pub fn status(&self) -> IndexerStatus {
        self.indexer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|indexer| indexer.status())
            .unwrap_or_default()
    }

    async fn follow(self: Arc<Self>, mut follow: Follow, stop: watch::Receiver<bool>) {
        let reader = match ChainReader::connect(&follow.rpc_url) {
            Ok(reader) => reader,
            Err(error) => {
                tracing::error!(%error, "built-in index: unusable RPC URL");
                return;
            }
        };
        loop {
            match same_chain(&reader, &follow.store, follow.start_block).await {
                Ok(true) => {}
                Ok(false) => {
                    tracing::info!(path = %follow.path.display(), "the index holds another chain; rebuilding it");
                    if !self.reset(&mut follow) {
                        return;
                    }
                }
                Err(error) => {
                    tracing::debug!(%error, "built-in index: node not reachable yet");
                    tokio::time::sleep(RETRY).await;
                    continue;
                }
            }
            let mut config = IndexerConfig::new(follow.rpc_url.clone(), follow.start_block);
            config.wrapped_native.clone_from(&follow.wrapped);
            let indexer = match Indexer::new(config, Arc::clone(&follow.store) as Arc<dyn Store>) {
                Ok(indexer) => Arc::new(indexer),
                Err(error) => {
                    tracing::error!(%error, "built-in index not started");
                    return;
                }
            };
            *self.indexer.lock().unwrap_or_else(PoisonError::into_inner) =
                Some(Arc::clone(&indexer));
            let mut stopped = stop.clone();
            let signal = async move {
                let _ = stopped.wait_for(|stop| *stop).await;
            };
            match indexer.run_until(signal).await {
                Ok(()) => return,
                Err(IndexerError::StoreMismatch { stored, configured }) => {
                    tracing::info!(%stored, %configured, "index store mismatch; rebuilding it");
                    if !self.reset(&mut follow) {
                        return;
                    }
                }
                Err(error) => {
                    tracing::error!(%error, "built-in index stopped");
                    return;
                }
            }
        }
    }

    /// Replaces the store with an empty one; false when that fails.
    fn reset(&self, follow: &mut Follow) -> bool {
        for suffix in ["", "-wal", "-shm"] {
            let mut name = follow.path.clone().into_os_string();
            name.push(suffix);
            match std::fs::remove_file(&name) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                    tracing::error!(%error, "cannot remove the old index store");
                    return false;
                }
                _ => {}
            }
        }
        match open_store(&follow.path) {
            Ok(store) => {
                self.source
                    .replace(Arc::new(index_source(&store, &follow.rpc_url)));
                follow.store = store;
                true
            }
            Err(error) => {
                tracing::error!(%error, "cannot create a new index store");
                false
            }
        }
    }
}

fn open_store(path: &Path) -> Result<Arc<SqliteStore>, IndexerError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|error| {
            IndexerError::Store(format!("cannot create {}: {error}", dir.display()))
        })?;
    }
    Ok(Arc::new(SqliteStore::open(path)?))
}

/// Whether the store's first block is the node's (an empty store matches any chain).
async fn same_chain(
    reader: &ChainReader,
    store: &Arc<SqliteStore>,
    start_block: u64,
) -> Result<bool, String> {
    let store = Arc::clone(store);
    let stored = tokio::task::spawn_blocking(move || store.block(start_block))
        .await
        .map_err(|error| error.to_string())?
        .map_err(|error| error.to_string())?;
    let Some(stored) = stored else {
        return Ok(true);
    };
    let on_chain = reader
        .provider()
        .get_block_by_number(BlockNumberOrTag::Number(start_block))
        .await
        .map_err(|error| error.to_string())?;
    Ok(on_chain.is_some_and(|block| block.header.hash == stored.hash))
}
