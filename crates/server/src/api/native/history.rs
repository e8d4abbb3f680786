//! History-service reads: actions (paged and filtered), one transaction by id, creator,
//! children, links, proposals, and the accounts of a public key.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tandem_antelope::history::types::{Approval, HistoryAction, Link, Proposal};
use tandem_antelope::history::{ActionsQuery, ProposalsQuery, Sort};
use tandem_antelope::keys::PublicKey;
use tandem_domain::antelope::Name;

use super::account::AccountPath;
use super::account_name;
use crate::api::error::{ApiError, ErrorBody};
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
    #[schema(value_type = Object)]
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

/// `GET …/creator`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatorView {
    account: String,
    creator: String,
    timestamp: String,
    block_num: Option<i64>,
    trx_id: String,
}

/// Who created the account.
#[utoipa::path(
    get,
    operation_id = "native_creator",
    path = "/api/v1/native/{network}/accounts/{account}/creator",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("account" = String, Path, description = "Account name")),
    responses(
        (status = 200, description = "Its creator", body = CreatorView),
        (status = 404, description = "No creator known (`antelope.history.creator_not_found`)", body = ErrorBody),
        (status = 502, description = "The history service did not answer", body = ErrorBody),
    )
)]
pub async fn creator(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<CreatorView>, ApiError> {
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
    Ok(Json(CreatorView {
        account: creator.account,
        creator: creator.creator,
        timestamp: creator.timestamp,
        block_num: creator.block_num,
        trx_id: creator.trx_id,
    }))
}

/// `GET …/children`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ChildrenView {
    account: String,
    /// Accounts it created.
    children: Vec<String>,
}

/// The accounts it created.
#[utoipa::path(
    get,
    operation_id = "native_children",
    path = "/api/v1/native/{network}/accounts/{account}/children",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("account" = String, Path, description = "Account name")),
    responses(
        (status = 200, description = "Child accounts", body = ChildrenView),
        (status = 502, description = "The history service did not answer", body = ErrorBody),
    )
)]
pub async fn children(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<ChildrenView>, ApiError> {
    let account = account_name(path.account())?;
    let children = native.children(account).await?;
    Ok(Json(ChildrenView {
        account: account.to_string(),
        children,
    }))
}

/// A permission linked to a contract action (the history service's fields).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PermissionLinkView {
    account: String,
    permission: String,
    code: String,
    action: String,
    block_num: Option<i64>,
    irreversible: bool,
}

impl From<Link> for PermissionLinkView {
    fn from(link: Link) -> Self {
        Self {
            account: link.account,
            permission: link.permission,
            code: link.code,
            action: link.action,
            block_num: link.block_num,
            irreversible: link.irreversible,
        }
    }
}

/// `GET …/links`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LinksView {
    account: String,
    links: Vec<PermissionLinkView>,
}

/// The account's permissions linked to contract actions.
#[utoipa::path(
    get,
    operation_id = "native_links",
    path = "/api/v1/native/{network}/accounts/{account}/links",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("account" = String, Path, description = "Account name")),
    responses(
        (status = 200, description = "Linked permissions", body = LinksView),
        (status = 502, description = "The history service did not answer", body = ErrorBody),
    )
)]
pub async fn links(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<LinksView>, ApiError> {
    let account = account_name(path.account())?;
    let links = native.links(account).await?;
    Ok(Json(LinksView {
        account: account.to_string(),
        links: links
            .links
            .into_iter()
            .map(PermissionLinkView::from)
            .collect(),
    }))
}

/// Query of `…/proposals`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ProposalQuery {
    /// `proposer` (default), `requested` or `provided`: the account's role.
    role: Option<String>,
    /// Only executed (or pending) proposals.
    executed: Option<bool>,
    /// Page size, 1 to 100 (default 10).
    limit: Option<u32>,
    /// Proposals to skip.
    skip: Option<u32>,
}

/// An approval asked for or given.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProposalApprovalView {
    actor: String,
    permission: String,
    time: Option<String>,
}

impl From<Approval> for ProposalApprovalView {
    fn from(approval: Approval) -> Self {
        Self {
            actor: approval.actor,
            permission: approval.permission,
            time: approval.time,
        }
    }
}

/// A multisig proposal (the history service's fields).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProposalView {
    proposal_name: String,
    proposer: String,
    expiration: String,
    executed: bool,
    requested_approvals: Vec<ProposalApprovalView>,
    provided_approvals: Vec<ProposalApprovalView>,
    /// The proposed transaction as the history service decoded it.
    #[schema(value_type = Object)]
    trx: serde_json::Value,
}

impl From<Proposal> for ProposalView {
    fn from(proposal: Proposal) -> Self {
        Self {
            proposal_name: proposal.proposal_name,
            proposer: proposal.proposer,
            expiration: proposal.expiration,
            executed: proposal.executed,
            requested_approvals: proposal
                .requested_approvals
                .into_iter()
                .map(ProposalApprovalView::from)
                .collect(),
            provided_approvals: proposal
                .provided_approvals
                .into_iter()
                .map(ProposalApprovalView::from)
                .collect(),
            trx: proposal.trx,
        }
    }
}

/// `GET …/proposals`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProposalsView {
    account: String,
    total: u64,
    proposals: Vec<ProposalView>,
}

/// Multisig proposals the account made, awaits or approved.
#[utoipa::path(
    get,
    operation_id = "native_proposals",
    path = "/api/v1/native/{network}/accounts/{account}/proposals",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("account" = String, Path, description = "Account name"), ProposalQuery),
    responses(
        (status = 200, description = "Proposals", body = ProposalsView),
        (status = 400, description = "Unknown network, malformed name or role", body = ErrorBody),
        (status = 502, description = "The history service did not answer", body = ErrorBody),
    )
)]
pub async fn proposals(
    Path(path): Path<AccountPath>,
    Query(query): Query<ProposalQuery>,
    native: NativeNet,
) -> Result<Json<ProposalsView>, ApiError> {
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
    Ok(Json(ProposalsView {
        account: account.to_string(),
        total: answer.total.value,
        proposals: answer
            .proposals
            .into_iter()
            .map(ProposalView::from)
            .collect(),
    }))
}

/// `{key}` of `…/keys/{key}/accounts`.
#[derive(Debug, Deserialize)]
pub struct KeyPath {
    key: String,
}

/// `GET …/keys/{key}/accounts`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyAccountsView {
    /// The key as read (legacy `EOS…` form for K1).
    public_key: String,
    /// Accounts with the key in a permission.
    accounts: Vec<String>,
}

/// The accounts with a public key in a permission.
#[utoipa::path(
    get,
    operation_id = "native_key_accounts",
    path = "/api/v1/native/{network}/keys/{key}/accounts",
    tag = "native",
    params(("network" = String, Path, description = "Native network"), ("key" = String, Path, description = "Public key (EOS… or PUB_K1_…)")),
    responses(
        (status = 200, description = "Accounts of the key", body = KeyAccountsView),
        (status = 400, description = "Unknown network or not a public key (`antelope.key.invalid`)", body = ErrorBody),
        (status = 502, description = "The history service did not answer", body = ErrorBody),
    )
)]
pub async fn key_accounts(
    native: NativeNet,
    Path(path): Path<KeyPath>,
) -> Result<Json<KeyAccountsView>, ApiError> {
    let key: PublicKey = path.key.parse().map_err(ApiError::from)?;
    let accounts = native.key_accounts(&key).await?;
    Ok(Json(KeyAccountsView {
        public_key: key.to_string(),
        accounts: accounts.account_names,
    }))
}
