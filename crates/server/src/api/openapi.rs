//! The OpenAPI document of `/api/v1`, generated from the handlers' `#[utoipa::path]`
//! annotations and the response types' `ToSchema` derives. Served at
//! `GET /api/v1/openapi.json`, printed by `tandem-server --print-openapi`, and turned
//! into the web app's types by `scripts/gen-api-types.sh` (checked for drift by
//! `scripts/test`).
//!
//! To document a route: annotate the handler with `#[utoipa::path(...)]` (method, the
//! full `path`, `tag`, `params`, `responses` with `body = YourView` and
//! `body = crate::api::error::ErrorBody` for errors), derive `utoipa::ToSchema` on its
//! response types, and add the handler's path to the `paths(...)` list below, in the
//! block of its module. Schemas reached from a `body` are collected automatically.

use axum::Json;
use utoipa::OpenApi;

use super::error::ErrorBody;

/// The document. Keep each module's handlers together in `paths`.
#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "Tandem API",
        description = "Tandem's wallet API: chain settings, native (Antelope) and EVM account data, \
                       prices and unsigned transactions. Amounts and prices are exact decimal strings."
    ),
    paths(
        // Server
        super::health::health,
        super::client_config::client_config,
        super::networks::list,
        super::networks::one,
        super::media::media,
        openapi_json,
        // EVM core: balances, prices, contracts, status
        super::evm::balances::balances,
        super::evm::prices::quote,
        super::evm::prices::chart,
        super::evm::contracts::contract,
        super::evm::status::status,
        // EVM account reads: history, NFTs, approvals
        super::evm::history::transactions,
        super::evm::history::sent::sent_to,
        super::evm::transaction::transaction,
        super::evm::nfts::account_nfts,
        super::evm::nfts::details::details,
        super::evm::nfts::details::refresh,
        super::evm::approvals::approvals,
        // EVM staking and transaction preparation
        super::evm::staking::overview,
        super::evm::staking::account,
        super::evm::staking::staking_yield,
        super::evm::prepare::prepare,
        super::evm::prepare::revoke_plan,
        // Native: account reads
        super::native::account::balances,
        super::native::account::account,
        super::native::account::rex,
        super::native::account::profile,
        super::native::account::permissions,
        super::native::chain::ram_cost,
        super::native::stake::ram_quote,
        super::native::stake::delegations,
        super::native::evm_move::prepare,
        super::native::chain::rex_apy,
        super::native::rex_yield::rex_yield,
        super::native::chain::producers,
        super::native::chain::producer_info,
        super::native::dapps::dapps,
        super::native::transactions::sponsor,
        super::native::transactions::push,
        // Native: history-service reads
        super::native::history::actions,
        super::native::export::export,
        super::native::history::transaction,
        super::native::relations::creator,
        super::native::relations::children,
        super::native::relations::links,
        super::native::relations::proposals,
        super::native::relations::key_accounts,
        // Native: one account, both chains
        super::native::evm_link::evm_address_of,
        super::native::evm_link::account_of,
        // Growth features: the approval alarm, the history export, the portfolio
        super::evm::approval_check::check,
        super::evm::export::export,
        super::evm::portfolio::portfolio,
    ),
    components(schemas(ErrorBody)),
    tags(
        (name = "server", description = "Health, networks and this document"),
        (name = "evm", description = "EVM accounts, tokens, prices and transactions"),
        (name = "native", description = "Native (Antelope) accounts, tokens, history and transactions"),
    )
)]
pub struct ApiDoc;

/// The document as pretty JSON with a trailing newline (what the web types are made from).
#[must_use]
pub fn document_json() -> String {
    let mut document = ApiDoc::openapi();
    document.info.version = env!("CARGO_PKG_VERSION").to_owned();
    let mut text = document
        .to_pretty_json()
        .unwrap_or_else(|error| format!("{{\"error\": \"{error}\"}}"));
    text.push('\n');
    text
}

/// This OpenAPI document.
#[utoipa::path(
    get,
    path = "/api/v1/openapi.json",
    tag = "server",
    responses((status = 200, description = "The OpenAPI 3.1 document", body = Object))
)]
pub async fn openapi_json() -> Json<utoipa::openapi::OpenApi> {
    let mut document = ApiDoc::openapi();
    document.info.version = env!("CARGO_PKG_VERSION").to_owned();
    Json(document)
}
