//! The one error body of the HTTP API: `{code, message, details?}` (architecture.md,
//! "Contracts between the parts"), and the one place where every failure becomes a
//! status and a stable code: a service's [`ServiceError`], the crates' errors, and the
//! extractors' rejections. Codes reuse the spec's keys where it has them.

use std::borrow::Cow;

use axum::Json;
use axum::extract::rejection::{
    JsonRejection, PathRejection, QueryRejection, RawPathParamsRejection,
};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::json;
use tandem_antelope::AntelopeError;
use tandem_domain::DomainError;
use tandem_evm::EvmError;

use crate::error::ServiceError;
use crate::evm::prepare::revert;

use super::public_errors::sponsor_failure;

/// An API failure: the status and the stable code the client matches on.
#[derive(Debug, Clone)]
pub struct ApiError {
    status: StatusCode,
    code: Cow<'static, str>,
    message: String,
    details: Option<serde_json::Value>,
    /// Seconds the client should wait before asking again (`Retry-After`).
    retry_after: Option<u64>,
}

/// The error body every failing route answers (api/error.rs): a stable `code` to
/// match on, an English `message`, and optional `details` (the offending input).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable key, e.g. `antelope.chain.error_invalid_network` or `validation.invalid_address`.
    #[schema(example = "antelope.chain.error_invalid_network")]
    pub code: String,
    /// What went wrong, in English.
    pub message: String,
    /// The input at fault and other facts.
    #[schema(value_type = Option<Object>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<serde_json::Value>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code: Cow::Borrowed(code),
            message: message.into(),
            details: None,
            retry_after: None,
        }
    }

    #[must_use]
    pub fn with_details(mut self, details: serde_json::Value) -> Self {
        self.details = Some(details);
        self
    }

    /// Too many requests from this client: wait `seconds` (the limits of `[limits]`).
    pub fn rate_limited(seconds: u64) -> Self {
        let mut error = Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!("too many requests; try again in {seconds} s"),
        )
        .with_details(json!({ "retryAfterSeconds": seconds }));
        error.retry_after = Some(seconds);
        error
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

    /// A request the server did not answer within its time limit.
    pub fn request_timeout(limit: std::time::Duration) -> Self {
        let mut error = Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "request_timeout",
            format!(
                "the server did not answer within {} s; try again",
                limit.as_secs()
            ),
        );
        error.retry_after = Some(1);
        error
    }

    /// The last resort when a handler panicked: still the JSON body, never a bare 500.
    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "the server hit an unexpected error; it has been logged",
        )
    }

    /// Path parameters axum could not read: the caller's 400 (a route whose parameters
    /// do not fit its extractor would be the server's 500).
    fn bad_path(status: StatusCode, text: String) -> Self {
        let code = if status.is_server_error() {
            "internal_error"
        } else {
            "validation.invalid_request"
        };
        Self::new(status, code, text)
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
            retry_after: None,
        }
    }

    /// The same failure told in `message` (the stable code and details kept).
    #[must_use]
    pub fn with_message(mut self, message: &str) -> Self {
        self.message = message.to_owned();
        self
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
            code: self.code.into_owned(),
            message: self.message,
            details: self.details,
        };
        let mut response = (self.status, Json(body)).into_response();
        // Errors describe one moment; a cache must not replay them.
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        response
    }
}

impl From<RawPathParamsRejection> for ApiError {
    fn from(rejection: RawPathParamsRejection) -> Self {
        Self::bad_path(rejection.status(), rejection.body_text())
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        Self::bad_path(rejection.status(), rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "validation.invalid_parameter",
            rejection.body_text(),
        )
    }
}

/// A body that is not the JSON expected is the caller's 400; one over the size limit its
/// 413; one that stopped arriving its 408.
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return Self::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "validation.payload_too_large",
                "the request body is larger than the server accepts",
            );
        }
        let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(&rejection);
        while let Some(current) = cause {
            if current.is::<tower_http::timeout::TimeoutError>() {
                return Self::new(
                    StatusCode::REQUEST_TIMEOUT,
                    "request_timeout",
                    "the request body stopped arriving",
                );
            }
            cause = std::error::Error::source(current);
        }
        Self::new(
            StatusCode::BAD_REQUEST,
            "validation.invalid_body",
            rejection.body_text(),
        )
    }
}

