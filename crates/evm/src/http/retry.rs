//! The retry policy of the indexer clients (Teloscan and Blockscout): an answer that
//! says "slow down" (HTTP 429) or "try again" (502, 503, 504), or a connection cut off
//! before the answer was read, is asked again after a pause; anything else — a refused
//! connection (the upstream is down), a timeout (which already took the whole time
//! limit), another status — fails at once, so the source selector can switch sources.
//!
//! The pause doubles with each attempt from `initial_backoff` up to `max_backoff`, and a
//! hint from the upstream wins when it gives one: `Retry-After` (seconds) or
//! Blockscout's `x-ratelimit-reset` (milliseconds until the limit resets, docs.blockscout.com
//! "API authorization, headers, and routes"), capped at `max_hint`. The request keeps its
//! slot in the in-flight limiter while it waits, so an upstream that asked for less sees
//! fewer requests from this process, not the same number from the others.

use std::time::Duration;

use reqwest::header::HeaderMap;

/// How an HTTP client retries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpRetry {
    /// Attempts after the first one.
    pub max_retries: u32,
    /// Pause before the first retry.
    pub initial_backoff: Duration,
    /// Longest pause chosen without a hint.
    pub max_backoff: Duration,
    /// Longest pause an upstream's hint may ask for.
    pub max_hint: Duration,
}

impl HttpRetry {
    /// No retries: every answer is final.
    pub const NONE: Self = Self {
        max_retries: 0,
        initial_backoff: Duration::ZERO,
        max_backoff: Duration::ZERO,
        max_hint: Duration::ZERO,
    };

    /// The indexers' policy: two more attempts, 250 ms then 500 ms apart (or as the
    /// upstream asks, up to 3 s) — short enough for a page a person waits for.
    pub const INDEXER: Self = Self {
        max_retries: 2,
        initial_backoff: Duration::from_millis(250),
        max_backoff: Duration::from_secs(1),
        max_hint: Duration::from_secs(3),
    };

    /// Whether an answer with `status` is worth asking again.
    #[must_use]
    pub fn retries_status(status: u16) -> bool {
        matches!(status, 429 | 502 | 503 | 504)
    }

    /// Whether a request that got no answer is worth sending again: the connection was
    /// cut while the answer came, not refused and not timed out.
    #[must_use]
    pub fn retries_transport(error: &reqwest::Error) -> bool {
        !error.is_connect() && !error.is_timeout() && (error.is_body() || error.is_request())
    }

    /// The pause before retry number `retry` (1 for the first), or the upstream's
    /// `hint` when it gave one.
    #[must_use]
    pub fn pause(&self, retry: u32, hint: Option<Duration>) -> Duration {
        if let Some(hint) = hint {
            return hint.min(self.max_hint);
        }
        let factor = 2u32.saturating_pow(retry.saturating_sub(1));
        self.initial_backoff
            .saturating_mul(factor)
            .min(self.max_backoff)
    }
}

/// How long the upstream asked to wait, from its headers.
#[must_use]
pub fn hint(headers: &HeaderMap) -> Option<Duration> {
    let number = |name: &str| -> Option<u64> {
        headers.get(name)?.to_str().ok()?.trim().parse::<u64>().ok()
    };
    if let Some(seconds) = number("retry-after") {
        return Some(Duration::from_secs(seconds));
    }
    // Blockscout documents -1 for "unknown"; that fails to parse as u64 and is ignored.
    number("x-ratelimit-reset").map(Duration::from_millis)
}

#[cfg(test)]
mod tests {
    use reqwest::header::HeaderValue;

    use super::*;

    #[test]
    fn pauses_double_up_to_the_cap_and_hints_win_within_theirs() {
        let policy = HttpRetry::INDEXER;
        assert_eq!(policy.pause(1, None), Duration::from_millis(250));
        assert_eq!(policy.pause(2, None), Duration::from_millis(500));
        assert_eq!(policy.pause(5, None), Duration::from_secs(1));
        assert_eq!(
            policy.pause(1, Some(Duration::from_secs(2))),
            Duration::from_secs(2)
        );
        assert_eq!(
            policy.pause(1, Some(Duration::from_secs(60))),
            Duration::from_secs(3)
        );
    }

    #[test]
    fn only_overload_and_gateway_statuses_are_retried() {
        for status in [429, 502, 503, 504] {
            assert!(HttpRetry::retries_status(status), "{status}");
        }
        for status in [200, 400, 404, 422, 500] {
            assert!(!HttpRetry::retries_status(status), "{status}");
        }
    }

    #[test]
    fn hints_read_retry_after_then_the_rate_limit_reset() {
        let mut headers = HeaderMap::new();
        assert_eq!(hint(&headers), None);
        headers.insert("x-ratelimit-reset", HeaderValue::from_static("1500"));
        assert_eq!(hint(&headers), Some(Duration::from_millis(1500)));
        headers.insert("retry-after", HeaderValue::from_static("2"));
        assert_eq!(hint(&headers), Some(Duration::from_secs(2)));
        let mut unknown = HeaderMap::new();
        unknown.insert("x-ratelimit-reset", HeaderValue::from_static("-1"));
        assert_eq!(hint(&unknown), None);
    }
}
