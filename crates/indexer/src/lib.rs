//! # tandem-indexer
//!
//! The built-in indexer: follows any EVM JSON-RPC node from a configured start block
//! into a store (SQLite embedded, PostgreSQL later), decodes token, NFT and approval
//! events, derives balances, ownership and current approvals, and survives restarts
//! and reorgs.
//!
//! Nothing lives here yet: the indexer is built by the "EVM data" issue.
