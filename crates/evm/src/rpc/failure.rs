//! What a node's failure means for the request that met it: refused for its size (ask
//! for less), transient (send it again later), or final. Node software and providers
//! word their refusals differently, so part of this reads their messages.

use alloy::transports::layers::{RateLimitRetryPolicy, RetryPolicy};
use alloy::transports::{TransportError, TransportErrorKind};

/// Whether the node refused a request because of its size: too many blocks in an
/// `eth_getLogs` range, too many results, a batch with too many calls, a response
/// body over its limit. Sending the same request again cannot succeed; a smaller one
/// can. Messages differ per node software and provider, so this matches their words.
#[must_use]
pub fn is_size_refusal(error: &TransportError) -> bool {
    match error {
        TransportError::ErrorResp(payload) => names_a_size_limit(&payload.message),
        TransportError::Transport(kind) => kind
            .as_http_error()
            .is_some_and(|http| http.status == 413 || names_a_size_limit(&http.body)),
        _ => false,
    }
}

/// Whether an error message names a size limit (see [`is_size_refusal`]), for errors
/// that reach the caller as text only.
#[must_use]
pub fn names_a_size_limit(message: &str) -> bool {
    let message = message.to_ascii_lowercase();
    // "Too many requests", "rate limit exceeded", "credits limited": pace, not size.
    let about_pace = [
        "rate limit",
        "rate exceeded",
        "too many requests",
        "per second",
        "credits",
        "request limit",
        "concurrent requests",
    ]
    .iter()
    .any(|words| message.contains(words));
    let about_size = [
        "more than",
        "too large",
        "too big",
        "too many",
        "exceed",
        "block range",
        "max range",
        "maximum range",
        "range limit",
        "response size",
        "batch size",
        "batch limit",
    ]
    .iter()
    .any(|words| message.contains(words));
    about_size && !about_pace
}

/// Whether the request never got a usable answer for reasons that pass: a dropped
/// or refused connection, a timeout, a cut-off or garbled body, HTTP 408/425/429/5xx,
/// or a rate-limit answer as alloy knows them. Size refusals are not retried here:
/// the caller has to ask for less.
#[must_use]
pub fn is_transient(error: &TransportError) -> bool {
    if is_size_refusal(error) {
        return false;
    }
    match error {
        // The reqwest transport reports send failures (connect, reset, timeout) and
        // body read failures as `Custom`.
        TransportError::Transport(TransportErrorKind::Custom(_)) => true,
        TransportError::Transport(kind) if kind.is_http_error() => {
            kind.as_http_error().is_some_and(|http| {
                matches!(http.status, 408 | 425 | 429) || (500..600).contains(&http.status)
            }) || kind.retry_after().is_some()
        }
        // A whole answer that is not JSON-RPC at all: a truncated body, a proxy's
        // error page. (A single call's result that does not fit its type fails later,
        // in its own waiter, and is not a transport error.)
        TransportError::DeserError { .. } => true,
        other => RateLimitRetryPolicy::default().should_retry(other),
    }
}

#[cfg(test)]
mod tests {
    use alloy::rpc::json_rpc::ErrorPayload;

    use super::*;

    fn node_error(code: i64, message: &str) -> TransportError {
        let payload: ErrorPayload = serde_json::from_value(serde_json::json!({
            "code": code,
            "message": message,
        }))
        .unwrap_or_else(|error| panic!("payload: {error}"));
        TransportError::ErrorResp(payload)
    }

    #[test]
    fn size_refusals_are_recognised_in_the_words_of_common_nodes() {
        for (code, message) in [
            (-32005, "query returned more than 10000 results"),
            (-32000, "block range is too large"),
            (-32000, "exceed maximum block range: 5000"),
            (
                -32602,
                "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range",
            ),
            (-32600, "batch size too large"),
            (
                -32000,
                "response size should not greater than 10000000 bytes",
            ),
        ] {
            let error = node_error(code, message);
            assert!(is_size_refusal(&error), "{message}");
            assert!(!is_transient(&error), "{message}: retrying cannot help");
        }
        let too_large = TransportErrorKind::http_error(413, "Payload Too Large".into());
        assert!(is_size_refusal(&too_large));
    }

    #[test]
    fn pace_and_outages_are_transient() {
        for error in [
            node_error(-32005, "rate limit exceeded"),
            node_error(429, "Too Many Requests"),
            TransportErrorKind::http_error(429, String::new()),
            TransportErrorKind::http_error(502, "bad gateway".into()),
            TransportErrorKind::http_error(504, String::new()),
            TransportErrorKind::custom_str("error sending request: connection reset"),
        ] {
            assert!(is_transient(&error), "{error}");
            assert!(!is_size_refusal(&error), "{error}");
        }
    }

    #[test]
    fn answers_that_will_not_change_are_not_retried() {
        for error in [
            node_error(-32601, "the method eth_foo does not exist/is not available"),
            node_error(3, "execution reverted"),
            TransportErrorKind::http_error(404, "not found".into()),
            TransportErrorKind::http_error(401, "unauthorized".into()),
        ] {
            assert!(!is_transient(&error), "{error}");
        }
    }
}
