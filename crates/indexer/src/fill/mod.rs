//! On-demand fill of an account the index does not cover: an index started at a recent
//! block (or at the head) knows every account's activity since, but nothing before. When
//! such an account is asked for, its earlier activity is found from the node's logs
//! filtered by the account ([`filters`]), and its state is read back from the chain
//! ([`plan`]), so its balances, NFTs and approvals are complete on its first visit.

pub mod filters;
pub mod plan;

pub use plan::ReadPlan;
