//! Shared HTTP plumbing for every third-party JSON service the EVM layer reads: one
//! `reqwest` client, per-upstream concurrency limits, timeouts, and errors that name the
//! upstream and the URL path but never the full URL (a configured base URL may carry an
//! API key).

mod limiter;
pub mod retry;
pub mod tolerant;

use std::fmt;
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use url::Url;

pub use limiter::RequestLimiter;
pub use retry::HttpRetry;

use tandem_domain::upstream::CallOutcome;

use crate::EvmError;
use crate::error::Cause;
use crate::observe;

/// Which kind of service a request goes to, for errors, logs and limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Upstream {
    /// The Teloscan indexer v1 API.
    Indexer,
    /// A Blockscout explorer's v2 REST API.
    Blockscout,
    /// The Hyperion history service (its `/v2/evm` routes).
    HistoryService,
    /// A published token list.
    TokenList,
    /// The verified-contracts bucket.
    VerifiedContracts,
    /// A CoinGecko-style price aggregator.
    PriceAggregator,
    /// The Telos product API (staking APY).
    ProductApi,
}

impl fmt::Display for Upstream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Indexer => "indexer",
            Self::Blockscout => "Blockscout",
            Self::HistoryService => "history service",
            Self::TokenList => "token list",
            Self::VerifiedContracts => "verified contracts bucket",
            Self::PriceAggregator => "price aggregator",
            Self::ProductApi => "product API",
        })
    }
}

impl Upstream {
    /// The service label of this upstream's calls in the metrics.
    #[must_use]
    pub fn metric_label(self) -> &'static str {
        match self {
            Self::Indexer => "teloscan",
            Self::Blockscout => "blockscout",
            Self::HistoryService => "hyperion_evm",
            Self::TokenList => "token_list",
            Self::VerifiedContracts => "verified_contracts",
            Self::PriceAggregator => "price_aggregator",
            Self::ProductApi => "product_api",
        }
    }
}

/// Timeouts and identification for outbound requests.
#[derive(Debug, Clone)]
pub struct HttpConfig {
    /// Time allowed to open a connection.
    pub connect_timeout: Duration,
    /// Time allowed for a whole request, body included.
    pub request_timeout: Duration,
    /// `User-Agent` header.
    pub user_agent: String,
}

impl Default for HttpConfig {
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(5),
            request_timeout: Duration::from_secs(20),
            user_agent: concat!("tandem/", env!("CARGO_PKG_VERSION")).to_owned(),
        }
    }
}

impl HttpConfig {
    /// A `reqwest` client with these settings, to share between [`HttpClient`]s.
    ///
    /// # Errors
    /// [`EvmError::HttpSetup`] when the TLS backend cannot be initialised.
    pub fn build_client(&self) -> Result<reqwest::Client, EvmError> {
        reqwest::Client::builder()
            .connect_timeout(self.connect_timeout)
            .timeout(self.request_timeout)
            .user_agent(self.user_agent.clone())
            .build()
            .map_err(|error| EvmError::HttpSetup(error.without_url()))
    }
}

/// A status and body, read while holding the limiter's permit.
#[derive(Debug, Clone)]
pub struct HttpAnswer {
    /// HTTP status code.
    pub status: u16,
    /// The body.
    pub body: Vec<u8>,
    /// The path asked for, for error messages.
    pub path: String,
}

/// A client for one upstream at one base URL.
#[derive(Debug, Clone)]
pub struct HttpClient {
    client: reqwest::Client,
    base: Url,
    upstream: Upstream,
    limiter: Option<RequestLimiter>,
    retry: HttpRetry,
}

impl HttpClient {
    /// A client for `upstream` at `base` (paths are appended to it), sharing `client`.
    /// With a limiter, every request waits for a slot in it.
    ///
    /// # Errors
    /// [`EvmError::InvalidUpstreamUrl`] unless `base` is an absolute http(s) URL.
    pub fn new(
        client: reqwest::Client,
        upstream: Upstream,
        base: &str,
        limiter: Option<RequestLimiter>,
    ) -> Result<Self, EvmError> {
        let invalid = |source: Cause| EvmError::InvalidUpstreamUrl { upstream, source };
        let base = Url::parse(base).map_err(|error| invalid(error.into()))?;
        if !matches!(base.scheme(), "http" | "https") {
            return Err(invalid("the scheme must be http or https".into()));
        }
        Ok(Self {
            client,
            base,
            upstream,
            limiter,
            retry: HttpRetry::NONE,
        })
    }

    /// The same client, asking again as `retry` says when an answer is worth it.
    #[must_use]
    pub fn with_retry(mut self, retry: HttpRetry) -> Self {
        self.retry = retry;
        self
    }

    /// Which upstream this client talks to.
    #[must_use]
    pub fn upstream(&self) -> Upstream {
        self.upstream
    }

    /// The URL of `path` (relative to the base) with `query` appended.
    fn url(&self, path: &str, query: &[(&str, String)]) -> Url {
        let mut url = self.base.clone();
        if !path.is_empty() {
            let joined = format!(
                "{}/{}",
                self.base.path().trim_end_matches('/'),
                path.trim_start_matches('/')
            );
            url.set_path(&joined);
        }
        if !query.is_empty() {
            let mut pairs = url.query_pairs_mut();
            for (key, value) in query {
                pairs.append_pair(key, value);
            }
        }
        url
    }

