//! The stores under test, one of each backend per test: a SQLite file in a temporary
//! directory, or a fresh database in the binary's shared PostgreSQL cluster
//! (`tandem_testkit::Postgres::shared`: started once, stopped when the binary ends).
//! Store calls block, so the helpers run them on blocking threads.

use std::sync::Arc;

use alloy::primitives::{Address, B256};
use tandem_indexer::store::DecodedBlock;
use tandem_indexer::{
    FetchedBlock, FetchedTransaction, IndexChanges, PgStore, SqliteStore, Store, StoreUrl,
    WriterLock, decode_transaction,
};
use tandem_testkit::Postgres;

/// The two store backends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Every backend, for tests that run the same scenario against each.
pub const BACKENDS: [Backend; 2] = [Backend::Sqlite, Backend::Postgres];

/// A new, empty store of one backend.
#[derive(Debug)]
pub struct TestStore {
    pub url: StoreUrl,
    _dir: tempfile::TempDir,
}

impl TestStore {
    /// An empty store named after `label` (the PostgreSQL database gets that name).
    pub fn new(backend: Backend, label: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let url = match backend {
            Backend::Sqlite => StoreUrl::Sqlite(dir.path().join(format!("{label}.sqlite"))),
            Backend::Postgres => StoreUrl::Postgres(
                Postgres::shared()
                    .expect("PostgreSQL starts")
                    .create_database(label)
                    .expect("database created"),
            ),
        };
        Self { url, _dir: dir }
    }

    /// The URL as the indexer binary takes it.
    pub fn arg(&self) -> String {
        match &self.url {
            StoreUrl::Sqlite(path) => format!("sqlite:{}", path.display()),
            StoreUrl::Postgres(url) => url.clone(),
        }
    }

    /// The store opened for writing (holding the writer lock while it lives).
    pub async fn writer(&self) -> Arc<dyn Store> {
        let url = self.url.clone();
        blocking(move || {
            WriterLock::try_acquire(&url)
                .unwrap()
                .expect("no other writer")
                .open_store(None)
                .unwrap()
        })
        .await
    }

    /// Runs `work` on the store opened as its concrete type (for what the traits do
    /// not offer: the canonical dump, the schema version).
    pub async fn inspect<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn Inspect) -> T + Send + 'static,
    ) -> T {
        let url = self.url.clone();
        blocking(move || match url {
            StoreUrl::Sqlite(path) => work(&SqliteStore::open(&path).unwrap()),
            StoreUrl::Postgres(url) => work(&PgStore::open_reads(&url).unwrap()),
        })
        .await
    }

    /// The canonical dump of the store.
    pub async fn dump(&self) -> String {
        self.inspect(|store| store.dump()).await
    }

    /// The last committed block.
    pub async fn cursor(&self) -> Option<u64> {
        self.inspect(|store| store.cursor_number()).await
    }

    /// The index's changes besides blocks, as a process opening the store now reads them.
    pub async fn changes(&self) -> IndexChanges {
        self.inspect(|store| store.changes()).await
    }
}

/// What the tests read from a store beyond the traits, for either backend.
pub trait Inspect {
    fn dump(&self) -> String;
    fn cursor_number(&self) -> Option<u64>;
    fn changes(&self) -> IndexChanges;
    fn version(&self) -> u32;
}

macro_rules! inspect {
    ($store:ty) => {
        impl Inspect for $store {
            fn dump(&self) -> String {
                self.canonical_dump().unwrap()
            }
            fn cursor_number(&self) -> Option<u64> {
                use tandem_indexer::StoreReads as _;
                self.cursor().unwrap().map(|block| block.number)
            }
            fn changes(&self) -> IndexChanges {
                use tandem_indexer::StoreReads as _;
                self.coverage(Address::ZERO).unwrap().changes
            }
            fn version(&self) -> u32 {
                self.schema_version().unwrap()
            }
        }
    };
}
inspect!(SqliteStore);
inspect!(PgStore);

/// Runs blocking store work off the async runtime.
pub async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(work).await.unwrap()
}

/// Block `number` of a synthetic chain (hash and time follow from the number) holding
/// `transactions`, with their events decoded, for store tests that need no chain.
pub fn synthetic_block(number: u64, transactions: Vec<FetchedTransaction>) -> DecodedBlock {
    let hash = |n: u64| B256::left_padding_from(&(n + 1).to_be_bytes());
    DecodedBlock {
        events: transactions
            .iter()
            .map(|transaction| decode_transaction(transaction, &[]))
            .collect(),
        block: FetchedBlock {
            number,
            hash: hash(number),
            parent_hash: number.checked_sub(1).map_or(B256::ZERO, hash),
            timestamp: 1_000 + number,
            miner: Address::ZERO,
            transactions,
        },
    }
}
