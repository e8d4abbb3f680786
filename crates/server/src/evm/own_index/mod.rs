//! The own index of one EVM network, inside the server: its store opened by URL, the
//! one writer (this process, or another one this process stands by for or only reads
//! after), the index as an `EvmSource`, on-demand fills of accounts it does not cover,
//! and where it stands (for the status route, health, answers' lag and the logs).
//!
//! - `writer` — takes the store's writer lock (waiting as a hot standby while another
//!   process holds it) and follows the chain until the server stops. A store of another
//!   chain stops the index with a message, except on the devnet, which rebuilds it.
//! - `monitor` — reads the store's position every couple of seconds (a replica has no
//!   follower to ask), keeps a rate from it, and logs progress while catching up.
//!
//! Reads always go through a store opened for reading (`StoreUrl::open_reads`), so a
//! standby or a replica serves the index exactly as the writer does.

mod monitor;
mod writer;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use alloy_primitives::Address;
use tandem_domain::network::NetworkName;
use tandem_evm::reads::ChainReader;
use tandem_evm::source::{EvmSource, SwitchableSource};
use tandem_fetch::LocalAllowance;
use tandem_indexer::fill::{AccountCoverage, FillCounts, Filler};
use tandem_indexer::progress::{RateWindow, SyncRate};
use tandem_indexer::store::{BlockRef, HeadSeen, IndexChanges};
use tandem_indexer::{
    IndexSource, Indexer, IndexerConfig, IndexerError, IndexerStatus, ReplicaStore, StoreError,
    StoreUrl,
};
use tokio::sync::watch;

use super::data_source::{IndexSettings, StartBlock};

/// The index's committed state as its store says: the last block and the changes
/// besides blocks (what an [`IndexStamp`](super::cache::IndexStamp) is made of, but for
/// the answer's own parts).
pub type IndexMark = (Option<u64>, IndexChanges);

/// Background work of the index, run until the server stops.
pub type IndexJob = Pin<Box<dyn Future<Output = ()> + Send>>;

/// What this process does for the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexRole {
    /// Opening the store, checking it holds this chain.
    Starting,
    /// Writing: the follower runs here.
    Writer,
    /// Waiting for the writer lock another process holds; serving reads meanwhile.
    Standby,
    /// Serving a store another process writes (`write = false`).
    Reader,
    /// Stopped by a problem someone must fix (the status says which); still serving
    /// what the store holds.
    Stopped,
}

/// How far the index is behind the chain's head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexLag {
    /// The last block the index holds.
    pub indexed_block: u64,
    /// The head the writer last saw.
    pub head_block: u64,
    /// Blocks between them.
    pub blocks: u64,
    /// Seconds between their times, plus the time since the head was seen (a stalled
    /// writer falls behind too).
    pub seconds: u64,
}

/// Where the store says the index stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Position {
    cursor: Option<BlockRef>,
    head: Option<HeadSeen>,
    start: Option<u64>,
    /// Reorgs and enrichments, as counted in the store (the same for every process).
    changes: IndexChanges,
}

impl Position {
    fn lag(&self, now_ms: u64) -> Option<IndexLag> {
        let (cursor, head) = (self.cursor?, self.head?);
        Some(IndexLag {
            indexed_block: cursor.number,
            head_block: head.number,
            blocks: head.number.saturating_sub(cursor.number),
            seconds: head.timestamp.saturating_sub(cursor.timestamp)
                + now_ms.saturating_sub(head.observed_ms) / 1000,
        })
    }
}

/// The store as read by this process: the index as a source, and the fills.
#[derive(Debug)]
struct Reads {
    store: Arc<dyn ReplicaStore>,
    filler: Arc<Filler>,
}

/// What the index of one network was started with.
#[derive(Debug, Clone)]
pub struct IndexSpec {
    /// The network.
    pub network: NetworkName,
    /// Its store.
    pub url: StoreUrl,
    /// The node.
    pub rpc_url: String,
    /// The wrapped native coin (WTLOS), whose deposits and withdrawals the index decodes.
    pub wrapped: Vec<Address>,
    /// The first block when the configuration does not say (the devnet manifest's).
    pub default_start: StartBlock,
    /// The configuration.
    pub settings: IndexSettings,
    /// Whether a store of another chain may be thrown away and rebuilt (the devnet only).
    pub rebuild_on_mismatch: bool,
    /// The third-party indexer whose lists fills confirm before searching the chain.
    pub activity: Option<Arc<dyn tandem_evm::source::ActivitySource>>,
    /// Local addresses NFT metadata may come from: the devnet's assets server, nothing
    /// on a real network.
    pub fetch_allowance: LocalAllowance,
}

