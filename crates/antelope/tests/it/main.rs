//! The native crate's integration tests: one binary with a module per area. Clients are
//! read against recorded responses (`tests/fixtures`), and against the native devnet —
//! a real Leap chain started by crates/testkit.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "test helpers fail the test loudly on a broken fixture or devnet"
)]

mod common;

mod devnet_reads;
mod devnet_transactions;
mod history_throttle;
mod recorded_responses;
