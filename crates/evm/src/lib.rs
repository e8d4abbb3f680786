//! # tandem-evm
//!
//! EVM access for the wallet: contract reads, log decoding, the Blockscout and Teloscan
//! indexer clients, and the [`EvmSource`] interface with its implementations (Blockscout,
//! Teloscan, the built-in index in `tandem-indexer`, plain RPC reads).

pub mod approvals;
pub mod blockscout;
pub mod calls;
pub mod error;
pub mod http;
pub mod hyperion_evm;
pub mod lookup;
pub mod market;
pub mod observe;
pub mod reads;
pub mod rpc;
pub mod rpc_source;
pub mod selector;
pub mod signatures;
pub mod source;
pub mod teloscan;
pub mod tokenlist;
pub mod verified;

pub use error::EvmError;
pub use source::{EvmSource, SourceKind};
