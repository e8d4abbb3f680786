//! The staking APY from the product API (`GET {api}/apy/evm`, a plain number as text),
//! cached for ten minutes per API URL. The APY is decoration: a network without a
//! product API (the devnet) or an unreachable or garbled answer gives `apy: null` and
//! a status, never an error page.

use std::sync::OnceLock;
use std::time::Duration;

use serde::Serialize;
use tandem_domain::price::MarketPrice;

use crate::evm::cache::{FetchError, SharedCache};

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

/// Answers shared by every request of the process, keyed by the product API's URL:
/// the figure depends on nothing else, and the URL is fixed per network.
fn cache() -> &'static SharedCache<String, String> {
    static CACHE: OnceLock<SharedCache<String, String>> = OnceLock::new();
    CACHE.get_or_init(|| SharedCache::new(APY_TTL, FAILURE_TTL))
}

fn client() -> Option<&'static reqwest::Client> {
    static CLIENT: OnceLock<Option<reqwest::Client>> = OnceLock::new();
    CLIENT
        .get_or_init(|| {
            reqwest::Client::builder()
                .timeout(TIMEOUT)
                .user_agent(concat!("tandem/", env!("CARGO_PKG_VERSION")))
                .build()
                .ok()
        })
        .as_ref()
}

/// The EVM staking APY of the product API at `api` (`None`: not configured).
pub async fn evm_apy(api: Option<&str>) -> Apy {
    let Some(api) = api else {
        return Apy {
            percent: None,
            status: ApyStatus::NotConfigured,
        };
    };
    let url = format!("{}/apy/evm", api.trim_end_matches('/'));
    match cache().get_or_fetch(url.clone(), || fetch(url)).await {
        Ok(percent) => Apy {
            percent: Some(percent),
            status: ApyStatus::Available,
        },
        Err(error) => {
            tracing::debug!(code = error.code, message = %error.message, "APY unavailable");
            Apy {
                percent: None,
                status: ApyStatus::Unavailable,
            }
        }
    }
}

async fn fetch(url: String) -> Result<String, FetchError> {
    let failed = |message: String| FetchError {
        code: "evm.apy_unavailable",
        message,
    };
    let client = client().ok_or_else(|| failed("no HTTP client".to_owned()))?;
    let response = client
        .get(&url)
        .send()
        .await
        .map_err(|error| failed(format!("product API unreachable: {}", error.without_url())))?;
    if !response.status().is_success() {
        return Err(failed(format!(
            "product API answered {}",
            response.status()
        )));
    }
    let text = response.text().await.map_err(|error| {
        failed(format!(
            "product API answer unreadable: {}",
            error.without_url()
        ))
    })?;
    parse_apy(&text).ok_or_else(|| failed("product API answer is not a number".to_owned()))
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
        for _ in 0..3 {
            let apy = evm_apy(Some(&format!("{api}/"))).await;
            assert_eq!(apy.percent.as_deref(), Some("12.5"));
            assert_eq!(apy.status, ApyStatus::Available);
        }
        assert_eq!(hits.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn failures_and_missing_apis_are_a_status_not_an_error() {
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
