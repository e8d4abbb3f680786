//! `GET /api/v1/evm/{network}/transactions/{hash}?fiat=`: one transaction described for
//! the detail view (status, block, time, parties, the function and its decoded
//! arguments, every movement, the fee and who paid it). The reading is
//! [`crate::evm::transaction`]. A malformed hash is a 400 with the domain's hash rule
//! (`validation.invalid_hash`), an unknown one a 404 `evm.transaction_not_found`.

use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tandem_domain::validate::validate_transaction_hash;
use tandem_evm::calls::{DecodedCall, FunctionSource};
use utoipa::ToSchema;

use super::history::view::{NftMovementView, PoisoningView, ValueMovementView, nft, value};
use super::params::{evm_address, fiat_currency};
use super::views::SourceKindView;
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path, Query};
use crate::evm::transaction::{
    NamedMovement, PaidFee, Party, TransactionDetail, TransactionStatus,
};
use crate::state::AppState;

/// The route of this module.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!("{}/transactions/{{hash}}", crate::api::evm::params::BASE),
        get(transaction),
    )
}

/// `{hash}` of the route.
#[derive(Debug, Deserialize)]
pub struct TransactionPath {
    hash: String,
}

/// `?fiat=` of the route.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct TransactionQuery {
    /// Fiat currency of the values (default USD).
    fiat: Option<String>,
    /// The account looking at it (0x + 40 hex): the answer then says whether the
    /// transaction is likely address poisoning of that account.
    account: Option<String>,
}

/// Where a transaction stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TransactionStatusView {
    /// Sent, not in a block yet.
    Pending,
    /// Mined and succeeded.
    Success,
    /// Mined and reverted: nothing moved, the fee was paid.
    Failed,
}

/// An address and, for a known contract, its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartyView {
    /// EIP-55 address.
    pub address: String,
    /// The contract's name, when known.
    pub name: Option<String>,
}

/// Where the function's description came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum FunctionSourceView {
    /// The contract's own ABI.
    Abi,
    /// The built-in table of well-known signatures.
    KnownSignature,
    /// The history service's signature lookup (a guess: selectors can be shared).
    LookedUp,
}

/// One decoded argument.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArgumentView {
    /// The parameter's name, when the ABI has one.
    pub name: Option<String>,
    /// Its Solidity type.
    #[serde(rename = "type")]
    pub kind: String,
    /// The value as text: addresses EIP-55, integers in decimal, bytes 0x hex, arrays
    /// `[a, b]`, tuples `(a, b)`.
    pub value: String,
}

/// The function a transaction called.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunctionView {
    /// Its name.
    pub name: String,
    /// Its canonical signature.
    pub signature: String,
    /// Where the description came from.
    pub source: FunctionSourceView,
    /// The decoded arguments; absent when the call data does not decode as this
    /// function's.
    pub arguments: Option<Vec<ArgumentView>>,
}

/// One movement of value or an NFT.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MovementView {
    /// Who gave it (the zero address for a mint).
    pub from: PartyView,
    /// Who got it (the zero address for a burn).
    pub to: PartyView,
    /// An amount of the native coin or a token.
    pub value: Option<ValueMovementView>,
    /// The token contract of a token amount (EIP-55); absent for the native coin.
    pub token: Option<String>,
    /// An NFT.
    pub nft: Option<NftMovementView>,
}

/// The fee and who paid it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeView {
    /// Gas used × gas price, exact, in the system token.
    pub amount: String,
    /// Its symbol.
    pub symbol: String,
    /// Its fiat value (18 decimals), when priced.
    pub fiat_value: Option<String>,
    /// Gas used, decimal.
    pub gas_used: String,
    /// Gas price in wei, decimal.
    pub gas_price: String,
    /// Who paid it: the sender (EIP-55).
    pub paid_by: String,
}

/// One transaction described.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionDetailView {
    /// The hash.
    pub hash: String,
    /// Pending, success or failed.
    pub status: TransactionStatusView,
    /// The block, once mined.
    pub block_number: Option<u64>,
    /// The block time, seconds since the epoch, once mined.
    pub epoch: Option<u64>,
    /// The sender.
    pub from: PartyView,
    /// The recipient; absent for a contract creation.
    pub to: Option<PartyView>,
    /// The contract a creation made.
    pub created_contract: Option<PartyView>,
    /// The native coin sent along (`0` when none).
    pub value: ValueMovementView,
    /// The function called, when one is known for the call data.
    pub function: Option<FunctionView>,
    /// The 4-byte selector the call data opens with.
    pub selector: Option<String>,
    /// The call data, 0x hex.
    pub input: String,
    /// Every movement of value and NFTs, in order (none for a failed transaction).
    pub movements: Vec<MovementView>,
    /// The fee, once mined.
    pub fee: Option<FeeView>,
    /// Which source answered.
    pub source: SourceKindView,
    /// Set when `?account=` was asked and the transaction is likely address poisoning
    /// of that account (nothing in it left the account).
    pub poisoning: Option<PoisoningView>,
}

