//! The fee-sponsor check and the push of a client-signed transaction. The server never
//! signs and never broadcasts on its own: `…/sponsor` only returns what the client would
//! sign, and `…/transactions` only forwards what the client signed.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tandem_antelope::chain::types::PackedTransaction;
use tandem_antelope::sponsor::SponsorOutcome;
use tandem_antelope::transaction::TransactionJson;
use tandem_antelope::{AntelopeError, Transaction};
use tandem_domain::sponsor::PermissionLevel;

use super::views::AssetView;
use super::{account_name, upstream};
use crate::api::error::ApiError;
use crate::api::extract::NativeNet;

/// `{actor, permission}` of the signer.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignerBody {
    actor: String,
    permission: String,
}

/// Body of `POST …/sponsor`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SponsorBody {
    signer: SignerBody,
    packed_transaction: PackedTransaction,
}

fn invalid_body(rejection: &JsonRejection) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "validation.invalid_body",
        rejection.body_text(),
    )
}

fn invalid_transaction(error: &AntelopeError) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, error.code(), error.to_string())
}

/// `POST …/sponsor`: asks the network's fee sponsor to co-sign, verifies its answer, and
/// returns the transaction to sign with the sponsor's signatures — or
/// `{"fallback": "sign-normally"}` when the sponsor declines (400) or none is configured.
/// A sponsor answer that breaks a rule is a 502 with the rule's `sponsor.*` key.
pub async fn sponsor(
    native: NativeNet,
    body: Result<Json<SponsorBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let body = body.map_err(|e| invalid_body(&e))?.0;
    let signer = PermissionLevel {
        actor: account_name(&body.signer.actor)?,
        permission: account_name(&body.signer.permission)?,
    };
    let original =
        Transaction::from_packed(&body.packed_transaction).map_err(|e| invalid_transaction(&e))?;
    let Some(sponsor) = &native.sponsor else {
        let answer = serde_json::json!({
            "fallback": "sign-normally", "reason": "no fee sponsor is configured for this network",
        });
        return Ok(Json(answer).into_response());
    };
    let outcome = sponsor.request(signer, &original).await;
    let sponsored = match outcome {
        Ok(SponsorOutcome::Sponsored(sponsored)) => sponsored,
        Ok(SponsorOutcome::SignNormally { reason }) => {
            return Ok(
                Json(serde_json::json!({ "fallback": "sign-normally", "reason": reason }))
                    .into_response(),
            );
        }
        Err(AntelopeError::Domain(rule)) => {
            tracing::warn!(network = %native.settings.name, code = rule.code(), "sponsor answer refused");
            return Err(ApiError::from_domain(StatusCode::BAD_GATEWAY, &rule));
        }
        Err(error) => return Err(upstream(&error)),
    };
    let transaction = &sponsored.transaction;
    let packed = transaction
        .to_packed(Vec::new())
        .map_err(|e| upstream(&e))?;
    let answer = serde_json::json!({
        "sponsored": true,
        "feeRequired": sponsored.fee_required,
        "fee": sponsored.charges.fee.as_ref().map(AssetView::from),
        "ramBytes": sponsored.charges.ram_bytes,
        "costs": sponsored.costs,
        "message": sponsored.message,
        "transactionId": transaction.id().map_err(|e| upstream(&e))?,
        "transaction": TransactionJson::from(transaction),
        "packedTrx": packed.packed_trx,
        "signatures": sponsored.signatures,
    });
    Ok(Json(answer).into_response())
}

/// `POST …/transactions`: broadcasts a transaction the client signed (with the sponsor's
/// signatures when sponsored). The chain's refusal is a 400 with its clear message.
pub async fn push(
    native: NativeNet,
    body: Result<Json<PackedTransaction>, JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let body = body.map_err(|e| invalid_body(&e))?.0;
    Transaction::from_packed(&body).map_err(|e| invalid_transaction(&e))?;
    if body.signatures.is_empty() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "antelope.transaction.unsigned",
            "the transaction has no signature",
        ));
    }
    for signature in &body.signatures {
        signature
            .parse::<tandem_antelope::keys::Signature>()
            .map_err(|e| invalid_transaction(&e))?;
    }
    match native.chain.push_transaction(&body).await {
        Ok(result) => Ok(Json(
            serde_json::json!({ "transactionId": result.transaction_id }),
        )),
        Err(AntelopeError::Chain(chain)) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "antelope.chain.error",
            chain.clear_message(),
        )
        .with_details(serde_json::json!({
            "chainCode": chain.error.code, "name": chain.error.name, "what": chain.error.what,
        }))),
        Err(error) => Err(upstream(&error)),
    }
}
