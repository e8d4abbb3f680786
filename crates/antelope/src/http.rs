//! The HTTP plumbing the three clients share: one base URL, JSON in and out, the chain's
//! error body recognised on any failure status.

use std::time::{Duration, Instant};

use serde::Serialize;
use serde::de::DeserializeOwned;
use tandem_domain::upstream::{CALLS_METRIC, CallOutcome, SECONDS_METRIC};

use crate::error::{AntelopeError, ChainError};

/// How long one call may take before it counts as unreachable.
const TIMEOUT: Duration = Duration::from_secs(20);
/// How much of an unexpected body an error keeps.
const BODY_EXCERPT: usize = 300;

/// A service at one base URL (`https://mainnet.telos.net`, `http://127.0.0.1:8888/fuel`).
#[derive(Debug, Clone)]
pub struct Service {
    /// What the metrics call this service (`tandem_upstream_requests_total{service}`).
    label: &'static str,
    base: String,
    client: reqwest::Client,
    /// A tighter limit than the client's for each call, when a person waits on it.
    timeout: Option<Duration>,
}

/// A raw answer: status and body, for callers that interpret codes themselves (the sponsor).
#[derive(Debug, Clone)]
pub struct RawAnswer {
    /// The HTTP status.
    pub status: u16,
    /// The body as text.
    pub body: String,
}

impl Service {
    /// A service at `base` (trailing slashes are dropped) using `client`, whose calls the
    /// metrics count as `label`.
    ///
    /// # Errors
    /// [`AntelopeError::InvalidUrl`] unless `base` starts with `http://` or `https://`.
    pub fn new(
        label: &'static str,
        base: &str,
        client: reqwest::Client,
    ) -> Result<Self, AntelopeError> {
        let base = base.trim_end_matches('/');
        let has_host = |rest: &str| !rest.is_empty() && !rest.starts_with('/');
        let valid = base
            .strip_prefix("https://")
            .or_else(|| base.strip_prefix("http://"))
            .is_some_and(has_host);
        if !valid {
            return Err(AntelopeError::InvalidUrl(base.to_owned()));
        }
        Ok(Self {
            label,
            base: base.to_owned(),
            client,
            timeout: None,
        })
    }

    /// The same service with every call limited to `timeout`.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// A shared HTTP client with the crate's timeout.
    #[must_use]
    pub fn default_client() -> reqwest::Client {
        reqwest::Client::builder()
            .timeout(TIMEOUT)
            .build()
            .unwrap_or_default()
    }

    /// The base URL.
    #[must_use]
    pub fn base(&self) -> &str {
        &self.base
    }

    fn url(&self, path: &str) -> String {
        if path.is_empty() {
            self.base.clone()
        } else {
            format!("{}/{}", self.base, path.trim_start_matches('/'))
        }
    }

    /// `POST {base}/{path}` with a JSON body, returning status and text.
    ///
    /// # Errors
    /// [`AntelopeError::Unreachable`].
    pub async fn post_raw<B: Serialize + ?Sized>(
        &self,
        path: &str,
        body: &B,
    ) -> Result<RawAnswer, AntelopeError> {
        let url = self.url(path);
        let request = self.client.post(&url).json(body);
        self.send(url, request).await
    }

    /// `GET {base}/{path}?query`, returning status and text.
    ///
    /// # Errors
    /// [`AntelopeError::Unreachable`], or [`AntelopeError::InvalidUrl`] for a URL that
    /// does not parse.
    pub async fn get_raw(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<RawAnswer, AntelopeError> {
        let base = self.url(path);
        let url = reqwest::Url::parse_with_params(&base, query)
            .map_err(|_| AntelopeError::InvalidUrl(base.clone()))?;
        let request = self.client.get(url);
        self.send(base, request).await
    }

    async fn send(
        &self,
        url: String,
        request: reqwest::RequestBuilder,
    ) -> Result<RawAnswer, AntelopeError> {
        let started = Instant::now();
        let request = match self.timeout {
            Some(timeout) => request.timeout(timeout),
            None => request,
        };
        let answer: Result<RawAnswer, reqwest::Error> = async {
            let response = request.send().await?;
            let status = response.status().as_u16();
            Ok(RawAnswer {
                status,
                body: response.text().await?,
            })
        }
        .await;
        let outcome = match &answer {
            Ok(answer) => CallOutcome::of_status(answer.status),
            Err(error) if error.is_timeout() => CallOutcome::Timeout,
            Err(_) => CallOutcome::Error,
        };
        metrics::counter!(CALLS_METRIC, "service" => self.label, "outcome" => outcome.label())
            .increment(1);
        metrics::histogram!(SECONDS_METRIC, "service" => self.label)
            .record(started.elapsed().as_secs_f64());
        answer.map_err(|error| AntelopeError::Unreachable {
            url,
            source: error.without_url(),
        })
    }

    /// `POST` a JSON body and read a JSON answer; failures become [`AntelopeError`]s.
    ///
    /// # Errors
    /// [`AntelopeError::Unreachable`], [`AntelopeError::Chain`], [`AntelopeError::Status`]
    /// or [`AntelopeError::InvalidResponse`].
    pub async fn post<B: Serialize + ?Sized, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
    ) -> Result<T, AntelopeError> {
        let answer = self.post_raw(path, body).await?;
        decode(&self.url(path), &answer)
    }

