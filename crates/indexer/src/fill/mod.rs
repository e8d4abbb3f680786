//! On-demand fill of an account the index does not cover: an index started at a recent
//! block (or at the head) knows every account's activity since, but nothing before. When
//! such an account is asked for, its earlier activity is found from the node's logs
//! filtered by the account ([`filters`]), its state is read back from the chain
//! ([`plan`]), and both are written beside the index ([`engine`]), so its balances, NFTs
//! and approvals are complete from its first visit on.
//!
//! With a third-party indexer (Blockscout), its list of the account's transactions and
//! transfers names the blocks to read instead of the search (`listed`): every item is
//! confirmed against the chain, and the search runs anyway when the indexer is down,
//! incomplete or wrong. Which way a fill went is stored with it ([`FillMethod`](crate::FillMethod)).
//!
//! What logs cannot show — a plain native transfer, a failed call, a creation, a call
//! that emits no token event — is found from the account's state at past blocks
//! ([`search`]): its nonce names the blocks of every transaction it sent, its TLOS
//! balance the blocks of every transfer it received. A node that keeps no state that old
//! cannot answer that search: the fill then says which kinds may be missing below which
//! block ([`FillKinds`](crate::FillKinds)), and the account's history there is what its
//! own fill found, whoever else is filled later.

pub mod engine;
pub mod filters;
mod listed;
pub mod plan;
mod progress;
mod search;

pub use engine::{AccountCoverage, FillCounts, FillProgress, Filler};
pub use plan::ReadPlan;
