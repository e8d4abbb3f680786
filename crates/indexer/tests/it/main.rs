//! The indexer's integration tests, one binary: a seeded EVM devnet per test (anvil),
//! and the stores under test — SQLite files in temporary directories, and databases in
//! one PostgreSQL cluster the binary starts for all its tests (see `stores`).

#![allow(clippy::expect_used, clippy::unwrap_used)] // test helpers outside #[test] fns

mod agreement;
mod bad_input;
mod chaos;
mod common;
mod crash;
mod fill;
mod fill_history;
mod fill_listed;
mod long_history;
mod metadata_attacks;
mod migrations;
mod model_chain;
mod paging;
mod reorg;
mod rollback;
mod seeded;
mod sparse;
mod standby;
mod stores;
