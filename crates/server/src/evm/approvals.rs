//! Approvals (spec §3 allowance rows): what an account granted, with the facts its rows
//! show.

pub mod rows;

pub use rows::{ApprovalFacts, SpenderFacts};