impl IndexSpec {
    fn start(&self) -> StartBlock {
        self.settings.start_block.unwrap_or(self.default_start)
    }

    /// The follower's and the fills' settings, from `start`.
    fn indexer_config(&self, start: u64) -> IndexerConfig {
        let mut config = IndexerConfig::new(self.rpc_url.clone(), start);
        config.wrapped_native.clone_from(&self.wrapped);
        config.backfill = self.settings.backfill;
        config.metadata_allowance = self.fetch_allowance.clone();
        config
    }
}

/// The own index of one network.
#[derive(Debug)]
pub struct OwnIndex {
    spec: IndexSpec,
    /// The index as a source; the one behind it is replaced when the devnet's store is rebuilt.
    source: Arc<SwitchableSource>,
    reads: RwLock<Arc<Reads>>,
    indexer: Mutex<Option<Arc<Indexer>>>,
    role: Mutex<(IndexRole, Option<String>)>,
    position: Mutex<Position>,
    /// The store's progress over the last minute, for a process that does not write.
    observed_rate: Mutex<RateWindow>,
    replica_rate: Mutex<Option<SyncRate>>,
    /// Whether the index is within the health threshold of the head, as the monitor
    /// last read it: the source selector checks again as soon as this turns true.
    caught_up: watch::Sender<bool>,
}

/// Opens the store at `url` for reading, creating a SQLite file's folder first.
///
/// The server builds its state on its runtime, where a PostgreSQL store (which waits on
/// a runtime of its own) may not block: it is opened on a thread of its own.
fn open_reads(url: &StoreUrl) -> Result<Arc<dyn ReplicaStore>, IndexerError> {
    match url {
        StoreUrl::Sqlite(path) => {
            if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
                    path: dir.to_owned(),
                    source,
                })?;
            }
            url.open_reads()
        }
        StoreUrl::Postgres(_) => std::thread::scope(|scope| {
            scope
                .spawn(|| url.open_reads())
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        }),
    }
}

impl OwnIndex {
    /// Opens the index's store and returns it with its background work (the writer,
    /// or only the monitor of a replica), which runs until `stop` is raised.
    ///
    /// # Errors
    /// When the store cannot be opened or the node's URL is unusable.
    pub fn start(
        spec: IndexSpec,
        stop: &watch::Receiver<bool>,
    ) -> Result<(Arc<Self>, Vec<IndexJob>), IndexerError> {
        let reads = Self::open(&spec)?;
        let index = Arc::new(Self {
            source: Arc::new(SwitchableSource::new(index_source(&reads, &spec.rpc_url))),
            reads: RwLock::new(reads),
            indexer: Mutex::new(None),
            role: Mutex::new((IndexRole::Starting, None)),
            position: Mutex::new(Position::default()),
            observed_rate: Mutex::new(RateWindow::default()),
            replica_rate: Mutex::new(None),
            caught_up: watch::Sender::new(false),
            spec,
        });
        let mut jobs: Vec<IndexJob> = vec![Box::pin(Arc::clone(&index).monitor(stop.clone()))];
        if index.spec.settings.write {
            jobs.push(Box::pin(Arc::clone(&index).write(stop.clone())));
        } else {
            index.set_role(IndexRole::Reader, None);
        }
        Ok((index, jobs))
    }

    /// Follows whether the index is caught up with the head (within the health
    /// threshold), as its monitor reads it every couple of seconds.
    #[must_use]
    pub fn caught_up(&self) -> watch::Receiver<bool> {
        self.caught_up.subscribe()
    }

    fn open(spec: &IndexSpec) -> Result<Arc<Reads>, IndexerError> {
        let store = open_reads(&spec.url)?;
        // The fills' start block is the store's, never this one; the config only
        // carries the node, its limits and the wrapped coin.
        let config = spec.indexer_config(0);
        let mut filler = Filler::new(Arc::clone(&store), &config, spec.settings.fill_concurrency)?;
        if let Some(activity) = &spec.activity {
            filler = filler.with_activity(Arc::clone(activity));
        }
        Ok(Arc::new(Reads {
            store,
            filler: Arc::new(filler),
        }))
    }

    /// The network.
    #[must_use]
    pub fn network(&self) -> NetworkName {
        self.spec.network
    }

    /// The index as an [`EvmSource`].
    #[must_use]
    pub fn source(&self) -> Arc<dyn EvmSource> {
        Arc::clone(&self.source) as Arc<dyn EvmSource>
    }

    fn reads(&self) -> Arc<Reads> {
        Arc::clone(&self.reads.read().unwrap_or_else(PoisonError::into_inner))
    }

