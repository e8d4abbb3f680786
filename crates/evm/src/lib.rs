//! # tandem-evm
//!
//! EVM access for the wallet: contract reads, log decoding, the Teloscan indexer
//! client, and the `EvmSource` interface with its three implementations (Teloscan
//! indexer, the built-in index, plain RPC reads).
//!
//! Nothing lives here yet: the EVM data layer is built by the "EVM data" issue.
