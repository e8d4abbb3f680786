//! History-service reads of an account's relations: who created it, the accounts it
//! created, its permission links, the multisig proposals it made, and the accounts a
//! public key controls.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tandem_antelope::history::ProposalsQuery;
use tandem_antelope::history::types::{Approval, Link, Proposal};
use tandem_antelope::keys::PublicKey;

use super::account::AccountPath;
use super::account_name;
use super::history::{MAX_LIMIT, MAX_SKIP, bad_parameter, check_range};
use crate::api::error::{ApiError, ErrorBody};
use crate::api::extract::{NativeNet, Path, Query};

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
