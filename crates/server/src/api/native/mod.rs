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
mod export;
mod history;
mod transactions;
mod views;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::{get, post};
use tandem_domain::DomainError;
use tandem_domain::antelope::Name;
use tandem_domain::validate::account::{AccountNameRule, validate_account_name};

use super::error::ApiError;
use crate::state::AppState;

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
        .route(&format!("{account}/history.csv"), get(export::export))
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
