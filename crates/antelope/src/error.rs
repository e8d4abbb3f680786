//! The one error type of the crate, [`AntelopeError`], each variant with a stable key
//! (`code()`), and [`ChainError`], the chain's own error body surfaced as a clear message.

use serde::Deserialize;
use tandem_domain::DomainError;

/// The cause of a failure, kept for `source()`: the underlying error, or the check's own
/// reason (a `&str` or `String` turned into an error) where there is none.
pub type Cause = Box<dyn std::error::Error + Send + Sync>;

/// Everything a call to the chain, the history service or the fee sponsor can fail with.
#[derive(Debug, thiserror::Error)]
pub enum AntelopeError {
    /// The service could not be reached (connection refused, timeout, TLS).
    #[error("{url} is unreachable: {source}")]
    Unreachable {
        /// The URL called.
        url: String,
        /// What the HTTP client said (its own copy of the URL left out).
        #[source]
        source: reqwest::Error,
    },
    /// The chain answered with its error body.
    #[error("{0}")]
    Chain(#[source] ChainError),
    /// A non-success status without the chain's error body.
    #[error("{url} answered HTTP {status}: {body}")]
    Status {
        /// The URL called.
        url: String,
        /// The HTTP status.
        status: u16,
        /// The start of the answer's body.
        body: String,
    },
    /// A success answer that is not the JSON shape expected.
    #[error("unexpected answer from {url}: {source}")]
    InvalidResponse {
        /// The URL called.
        url: String,
        /// What did not parse.
        #[source]
        source: Cause,
    },
    /// A base URL that is not http(s).
    #[error("invalid service URL '{0}'")]
    InvalidUrl(String),
    /// A domain rule rejected a value (name, asset, sponsor answer).
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// Packed transaction bytes or transaction JSON that do not decode.
    #[error("invalid transaction: {0}")]
    InvalidTransaction(String),
    /// Action data that does not serialise with the contract's ABI.
    #[error("cannot serialise action data: {0}")]
    Abi(String),
    /// A key or signature that does not parse.
    #[error("invalid key or signature: {0}")]
    InvalidKey(String),
    /// The fee sponsor answered with a code other than 200, 402 or 400.
    #[error("Code {0} not expected from resource provider endpoint")]
    SponsorUnexpectedCode(u16),
    /// The fee sponsor changed the transaction header (TAPOS, expiration, delay, limits).
    #[error("the fee sponsor changed the transaction header")]
    SponsorHeaderChanged,
    /// The fee sponsor did not answer its availability check with 200.
    #[error("the fee sponsor is not available")]
    SponsorUnavailable,
}

impl AntelopeError {
    /// Whether asking again later may succeed: the service was unreachable, overloaded
    /// or failing (HTTP 429 or 5xx without the chain's error body), or the fee sponsor
    /// was down. The chain's own error body (an assertion, an unknown account) and every
    /// refused input answer the same however often they are sent.
    #[must_use]
    pub fn retryable(&self) -> bool {
        match self {
            Self::Unreachable { .. } | Self::SponsorUnavailable => true,
            Self::Status { status, .. } => *status == 429 || *status >= 500,
            Self::Chain(_)
            | Self::InvalidResponse { .. }
            | Self::InvalidUrl(_)
            | Self::Domain(_)
            | Self::InvalidTransaction(_)
            | Self::Abi(_)
            | Self::InvalidKey(_)
            | Self::SponsorUnexpectedCode(_)
            | Self::SponsorHeaderChanged => false,
        }
    }

    /// The stable key of this error, as the HTTP API reports it in `code`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::Unreachable { .. } => "antelope.network.unreachable",
            Self::Chain(_) => "antelope.chain.error",
            Self::Status { .. } => "antelope.network.bad_status",
            Self::InvalidResponse { .. } => "antelope.network.invalid_response",
            Self::InvalidUrl(_) => "antelope.network.invalid_url",
            Self::Domain(error) => error.code(),
            Self::InvalidTransaction(_) => "antelope.transaction.invalid",
            Self::Abi(_) => "antelope.abi.error_serialize",
            Self::InvalidKey(_) => "antelope.key.invalid",
            Self::SponsorUnexpectedCode(_) => "sponsor.unexpected_code",
            Self::SponsorHeaderChanged => "sponsor.header_changed",
            Self::SponsorUnavailable => "sponsor.unavailable",
        }
    }

    /// The chain's error body, if this is one.
    #[must_use]
    pub fn chain_error(&self) -> Option<&ChainError> {
        match self {
            Self::Chain(error) => Some(error),
            _ => None,
        }
    }

    /// Whether the service did not answer in time.
    #[must_use]
    pub fn is_timeout(&self) -> bool {
        matches!(self, Self::Unreachable { source, .. } if source.is_timeout())
    }

    /// The HTTP status of the failed answer, when there was one.
    #[must_use]
    pub fn http_status(&self) -> Option<u16> {
        match self {
            Self::Chain(error) => Some(error.code),
            Self::Status { status, .. } => Some(*status),
            _ => None,
        }
    }
}

