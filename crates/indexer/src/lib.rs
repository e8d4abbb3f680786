//! # tandem-indexer
//!
//! The built-in indexer: follows any EVM JSON-RPC node from a configured start block
//! into a store (SQLite embedded by default, PostgreSQL for an index shared by server
//! replicas: see [`store`]), decodes
//! token, NFT, approval and wrapped-coin events, derives balances, NFT ownership,
//! supplies and current approvals, probes the contracts it sees and fetches NFT
//! metadata. [`IndexSource`] serves it all as a `tandem_evm::EvmSource`.
//!
//! Guarantees, and how they are kept:
//! - **Kill-safe**: each batch of blocks is one store transaction (chain rows, derived
//!   state, cursor), so a restart resumes after the last committed batch with nothing
//!   lost or doubled.
//! - **Reorg-safe**: every batch is checked to build on the stored parent hash; on a
//!   mismatch the follower finds the fork point and the store restores derived state
//!   from its undo log (kept for `max_reorg_depth` blocks).
//! - **Exact**: amounts are 256-bit integers; what events cannot tell (native balances,
//!   allowances spent through `transferFrom`) is read from the chain at the batch's block.
//! - **Cheap on long chains**: blocks below the reorg window are read in full only when
//!   transaction counts (or, as configured, `eth_getLogs`) say they hold something; every
//!   request goes through one client that retries what a public node fails transiently,
//!   bounds what is in flight and learns how large a request the node accepts (see
//!   the follower and `rpc` modules).
//!
//! ```no_run
//! # async fn example() -> Result<(), tandem_indexer::IndexerError> {
//! use std::sync::Arc;
//! use tandem_indexer::{Indexer, IndexerConfig, IndexSource, SqliteStore};
//! let store = Arc::new(SqliteStore::open(std::path::Path::new("index.sqlite"))?);
//! let indexer = Indexer::new(IndexerConfig::new("http://127.0.0.1:8545", 0), store.clone())?;
//! indexer.sync_to_head().await?;
//! let source = IndexSource::new(store); // an EvmSource for the server
//! # let _ = source; Ok(()) }
//! ```

mod config;
mod decode;
mod derive;
mod discovery;
mod error;
pub mod fill;
mod follower;
mod metadata;
pub mod phases;
pub mod progress;
mod reorg;
mod rpc;
mod source;
pub mod store;

pub use config::{Backfill, IndexerConfig, LocalAllowance};
pub use decode::{IndexEvent, PlacedEvent, decode_transaction};
pub use derive::{Stamp, StateAccess, StateKey, StateValue, apply_event};
pub use error::IndexerError;
pub use follower::{Indexer, IndexerStatus};
pub use metadata::{MetadataLocation, locate as locate_metadata};
pub use rpc::{BlockFetcher, FetchedBlock, FetchedLog, FetchedTransaction};
pub use source::IndexSource;
pub use store::{
    AccountFill, Coverage, EnrichmentQueue, FillCommit, FillKinds, FillMethod, FillWriter,
    IndexChanges, PgStore, ReplicaStore, SqliteStore, Store, StoreError, StoreReads, StoreUrl,
    WriterLock,
};
