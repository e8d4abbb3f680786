//! Schema versions: a SQLite store made by Tandem before schema versions existed
//! opens (as version 1) and is migrated; an older store of either backend is migrated
//! on open; a store newer than the binary is refused, naming both versions.

use alloy::primitives::{Address, U256};
use tandem_domain::nft::NftStandard;
use tandem_indexer::{IndexerError, PgStore, SqliteStore, StoreError, StoreReads, StoreUrl};

use crate::common::ALL;
use crate::stores::{BACKENDS, Backend, TestStore, blocking};

/// The newest schema version this binary knows.
const LATEST: u32 = 6;

/// A SQLite store built by the indexer as it was before schema versions (git
/// 9e2e4bc, the seeded devnet from block 33), dumped with `sqlite3 .dump`.
const V1_SQLITE_STORE: &str = include_str!("fixtures/v1-store.sql");
/// PostgreSQL's version 1 schema, as the first release of that backend created it.
const V1_POSTGRES_SCHEMA: &str = include_str!("../../src/store/postgres/migrations/0001-base.sql");

fn addr(text: &str) -> Address {
    text.parse().unwrap()
}

/// Runs `script` on the store's database directly, bypassing the store.
async fn raw_script(store: &TestStore, script: &'static str) {
    match store.url.clone() {
        StoreUrl::Sqlite(path) => {
            blocking(move || {
                rusqlite::Connection::open(path)
                    .unwrap()
                    .execute_batch(script)
                    .unwrap();
            })
            .await
        }
        StoreUrl::Postgres(url) => {
            let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
                .await
                .unwrap();
            let driver = tokio::spawn(connection);
            client.batch_execute(script).await.unwrap();
            drop(client);
            driver.await.unwrap().unwrap();
        }
    }
}

/// Opens the store as a replica would, keeping the error.
async fn open(store: &TestStore) -> Result<(), IndexerError> {
    let url = store.url.clone();
    blocking(move || url.open_reads().map(drop)).await
}

#[tokio::test]
async fn a_sqlite_store_from_before_schema_versions_opens_and_is_migrated() {
    let store = TestStore::new(Backend::Sqlite, "v1");
    raw_script(&store, V1_SQLITE_STORE).await;
    let StoreUrl::Sqlite(path) = store.url.clone() else {
        unreachable!()
    };
    blocking(move || {
        let opened = SqliteStore::open(&path).unwrap();
        assert_eq!(opened.schema_version().unwrap(), LATEST);
        assert_eq!(opened.cursor().unwrap().map(|block| block.number), Some(62));
        let dump = opened.canonical_dump().unwrap();
        for table in [
            "blocks (30 rows)",
            "transfers (32 rows)",
            "nft_owners (7 rows)",
        ] {
            assert!(dump.contains(table), "{table} kept:\n{dump}");
        }
        // What the old store holds reads back through today's queries.
        let art = opened
            .contract(addr("0x5FC8d32690cc91D4c39d9d3abcBD16989F875707"))
            .unwrap()
            .expect("ART known");
        assert_eq!(art.name.as_deref(), Some("Tandem Art"));
        let wtlos = addr("0x5FbDB2315678afecb367f032d93F642f64180aa3");
        let balances = opened
            .token_balances(addr("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"))
            .unwrap();
        assert!(balances.iter().any(|balance| balance.token == Some(wtlos)
            && balance.amount == U256::from(5u64) * U256::from(10u64).pow(U256::from(18u8))));
        let owned = opened
            .nfts_owned(
                addr("0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65"),
                NftStandard::Erc721,
                ALL,
            )
            .unwrap();
        assert!(owned.iter().any(|nft| nft.token_id == U256::from(5u8)));
        drop(opened);
        // Opened again, nothing is migrated twice.
        assert_eq!(
            SqliteStore::open(&path).unwrap().schema_version().unwrap(),
            LATEST
        );
    })
    .await;
}

#[tokio::test]
async fn an_older_store_is_migrated_and_a_newer_one_refused() {
    for backend in BACKENDS {
        let store = TestStore::new(backend, "versions");
        let v1 = match backend {
            Backend::Sqlite => V1_SQLITE_STORE,
            Backend::Postgres => V1_POSTGRES_SCHEMA,
        };
        raw_script(&store, v1).await;
        open(&store).await.unwrap();
        assert_eq!(
            store.inspect(|store| store.version()).await,
            LATEST,
            "{backend:?}: version 1 migrated"
        );

        raw_script(
            &store,
            "INSERT INTO schema_migrations (version, applied_ms) VALUES (99, 0)",
        )
        .await;
        let error = open(&store).await.expect_err("a newer store is refused");
        assert!(
            matches!(
                error,
                IndexerError::Storage(StoreError::SchemaTooNew {
                    found: 99,
                    supported: LATEST
                })
            ),
            "{backend:?}: {error:?}"
        );
        assert!(!error.retryable());
        let message = error.to_string();
        assert!(
            message.contains("version 99") && message.contains(&format!("the {LATEST} this")),
            "{message}"
        );
    }
}

#[tokio::test]
async fn processes_opening_an_empty_postgres_store_at_once_create_it_once() {
    let store = TestStore::new(Backend::Postgres, "concurrent");
    let StoreUrl::Postgres(url) = store.url.clone() else {
        unreachable!()
    };
    let openers: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || {
                PgStore::open_reads(&url).map(|store| store.schema_version())
            })
        })
        .collect();
    for opener in openers {
        assert_eq!(opener.join().unwrap().unwrap().unwrap(), LATEST);
    }
}
