//! The one error type of the domain crate. Every variant carries a stable key
//! (`code()`), reusing the product spec's keys where it has one, so the API and the
//! web app can match on it.

/// Everything a domain rule can reject.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    /// A network name that is not one of the networks Tandem knows.
    #[error("unknown network '{0}'")]
    InvalidNetwork(String),
}

impl DomainError {
    /// The stable key of this error, as the HTTP API reports it in `code`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::InvalidNetwork(_) => "antelope.chain.error_invalid_network",
        }
    }
}
