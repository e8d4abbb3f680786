//! The one error type of the EVM crate.

use crate::source::SourceKind;

/// Everything reading EVM data can fail with.
#[derive(Debug, thiserror::Error)]
pub enum EvmError {
    /// The source cannot answer this kind of question at all (plain RPC has no
    /// history); the caller should ask another source.
    #[error("the {kind:?} source cannot answer {capability}")]
    Unsupported {
        /// Which source was asked.
        kind: SourceKind,
        /// What was asked.
        capability: &'static str,
    },
    /// A domain rule rejected a value (bad address, unknown network, …).
    #[error(transparent)]
    Domain(#[from] tandem_domain::DomainError),
}
