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
pub mod manifest;
mod transactions;
mod views;

use std::collections::BTreeMap;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::{get, post};
use tandem_antelope::history::HistoryClient;
use tandem_antelope::http::Service;
use tandem_antelope::sponsor::SponsorClient;
use tandem_antelope::{AntelopeError, ChainClient};
use tandem_domain::DomainError;
use tandem_domain::antelope::{Name, Symbol};
use tandem_domain::network::{ChainSettings, NetworkKind, NetworkName};
use tandem_domain::sponsor::SponsorConfig;
use tandem_domain::validate::account::{AccountNameRule, validate_account_name};

use super::error::ApiError;
use crate::app::AppState;

/// The clients of one served native network.
#[derive(Debug, Clone)]
pub struct NativeNetwork {
    /// Its settings.
    pub settings: ChainSettings,
    /// The system token (`4,TLOS`).
    pub system_symbol: Symbol,
    /// The system token contract.
    pub token_contract: Name,
    chain: ChainClient,
    history: Option<HistoryClient>,
    sponsor: Option<SponsorClient>,
}

/// The clients of every served native network, built once at start.
#[derive(Debug, Clone, Default)]
pub struct NativeClients {
    networks: BTreeMap<NetworkName, NativeNetwork>,
}

impl NativeClients {
    /// Clients for the native networks among `networks`; a network whose settings do not
    /// make valid clients is left out (and logged).
    #[must_use]
    pub fn new(networks: &[ChainSettings]) -> Self {
        let http = Service::default_client();
        let mut clients = BTreeMap::new();
        for settings in networks.iter().filter(|s| s.kind == NetworkKind::Native) {
            match NativeNetwork::new(settings, &http) {
                Ok(network) => {
                    clients.insert(settings.name, network);
                }
                Err(error) => {
                    tracing::warn!(network = %settings.name, %error, "native network not served");
                }
            }
        }
        Self { networks: clients }
    }
}

impl NativeNetwork {
    fn new(settings: &ChainSettings, http: &reqwest::Client) -> Result<Self, AntelopeError> {
        let token = &settings.system_token;
        let system_symbol: Symbol = format!("{},{}", token.decimals, token.symbol).parse()?;
        let token_contract: Name = token.contract.as_deref().unwrap_or("eosio.token").parse()?;
        let history = settings
            .history_endpoint
            .as_deref()
            .map(|url| HistoryClient::new(url, http.clone()))
            .transpose()?;
        let sponsor = settings
            .fuel_rpc
            .as_deref()
            .map(|url| {
                SponsorClient::new(
                    url,
                    http.clone(),
                    SponsorConfig::public_sponsor(system_symbol),
                )
            })
            .transpose()?;
        Ok(Self {
            chain: ChainClient::new(&settings.rpc_endpoint.url(), http.clone())?,
            settings: settings.clone(),
            system_symbol,
            token_contract,
            history,
            sponsor,
        })
    }

    fn history(&self) -> Result<&HistoryClient, ApiError> {
        self.history.as_ref().ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_IMPLEMENTED,
                "antelope.history.not_configured",
                format!("{} has no history service configured", self.settings.name),
            )
        })
    }
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

/// The served native network named `name`, or a 400 with the spec's key.
fn network<'a>(state: &'a AppState, name: &str) -> Result<&'a NativeNetwork, ApiError> {
    let invalid = || {
        ApiError::from_domain(
            StatusCode::BAD_REQUEST,
            &DomainError::InvalidNetwork(name.to_owned()),
        )
        .with_details(serde_json::json!({ "network": name }))
    };
    let parsed: NetworkName = name.parse().map_err(|_| invalid())?;
    state.native().networks.get(&parsed).ok_or_else(invalid)
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
