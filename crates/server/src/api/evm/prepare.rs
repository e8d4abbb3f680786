//! Transaction preparation routes (spec §4, §7 "Contract calls (EVM)"); the work is in
//! [`crate::evm::prepare`]. The client's wallet signs and sends; the server never signs.
//!
//! - `POST …/transactions/prepare`: one transaction of any kind (see [`PrepareRequest`]).
//! - `POST …/approvals/revoke-plan`: the revoke batch (spec §4 "Allowance revoke batch").

use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use tandem_domain::validate::{AllowanceBatchId, ensure_in_range};

use crate::api::error::ApiError;
use crate::api::evm::params::FiatQuery;
use crate::api::extract::{EvmNet, JsonBody, Query};
use crate::error::ServiceError;
use crate::evm::prepare::{
    self, Fields, Outcome, PrepareRequest, PreparedTransaction, RevokePlan, SkipReason,
};
use crate::state::AppState;

/// Most items one plan takes (each costs a gas estimate).
pub const MAX_ITEMS: usize = 200;

/// Body of `POST …/approvals/revoke-plan`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevokePlanRequest {
    /// The approvals' owner, who will sign.
    pub owner: String,
    /// Selected approvals as `spender-token` or `spender-token-tokenId`.
    pub items: Vec<String>,
}

/// The preparation routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            &format!("{}/transactions/prepare", crate::api::evm::params::BASE),
            post(prepare),
        )
        .route(
            &format!("{}/approvals/revoke-plan", crate::api::evm::params::BASE),
            post(revoke_plan),
        )
}

/// `POST /api/v1/evm/{network}/transactions/prepare`
#[utoipa::path(
    post,
    path = "/api/v1/evm/{network}/transactions/prepare",
    tag = "evm",
    params(("network" = String, Path, description = "EVM network name"), FiatQuery),
    request_body(
        content = PrepareRequest,
        description = "A tagged body: `kind` is send | nftTransfer | wrap | unwrap | stake | unstake | withdraw | approve | revoke, plus `from` and the kind's fields (amounts as decimal text)"
    ),
    responses(
        (status = 200, description = "The unsigned transaction, its gas, fee and what it does", body = PreparedTransaction),
        (status = 400, description = "Invalid field, balance too low, nothing to revoke, or the transaction would revert (code and reason)", body = crate::api::error::ErrorBody),
        (status = 404, description = "The network lacks the contract for this kind", body = crate::api::error::ErrorBody),
        (status = 502, description = "The node did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn prepare(
    network: EvmNet,
    Query(query): Query<FiatQuery>,
    JsonBody(request): JsonBody<PrepareRequest>,
) -> Result<Json<PreparedTransaction>, ApiError> {
    let (fiat, _) = query.checked()?;
    let mut fields = Fields::default();
    let from = fields.address("from", request.from())?;
    match prepare::prepare(&network, from, &request, fields, &fiat).await? {
        Outcome::Ready(prepared) => Ok(Json(prepared)),
        Outcome::NothingToRevoke(reason) => Err(nothing_to_revoke(reason)),
    }
}

/// A revoke with nothing to do, as the caller's error (or the node's, when the current
/// approval could not be read).
fn nothing_to_revoke(reason: SkipReason) -> ApiError {
    let (status, code) = match reason {
        SkipReason::AlreadyRevoked | SkipReason::Duplicate => {
            (StatusCode::BAD_REQUEST, "evm.already_revoked")
        }
        SkipReason::NotOwner => (StatusCode::BAD_REQUEST, "evm.nft_not_owned"),
        SkipReason::NotAToken => (StatusCode::BAD_REQUEST, "evm.not_a_token"),
        SkipReason::TokenIdNotApplicable => (
            StatusCode::BAD_REQUEST,
            "validation.token_id_not_applicable",
        ),
        SkipReason::ReadFailed | SkipReason::WouldFail => {
            (StatusCode::BAD_GATEWAY, "evm.rpc_unavailable")
        }
    };
    ApiError::new(status, code, reason.message())
}

/// `POST /api/v1/evm/{network}/approvals/revoke-plan`
#[utoipa::path(
    post,
    path = "/api/v1/evm/{network}/approvals/revoke-plan",
    tag = "evm",
    params(("network" = String, Path, description = "EVM network name"), FiatQuery),
    request_body = RevokePlanRequest,
    responses(
        (status = 200, description = "Revoke transactions in order, and the skipped items", body = RevokePlan),
        (status = 400, description = "Malformed owner, item or body", body = crate::api::error::ErrorBody),
        (status = 502, description = "The node did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn revoke_plan(
    network: EvmNet,
    Query(query): Query<FiatQuery>,
    JsonBody(body): JsonBody<RevokePlanRequest>,
) -> Result<Json<RevokePlan>, ApiError> {
    let (fiat, _) = query.checked()?;
    let owner = Fields::default().address("owner", &body.owner)?;
    ensure_in_range(&body.items.len(), None, Some(&MAX_ITEMS))
        .map_err(|error| ServiceError::field("items", error))?;
    let mut items = Vec::with_capacity(body.items.len());
    for (index, text) in body.items.into_iter().enumerate() {
        let id = AllowanceBatchId::parse(&text).map_err(|error| {
            ApiError::from(error)
                .with_details(serde_json::json!({ "field": "items", "index": index }))
        })?;
        items.push((text, id));
    }
    let plan = prepare::revoke_plan(&network, owner, items, &fiat).await?;
    Ok(Json(plan))
}
