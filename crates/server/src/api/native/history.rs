//! History-service reads of actions: an account's actions (paged and filtered) and one
//! transaction by id. The account's relations (creator, children, links, proposals, the
//! accounts of a key) are in `relations`.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tandem_antelope::history::types::HistoryAction;
use tandem_antelope::history::{ActionsQuery, Sort};
use tandem_domain::antelope::Name;

use super::account::AccountPath;
use super::account_name;
use crate::api::error::{ApiError, ErrorBody};
use crate::api::extract::{NativeNet, Path, Query};

/// Largest page of actions (the history services cap pages near this too).
pub(super) const MAX_LIMIT: u32 = 100;
/// Deepest offset accepted (Hyperion refuses deep skips).
pub(super) const MAX_SKIP: u32 = 10_000;

pub(super) fn bad_parameter(name: &str, message: String) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "validation.invalid_parameter",
        message,
    )
    .with_details(serde_json::json!({ "parameter": name }))
}

pub(super) fn check_range(
    name: &str,
    value: Option<u32>,
    min: u32,
    max: u32,
) -> Result<Option<u32>, ApiError> {
    match value {
        Some(n) if !(min..=max).contains(&n) => Err(bad_parameter(
            name,
            format!("{name} must be between {min} and {max}"),
        )),
        other => Ok(other),
    }
}

/// `after` / `before`: a chain time (`2026-11-27T15:00:00`, UTC) or a block number.
fn time_or_block(name: &str, text: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(text) = text else {
        return Ok(None);
    };
    let block = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && text.len() <= 10;
    if block || tandem_antelope::time::parse_millis(&text).is_ok() {
        Ok(Some(text))
    } else {
        Err(bad_parameter(
            name,
            format!(
                "{name} must be a time such as 2026-11-27T15:00:00 or a block number, not '{text}'"
            ),
        ))
    }
}

fn optional_name(name: &str, text: Option<&str>) -> Result<Option<Name>, ApiError> {
    text.map(|value| {
        value
            .parse()
            .map_err(|_| bad_parameter(name, format!("'{value}' is not an account or action name")))
    })
    .transpose()
}

/// Query of `…/history`: paging, order and spec §7's `get_actions` filters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Page size, 1 to 100 (default 10).
    limit: Option<u32>,
    /// Actions to skip (default 0).
    skip: Option<u32>,
    /// `desc` (newest first, default) or `asc`.
    sort: Option<String>,
    /// `contract:action` filters, comma-separated.
    filter: Option<String>,
    /// Only actions of this name.
    act_name: Option<String>,
    /// Only actions this account was notified of.
    notified: Option<String>,
    /// From this chain time (UTC) or block number.
    after: Option<String>,
    /// Up to this chain time (UTC) or block number.
    before: Option<String>,
    /// Only actions of this block.
    block: Option<u32>,
}

/// One action of the history.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NativeActionView {
    /// Block time, UTC (`2026-11-27T15:00:00.500`).
    timestamp: String,
    block_num: u32,
    trx_id: String,
    /// The contract.
    contract: String,
    /// The action's name.
    action: String,
    /// `actor@permission` of each authorisation.
    authorization: Vec<String>,
    /// The decoded data (hex text when the history service had no ABI).
    #[schema(value_type = Value)]
    data: serde_json::Value,
    global_sequence: Option<i64>,
}

impl From<&HistoryAction> for NativeActionView {
    fn from(action: &HistoryAction) -> Self {
        Self {
            timestamp: action.time().to_owned(),
            block_num: action.block_num,
            trx_id: action.trx_id.clone(),
            contract: action.act.account.clone(),
            action: action.act.name.clone(),
            authorization: action
                .act
                .authorization
                .iter()
                .map(|level| format!("{}@{}", level.actor, level.permission))
                .collect(),
            data: action.act.data.clone(),
            global_sequence: action.global_sequence,
        }
    }
}

fn check_filter(filter: &str) -> Result<(), ApiError> {
    let valid = filter.split(',').all(|part| {
        part.split_once(':').is_some_and(|(code, name)| {
            let ok = |s: &str| s == "*" || s.parse::<Name>().is_ok();
            !code.is_empty() && !name.is_empty() && ok(code) && ok(name)
        })
    });
    if valid {
        Ok(())
    } else {
        Err(bad_parameter(
            "filter",
            format!("'{filter}' is not contract:action[,contract:action]"),
        ))
    }
}