/// An expensive operation refused by the limits: the client's own cap is its 429, the
/// server's total cap a 503; both ask to come back in a second.
impl From<crate::limits::Busy> for ApiError {
    fn from(busy: crate::limits::Busy) -> Self {
        let (status, code, message) = match busy {
            crate::limits::Busy::Client => (
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_concurrent",
                "this client already runs as many expensive requests as allowed",
            ),
            crate::limits::Busy::Server => (
                StatusCode::SERVICE_UNAVAILABLE,
                "server_busy",
                "the server runs as many expensive requests as it allows; try again",
            ),
        };
        let mut error = Self::new(status, code, message);
        error.retry_after = Some(1);
        error
    }
}

/// The one mapping of a service's failure to a status, a stable code and details.
impl From<ServiceError> for ApiError {
    fn from(service_error: ServiceError) -> Self {
        let error = &service_error;
        let message = error.to_string();
        let (status, code, details) = match error {
            ServiceError::Evm(evm) => (evm_status(evm), evm.code(), None),
            ServiceError::Antelope(antelope) => {
                return Self::from_antelope(antelope).without_internals(&service_error);
            }
            ServiceError::Field {
                field,
                source,
                available,
            } => {
                let mut details = json!({ "field": field });
                if let Some(available) = available {
                    details["available"] = available.as_str().into();
                }
                (StatusCode::BAD_REQUEST, source.code(), Some(details))
            }
            ServiceError::InvalidChainData(_) => (
                StatusCode::BAD_GATEWAY,
                "antelope.network.invalid_response",
                None,
            ),
            ServiceError::StakingNotConfigured { .. } => {
                (StatusCode::NOT_FOUND, "evm.staking_not_configured", None)
            }
            ServiceError::ContractNotConfigured { .. } => {
                (StatusCode::NOT_FOUND, "evm.contract_not_configured", None)
            }
            ServiceError::NftNotFound { contract, token_id } => (
                StatusCode::NOT_FOUND,
                "evm.nft_not_found",
                Some(json!({
                    "contract": contract.to_checksum(None), "tokenId": token_id.to_string(),
                })),
            ),
            ServiceError::TransactionNotFound { hash } => (
                StatusCode::NOT_FOUND,
                "evm.transaction_not_found",
                Some(json!({ "hash": format!("{hash:#x}") })),
            ),
            ServiceError::NotAnErc20 { field, .. } => (
                StatusCode::BAD_REQUEST,
                "evm.not_an_erc20",
                Some(json!({ "field": field })),
            ),
            ServiceError::NftNotOwned { .. } => (
                StatusCode::BAD_REQUEST,
                "evm.nft_not_owned",
                Some(json!({ "field": "tokenId" })),
            ),
            ServiceError::AmountNotPositive { field } => (
                StatusCode::BAD_REQUEST,
                "validation.amount_positive",
                Some(json!({ "field": field })),
            ),
            ServiceError::NothingToWithdraw => {
                (StatusCode::BAD_REQUEST, "evm.nothing_to_withdraw", None)
            }
            ServiceError::WouldFail {
                code,
                reason,
                revert_data,
                ..
            } => {
                let mut details = json!({ "reason": reason });
                if let Some(data) = revert_data {
                    details["revertData"] = alloy_primitives::hex::encode_prefixed(data).into();
                }
                (StatusCode::BAD_REQUEST, *code, Some(details))
            }
            ServiceError::InsufficientFunds {
                value,
                fee,
                balance,
            } => (
                StatusCode::BAD_REQUEST,
                revert::INSUFFICIENT_FUNDS,
                Some(json!({
                    "valueWei": value.to_string(), "feeWei": fee.to_string(),
                    "balanceWei": balance.to_string(),
                })),
            ),
            ServiceError::HistoryNotConfigured { .. } => (
                StatusCode::NOT_IMPLEMENTED,
                "antelope.history.not_configured",
                None,
            ),
            ServiceError::RexUnavailable(_) => (
                StatusCode::BAD_GATEWAY,
                "antelope.rex.error_contract_not_found",
                None,
            ),
            ServiceError::ChainRefused(chain) => (
                StatusCode::BAD_REQUEST,
                "antelope.chain.error",
                Some(json!({
                    "chainCode": chain.error.code, "name": chain.error.name, "what": chain.error.what,
                })),
            ),
            ServiceError::SponsorRefused(rule) => (StatusCode::BAD_GATEWAY, rule.code(), None),
            ServiceError::SponsorFailed(failure) => sponsor_failure(failure),
            ServiceError::MoveRefused(refusal) => (
                StatusCode::BAD_REQUEST,
                refusal.code(),
                move_details(refusal),
            ),
            ServiceError::ExportTooLarge { .. } => {
                (StatusCode::PAYLOAD_TOO_LARGE, "export.too_large", None)
            }
        };
        let error = Self::new(status, code, message);
        match details {
            Some(details) => error.with_details(details),
            None => error,
        }
        .without_internals(&service_error)
    }
}

