//! How a call to an upstream service ended, as the metrics count it
//! (`tandem_upstream_requests_total{service, outcome}`): the rule is shared by every
//! client crate, each of which records its own calls.

/// Counter of upstream calls, labelled `service` and `outcome`.
pub const CALLS_METRIC: &str = "tandem_upstream_requests_total";
/// Histogram of upstream call durations in seconds, labelled `service`.
pub const SECONDS_METRIC: &str = "tandem_upstream_request_duration_seconds";

/// How one upstream call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallOutcome {
    /// An answer came (an error answer of the caller's making, such as a 404, included).
    Ok,
    /// No usable answer: refused, cut off, or the upstream's own failure (5xx).
    Error,
    /// The time allowed ran out.
    Timeout,
    /// The upstream asked us to slow down (429).
    RateLimited,
}

impl CallOutcome {
    /// The outcome of an answer with HTTP status `status`.
    #[must_use]
    pub fn of_status(status: u16) -> Self {
        match status {
            429 => Self::RateLimited,
            500..=599 => Self::Error,
            _ => Self::Ok,
        }
    }

    /// The metric label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Error => "error",
            Self::Timeout => "timeout",
            Self::RateLimited => "rate_limited",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_map_to_outcomes() {
        let outcomes: Vec<&str> = [200, 204, 404, 429, 500, 503]
            .into_iter()
            .map(|status| CallOutcome::of_status(status).label())
            .collect();
        assert_eq!(
            outcomes,
            ["ok", "ok", "ok", "rate_limited", "error", "error"]
        );
    }
}