    fn indexer(&self) -> Option<Arc<Indexer>> {
        self.indexer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set_role(&self, role: IndexRole, problem: Option<String>) {
        *self.role.lock().unwrap_or_else(PoisonError::into_inner) = (role, problem);
    }

    /// What this process does for the index, and why it stopped when it did.
    #[must_use]
    pub fn role(&self) -> (IndexRole, Option<String>) {
        self.role
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn position(&self) -> Position {
        *self.position.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The index's progress: the follower's when it runs here, else what the store
    /// says (with a rate from its progress over the last minute).
    #[must_use]
    pub fn status(&self) -> IndexerStatus {
        let position = self.position();
        let mut status = match self.indexer() {
            Some(indexer) => indexer.status(),
            None => IndexerStatus {
                indexed_block: position.cursor.map(|cursor| cursor.number),
                head_block: position.head.map(|head| head.number),
                start_block: position.start,
                rate: *self
                    .replica_rate
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner),
                ..IndexerStatus::default()
            },
        };
        status.start_block = status.start_block.or(position.start);
        // The store's counts, not the follower's since this process started: a replica
        // has no follower, and every process reading the store reports the same.
        status.reorgs = position.changes.reorgs;
        status.enrichments = position.changes.enrichments;
        if let (IndexRole::Stopped, Some(problem)) = self.role() {
            status.last_error = Some(problem);
        }
        status
    }

    /// How far the index is behind the head now; `None` before it holds a block.
    #[must_use]
    pub fn lag(&self) -> Option<IndexLag> {
        self.position().lag(tandem_domain::time::now_ms())
    }

    /// What the index holds of `account`; when that is not its whole history, its fill
    /// is started with the slot `take_slot` gives, held until it ends (or its progress
    /// given while it runs).
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn ensure_covered<S: Send + 'static>(
        &self,
        account: Address,
        take_slot: impl FnOnce() -> Option<S>,
    ) -> Result<AccountCoverage, IndexerError> {
        let reads = self.reads();
        reads.filler.ensure_holding(account, take_slot).await
    }

    /// The store's committed state now (one read); `None` when the store fails.
    pub async fn committed_mark(&self) -> Option<IndexMark> {
        let store = Arc::clone(&self.reads().store);
        let read = tokio::task::spawn_blocking(move || store.coverage(Address::ZERO)).await;
        match read {
            Ok(Ok(coverage)) => Some((coverage.indexed_through, coverage.changes)),
            Ok(Err(error)) => {
                tracing::warn!(network = %self.network(), %error, "own index: store not readable");
                None
            }
            Err(_) => None,
        }
    }

    /// Whether no block after `after_block` names `account` or moved a token of
    /// `contracts` (one store read; `StoreReads::touched_since`). `false` when the store
    /// cannot say: the caller then reads everything again.
    pub async fn untouched_since(
        &self,
        account: Address,
        contracts: Vec<Address>,
        after_block: u64,
    ) -> bool {
        let store = Arc::clone(&self.reads().store);
        let read = tokio::task::spawn_blocking(move || {
            store.touched_since(account, &contracts, after_block)
        })
        .await;
        match read {
            Ok(Ok(touched)) => !touched,
            Ok(Err(error)) => {
                tracing::warn!(network = %self.network(), %error, "own index: store not readable");
                false
            }
            Err(_) => false,
        }
    }

    /// Fills since start and running now.
    #[must_use]
    pub fn fill_counts(&self) -> FillCounts {
        self.reads().filler.counts()
    }
}

/// The index as a source: the store, plus the node for accounts it has never seen
/// (their genesis balance is in no log). A URL the reader refuses leaves the store alone.
fn index_source(reads: &Reads, rpc_url: &str) -> Arc<dyn EvmSource> {
    let store = Arc::clone(&reads.store);
    let source = IndexSource::new(store);
    Arc::new(match ChainReader::connect(rpc_url) {
        Ok(chain) => source.with_chain(chain),
        Err(error) => {
            tracing::warn!(%error, "own index: no chain reads for unseen accounts");
            source
        }
    })
}

#[cfg(test)]
mod tests {
    use alloy_primitives::B256;

    use super::*;

    #[test]
    fn the_lag_counts_blocks_and_the_time_since_the_head_was_seen() {
        let position = Position {
            cursor: Some(BlockRef {
                number: 90,
                hash: B256::ZERO,
                timestamp: 1_000,
            }),
            head: Some(HeadSeen {
                number: 100,
                timestamp: 1_005,
                observed_ms: 2_000_000,
            }),
            start: Some(0),
            changes: IndexChanges::default(),
        };
        let lag = position.lag(2_003_500).expect("lag");
        assert_eq!((lag.blocks, lag.seconds), (10, 8));
        assert_eq!(Position::default().lag(0), None);
    }
}