    /// GETs `path` and returns whatever status came back, after the retries the
    /// client's [`HttpRetry`] allows.
    ///
    /// # Errors
    /// [`EvmError::Transport`] when no answer arrived (refused, timed out, cut off).
    pub async fn get(&self, path: &str, query: &[(&str, String)]) -> Result<HttpAnswer, EvmError> {
        let url = self.url(path, query);
        let shown_path = url.path().to_owned();
        let transport = |error: reqwest::Error| EvmError::Transport {
            upstream: self.upstream,
            path: shown_path.clone(),
            source: error.without_url(),
        };
        let _permit = match &self.limiter {
            Some(limiter) => limiter.acquire().await,
            None => None,
        };
        let mut retry = 0;
        loop {
            let started = Instant::now();
            let answer = async {
                let response = self.client.get(url.clone()).send().await?;
                let status = response.status().as_u16();
                let hint = retry::hint(response.headers());
                let body = response.bytes().await?.to_vec();
                Ok((status, hint, body))
            }
            .await;
            let outcome = match &answer {
                Ok((status, _, _)) => CallOutcome::of_status(*status),
                Err(error) => observe::outcome_of_reqwest(error),
            };
            observe::record(self.upstream.metric_label(), outcome, started.elapsed());
            let (again, hint) = match &answer {
                Ok((status, hint, _)) => (HttpRetry::retries_status(*status), *hint),
                Err(error) => (HttpRetry::retries_transport(error), None),
            };
            if again && retry < self.retry.max_retries {
                retry += 1;
                tokio::time::sleep(self.retry.pause(retry, hint)).await;
                continue;
            }
            let (status, _, body) = answer.map_err(transport)?;
            return Ok(HttpAnswer {
                status,
                body,
                path: shown_path,
            });
        }
    }

    /// GETs `path` and requires a 2xx answer.
    ///
    /// # Errors
    /// [`EvmError::Transport`], or [`EvmError::Status`] for any other status.
    pub async fn get_ok(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<HttpAnswer, EvmError> {
        let answer = self.get(path, query).await?;
        self.require_success(answer)
    }

    /// GETs `path`; `None` when the status is one of `absent` (e.g. 404: "no such
    /// thing"), the answer when 2xx.
    ///
    /// # Errors
    /// [`EvmError::Transport`], or [`EvmError::Status`] for any other status.
    pub async fn get_unless(
        &self,
        path: &str,
        query: &[(&str, String)],
        absent: &[u16],
    ) -> Result<Option<HttpAnswer>, EvmError> {
        let answer = self.get(path, query).await?;
        if absent.contains(&answer.status) {
            return Ok(None);
        }
        self.require_success(answer).map(Some)
    }

    fn require_success(&self, answer: HttpAnswer) -> Result<HttpAnswer, EvmError> {
        if (200..300).contains(&answer.status) {
            Ok(answer)
        } else {
            Err(EvmError::Status {
                upstream: self.upstream,
                path: answer.path,
                status: answer.status,
            })
        }
    }

    /// GETs `path`, requires 2xx, and decodes the JSON body.
    ///
    /// # Errors
    /// As [`Self::get_ok`], or [`EvmError::Decode`] when the body is not the expected JSON.
    pub async fn get_json<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<T, EvmError> {
        let answer = self.get_ok(path, query).await?;
        self.decode(&answer)
    }

    /// Decodes an answer's JSON body.
    ///
    /// # Errors
    /// [`EvmError::Decode`] naming the upstream and path.
    pub fn decode<T: DeserializeOwned>(&self, answer: &HttpAnswer) -> Result<T, EvmError> {
        serde_json::from_slice(&answer.body).map_err(|error| EvmError::Decode {
            upstream: self.upstream,
            path: answer.path.clone(),
            source: error.into(),
        })
    }
}

/// What went wrong, without the URL.
pub(crate) fn describe(error: &reqwest::Error) -> String {
    let kind = if error.is_timeout() {
        "timed out"
    } else if error.is_connect() {
        "connection failed"
    } else if error.is_body() || error.is_decode() {
        "answer cut off"
    } else {
        "request failed"
    };
    // reqwest's own text includes the URL; only its innermost cause is kept.
    let mut innermost = None;
    let mut cause = std::error::Error::source(error);
    while let Some(next) = cause {
        innermost = Some(next);
        cause = next.source();
    }
    match innermost {
        Some(cause) => format!("{kind}: {cause}"),
        None => kind.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(base: &str) -> HttpClient {
        HttpClient::new(reqwest::Client::new(), Upstream::Indexer, base, None).unwrap()
    }

    #[test]
    fn paths_join_onto_the_base_path() {
        let c = client("https://api.example/base/");
        let url = c.url("/v1/health", &[("a", "1 2".to_owned())]);
        assert_eq!(url.as_str(), "https://api.example/base/v1/health?a=1+2");
        let bare = client("https://api.example");
        assert_eq!(bare.url("v1/x", &[]).as_str(), "https://api.example/v1/x");
        assert_eq!(bare.url("", &[]).as_str(), "https://api.example/");
    }

    #[test]
    fn only_http_bases_are_accepted() {
        let error = HttpClient::new(reqwest::Client::new(), Upstream::Indexer, "ftp://x", None)
            .unwrap_err();
        assert_eq!(error.code(), "evm.invalid_upstream_url");
        assert!(
            HttpClient::new(reqwest::Client::new(), Upstream::Indexer, "not a url", None).is_err()
        );
    }

    #[tokio::test]
    async fn a_refused_connection_names_upstream_and_path_only() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        drop(listener);
        let c = client(&format!("http://127.0.0.1:{port}/?apikey=secret"));
        let error = c.get("v1/health", &[]).await.unwrap_err();
        let text = error.to_string();
        assert!(text.contains("indexer"), "{text}");
        assert!(text.contains("/v1/health"), "{text}");
        assert!(
            !text.contains("secret") && !text.contains("127.0.0.1"),
            "{text}"
        );
        assert_eq!(error.code(), "evm.upstream_unavailable");
    }
}
