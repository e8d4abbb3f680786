//! The fee-sponsor check and the push of a client-signed transaction. The server never
//! signs and never broadcasts on its own: `…/sponsor` only returns what the client would
//! sign, and `…/transactions` only forwards what the client signed.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tandem_antelope::Transaction;
use tandem_antelope::chain::types::PackedTransaction;
use tandem_antelope::sponsor::SponsorOutcome;
use tandem_antelope::transaction::TransactionJson;
use tandem_domain::sponsor::PermissionLevel;

use super::account_name;
use super::views::{AssetView, PackedTransactionBody};
use crate::api::error::{ApiError, ErrorBody};
use crate::api::extract::{JsonBody, NativeNet};

/// `{actor, permission}` of the signer.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignerBody {
    actor: String,
    permission: String,
}

/// Body of `POST …/sponsor`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SponsorBody {
    signer: SignerBody,
    /// The unsigned transaction.
    packed_transaction: PackedTransactionBody,
}

/// The sponsor declined (its 400) or none is configured: sign without it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SponsorFallbackView {
    /// Always `sign-normally`.
    fallback: &'static str,
    /// Why, as the sponsor said.
    reason: String,
}

/// What the sponsor says it charges (asset texts).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SponsorCostsView {
    cpu: Option<String>,
    net: Option<String>,
    ram: Option<String>,
}

/// The sponsor's co-signed transaction, verified: what the user signs instead.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SponsoredView {
    /// Always true.
    sponsored: bool,
    /// The sponsor asked for a fee (its 402).
    fee_required: bool,
    fee: Option<AssetView>,
    /// RAM the sponsor buys for the user.
    ram_bytes: Option<u32>,
    costs: Option<SponsorCostsView>,
    message: Option<String>,
    transaction_id: String,
    /// The transaction as JSON (action data as hex).
    #[schema(value_type = Object)]
    transaction: TransactionJson,
    /// The same, packed hex: what the user signs.
    packed_trx: String,
    /// The sponsor's signatures, to push with the user's.
    signatures: Vec<String>,
}

/// `POST …/sponsor`: either answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum SponsorAnswerView {
    /// Sign without the sponsor.
    Fallback(SponsorFallbackView),
    /// Sign the sponsor's transaction.
    Sponsored(Box<SponsoredView>),
}

/// Asks the network's fee sponsor to co-sign, verifies its answer (spec §5's rules), and
/// returns the transaction to sign with the sponsor's signatures — or a fallback when the
/// sponsor declines (400), is down or none is configured. The server never signs.
#[utoipa::path(
    post,
    operation_id = "native_sponsor",
    path = "/api/v1/native/{network}/sponsor",
    tag = "native",
    params(("network" = String, Path, description = "Native network")),
    request_body = SponsorBody,
    responses(
        (status = 200, description = "The sponsored transaction, or sign normally", body = SponsorAnswerView),
        (status = 400, description = "Malformed body, name or transaction", body = ErrorBody),
        (status = 502, description = "The sponsor failed (`sponsor.unexpected_code`, `sponsor.unreachable`, `sponsor.invalid_answer`) or its answer broke a rule (`sponsor.*`)", body = ErrorBody),
        (status = 503, description = "The sponsor is down (`sponsor.unavailable`): sign normally", body = ErrorBody),
        (status = 504, description = "The sponsor did not answer in time (`sponsor.timeout`)", body = ErrorBody),
    )
)]
pub async fn sponsor(
    native: NativeNet,
    JsonBody(body): JsonBody<SponsorBody>,
) -> Result<Json<SponsorAnswerView>, ApiError> {
    let signer = PermissionLevel {
        actor: account_name(&body.signer.actor)?,
        permission: account_name(&body.signer.permission)?,
    };
    let original = Transaction::from_packed(&PackedTransaction::from(body.packed_transaction))?;
    let sponsored = match native.sponsor(signer, &original).await? {
        SponsorOutcome::Sponsored(sponsored) => sponsored,
        SponsorOutcome::SignNormally { reason } => {
            return Ok(Json(SponsorAnswerView::Fallback(SponsorFallbackView {
                fallback: "sign-normally",
                reason,
            })));
        }
    };
    let transaction = &sponsored.transaction;
    let packed = transaction.to_packed(Vec::new())?;
    Ok(Json(SponsorAnswerView::Sponsored(Box::new(
        SponsoredView {
            sponsored: true,
            fee_required: sponsored.fee_required,
            fee: sponsored.charges.fee.as_ref().map(AssetView::from),
            ram_bytes: sponsored.charges.ram_bytes,
            costs: sponsored.costs.clone().map(|costs| SponsorCostsView {
                cpu: costs.cpu,
                net: costs.net,
                ram: costs.ram,
            }),
            message: sponsored.message.clone(),
            transaction_id: transaction.id()?,
            transaction: TransactionJson::from(transaction),
            packed_trx: packed.packed_trx,
            signatures: sponsored.signatures.clone(),
        },
    ))))
}

/// `POST …/transactions`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushView {
    transaction_id: String,
}

/// Broadcasts a transaction the client signed (with the sponsor's signatures when
/// sponsored). The chain's refusal is a 400 `antelope.chain.error` with its clear message
/// and its exception name in `details.name`.
#[utoipa::path(
    post,
    operation_id = "native_push",
    path = "/api/v1/native/{network}/transactions",
    tag = "native",
    params(("network" = String, Path, description = "Native network")),
    request_body = PackedTransactionBody,
    responses(
        (status = 200, description = "Its id", body = PushView),
        (status = 400, description = "Unsigned or malformed, or refused by the chain", body = ErrorBody),
        (status = 502, description = "The chain did not answer", body = ErrorBody),
    )
)]
pub async fn push(
    native: NativeNet,
    JsonBody(body): JsonBody<PackedTransactionBody>,
) -> Result<Json<PushView>, ApiError> {
    let body = PackedTransaction::from(body);
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
    Ok(Json(PushView { transaction_id }))
}
