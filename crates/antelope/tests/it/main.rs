//! The native crate's integration tests: one binary with a module per area. Clients are
//! read against recorded responses (`tests/fixtures`), and against the native devnet —
//! a real Leap chain started by crates/testkit.

mod common;

mod devnet_reads;
mod devnet_transactions;
mod recorded_responses;
