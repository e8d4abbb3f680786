//! One request through an axum router, in process (no socket): the status, the headers
//! and the body, read as JSON or text.
//!
//! ```no_run
//! # async fn example(app: axum::Router) {
//! use axum::http::Method;
//! let answer = tandem_testkit::request::call(&app, Method::GET, "/api/v1/health", None).await;
//! assert!(answer.status.is_success(), "{}", answer.text());
//! let health = answer.json();
//! # let _ = health; }
//! ```

#![allow(
    clippy::expect_used,
    reason = "a test helper fails the test loudly on a broken request or answer"
)]

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use tower::ServiceExt;

/// The most of a body read (the largest answers are NFT lists and histories).
const BODY_LIMIT: usize = 32 << 20;

/// What the router answered.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The status.
    pub status: StatusCode,
    /// The headers.
    pub headers: HeaderMap,
    /// The whole body.
    pub body: Bytes,
}

impl Answer {
    /// The body as JSON; fails the test, showing the body, when it is not.
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|error| panic!("not JSON ({error}): {}", self.text()))
    }

    /// The body as JSON, or as a JSON string holding its text when it is not JSON.
    #[must_use]
    pub fn json_or_text(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| serde_json::Value::String(self.text()))
    }

    /// The body as text (invalid UTF-8 replaced).
    #[must_use]
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// A header's value as text.
    #[must_use]
    pub fn header(&self, name: header::HeaderName) -> Option<&str> {
        self.headers.get(name).and_then(|value| value.to_str().ok())
    }
}

/// Sends `request` through `app` and reads the whole answer.
pub async fn send(app: &Router, request: Request<Body>) -> Answer {
    let response = app
        .clone()
        .oneshot(request)
        .await
        .expect("an axum router never fails");
    let (parts, body) = response.into_parts();
    let body = axum::body::to_bytes(body, BODY_LIMIT)
        .await
        .expect("the answer's body");
    Answer {
        status: parts.status,
        headers: parts.headers,
        body,
    }
}

/// `method uri`, with `json` as the body (and its content type) when given.
pub async fn call(
    app: &Router,
    method: Method,
    uri: &str,
    json: Option<&serde_json::Value>,
) -> Answer {
    let request = Request::builder().method(method).uri(uri);
    let request = match json {
        Some(json) => request
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(json.to_string())),
        None => request.body(Body::empty()),
    };
    send(app, request.expect("a valid request")).await
}
