//! The fee-sponsor check and the push of a client-signed transaction. The server never
//! signs and never broadcasts on its own: `…/sponsor` only returns what the client would
//! sign, and `…/transactions` only forwards what the client signed.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tandem_antelope::Transaction;
use tandem_antelope::chain::types::PackedTransaction;
use tandem_antelope::sponsor::SponsorOutcome;
use tandem_antelope::transaction::TransactionJson;
use tandem_domain::sponsor::PermissionLevel;

use super::account_name;
use super::views::AssetView;
use crate::api::error::ApiError;
use crate::api::extract::{JsonBody, NativeNet};

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

/// `POST …/sponsor`: asks the network's fee sponsor to co-sign, verifies its answer, and
/// returns the transaction to sign with the sponsor's signatures — or
/// `{"fallback": "sign-normally"}` when the sponsor declines (400) or none is configured.
/// A sponsor answer that breaks a rule is a 502 with the rule's `sponsor.*` key.
pub async fn sponsor(
    native: NativeNet,
    JsonBody(body): JsonBody<SponsorBody>,
) -> Result<Response, ApiError> {
    let signer = PermissionLevel {
        actor: account_name(&body.signer.actor)?,
        permission: account_name(&body.signer.permission)?,
    };
    let original = Transaction::from_packed(&body.packed_transaction)?;
    let sponsored = match native.sponsor(signer, &original).await? {
        SponsorOutcome::Sponsored(sponsored) => sponsored,
        SponsorOutcome::SignNormally { reason } => {
            return Ok(
                Json(serde_json::json!({ "fallback": "sign-normally", "reason": reason }))
                    .into_response(),
            );
        }
    };
    let transaction = &sponsored.transaction;
    let packed = transaction.to_packed(Vec::new())?;
    let answer = serde_json::json!({
        "sponsored": true,
        "feeRequired": sponsored.fee_required,
        "fee": sponsored.charges.fee.as_ref().map(AssetView::from),
        "ramBytes": sponsored.charges.ram_bytes,
        "costs": sponsored.costs,
        "message": sponsored.message,
        "transactionId": transaction.id()?,
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
    JsonBody(body): JsonBody<PackedTransaction>,
) -> Result<Json<serde_json::Value>, ApiError> {
    Transaction::from_packed(&body)?;
    if body.signatures.is_empty() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "antelope.transaction.unsigned",
            "the transaction has no signature",
        ));
    }
    for signature in &body.signatures {
        signature.parse::<tandem_antelope::keys::Signature>()?;
    }
    let transaction_id = native.push(&body).await?;
    Ok(Json(serde_json::json!({ "transactionId": transaction_id })))
}
