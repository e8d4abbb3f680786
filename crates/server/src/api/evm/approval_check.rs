//! `POST /api/v1/evm/{network}/approvals/check`: what a transaction about to be signed
//! grants, weighed (the alarm of [`crate::evm::approval_check`]). The review calls it
//! with the prepared transaction before the wallet opens.

use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::account_params::bad_parameter;
use super::params::evm_address;
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, JsonBody};
use crate::evm::approval_check::{ApprovalAlarm, GrantKind, GrantRisk};
use crate::state::AppState;

/// Longest call data accepted (an approval is 68 bytes; a little room for others).
const MAX_DATA_HEX: usize = 20_000;

/// Body of `POST …/approvals/check`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApprovalCheckRequest {
    /// Who will sign.
    pub from: String,
    /// The called contract.
    pub to: String,
    /// Call data, 0x hex.
    pub data: String,
}

/// What kind of grant.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum GrantKindView {
    /// ERC-20 allowance set to an amount.
    Allowance,
    /// ERC-20 allowance raised by an amount.
    AllowanceIncrease,
    /// One ERC-721 token.
    SingleToken,
    /// Every token of a collection (`setApprovalForAll(true)`).
    Operator,
}

/// Why the grant deserves a warning.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum GrantRiskView {
    /// No practical limit.
    Unlimited,
    /// More than the owner holds.
    AboveBalance,
    /// Every token of the collection, now and later.
    WholeCollection,
}

/// Who the spender is.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpenderView {
    /// The spender (EIP-55).
    pub address: String,
    /// Contract (true) or plain account (false); null when the node could not say.
    pub is_contract: Option<bool>,
    /// Whether its source is verified.
    pub verified: bool,
    /// Its name, when known.
    pub name: Option<String>,
    /// First activity in the data source's history, ms since the epoch.
    pub first_seen_ms: Option<u64>,
    /// Other owners with an approval in force to it, per the data source's history;
    /// null when it could not be read.
    pub other_approvers: Option<u64>,
    /// True when the count stopped at its reading limit (there may be more).
    pub other_approvers_at_least: bool,
}

/// The grant, weighed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalAlarmView {
    /// What kind of grant.
    pub kind: GrantKindView,
    /// Token or collection contract (EIP-55).
    pub contract: String,
    /// Its name, when known.
    pub name: Option<String>,
    /// Its symbol, when known.
    pub symbol: Option<String>,
    /// Decimals of the amounts.
    pub decimals: u8,
    /// Amount granted or added, exact decimal text (ERC-20).
    pub amount: Option<String>,
    /// The allowance after the call, when known.
    pub resulting: Option<String>,
    /// Practically unlimited.
    pub unlimited: bool,
    /// The owner's balance of the token, exact decimal text.
    pub balance: Option<String>,
    /// The ERC-721 token id of a single-token approval.
    pub token_id: Option<String>,
    /// Reasons to warn (empty: a limited grant within the balance).
    pub risks: Vec<GrantRiskView>,
    /// The spender.
    pub spender: SpenderView,
    /// An amount to approve instead (the owner's balance), exact decimal text.
    pub limited_alternative: Option<String>,
}

/// Answer of `POST …/approvals/check`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalCheckAnswer {
    /// The grant; null when the call grants no approval.
    pub approval: Option<ApprovalAlarmView>,
}

/// The route.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!("{}/approvals/check", crate::api::evm::params::BASE),
        post(check),
    )
}

fn call_data(text: &str) -> Result<Vec<u8>, ApiError> {
    let hex = text.strip_prefix("0x").unwrap_or(text);
    let valid = hex.len().is_multiple_of(2)
        && hex.len() <= MAX_DATA_HEX
        && hex.chars().all(|c| c.is_ascii_hexdigit());
    let bytes = valid.then(|| {
        (0..hex.len())
            .step_by(2)
            .filter_map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
            .collect::<Vec<u8>>()
    });
    bytes.ok_or_else(|| {
        bad_parameter(
            "data",
            "data is 0x followed by an even number of hex digits",
        )
    })
}

impl From<&ApprovalAlarm> for ApprovalAlarmView {
    fn from(alarm: &ApprovalAlarm) -> Self {
        let text =
            |amount: &Option<tandem_domain::amount::Amount>| amount.map(|a| a.to_plain_string());
        let spender = &alarm.spender;
        Self {
            kind: match alarm.kind {
                GrantKind::Allowance => GrantKindView::Allowance,
                GrantKind::AllowanceIncrease => GrantKindView::AllowanceIncrease,
                GrantKind::SingleToken => GrantKindView::SingleToken,
                GrantKind::Operator => GrantKindView::Operator,
            },
            contract: alarm.contract.to_checksum(None),
            name: alarm.name.clone(),
            symbol: alarm.symbol.clone(),
            decimals: alarm.decimals,
            amount: text(&alarm.amount),
            resulting: text(&alarm.resulting),
            unlimited: alarm.unlimited,
            balance: text(&alarm.balance),
            token_id: alarm.token_id.map(|id| id.to_string()),
            risks: alarm
                .risks
                .iter()
                .map(|risk| match risk {
                    GrantRisk::Unlimited => GrantRiskView::Unlimited,
                    GrantRisk::AboveBalance => GrantRiskView::AboveBalance,
                    GrantRisk::WholeCollection => GrantRiskView::WholeCollection,
                })
                .collect(),
            spender: SpenderView {
                address: spender.address.to_checksum(None),
                is_contract: spender.is_contract,
                verified: spender.verified,
                name: spender.name.clone(),
                first_seen_ms: spender.first_seen_ms,
                other_approvers: spender.approvers.map(|a| a.others),
                other_approvers_at_least: spender.approvers.is_some_and(|a| a.at_least),
            },
            limited_alternative: text(&alarm.limited_alternative),
        }
    }
}

/// `POST /api/v1/evm/{network}/approvals/check`
#[utoipa::path(
    post,
    path = "/api/v1/evm/{network}/approvals/check",
    tag = "evm",
    params(("network" = String, Path, description = "EVM network name")),
    request_body = ApprovalCheckRequest,
    responses(
        (status = 200, description = "The approval the call grants, weighed; null when it grants none", body = ApprovalCheckAnswer),
        (status = 400, description = "Unknown network, malformed address or call data", body = crate::api::error::ErrorBody),
    )
)]
pub async fn check(
    network: EvmNet,
    JsonBody(request): JsonBody<ApprovalCheckRequest>,
) -> Result<Json<ApprovalCheckAnswer>, ApiError> {
    let from = evm_address("from", &request.from)?;
    let to = evm_address("to", &request.to)?;
    let data = call_data(&request.data)?;
    let alarm = network.approval_alarm(from, to, &data).await;
    Ok(Json(ApprovalCheckAnswer {
        approval: alarm.as_ref().map(ApprovalAlarmView::from),
    }))
}
