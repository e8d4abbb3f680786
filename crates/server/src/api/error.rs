//! The one error body of the HTTP API: `{code, message, details?}` (architecture.md,
//! "Contracts between the parts"). Codes reuse the spec's keys where it has them.

use std::borrow::Cow;

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tandem_domain::DomainError;

/// An API failure: the status and the stable code the client matches on.
#[derive(Debug, Clone)]
pub struct ApiError {
    status: StatusCode,
    code: Cow<'static, str>,
    message: String,
    details: Option<serde_json::Value>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    details: Option<&'a serde_json::Value>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code: Cow::Borrowed(code),
            message: message.into(),
            details: None,
        }
    }

    #[must_use]
    pub fn with_details(mut self, details: serde_json::Value) -> Self {
        self.details = Some(details);
        self
    }

    /// A path under `/api` that names no resource.
    pub fn not_found(path: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no API resource at {path}"),
        )
        .with_details(serde_json::json!({ "path": path }))
    }

    /// A known path asked with a method it does not answer.
    pub fn method_not_allowed(method: &str, path: &str) -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            format!("{method} is not allowed on {path}"),
        )
    }

    /// The last resort when a handler panicked: still the JSON body, never a bare 500.
    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "the server hit an unexpected error; it has been logged",
        )
    }

    /// A network name that is unknown, not served, or of the other kind than the route's.
    pub fn invalid_network(name: &str) -> Self {
        Self::from_domain(
            StatusCode::BAD_REQUEST,
            &DomainError::InvalidNetwork(name.to_owned()),
        )
        .with_details(serde_json::json!({ "network": name }))
    }

    /// A domain rule's refusal, answered with the rule's stable key.
    pub fn from_domain(status: StatusCode, error: &DomainError) -> Self {
        Self {
            status,
            code: Cow::Borrowed(error.code()),
            message: error.to_string(),
            details: None,
        }
    }

    #[must_use]
    pub fn status(&self) -> StatusCode {
        self.status
    }

    #[must_use]
    pub fn code(&self) -> &str {
        &self.code
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            code: &self.code,
            message: &self.message,
            details: self.details.as_ref(),
        };
        let mut response = (self.status, Json(body)).into_response();
        // Errors describe one moment; a cache must not replay them.
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
        response
    }
}

/// The most of a plain-text rejection kept as the error message.
const REJECTION_TEXT_LIMIT: usize = 4 * 1024;

/// Keeps the error contract for answers no handler wrote: axum's extractors reject a
/// malformed path, query string or JSON body with plain text before any handler runs.
/// Every API route passes through this, so such a rejection reaches the client as the
/// JSON error body with a stable code, whatever extractor a handler uses.
pub async fn json_error_bodies(response: Response) -> Response {
    let status = response.status();
    let is_error = status.is_client_error() || status.is_server_error();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if !is_error || is_json {
        return response;
    }
    let bytes = axum::body::to_bytes(response.into_body(), REJECTION_TEXT_LIMIT)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes).trim().to_owned();
    let code = match status {
        StatusCode::BAD_REQUEST | StatusCode::UNPROCESSABLE_ENTITY => "validation.invalid_request",
        StatusCode::PAYLOAD_TOO_LARGE => "validation.request_too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "validation.unsupported_media_type",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        status if status.is_server_error() => "internal_error",
        _ => "validation.invalid_request",
    };
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("request failed")
            .to_owned()
    } else {
        text
    };
    ApiError::new(status, code, message).into_response()
}

impl From<axum::extract::rejection::RawPathParamsRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::RawPathParamsRejection) -> Self {
        let status = rejection.status();
        let code = if status.is_server_error() {
            "internal_error"
        } else {
            "validation.invalid_request"
        };
        Self::new(status, code, rejection.body_text())
    }
}