fn party(party: &Party) -> PartyView {
    PartyView {
        address: party.address.to_checksum(None),
        name: party.name.clone(),
    }
}

fn function(call: &DecodedCall) -> FunctionView {
    FunctionView {
        name: call.name.clone(),
        signature: call.signature.clone(),
        source: match call.source {
            FunctionSource::Abi => FunctionSourceView::Abi,
            FunctionSource::KnownSignature => FunctionSourceView::KnownSignature,
            FunctionSource::LookedUp => FunctionSourceView::LookedUp,
        },
        arguments: call.arguments.as_ref().map(|arguments| {
            arguments
                .iter()
                .map(|argument| ArgumentView {
                    name: argument.name.clone(),
                    kind: argument.kind.clone(),
                    value: argument.value.clone(),
                })
                .collect()
        }),
    }
}

fn movement(named: &NamedMovement) -> MovementView {
    MovementView {
        from: party(&named.from),
        to: party(&named.to),
        value: named.movement.value.as_ref().map(value),
        token: named.movement.token.map(|token| token.to_checksum(None)),
        nft: named.movement.nft.as_ref().map(nft),
    }
}

fn fee(paid: &PaidFee, symbol: &str) -> FeeView {
    FeeView {
        amount: paid.amount.to_plain_string(),
        symbol: symbol.to_owned(),
        fiat_value: paid.fiat_value.map(|f| f.to_plain_string()),
        gas_used: paid.gas_used.to_string(),
        gas_price: paid.gas_price.to_string(),
        paid_by: paid.paid_by.to_checksum(None),
    }
}

impl From<&TransactionDetail> for TransactionDetailView {
    fn from(detail: &TransactionDetail) -> Self {
        Self {
            hash: format!("{:#x}", detail.hash),
            status: match detail.status {
                TransactionStatus::Pending => TransactionStatusView::Pending,
                TransactionStatus::Success => TransactionStatusView::Success,
                TransactionStatus::Failed => TransactionStatusView::Failed,
            },
            block_number: detail.block_number,
            epoch: detail.epoch,
            from: party(&detail.from),
            to: detail.to.as_ref().map(party),
            created_contract: detail.created_contract.as_ref().map(party),
            value: value(&detail.value),
            function: detail.call.as_ref().map(function),
            selector: detail
                .input
                .get(..4)
                .map(alloy_primitives::hex::encode_prefixed),
            input: alloy_primitives::hex::encode_prefixed(&detail.input),
            movements: detail.movements.iter().map(movement).collect(),
            fee: detail
                .fee
                .as_ref()
                .map(|paid| fee(paid, &detail.value.symbol)),
            source: detail.source.into(),
            poisoning: detail.poisoning.map(Into::into),
        }
    }
}

/// `GET …/transactions/{hash}`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/transactions/{hash}",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name, e.g. telos-evm"),
        ("hash" = String, Path, description = "Transaction hash: 0x and 64 hex digits"),
        TransactionQuery,
    ),
    responses(
        (status = 200, description = "The transaction described", body = TransactionDetailView),
        (status = 400, description = "Unknown network, malformed hash or currency", body = crate::api::error::ErrorBody),
        (status = 404, description = "No such transaction on this network", body = crate::api::error::ErrorBody),
        (status = 502, description = "The node did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn transaction(
    network: EvmNet,
    Path(path): Path<TransactionPath>,
    Query(query): Query<TransactionQuery>,
) -> Result<Json<TransactionDetailView>, ApiError> {
    let hash = validate_transaction_hash(&path.hash).map_err(|error| {
        ApiError::from(error).with_details(serde_json::json!({ "hash": path.hash }))
    })?;
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let account = query
        .account
        .as_deref()
        .map(|text| evm_address("account", text))
        .transpose()?;
    let detail = network.transaction_detail(hash, &fiat, account).await?;
    Ok(Json(TransactionDetailView::from(&detail)))
}
