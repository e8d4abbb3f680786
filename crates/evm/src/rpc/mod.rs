//! The JSON-RPC connection to an EVM node: URL validation, one HTTP client with
//! timeouts, and batching of many reads into few round trips ([`batch`]).
//!
//! Everything above this module (typed contract reads, [`RpcSource`](crate::rpc_source::RpcSource))
//! talks to the node through a [`RootProvider`] built here.

pub mod batch;
mod failover;
pub mod failure;
pub mod retry;

use std::time::Duration;

use alloy::providers::RootProvider;
use alloy::transports::TransportError;
use alloy::transports::http::reqwest;
use url::Url;

use crate::EvmError;
use crate::observe::ObservedTransport;

pub use batch::{BatchOutput, BatchRead, ReadFailure, ReadResult};
pub use retry::RetryConfig;

/// How the node is reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RpcConfig {
    /// Time allowed to open a connection.
    pub connect_timeout: Duration,
    /// Time allowed for one HTTP request (a whole batch), body included.
    pub request_timeout: Duration,
    /// Most calls in one JSON-RPC batch; larger read sets go out as several batches.
    /// Public nodes commonly cap batches at 100 entries.
    pub max_batch_size: usize,
    /// Retries of failed reads and a bound on requests in flight (see [`retry`]);
    /// `None` sends every request once.
    pub retry: Option<RetryConfig>,
}

impl Default for RpcConfig {
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(5),
            request_timeout: Duration::from_secs(20),
            max_batch_size: 100,
            retry: None,
        }
    }
}

/// Checks a configured JSON-RPC URL: absolute, `http` or `https`, with a host.
///
/// # Errors
/// [`EvmError::InvalidRpcUrl`] naming the problem (not the URL, which may hold a key).
pub fn parse_rpc_url(text: &str) -> Result<Url, EvmError> {
    let invalid = |reason: &str| EvmError::InvalidRpcUrl {
        reason: reason.to_owned(),
    };
    let url = Url::parse(text.trim()).map_err(|error| invalid(&error.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid("the scheme must be http or https"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(invalid("the URL has no host"));
    }
    Ok(url)
}

/// Builds a provider for the node at `url` (validated with [`parse_rpc_url`]).
///
/// # Errors
/// [`EvmError::InvalidRpcUrl`] for an unusable URL; [`EvmError::HttpSetup`] when the
/// HTTP client cannot be built.
pub fn connect(url: &str, config: &RpcConfig) -> Result<RootProvider, EvmError> {
    connect_with_fallbacks(url, &[], config)
}

/// Builds a provider for the node at `url` that asks the `fallbacks`, in order, when a
/// node gives no answer (`failover`: in order, a JSON-RPC error being an answer).
///
/// # Errors
/// As [`connect`], for any of the URLs.
pub fn connect_with_fallbacks(
    url: &str,
    fallbacks: &[String],
    config: &RpcConfig,
) -> Result<RootProvider, EvmError> {
    let url = parse_rpc_url(url)?;
    let http = reqwest::Client::builder()
        .connect_timeout(config.connect_timeout)
        .timeout(config.request_timeout)
        .user_agent(concat!("tandem/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(EvmError::HttpSetup)?;
    let is_local = url
        .host_str()
        .is_some_and(|host| matches!(host, "localhost" | "127.0.0.1" | "[::1]"));
    let node = |url| {
        ObservedTransport::new(alloy::transports::http::Http::with_client(
            http.clone(),
            url,
        ))
    };
    let client = if fallbacks.is_empty() {
        retry::client(node(url), is_local, config.retry)
    } else {
        let mut nodes = vec![node(url)];
        for fallback in fallbacks {
            nodes.push(node(parse_rpc_url(fallback)?));
        }
        retry::client(failover::Failover::new(nodes), is_local, config.retry)
    };
    Ok(RootProvider::new(client))
}

/// Maps a failed JSON-RPC request to [`EvmError::NodeError`] when the node answered
/// with an error object, else to [`EvmError::Rpc`].
pub(crate) fn rpc_error(method: &'static str, error: &TransportError) -> EvmError {
    match error.as_error_resp() {
        Some(payload) => EvmError::NodeError {
            method,
            code: payload.code,
            message: payload.message.to_string(),
            data: payload.as_revert_data(),
        },
        None => EvmError::Rpc {
            method,
            reason: describe(error),
        },
    }
}

/// One line describing a transport error without the request URL (which may hold a key).
pub(crate) fn describe(error: &TransportError) -> String {
    match error.as_error_resp() {
        Some(payload) => format!("node error {}: {}", payload.code, payload.message),
        None => strip_url(&error.to_string()),
    }
}

/// reqwest errors name the URL ("error sending request for url (…)"); keep what precedes it.
fn strip_url(message: &str) -> String {
    match message.find(" for url (") {
        Some(start) => {
            let rest = &message[start..];
            let tail = rest.find(')').map_or("", |end| &rest[end + 1..]);
            format!("{}{tail}", &message[..start])
        }
        None => message.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_http_and_https_urls() {
        for text in [
            "http://127.0.0.1:8545",
            "https://rpc.telos.net",
            " https://rpc.testnet.telos.net/evm ",
        ] {
            assert!(parse_rpc_url(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn rejects_malformed_urls_with_a_typed_error() {
        for text in [
            "",
            "rpc.telos.net",
            "ftp://rpc.telos.net",
            "ws://127.0.0.1:8545",
            "http://",
            "http//x",
        ] {
            match parse_rpc_url(text) {
                Err(EvmError::InvalidRpcUrl { .. }) => {}
                other => panic!("{text:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn connect_rejects_a_bad_url_before_any_request() {
        let error = connect("not a url", &RpcConfig::default()).expect_err("rejected");
        assert!(matches!(error, EvmError::InvalidRpcUrl { .. }), "{error:?}");
    }

    #[test]
    fn error_text_drops_the_url() {
        let message = "error sending request for url (https://node/key123): connection refused";
        assert_eq!(
            strip_url(message),
            "error sending request: connection refused"
        );
        assert_eq!(strip_url("timed out"), "timed out");
    }
}
