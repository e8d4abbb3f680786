//! The one error type of the EVM crate. Causes are kept as `source()`; the messages
//! still say what happened in a line, because the API shows them to its clients.

use crate::http::{Upstream, describe};
use crate::source::SourceKind;

/// The cause of a failure, kept for `source()`: the underlying error, or a rule's own
/// reason (a `&str` or `String` turned into an error) where there is none.
pub type Cause = Box<dyn std::error::Error + Send + Sync>;

/// Everything reading EVM data can fail with.
#[derive(Debug, thiserror::Error)]
pub enum EvmError {
    /// The source cannot answer this kind of question at all (plain RPC has no
    /// history); the caller should ask another source.
    #[error(
        "{capability} cannot be read right now: only {reader} answers for this network; try again once its indexer is back",
        reader = kind.reader_name()
    )]
    Unsupported {
        /// Which source was asked.
        kind: SourceKind,
        /// What was asked.
        capability: &'static str,
    },
    /// A domain rule rejected a value (bad address, unknown network, …).
    #[error(transparent)]
    Domain(#[from] tandem_domain::DomainError),
    /// The HTTP client could not be built (TLS backend).
    #[error("cannot set up the HTTP client: {0}")]
    HttpSetup(#[source] reqwest::Error),
    /// A configured upstream URL is unusable. The URL itself is not repeated, since it
    /// may carry a key.
    #[error("invalid {upstream} URL: {source}")]
    InvalidUpstreamUrl {
        /// Which upstream.
        upstream: Upstream,
        /// What is wrong with it.
        #[source]
        source: Cause,
    },
    /// No answer: connection refused, timed out, or cut off.
    #[error("{upstream} request to {path} failed: {}", describe(.source))]
    Transport {
        /// Which upstream.
        upstream: Upstream,
        /// URL path asked for (no host, no query).
        path: String,
        /// What the HTTP client said, without the URL (it may carry a key).
        #[source]
        source: reqwest::Error,
    },
    /// An answer with an unexpected HTTP status.
    #[error("{upstream} answered {status} for {path}")]
    Status {
        /// Which upstream.
        upstream: Upstream,
        /// URL path asked for.
        path: String,
        /// HTTP status code.
        status: u16,
    },
    /// An answer whose body is not the JSON expected.
    #[error("{upstream} answer for {path} is unreadable: {source}")]
    Decode {
        /// Which upstream.
        upstream: Upstream,
        /// URL path asked for.
        path: String,
        /// What did not parse.
        #[source]
        source: Cause,
    },
    /// The upstream answered but reported failure (`success: false`).
    #[error("{upstream} reported failure for {path}")]
    UpstreamFailure {
        /// Which upstream.
        upstream: Upstream,
        /// URL path asked for.
        path: String,
    },
    /// A configured JSON-RPC URL is unusable (not http(s), no host). The URL itself is
    /// not repeated, since it may carry a key.
    #[error("invalid JSON-RPC URL: {reason}")]
    InvalidRpcUrl {
        /// What is wrong with it.
        reason: String,
    },
    /// The node gave no usable answer to a JSON-RPC request: connection refused, timed
    /// out, or a malformed result.
    #[error("JSON-RPC {method} failed: {reason}")]
    Rpc {
        /// The JSON-RPC method (or `batch`).
        method: &'static str,
        /// What happened. Only a description is kept: the transport's own error names
        /// the node's URL, which may carry an API key.
        reason: String,
    },
    /// The node answered a JSON-RPC request with an error object: for
    /// `eth_estimateGas`, the node's reason why the transaction would fail, with the
    /// revert data when there is some.
    #[error("JSON-RPC {method} failed: node error {code}: {message}")]
    NodeError {
        /// The JSON-RPC method.
        method: &'static str,
        /// The error object's code.
        code: i64,
        /// The error object's message.
        message: String,
        /// Revert data the node sent along.
        data: Option<alloy_primitives::Bytes>,
    },
    /// A contract call reverted or returned data that does not match its ABI.
    #[error("{function} on {contract} failed: {reason}")]
    ContractCall {
        /// The contract called.
        contract: alloy_primitives::Address,
        /// The Solidity signature called.
        function: &'static str,
        /// Revert message or decoding problem.
        reason: String,
    },
}

impl EvmError {
    /// Whether asking again later may succeed: no answer at all (refused, timed out,
    /// cut off), an overloaded or failing upstream (HTTP 429 or 5xx), or one that
    /// reported failure. A refusal, an unreadable answer or a bad setting stays what it
    /// is, however often it is asked.
    #[must_use]
    pub fn retryable(&self) -> bool {
        match self {
            Self::Transport { .. } | Self::Rpc { .. } | Self::UpstreamFailure { .. } => true,
            Self::Status { status, .. } => *status == 429 || *status >= 500,
            Self::Unsupported { .. }
            | Self::Domain(_)
            | Self::HttpSetup(_)
            | Self::InvalidUpstreamUrl { .. }
            | Self::Decode { .. }
            | Self::InvalidRpcUrl { .. }
            | Self::NodeError { .. }
            | Self::ContractCall { .. } => false,
        }
    }

    /// The stable key of the error, for the API and the web app. Domain errors keep
    /// their own keys (`antelope.contracts.contract_data_required`,
    /// `antelope.contracts.error_invalid_nft_contract_type`, …); the crate's own use
    /// `evm.*`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::Unsupported { .. } => "evm.unsupported",
            Self::Domain(error) => error.code(),
            Self::HttpSetup(_) => "evm.http_setup",
            Self::InvalidUpstreamUrl { .. } => "evm.invalid_upstream_url",
            Self::Transport { .. } => "evm.upstream_unavailable",
            Self::Status { .. } => "evm.upstream_status",
            Self::Decode { .. } => "evm.upstream_unreadable",
            Self::UpstreamFailure { .. } => "evm.upstream_failure",
            Self::InvalidRpcUrl { .. } => "evm.invalid_rpc_url",
            Self::Rpc { .. } | Self::NodeError { .. } => "evm.rpc_unavailable",
            Self::ContractCall { .. } => "evm.contract_call_failed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_failures_that_may_pass_are_retryable() {
        let status = |status| EvmError::Status {
            upstream: Upstream::Indexer,
            path: "/v1/health".to_owned(),
            status,
        };
        assert!(status(503).retryable() && status(429).retryable());
        assert!(!status(404).retryable());
        let rpc = EvmError::Rpc {
            method: "eth_call",
            reason: "connection refused".to_owned(),
        };
        assert!(rpc.retryable());
        let decode = EvmError::Decode {
            upstream: Upstream::TokenList,
            path: String::new(),
            source: "no tokens".into(),
        };
        assert!(!decode.retryable());
        assert_eq!(decode.code(), "evm.upstream_unreadable");
        assert_eq!(
            std::error::Error::source(&decode).map(ToString::to_string),
            Some("no tokens".to_owned())
        );
        let refused = EvmError::NodeError {
            method: "eth_estimateGas",
            code: 3,
            message: "execution reverted".to_owned(),
            data: None,
        };
        assert!(!refused.retryable());
        assert_eq!(refused.code(), "evm.rpc_unavailable");
        assert_eq!(
            refused.to_string(),
            "JSON-RPC eth_estimateGas failed: node error 3: execution reverted"
        );
    }
}
