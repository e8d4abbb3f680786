//! History-service reads: actions (paged), creator, children, links, proposals, and the
//! accounts of a public key.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tandem_antelope::history::types::HistoryAction;
use tandem_antelope::history::{ActionsQuery, ProposalsQuery, Sort};
use tandem_antelope::keys::PublicKey;

use super::account::AccountPath;
use super::account_name;
use crate::api::error::ApiError;
use crate::api::extract::{NativeNet, Path, Query};

/// Largest page of actions (the history services cap pages near this too).
const MAX_LIMIT: u32 = 100;
/// Deepest offset accepted (Hyperion refuses deep skips).
const MAX_SKIP: u32 = 10_000;

fn bad_parameter(name: &str, message: String) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "validation.invalid_parameter",
        message,
    )
    .with_details(serde_json::json!({ "parameter": name }))
}

fn check_range(
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

/// Query of `…/history`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct HistoryQuery {
    limit: Option<u32>,
    skip: Option<u32>,
    sort: Option<String>,
    /// `contract:action` filters, comma-separated.
    filter: Option<String>,
    act_name: Option<String>,
}

/// One action of the account's history.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionView {
    timestamp: String,
    block_num: u32,
    trx_id: String,
    contract: String,
    action: String,
    authorization: Vec<String>,
    data: serde_json::Value,
    global_sequence: Option<i64>,
}

impl From<&HistoryAction> for ActionView {
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
            let ok = |s: &str| s == "*" || s.parse::<tandem_domain::antelope::Name>().is_ok();
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

/// `GET …/accounts/{account}/history?limit&skip&sort&filter&actName`.
pub async fn actions(
    Path(path): Path<AccountPath>,
    Query(query): Query<HistoryQuery>,
    native: NativeNet,
) -> Result<Json<serde_json::Value>, ApiError> {
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
    let act_name = query
        .act_name
        .as_deref()
        .map(|name| {
            name.parse()
                .map_err(|_| bad_parameter("actName", format!("'{name}' is not an action name")))
        })
        .transpose()?;
    let request = ActionsQuery {
        account: Some(account),
        limit: Some(check_range("limit", query.limit, 1, MAX_LIMIT)?.unwrap_or(10)),
        skip: Some(check_range("skip", query.skip, 0, MAX_SKIP)?.unwrap_or(0)),
        sort,
        filter: query.filter,
        act_name,
        ..ActionsQuery::default()
    };
    let page = native.actions(&request).await?;
    let actions: Vec<ActionView> = page.actions.iter().map(ActionView::from).collect();
    Ok(Json(serde_json::json!({
        "account": account,
        "total": page.total.value,
        "totalIsLowerBound": page.total.relation == "gte",
        "limit": request.limit,
        "skip": request.skip,
        "actions": actions,
    })))
}

/// `GET …/accounts/{account}/creator`.
pub async fn creator(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let account = account_name(path.account())?;
    let creator = native.creator(account).await?;
    let creator = creator.ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "antelope.history.creator_not_found",
            "no creator known for this account",
        )
        .with_details(serde_json::json!({ "account": account }))
    })?;
    Ok(Json(serde_json::json!({
        "account": creator.account, "creator": creator.creator, "timestamp": creator.timestamp,
        "blockNum": creator.block_num, "trxId": creator.trx_id,
    })))
}

/// `GET …/accounts/{account}/children`: accounts it created.
pub async fn children(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let account = account_name(path.account())?;
    let children = native.children(account).await?;
    Ok(Json(
        serde_json::json!({ "account": account, "children": children }),
    ))
}

/// `GET …/accounts/{account}/links`: permissions linked to contract actions.
pub async fn links(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let account = account_name(path.account())?;
    let links = native.links(account).await?;
    Ok(Json(
        serde_json::json!({ "account": account, "links": links.links }),
    ))
}

/// Query of `…/proposals`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProposalQuery {
    /// `proposer` (default), `requested` or `provided`: the account's role.
    role: Option<String>,
    executed: Option<bool>,
    limit: Option<u32>,
    skip: Option<u32>,
}

/// `GET …/accounts/{account}/proposals?role&executed&limit&skip`.
pub async fn proposals(
    Path(path): Path<AccountPath>,
    Query(query): Query<ProposalQuery>,
    native: NativeNet,
) -> Result<Json<serde_json::Value>, ApiError> {
    let account = account_name(path.account())?;
    let mut request = ProposalsQuery {
        executed: query.executed,
        limit: Some(check_range("limit", query.limit, 1, MAX_LIMIT)?.unwrap_or(10)),
        skip: check_range("skip", query.skip, 0, MAX_SKIP)?,
        ..ProposalsQuery::default()
    };
    match query.role.as_deref() {
        None | Some("proposer") => request.proposer = Some(account),
        Some("requested") => request.requested = Some(account),
        Some("provided") => request.provided = Some(account),
        Some(other) => {
            return Err(bad_parameter(
                "role",
                format!("role must be proposer, requested or provided, not '{other}'"),
            ));
        }
    }
    let answer = native.proposals(&request).await?;
    Ok(Json(serde_json::json!({
        "account": account, "total": answer.total.value, "proposals": answer.proposals,
    })))
}

/// `{key}` of `…/keys/{key}/accounts`.
#[derive(Debug, Deserialize)]
pub struct KeyPath {
    key: String,
}

/// `GET …/keys/{key}/accounts`: accounts with the key in a permission.
pub async fn key_accounts(
    native: NativeNet,
    Path(path): Path<KeyPath>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let key: PublicKey = path.key.parse().map_err(ApiError::from)?;
    let accounts = native.key_accounts(&key).await?;
    Ok(Json(
        serde_json::json!({ "publicKey": key.to_string(), "accounts": accounts.account_names }),
    ))
}
