//! The one error type of the indexer crate.

use std::error::Error;

use alloy::transports::TransportError;

use crate::store::StoreError;

/// Everything indexing can fail with. Network and store failures are kept apart so the
/// follower can retry the first and stop on the second; [`IndexerError::retryable`]
/// says which is which.
#[derive(Debug, thiserror::Error)]
pub enum IndexerError {
    /// A JSON-RPC request the indexer sent itself (blocks, receipts, logs, headers,
    /// transaction counts) failed after the transport's retries.
    #[error("JSON-RPC {method} failed")]
    Rpc {
        /// The method, or the first of a batch.
        method: &'static str,
        /// What the transport or the node said.
        #[source]
        source: TransportError,
    },
    /// A typed chain read through `tandem_evm` (balances, allowances, contract probes,
    /// token URIs) failed.
    #[error("chain read of {what} failed")]
    Read {
        /// What was read.
        what: &'static str,
        /// Why.
        #[source]
        source: tandem_evm::EvmError,
    },
    /// The node answered a batch of state reads but refused one of them: a balance it
    /// will not tell is an outage, not a zero.
    #[error("the node did not read {what}")]
    ReadRefused {
        /// What was read.
        what: String,
        /// What the node said.
        #[source]
        source: tandem_evm::rpc::ReadFailure,
    },
    /// The node answered, but the answer contradicts itself (a block whose parent hash
    /// does not chain within one fetch, a missing block); the follower refetches.
    #[error("inconsistent chain data: {0}")]
    Inconsistent(String),
    /// The store failed (disk, SQL, connection, schema, writer lock), with the
    /// database's own error as the cause; [`StoreError::is_fatal`] tells whether
    /// retrying can help.
    #[error(transparent)]
    Storage(#[from] StoreError),
    /// A blocking store task or an enrichment task died (panicked or was cancelled).
    #[error("an indexer task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
    /// The store holds a different chain than the one configured (chain id or start block).
    #[error("the store was built for {stored}, but the indexer is configured for {configured}")]
    StoreMismatch {
        /// What the store says.
        stored: String,
        /// What the configuration says.
        configured: String,
    },
    /// The chain forked deeper than the store keeps undo information for.
    #[error("reorg deeper than the kept undo window: fork below block {0}")]
    ReorgTooDeep(u64),
    /// Invalid configuration.
    #[error("configuration: {setting}")]
    Config {
        /// The setting and what is wrong with it.
        setting: String,
        /// The parse or setup error behind it, when there is one.
        #[source]
        source: Option<Box<dyn Error + Send + Sync>>,
    },
    /// A deliberate crash point fired (used by the crash-recovery tests).
    #[error("crash point {0} reached")]
    CrashPoint(String),
}

impl IndexerError {
    /// A configuration error with no underlying cause.
    pub(crate) fn config(setting: impl Into<String>) -> Self {
        Self::Config {
            setting: setting.into(),
            source: None,
        }
    }

    /// A configuration error caused by `source`.
    pub(crate) fn config_caused(
        setting: impl Into<String>,
        source: impl Error + Send + Sync + 'static,
    ) -> Self {
        Self::Config {
            setting: setting.into(),
            source: Some(Box::new(source)),
        }
    }

    /// A failed JSON-RPC request.
    pub(crate) fn rpc(method: &'static str) -> impl Fn(TransportError) -> Self + Copy {
        move |source| Self::Rpc { method, source }
    }

    /// A failed typed read.
    pub(crate) fn read(what: &'static str) -> impl Fn(tandem_evm::EvmError) -> Self + Copy {
        move |source| Self::Read { what, source }
    }

    /// Whether trying the same work again later can succeed: yes for the node (it
    /// comes back, its backends catch up, its rate limit resets) and for the store
    /// (a busy database, a full disk freed); no for a configuration, a store of
    /// another chain, a fork below the undo window, or a test's crash point, which
    /// need someone to act, nor a fatal store failure (a newer schema, a lost writer lock).
    #[must_use]
    pub fn retryable(&self) -> bool {
        match self {
            Self::Rpc { .. }
            | Self::Read { .. }
            | Self::ReadRefused { .. }
            | Self::Inconsistent(_)
            | Self::Task(_) => true,
            Self::Storage(error) => !error.is_fatal(),
            Self::StoreMismatch { .. }
            | Self::ReorgTooDeep(_)
            | Self::Config { .. }
            | Self::CrashPoint(_) => false,
        }
    }

    /// The error and its causes on one line ("a: b: c"), for logs and the status page.
    #[must_use]
    pub fn with_causes(&self) -> String {
        let mut line = self.to_string();
        let mut cause = self.source();
        while let Some(error) = cause {
            // Some errors show their cause in their own text already.
            let text = error.to_string();
            if !line.ends_with(&text) {
                line.push_str(": ");
                line.push_str(&text);
            }
            cause = error.source();
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use alloy::transports::TransportErrorKind;

    use super::*;

    #[test]
    fn node_trouble_is_retried_and_configuration_is_not() {
        let outage =
            IndexerError::rpc("eth_getLogs")(TransportErrorKind::http_error(503, String::new()));
        assert!(outage.retryable());
        assert!(IndexerError::Inconsistent("gap".into()).retryable());
        assert!(!IndexerError::config("batch sizes must be at least 1").retryable());
        assert!(!IndexerError::ReorgTooDeep(7).retryable());
    }

    #[test]
    fn the_cause_is_kept_and_shown() {
        let error = IndexerError::rpc("eth_getLogs")(TransportErrorKind::http_error(
            429,
            "slow down".into(),
        ));
        assert!(error.source().is_some());
        assert_eq!(
            error.with_causes(),
            "JSON-RPC eth_getLogs failed: HTTP error 429 with body: slow down"
        );
    }
}