    /// `GET` with query parameters and read a JSON answer.
    ///
    /// # Errors
    /// As [`Service::post`].
    pub async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<T, AntelopeError> {
        let answer = self.get_raw(path, query).await?;
        decode(&self.url(path), &answer)
    }
}

/// A success answer parsed as `T`, or the failure it describes.
///
/// # Errors
/// [`AntelopeError::Chain`] for the chain's error body, [`AntelopeError::Status`] for
/// another failure status, [`AntelopeError::InvalidResponse`] for a body that is not `T`.
pub fn decode<T: DeserializeOwned>(url: &str, answer: &RawAnswer) -> Result<T, AntelopeError> {
    if !(200..300).contains(&answer.status) {
        if let Ok(mut error) = serde_json::from_str::<ChainError>(&answer.body) {
            error.code = answer.status;
            return Err(AntelopeError::Chain(error));
        }
        return Err(AntelopeError::Status {
            url: url.to_owned(),
            status: answer.status,
            body: excerpt(&answer.body),
        });
    }
    serde_json::from_str(&answer.body).map_err(|error| AntelopeError::InvalidResponse {
        url: url.to_owned(),
        source: error.into(),
    })
}

/// The first characters of a body, cut on a character boundary.
#[must_use]
pub fn excerpt(body: &str) -> String {
    match body.char_indices().nth(BODY_EXCERPT) {
        Some((cut, _)) => format!("{}…", &body[..cut]),
        None => body.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_must_be_http() {
        let client = reqwest::Client::new();
        let service = Service::new("test", "http://127.0.0.1:8888/fuel/", client.clone()).unwrap();
        assert_eq!(service.base(), "http://127.0.0.1:8888/fuel");
        assert_eq!(
            service.url("v1/resource_provider/request_transaction"),
            "http://127.0.0.1:8888/fuel/v1/resource_provider/request_transaction"
        );
        assert_eq!(service.url(""), "http://127.0.0.1:8888/fuel");
        for bad in ["ftp://x", "mainnet.telos.net", "https://", "http:///x"] {
            assert!(Service::new("test", bad, client.clone()).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn a_service_with_a_timeout_gives_up_and_says_so() {
        // A listener that accepts and never answers, like a sponsor stuck on its chain.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let service = Service::new("test", &url, reqwest::Client::new())
            .expect("service")
            .with_timeout(Duration::from_millis(100));
        let started = Instant::now();
        let error = service.post_raw("x", &()).await.expect_err("no answer");
        assert!(error.is_timeout(), "{error}");
        assert!(started.elapsed() < Duration::from_secs(5));
        drop(listener);
    }

    #[test]
    fn failures_are_classified() {
        let chain = RawAnswer {
            status: 401,
            body: r#"{"code":401,"message":"UnAuthorized","error":{"code":3090003,"name":"unsatisfied_authorization","what":"Provided keys, permissions, and delays do not satisfy declared authorizations","details":[{"message":"transaction declares authority","file":"","line_number":1,"method":""}]}}"#.to_owned(),
        };
        let error = decode::<serde_json::Value>("u", &chain).unwrap_err();
        assert!(error.chain_error().unwrap().is_unsatisfied_authorization());
        let plain = RawAnswer {
            status: 502,
            body: "x".repeat(500),
        };
        match decode::<serde_json::Value>("u", &plain).unwrap_err() {
            AntelopeError::Status { status, body, .. } => {
                assert_eq!(status, 502);
                assert_eq!(body.chars().count(), BODY_EXCERPT + 1);
            }
            other => panic!("{other:?}"),
        }
        let garbled = RawAnswer {
            status: 200,
            body: "{".to_owned(),
        };
        assert_eq!(
            decode::<serde_json::Value>("u", &garbled)
                .unwrap_err()
                .code(),
            "antelope.network.invalid_response"
        );
    }
}
