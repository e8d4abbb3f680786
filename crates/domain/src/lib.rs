//! # tandem-domain
//!
//! The wallet's rules as pure Rust: no IO, no async. The server, the indexer and the
//! native client all lean on the same types and checks, so they live here once.

pub mod allowance;
pub mod amount;
pub mod antelope;
pub mod balance;
pub mod error;
pub mod history;
pub mod network;
pub mod nft;
pub mod price;
pub mod sponsor;
pub mod time;
pub mod token;
pub mod validate;

pub use error::DomainError;
