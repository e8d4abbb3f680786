//! The native (Antelope) API under `/api/v1/native/{network}/…`: account, balances,
//! REX, profile, history, creator, children, links, permissions, proposals, key
//! accounts, the fee-sponsor check and the push of a client-signed transaction.
//!
//! Every path parameter is checked before any upstream call: an unknown or non-native
//! network is a 400 `antelope.chain.error_invalid_network`, a bad account name a 400 with
//! the domain's key. Upstream failures are 502 (503 when the fee sponsor is down). The
//! server never signs: it only forwards what the client signed.

mod account;
mod dapps;
mod history;
mod transactions;
mod views;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::{get, post};
use tandem_antelope::AntelopeError;
use tandem_antelope::history::HistoryClient;
use tandem_domain::DomainError;
use tandem_domain::antelope::Name;
use tandem_domain::validate::account::{AccountNameRule, validate_account_name};

use super::error::ApiError;
use crate::native::NativeNetwork;
use crate::state::AppState;

/// The network's history service, or a 501 when it has none configured.
fn history(native: &NativeNetwork) -> Result<&HistoryClient, ApiError> {
    native.history.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_IMPLEMENTED,
            "antelope.history.not_configured",
            format!("{} has no history service configured", native.settings.name),
        )
    })
}

/// The `/api/v1/native/{network}/…` routes.
pub fn routes() -> Router<AppState> {
    let base = "/api/v1/native/{network}";
    let account = format!("{base}/accounts/{{account}}");
    Router::new()
        .route(&account, get(account::account))
        .route(&format!("{account}/balances"), get(account::balances))
        .route(&format!("{account}/rex"), get(account::rex))
        .route(&format!("{account}/profile"), get(account::profile))
        .route(&format!("{account}/permissions"), get(account::permissions))
        .route(&format!("{account}/history"), get(history::actions))
        .route(&format!("{account}/creator"), get(history::creator))
        .route(&format!("{account}/children"), get(history::children))
        .route(&format!("{account}/links"), get(history::links))
        .route(&format!("{account}/proposals"), get(history::proposals))
        .route(
            &format!("{base}/keys/{{key}}/accounts"),
            get(history::key_accounts),
        )
        .route(&format!("{base}/dapps"), get(dapps::dapps))
        .route(&format!("{base}/sponsor"), post(transactions::sponsor))
        .route(&format!("{base}/transactions"), post(transactions::push))
}

/// An account name as a user may type it (domain rules, then the chain's encoding).
fn account_name(text: &str) -> Result<Name, ApiError> {
    let bad = |error: &DomainError| {
        ApiError::from_domain(StatusCode::BAD_REQUEST, error)
            .with_details(serde_json::json!({ "account": text }))
    };
    validate_account_name(text, AccountNameRule::Any).map_err(|error| bad(&error))?;
    text.parse().map_err(|error| bad(&error))
}

/// A value from the chain that breaks a domain rule (a malformed asset, mixed symbols).
fn invalid_chain_data(error: &DomainError) -> ApiError {
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        "antelope.network.invalid_response",
        format!("the chain sent an unexpected value: {error}"),
    )
}

/// An upstream failure as an API error: 502 for the services, the chain's unknown account
/// as 404, with the chain's clear message.
fn upstream(error: &AntelopeError) -> ApiError {
    if let Some(chain) = error.chain_error() {
        let details = serde_json::json!({
            "chainCode": chain.error.code, "name": chain.error.name, "what": chain.error.what,
        });
        if chain.is_unknown_account() {
            return ApiError::new(
                StatusCode::NOT_FOUND,
                "antelope.account.not_found",
                "account does not exist",
            )
            .with_details(details);
        }
        return ApiError::new(
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
    ApiError::new(status, error.code(), error.to_string())
}