/// A page of the account's actions.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryPageView {
    account: String,
    /// How many actions match the filters.
    total: u64,
    /// True when `total` is only a lower bound.
    total_is_lower_bound: bool,
    limit: u32,
    skip: u32,
    actions: Vec<NativeActionView>,
}

/// The account's actions, newest first, with spec §7's `get_actions` filters.
#[utoipa::path(
    get,
    operation_id = "native_history",
    path = "/api/v1/native/{network}/accounts/{account}/history",
    tag = "native",
    params(
        ("network" = String, Path, description = "Native network, e.g. telos"),
        ("account" = String, Path, description = "Account name"),
        HistoryQuery,
    ),
    responses(
        (status = 200, description = "A page of actions", body = HistoryPageView),
        (status = 400, description = "Unknown network, malformed name or filter", body = ErrorBody),
        (status = 502, description = "The history service did not answer", body = ErrorBody),
    )
)]
pub async fn actions(
    Path(path): Path<AccountPath>,
    Query(query): Query<HistoryQuery>,
    native: NativeNet,
) -> Result<Json<HistoryPageView>, ApiError> {
    let account = account_name(path.account())?;
    let sort = match query.sort.as_deref() {
        None | Some("desc") => Sort::Desc,
        Some("asc") => Sort::Asc,
        Some(other) => {
            return Err(bad_parameter(
                "sort",
                format!("sort must be asc or desc, not '{other}'"),
            ));
        }
    };
    if let Some(filter) = &query.filter {
        check_filter(filter)?;
    }
    let request = ActionsQuery {
        account: Some(account),
        limit: Some(check_range("limit", query.limit, 1, MAX_LIMIT)?.unwrap_or(10)),
        skip: Some(check_range("skip", query.skip, 0, MAX_SKIP)?.unwrap_or(0)),
        sort,
        act_name: optional_name("actName", query.act_name.as_deref())?,
        notified: optional_name("notified", query.notified.as_deref())?,
        after: time_or_block("after", query.after)?,
        before: time_or_block("before", query.before)?,
        block_num: query.block,
        filter: query.filter,
    };
    let page = native.actions(&request).await?;
    Ok(Json(HistoryPageView {
        account: account.to_string(),
        total: page.total.value,
        total_is_lower_bound: page.total.relation == "gte",
        limit: request.limit.unwrap_or(10),
        skip: request.skip.unwrap_or(0),
        actions: page.actions.iter().map(NativeActionView::from).collect(),
    }))
}

/// `{id}` of `…/transactions/{id}`.
#[derive(Debug, Deserialize)]
pub struct TransactionPath {
    id: String,
}

/// One transaction and its actions.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NativeTransactionView {
    /// The transaction id (64 hex digits, lower case).
    id: String,
    /// Its block, from its first action.
    block_num: Option<u32>,
    /// Its block time, UTC.
    timestamp: Option<String>,
    /// Its actions, in order (inline actions and notifications included).
    actions: Vec<NativeActionView>,
}

/// A transaction by id (spec §7 `get_transaction`): its actions.
#[utoipa::path(
    get,
    operation_id = "native_transaction",
    path = "/api/v1/native/{network}/transactions/{id}",
    tag = "native",
    params(
        ("network" = String, Path, description = "Native network, e.g. telos"),
        ("id" = String, Path, description = "Transaction id, 64 hexadecimal digits"),
    ),
    responses(
        (status = 200, description = "The transaction's actions", body = NativeTransactionView),
        (status = 400, description = "Unknown network or not a transaction id (`validation.invalid_transaction_id`)", body = ErrorBody),
        (status = 404, description = "No such transaction (`antelope.transaction.not_found`)", body = ErrorBody),
        (status = 502, description = "The history service did not answer", body = ErrorBody),
    )
)]
pub async fn transaction(
    native: NativeNet,
    Path(path): Path<TransactionPath>,
) -> Result<Json<NativeTransactionView>, ApiError> {
    let id = path.id.trim().to_ascii_lowercase();
    if id.len() != 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "validation.invalid_transaction_id",
            "a transaction id is 64 hexadecimal digits",
        )
        .with_details(serde_json::json!({ "id": path.id })));
    }
    let found = native.transaction(&id).await?;
    if !found.executed || found.actions.is_empty() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "antelope.transaction.not_found",
            "no transaction with this id",
        )
        .with_details(serde_json::json!({ "id": id })));
    }
    let first = found.actions.first();
    Ok(Json(NativeTransactionView {
        block_num: first.map(|action| action.block_num),
        timestamp: first.map(|action| action.time().to_owned()),
        actions: found.actions.iter().map(NativeActionView::from).collect(),
        id,
    }))
}
