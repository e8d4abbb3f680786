//! # tandem-antelope
//!
//! Native (Antelope) chain access for the server, the tests and the devnet wallet:
//!
//! | module | what |
//! |---|---|
//! | [`chain`] | the chain API client (`/v1/chain/*`) and its answer types |
//! | [`history`] | the Hyperion v2 client (`v2/history/*`, `v2/state/*`) |
//! | [`sponsor`] | the fee-sponsor client and the verified co-signing flow |
//! | [`transaction`] | headers with TAPOS, packing, JSON form, signing digest, id |
//! | [`abi`] | action data packed with a contract's ABI |
//! | [`keys`] | public keys, signatures, private keys; signing behind feature `signing` |
//!
//! Rules that are not IO (names, assets, REX value, total resources, the sponsor check)
//! live in `tandem-domain` and are used from there. Chain JSON is read leniently: large
//! integers as numbers or strings, `null` or missing optional parts, `-1` for unlimited.
//! History token amounts are floats and are never read; exact balances come from
//! `get_currency_balance`. Every failure is one [`AntelopeError`] with a stable `code()`;
//! the chain's own error body is kept as a [`ChainError`] with a clear message.

pub mod abi;
pub mod chain;
pub mod codec;
mod error;
pub mod history;
pub mod http;
pub mod keys;
mod lenient;
pub mod sponsor;
pub mod time;
pub mod transaction;

pub use chain::ChainClient;
pub use error::{AntelopeError, Cause, ChainError, ChainErrorDetail, ChainErrorLine};
pub use history::HistoryClient;
pub use sponsor::{SponsorClient, SponsorOutcome};
pub use transaction::{HeaderOptions, Tapos, Transaction};
