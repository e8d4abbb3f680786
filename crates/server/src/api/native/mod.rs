//! The native (Antelope) API under `/api/v1/native/{network}/…`: account, balances,
//! REX and its APY, profile, history (and its CSV export) and a transaction by id, creator, children, links,
//! permissions, proposals, key accounts, the linked EVM address, a TLOS move's plan, RAM prices, producers,
//! dapps, the fee-sponsor check and the push of a client-signed transaction — every one
//! in the OpenAPI document ([`route_paths`]).
//!
//! Every path parameter is checked before any upstream call: an unknown or non-native
//! network is a 400 `antelope.chain.error_invalid_network`, a bad account name a 400 with
//! the domain's key. Upstream failures are 502 (503 when the fee sponsor is down). The
//! server never signs: it only forwards what the client signed.

pub mod account;
pub mod chain;
pub mod dapps;
pub mod evm_link;
pub mod evm_move;
pub mod export;
pub mod history;
pub mod relations;
pub mod rex_yield;
pub mod stake;
pub mod transactions;
mod views;

use axum::Router;
use axum::http::{Method, StatusCode};
use axum::routing::{MethodRouter, get, post};
use tandem_domain::DomainError;
use tandem_domain::antelope::Name;
use tandem_domain::validate::account::{AccountNameRule, validate_account_name};

use super::error::ApiError;
use crate::state::AppState;

/// Every `/api/v1/native/{network}/…` route: its method, its path and its handler. The
/// router is built from this table and the OpenAPI test checks every row is documented,
/// so a route cannot be added without its place in the document (and the web's types).
fn route_table() -> Vec<(Method, String, MethodRouter<AppState>)> {
    let base = "/api/v1/native/{network}";
    let account = format!("{base}/accounts/{{account}}");
    vec![
        (Method::GET, account.clone(), get(account::account)),
        (
            Method::GET,
            format!("{account}/balances"),
            get(account::balances),
        ),
        (Method::GET, format!("{account}/rex"), get(account::rex)),
        (
            Method::GET,
            format!("{account}/delegations"),
            get(stake::delegations),
        ),
        (
            Method::GET,
            format!("{account}/profile"),
            get(account::profile),
        ),
        (
            Method::GET,
            format!("{account}/permissions"),
            get(account::permissions),
        ),
        (
            Method::GET,
            format!("{account}/history"),
            get(history::actions),
        ),
        (
            Method::GET,
            format!("{account}/history.csv"),
            get(export::export),
        ),
        (
            Method::GET,
            format!("{account}/creator"),
            get(relations::creator),
        ),
        (
            Method::GET,
            format!("{account}/children"),
            get(relations::children),
        ),
        (
            Method::GET,
            format!("{account}/links"),
            get(relations::links),
        ),
        (
            Method::GET,
            format!("{account}/proposals"),
            get(relations::proposals),
        ),
        (
            Method::GET,
            format!("{account}/evm-address"),
            get(evm_link::evm_address_of),
        ),
        (
            Method::GET,
            format!("{base}/evm-addresses/{{address}}/account"),
            get(evm_link::account_of),
        ),
        (
            Method::GET,
            format!("{base}/keys/{{key}}/accounts"),
            get(relations::key_accounts),
        ),
        (Method::GET, format!("{base}/dapps"), get(dapps::dapps)),
        (
            Method::GET,
            format!("{base}/transactions/{{id}}"),
            get(history::transaction),
        ),
        (
            Method::GET,
            format!("{base}/ram-cost"),
            get(chain::ram_cost),
        ),
        (
            Method::GET,
            format!("{base}/ram-quote"),
            get(stake::ram_quote),
        ),
        (Method::GET, format!("{base}/rex/apy"), get(chain::rex_apy)),
        (
            Method::GET,
            format!("{base}/rex/yield"),
            get(rex_yield::rex_yield),
        ),
        (
            Method::GET,
            format!("{base}/producers"),
            get(chain::producers),
        ),
        (
            Method::GET,
            format!("{base}/producers/info"),
            get(chain::producer_info),
        ),
        (
            Method::POST,
            format!("{base}/evm-moves/prepare"),
            post(evm_move::prepare),
        ),
        (
            Method::POST,
            format!("{base}/sponsor"),
            post(transactions::sponsor),
        ),
        (
            Method::POST,
            format!("{base}/transactions"),
            post(transactions::push),
        ),
    ]
}

/// The `/api/v1/native/{network}/…` routes.
pub fn routes() -> Router<AppState> {
    route_table()
        .into_iter()
        .fold(Router::new(), |router, (_, path, handler)| {
            router.route(&path, handler)
        })
}

/// Each native route's method and path, as the router serves them.
#[must_use]
pub fn route_paths() -> Vec<(Method, String)> {
    route_table()
        .into_iter()
        .map(|(method, path, _)| (method, path))
        .collect()
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
