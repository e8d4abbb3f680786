//! Transaction preparation (spec §4, §7 "Contract calls (EVM)"): the server checks a
//! request with the domain's rules, reads what it needs on chain (decimals, balances,
//! current approvals), encodes the call, and estimates gas from the sender. The client's
//! wallet signs and sends; the server never signs.
//!
//! - `POST …/transactions/prepare`: one transaction of any kind (see [`PrepareRequest`]).
//! - `POST …/approvals/revoke-plan`: the revoke batch (spec §4 "Allowance revoke batch").
//!
//! Module map: [`request`] (body and field checks) → [`build`] (per-kind checks and
//! reads, giving a [`fee::Draft`]) → [`calls`] (encoding) → [`fee`] (gas, fee, revert
//! reasons via [`revert`]); [`summary`] words it; [`revoke_plan`] decides revokes and
//! [`revoke`] reads for them.

mod build;
pub mod calls;
mod facts;
pub mod fee;
pub mod request;
pub mod revert;
pub mod revoke;
pub mod revoke_plan;
pub mod summary;

use axum::extract::Query;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};

use self::fee::PreparedTransaction;
use self::request::{Fields, PrepareRequest};
use crate::api::error::ApiError;
use crate::api::evm::account_params::invalid_query;
use crate::api::evm::params::FiatQuery;
use crate::api::extract::EvmNet;
use crate::state::AppState;

/// The preparation routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            &format!("{}/transactions/prepare", super::BASE),
            post(prepare),
        )
        .route(
            &format!("{}/approvals/revoke-plan", super::BASE),
            post(revoke::revoke_plan),
        )
}

/// A body that is not JSON or not one of the kinds: 400 with serde's reason.
pub(crate) fn invalid_body(rejection: &JsonRejection) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "validation.invalid_body",
        rejection.body_text(),
    )
}

/// `POST /api/v1/evm/{network}/transactions/prepare`
#[utoipa::path(
    post,
    path = "/api/v1/evm/{network}/transactions/prepare",
    tag = "evm",
    params(("network" = String, Path, description = "EVM network name"), FiatQuery),
    request_body(
        content = Object,
        description = "A tagged body: `kind` is send | nftTransfer | wrap | unwrap | stake | unstake | withdraw | approve | revoke, plus `from` and the kind's fields (amounts as decimal text)"
    ),
    responses(
        (status = 200, description = "The unsigned transaction, its gas, fee and summary", body = PreparedTransaction),
        (status = 400, description = "Invalid field, balance too low, or the transaction would revert (code and reason)", body = crate::api::openapi::ErrorBody),
        (status = 404, description = "The network lacks the contract for this kind", body = crate::api::openapi::ErrorBody),
        (status = 502, description = "The node did not answer", body = crate::api::openapi::ErrorBody),
    )
)]
pub async fn prepare(
    network: EvmNet,
    query: Result<Query<FiatQuery>, QueryRejection>,
    body: Result<Json<PrepareRequest>, JsonRejection>,
) -> Result<Json<PreparedTransaction>, ApiError> {
    let (fiat, _) = query.map_err(|e| invalid_query(&e))?.0.checked()?;
    let request = body.map_err(|e| invalid_body(&e))?.0;
    let mut fields = Fields::default();
    let from = fields.address("from", request.from())?;
    let draft = build::draft(&network, from, &request, fields).await?;
    Ok(Json(fee::finish(&network, from, draft, &fiat).await?))
}
