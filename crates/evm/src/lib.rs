//! # tandem-evm
//!
//! EVM access for the wallet: contract reads, log decoding, the Teloscan indexer
//! client, and the [`EvmSource`] interface with its three implementations (Teloscan
//! indexer, the built-in index in `tandem-indexer`, plain RPC reads).

pub mod calls;
pub mod error;
pub mod http;
pub mod hyperion_evm;
pub mod lookup;
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
