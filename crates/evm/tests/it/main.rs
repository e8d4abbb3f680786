//! The EVM crate's integration tests: one binary with a module per area. Clients are
//! read against recorded-style fixtures (`tests/fixtures`) served on 127.0.0.1; chain
//! reads against the seeded devnet (crates/testkit).

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "test helpers fail the test loudly on a broken fixture or devnet"
)]

mod blockscout_support;
mod rpc_support;
mod teloscan_support;

mod blockscout_collections;
mod blockscout_devnet;
mod blockscout_failures;
mod blockscout_records;
mod lookup_clients;
mod lookup_resolver;
mod reads_devnet;
mod rpc_failover;
mod rpc_source_devnet;
mod rpc_stub;
mod selector_health;
mod teloscan_contracts;
mod teloscan_limits;
mod teloscan_records;
mod tokenlist_devnet;
mod tokenlist_parse;
