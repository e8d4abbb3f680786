//! The staking APYs from the product API (spec §7: `GET {api}/apy/evm` for EVM staking,
//! `GET {api}/apy/native` for REX; a plain number as text), cached for ten minutes per
//! network. The APY is decoration: a network without a product API or an unreachable or
//! garbled answer gives `apy: null` and a status, never an error page.

use std::time::Duration;

use serde::Serialize;
use tandem_domain::price::MarketPrice;
use tandem_evm::EvmError;
use tandem_evm::http::{HttpClient, HttpConfig, Upstream};

use crate::cache::{BoundedCache, CacheStore, Lifetimes};
use crate::error::ServiceError;

/// How long an APY answer is kept (spec §9: token prices 10 minutes).
const APY_TTL: Duration = Duration::from_secs(600);
/// How long a failed fetch is remembered before the API is asked again.
const FAILURE_TTL: Duration = Duration::from_secs(60);
/// Time allowed for the product API to answer.
const TIMEOUT: Duration = Duration::from_secs(5);
/// Longest answer accepted: a number, not a page.
const MAX_ANSWER_CHARS: usize = 64;

/// Whether the APY could be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ApyStatus {
    /// `apy` holds the product API's figure.
    Available,
    /// The network has no product API (the devnet).
    NotConfigured,
    /// The product API did not answer with a number just now.
    Unavailable,
}

/// The APY (percent, exact decimal text) and its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Apy {
    /// Percent per year, e.g. `"11.52"`; `None` unless available.
    pub percent: Option<String>,
    /// Why there is or is not a figure.
    pub status: ApyStatus,
}

/// Which of the product API's APYs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApyKind {
    /// EVM staking (STLOS).
    Evm,
    /// Native REX.
    Native,
}

impl ApyKind {
    fn path(self) -> &'static str {
        match self {
            Self::Evm => "apy/evm",
            Self::Native => "apy/native",
        }
    }
}

/// The APY of one network's product API, fetched at most every ten minutes; concurrent
/// requests share one fetch.
#[derive(Debug)]
pub struct StakingApy {
    /// `None`: no product API configured; `Some(Err)`: a configured URL that is unusable.
    api: Option<Result<HttpClient, ServiceError>>,
    kind: ApyKind,
    cache: BoundedCache<(), String>,
}

/// The HTTP client the product API is read with: the APY is decoration, so it gets
/// less time than the other upstreams before the answer goes out without it.
///
/// # Errors
/// When the TLS backend cannot be set up.
pub fn http_client() -> Result<reqwest::Client, EvmError> {
    HttpConfig {
        request_timeout: TIMEOUT,
        ..HttpConfig::default()
    }
    .build_client()
}

impl StakingApy {
    /// The `kind` APY of the product API at `api` (`None`: not configured), read with
    /// `client` and kept in `store`.
    #[must_use]
    pub fn new(
        store: &CacheStore,
        client: reqwest::Client,
        api: Option<&str>,
        kind: ApyKind,
    ) -> Self {
        Self {
            kind,
            api: api.map(|url| {
                HttpClient::new(client, Upstream::ProductApi, url, None).map_err(ServiceError::from)
            }),
            cache: store.cache(
                "staking_apy",
                Lifetimes {
                    answer: APY_TTL,
                    failure: FAILURE_TTL,
                },
            ),
        }
    }

    /// The APY now, or why there is none.
    pub async fn current(&self) -> Apy {
        let Some(api) = &self.api else {
            return Apy {
                percent: None,
                status: ApyStatus::NotConfigured,
            };
        };
        let fetched = match api {
            Ok(client) => {
                self.cache
                    .get_or_fetch((), || fetch(client, self.kind))
                    .await
            }
            Err(error) => Err(error.clone()),
        };
        match fetched {
            Ok(percent) => Apy {
                percent: Some(percent),
                status: ApyStatus::Available,
            },
            Err(error) => {
                tracing::debug!(%error, "APY unavailable");
                Apy {
                    percent: None,
                    status: ApyStatus::Unavailable,
                }
            }
        }
    }
}

async fn fetch(client: &HttpClient, kind: ApyKind) -> Result<String, ServiceError> {
    let answer = client.get_ok(kind.path(), &[]).await?;
    let text = String::from_utf8_lossy(&answer.body);
    parse_apy(&text).ok_or_else(|| {
        ServiceError::from(EvmError::Decode {
            upstream: Upstream::ProductApi,
            path: answer.path.clone(),
            source: "the answer is not a number".into(),
        })
    })
}

/// A plain number as text (optionally JSON-quoted) as exact decimal text; at most 18
/// decimals are kept. Anything else (negative, empty, a page) is `None`.
#[must_use]
pub fn parse_apy(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() || text.len() > MAX_ANSWER_CHARS {
        return None;
    }
    let text = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    MarketPrice::from_decimal_str(text, 0)
        .ok()
        .map(|apy| apy.price().to_plain_string())
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::http::StatusCode;
    use axum::routing::get;

    use super::*;

    #[test]
    fn parses_plain_numbers_only() {
        let cases = [
            ("11.52", Some("11.52")),
            (" 9\n", Some("9")),
            ("\"7.25\"", Some("7.25")),
            ("0.1234567890123456789", Some("0.123456789012345678")),
            ("-3", None),
            ("", None),
            ("<html>oops</html>", None),
            ("NaN", None),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_apy(text).as_deref(), expected, "{text:?}");
        }
    }

    /// Serves `body` with `status` at `/apy/evm`, counting requests.
    async fn fixture(
        status: StatusCode,
        body: &'static str,
    ) -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let hits = std::sync::Arc::new(AtomicUsize::new(0));
        let counter = hits.clone();
        let app = Router::new().route(
            "/apy/evm",
            get(move || {
                counter.fetch_add(1, Ordering::SeqCst);
                async move { (status, body) }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        (format!("http://{address}"), hits)
    }

    #[tokio::test]
    async fn fetches_once_and_serves_from_the_cache() {
        let (api, hits) = fixture(StatusCode::OK, "12.5").await;
        let apy_of = StakingApy::new(
            &crate::cache::CacheStore::default(),
            http_client().unwrap(),
            Some(&format!("{api}/")),
            ApyKind::Evm,
        );
        for _ in 0..3 {
            let apy = apy_of.current().await;
            assert_eq!(apy.percent.as_deref(), Some("12.5"));
            assert_eq!(apy.status, ApyStatus::Available);
        }
        assert_eq!(hits.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn failures_and_missing_apis_are_a_status_not_an_error() {
        async fn evm_apy(api: Option<&str>) -> Apy {
            StakingApy::new(
                &crate::cache::CacheStore::default(),
                http_client().unwrap(),
                api,
                ApyKind::Evm,
            )
            .current()
            .await
        }
        let (api, _) = fixture(StatusCode::INTERNAL_SERVER_ERROR, "boom").await;
        assert_eq!(evm_apy(Some(&api)).await.status, ApyStatus::Unavailable);
        let (garbled, _) = fixture(StatusCode::OK, "<html/>").await;
        assert_eq!(evm_apy(Some(&garbled)).await.status, ApyStatus::Unavailable);
        let closed = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            format!("http://{}", listener.local_addr().unwrap())
        };
        assert_eq!(evm_apy(Some(&closed)).await.status, ApyStatus::Unavailable);
        let none = evm_apy(None).await;
        assert_eq!(
            (none.percent, none.status),
            (None, ApyStatus::NotConfigured)
        );
    }
}
