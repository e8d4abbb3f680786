//! The request id: taken from the client's `X-Request-Id` when it is well formed, else
//! the trace id of a W3C `traceparent`, else made here. Every answer carries it back in
//! `X-Request-Id`, and every log line written while the request is answered carries it
//! and the route (the `request` span), so one id finds a request's answer and its log.

use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

/// The header that carries the id both ways.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// The longest id taken from a client.
const MAX_LEN: usize = 128;

/// Tags one request and its answer (a middleware for `axum::middleware::from_fn`).
pub async fn tag(request: Request, next: Next) -> Response {
    let id = request_id(request.headers());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "fallback".to_owned(), |path| path.as_str().to_owned());
    // At ERROR level so the span is on whatever the filter lets through: a warning
    // logged under `TANDEM_LOG=warn` still carries its request's id and route.
    let span = tracing::error_span!(
        "request",
        request_id = %id,
        method = %request.method(),
        route = %route,
    );
    let started = Instant::now();
    let mut response = next.run(request).instrument(span.clone()).await;
    span.in_scope(|| {
        let status = response.status().as_u16();
        let millis = started.elapsed().as_millis();
        // The access log, off at the default filter (the demo's terminal stays quiet):
        // `TANDEM_LOG=info,tandem_server::access=debug` turns it on.
        if status >= 500 {
            tracing::warn!(target: "tandem_server::access", status, millis, "answered");
        } else {
            tracing::debug!(target: "tandem_server::access", status, millis, "answered");
        }
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}

/// The client's id when it is one we can log and send back as it is, else the trace id
/// of its `traceparent`, else a new one.
fn request_id(headers: &HeaderMap) -> String {
    headers
        .get(&REQUEST_ID)
        .and_then(|value| value.to_str().ok())
        .filter(|id| well_formed(id))
        .map(str::to_owned)
        .or_else(|| {
            headers
                .get("traceparent")
                .and_then(|value| value.to_str().ok())
                .and_then(trace_id)
        })
        .unwrap_or_else(new_id)
}

/// 1 to 128 letters, digits and `-_.:`: nothing a log line or a header could be broken by.
fn well_formed(id: &str) -> bool {
    (1..=MAX_LEN).contains(&id.len())
        && id
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || b"-_.:".contains(&byte))
}

/// The trace id of a `traceparent` (`version-traceid-parentid-flags`, W3C Trace Context):
/// 32 lower-case hex digits, not all zero.
fn trace_id(traceparent: &str) -> Option<String> {
    let mut parts = traceparent.trim().split('-');
    let (version, trace, parent, flags) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let hex = |text: &str, len: usize| {
        text.len() == len
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    let valid = hex(version, 2)
        && version != "ff"
        && hex(trace, 32)
        && hex(parent, 16)
        && hex(flags, 2)
        && trace.bytes().any(|b| b != b'0');
    valid.then(|| trace.to_owned())
}

/// A new id in a trace id's form: 16 random bytes as 32 hex digits.
fn new_id() -> String {
    let mut bytes = [0_u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No randomness from the OS: still unique enough within this process's log.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos());
        bytes = nanos.to_be_bytes();
    }
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| {
                (
                    HeaderName::from_static(name),
                    HeaderValue::from_static(value),
                )
            })
            .collect()
    }

    #[test]
    fn the_clients_id_is_kept_when_well_formed() {
        let id = request_id(&headers(&[("x-request-id", "lb-7f3a:42")]));
        assert_eq!(id, "lb-7f3a:42");
        let refused = request_id(&headers(&[("x-request-id", "a b\"c")]));
        assert_eq!(
            refused.len(),
            32,
            "a new id replaces one with spaces or quotes"
        );
    }

    #[test]
    fn a_traceparent_gives_its_trace_id() {
        let id = request_id(&headers(&[(
            "traceparent",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        )]));
        assert_eq!(id, "4bf92f3577b34da6a3ce929d0e0e4736");
        let own = request_id(&headers(&[
            ("x-request-id", "mine"),
            (
                "traceparent",
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            ),
        ]));
        assert_eq!(own, "mine", "X-Request-Id wins");
        for bad in [
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f35-00f067aa0ba902b7-01",
        ] {
            assert_eq!(trace_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn new_ids_differ() {
        let (first, second) = (new_id(), new_id());
        assert_ne!(first, second);
        assert!(well_formed(&first), "{first}");
    }
}
