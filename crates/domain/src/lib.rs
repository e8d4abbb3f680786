//! # tandem-domain
//!
//! The wallet's rules as pure Rust: no IO, no async. The server, the indexer and the
//! native client all lean on the same types and checks, so they live here once.

pub mod error;
pub mod network;

pub use error::DomainError;