/// What the web needs beside a move refusal's message to offer the way forward.
fn move_details(refusal: &tandem_domain::evm_move::MoveRefusal) -> Option<serde_json::Value> {
    use tandem_domain::evm_move::MoveRefusal;
    match refusal {
        MoveRefusal::OverBalance { available, .. } => {
            Some(json!({ "available": available.to_string() }))
        }
        MoveRefusal::RecipientNotFound { account } | MoveRefusal::NoLinkedAddress { account } => {
            Some(json!({ "account": account.to_string() }))
        }
        _ => None,
    }
}

impl From<EvmError> for ApiError {
    fn from(error: EvmError) -> Self {
        ServiceError::from(error).into()
    }
}

impl From<AntelopeError> for ApiError {
    fn from(error: AntelopeError) -> Self {
        ServiceError::from(error).into()
    }
}

/// A domain rule's refusal of a request value: the caller's 400 with the rule's key.
impl From<DomainError> for ApiError {
    fn from(error: DomainError) -> Self {
        Self::from_domain(StatusCode::BAD_REQUEST, &error)
    }
}

/// A domain rule's refusal is the caller's 400; a source that cannot answer at all is
/// 503; any other upstream failure 502.
fn evm_status(error: &EvmError) -> StatusCode {
    match error {
        EvmError::Domain(_) => StatusCode::BAD_REQUEST,
        EvmError::Unsupported { .. } => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::BAD_GATEWAY,
    }
}

impl ApiError {
    /// A native upstream's failure: the chain's unknown account is a 404 and its other
    /// errors a 502, both with the chain's clear message; a refused value is the
    /// caller's 400; the fee sponsor being down a 503; any other failure a 502.
    fn from_antelope(error: &AntelopeError) -> Self {
        if let Some(chain) = error.chain_error() {
            let details = json!({
                "chainCode": chain.error.code, "name": chain.error.name, "what": chain.error.what,
            });
            if chain.is_unknown_account() {
                return Self::new(
                    StatusCode::NOT_FOUND,
                    "antelope.account.not_found",
                    "account does not exist",
                )
                .with_details(details);
            }
            return Self::new(
                StatusCode::BAD_GATEWAY,
                "antelope.chain.error",
                chain.clear_message(),
            )
            .with_details(details);
        }
        let status = match error {
            AntelopeError::SponsorUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            AntelopeError::Domain(_)
            | AntelopeError::InvalidTransaction(_)
            | AntelopeError::InvalidKey(_) => StatusCode::BAD_REQUEST,
            _ => StatusCode::BAD_GATEWAY,
        };
        Self::new(status, error.code(), error.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_failures_keep_the_evm_codes() {
        let domain = ApiError::from(EvmError::Domain(
            tandem_domain::DomainError::InvalidNftContractType,
        ));
        assert_eq!(
            (domain.status(), domain.code()),
            (
                StatusCode::BAD_REQUEST,
                "antelope.contracts.error_invalid_nft_contract_type"
            )
        );
        let down = ApiError::from(EvmError::Rpc {
            method: "eth_call",
            reason: "refused".into(),
        });
        assert_eq!(
            (down.status(), down.code()),
            (StatusCode::BAD_GATEWAY, "evm.rpc_unavailable")
        );
    }
}
