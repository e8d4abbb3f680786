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