/// The chain's error body: `{code, message, error: {code, name, what, details[]}}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ChainError {
    /// The HTTP status the node chose (400, 401, 404, 409, 500…).
    pub code: u16,
    /// The node's short message (`Account lookup`, `Internal Service Error`).
    #[serde(default)]
    pub message: String,
    /// The exception.
    pub error: ChainErrorDetail,
}

/// The exception inside a [`ChainError`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ChainErrorDetail {
    /// The chain's exception code (3050003 for an assertion, 3090003 for missing signatures).
    #[serde(default)]
    pub code: i64,
    /// The exception name (`eosio_assert_message_exception`).
    #[serde(default)]
    pub name: String,
    /// Its generic description.
    #[serde(default)]
    pub what: String,
    /// The specific messages, most specific first.
    #[serde(default)]
    pub details: Vec<ChainErrorLine>,
}

/// One line of an exception's details.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ChainErrorLine {
    /// The message.
    #[serde(default)]
    pub message: String,
}

/// The prefix contract assertions carry; the product shows the message without it.
const ASSERTION_PREFIX: &str = "assertion failure with message: ";

impl ChainError {
    /// The most specific message: the first detail (without the assertion prefix), else
    /// the exception's description, else the node's message.
    #[must_use]
    pub fn clear_message(&self) -> String {
        let detail = self
            .error
            .details
            .iter()
            .map(|line| line.message.trim())
            .find(|message| !message.is_empty());
        match detail {
            Some(message) => message
                .strip_prefix(ASSERTION_PREFIX)
                .unwrap_or(message)
                .to_owned(),
            None if !self.error.what.is_empty() => self.error.what.clone(),
            None => self.message.clone(),
        }
    }

    /// Whether the chain said the account does not exist.
    #[must_use]
    pub fn is_unknown_account(&self) -> bool {
        self.error.name == "account_query_exception"
    }

    /// Whether the chain refused missing or wrong signatures.
    #[must_use]
    pub fn is_unsatisfied_authorization(&self) -> bool {
        self.error.name == "unsatisfied_authorization"
    }
}

impl std::fmt::Display for ChainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.error.what.is_empty() {
            &self.message
        } else {
            &self.error.what
        };
        let clear = self.clear_message();
        if clear == *what {
            write!(f, "{what}")
        } else {
            write!(f, "{what}: {clear}")
        }
    }
}

impl std::error::Error for ChainError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain_error(json: &str) -> ChainError {
        serde_json::from_str(json).expect("chain error body")
    }

    #[test]
    fn assertion_messages_lose_their_prefix() {
        let error = chain_error(
            r#"{"code":500,"message":"Internal Service Error","error":{"code":3050003,
            "name":"eosio_assert_message_exception","what":"eosio_assert_message assertion failure",
            "details":[{"message":"assertion failure with message: overdrawn balance","file":"cf_system.cpp","line_number":14,"method":"eosio_assert"}]}}"#,
        );
        assert_eq!(error.clear_message(), "overdrawn balance");
        assert_eq!(
            error.to_string(),
            "eosio_assert_message assertion failure: overdrawn balance"
        );
        let wrapped = AntelopeError::Chain(error);
        assert_eq!(wrapped.code(), "antelope.chain.error");
        assert_eq!(wrapped.http_status(), Some(500));
    }

    #[test]
    fn missing_details_fall_back_to_what_and_message() {
        let error = chain_error(
            r#"{"code":400,"message":"Account lookup","error":{"code":3060002,"name":"account_query_exception","what":"Account Query Exception","details":[]}}"#,
        );
        assert!(error.is_unknown_account());
        assert_eq!(error.clear_message(), "Account Query Exception");
        assert_eq!(error.to_string(), "Account Query Exception");
        let bare = chain_error(r#"{"code":404,"message":"Not Found","error":{}}"#);
        assert_eq!(bare.clear_message(), "Not Found");
    }

    #[test]
    fn sponsor_codes_read_like_the_spec() {
        assert_eq!(
            AntelopeError::SponsorUnexpectedCode(503).to_string(),
            "Code 503 not expected from resource provider endpoint"
        );
        let domain = AntelopeError::from(DomainError::SponsorFeeExceedsMaximum);
        assert_eq!(domain.code(), "sponsor.fee_exceeds_maximum");
    }

    #[test]
    fn only_failures_that_may_pass_are_retryable() {
        let status = |status| AntelopeError::Status {
            url: "http://node/v1/chain/get_info".to_owned(),
            status,
            body: String::new(),
        };
        assert!(status(502).retryable() && status(429).retryable());
        assert!(!status(400).retryable());
        assert!(AntelopeError::SponsorUnavailable.retryable());
        let chain = chain_error(
            r#"{"code":500,"message":"Internal Service Error","error":{"code":3050003,"name":"eosio_assert_message_exception","what":"assertion","details":[]}}"#,
        );
        let refused = AntelopeError::Chain(chain);
        assert!(!refused.retryable(), "an assertion fails the same again");
        assert!(std::error::Error::source(&refused).is_some());
        let invalid = AntelopeError::InvalidResponse {
            url: "http://node".to_owned(),
            source: "no rows".into(),
        };
        assert_eq!(
            invalid.to_string(),
            "unexpected answer from http://node: no rows"
        );
        assert!(!invalid.retryable());
    }
}
