//! `GET /api/v1/evm/{network}/accounts/{address}/approvals?type&includeRevoked&sort&dir&search&fiat`:
//! the ERC-20, ERC-721 (single token and collection-wide) and ERC-1155 approvals an
//! account granted (spec §3 allowance rows), with token and collection names, logos,
//! prices, balances, spender names and the domain's risk facts, gathered by
//! [`crate::evm::approvals`]. Revoked approvals are hidden unless `includeRevoked=true`.

mod view;

use axum::Router;
use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use tandem_domain::allowance::{AllowanceSortKey, SortDirection};
use tandem_evm::source::TokenStandard;

pub use self::view::{
    ApprovalCommon, ApprovalView, Erc20ApprovalView, Erc721ApprovalView, Erc1155ApprovalView,
    RiskFactView,
};
use super::account_params::{AccountPath, bad_parameter, descending};
use super::coverage::{CoverageView, IndexLagView, index_fields};
use super::params::{evm_address, fiat_currency};
use super::views::SourceKindView;
use crate::api::error::ApiError;
use crate::api::extract::{EvmNet, Path, Query};
use crate::api::limits::Client;
use crate::evm::approvals::ApprovalsQuestion;
use crate::state::AppState;

/// Query of `…/approvals`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ApprovalsQuery {
    /// `erc20`, `erc721` or `erc1155`; every kind when left out.
    #[serde(rename = "type")]
    kind: Option<String>,
    /// Show revoked approvals too (default false).
    include_revoked: Option<bool>,
    /// `valueAtRisk` (default), `amount`, `date`, `token`, `spender` or `type`.
    sort: Option<String>,
    /// `desc` (default) or `asc`.
    dir: Option<String>,
    /// Case-insensitive text in spender, token, collection or token id.
    search: Option<String>,
    /// Fiat currency of prices and values at risk (default USD).
    fiat: Option<String>,
}

// The shape documented; the body is written as `ApprovalListHead` and `ApprovalRows`
// joined (see `approval_list_body`).
/// An account's approvals.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalList<'a> {
    /// The owner (EIP-55).
    address: String,
    /// Rows shown.
    total: u64,
    /// The rows, sorted.
    #[schema(value_type = Vec<ApprovalView>)]
    approvals: &'a RawValue,
    /// The source that listed them.
    source: SourceKindView,
    /// On a network whose primary is the own index: how much of the owner's history it
    /// holds. Until `complete`, approvals granted before `fromBlock` may be missing.
    coverage: Option<CoverageView>,
    /// How far the own index is behind the head, when it listed them.
    index_lag: Option<IndexLagView>,
}

/// The fields of [`ApprovalList`] written for each request.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ApprovalListHead {
    address: String,
    source: SourceKindView,
    coverage: Option<CoverageView>,
    index_lag: Option<IndexLagView>,
}

/// The rows of an answer (the rest of [`ApprovalList`]), rendered once and reused while
/// nothing they show changes.
#[derive(Debug, Serialize)]
struct ApprovalRows<R> {
    total: u64,
    approvals: R,
}

fn kinds(text: Option<&str>) -> Result<Vec<TokenStandard>, ApiError> {
    Ok(match text {
        None => vec![
            TokenStandard::Erc20,
            TokenStandard::Erc721,
            TokenStandard::Erc1155,
        ],
        Some("erc20") => vec![TokenStandard::Erc20],
        Some("erc721") => vec![TokenStandard::Erc721],
        Some("erc1155") => vec![TokenStandard::Erc1155],
        Some(other) => {
            return Err(bad_parameter(
                "type",
                format!("type must be erc20, erc721 or erc1155, not '{other}'"),
            ));
        }
    })
}

fn sort_key(text: Option<&str>) -> Result<AllowanceSortKey, ApiError> {
    Ok(match text {
        None | Some("valueAtRisk") => AllowanceSortKey::ValueAtRisk,
        Some("amount") => AllowanceSortKey::Amount,
        Some("date") => AllowanceSortKey::Date,
        Some("token") => AllowanceSortKey::Token,
        Some("spender") => AllowanceSortKey::Spender,
        Some("type") => AllowanceSortKey::Type,
        Some(other) => {
            return Err(bad_parameter(
                "sort",
                format!(
                    "sort must be valueAtRisk, amount, date, token, spender or type, not '{other}'"
                ),
            ));
        }
    })
}

/// The approvals route.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!(
            "{}/accounts/{{address}}/approvals",
            crate::api::evm::params::BASE
        ),
        get(approvals),
    )
}

/// `GET …/accounts/{address}/approvals`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/approvals",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name, e.g. telos-evm"),
        ("address" = String, Path, description = "Owner address (0x + 40 hex; mixed case must be the checksum)"),
        ApprovalsQuery,
    ),
    responses(
        (status = 200, description = "The account's approvals, sorted and filtered", body = ApprovalList),
        (status = 400, description = "Unknown network, malformed address, type, sort or direction", body = crate::api::error::ErrorBody),
        (status = 502, description = "The data source did not answer", body = crate::api::error::ErrorBody),
        (status = 503, description = "No source can list approvals now", body = crate::api::error::ErrorBody),
    )
)]
pub async fn approvals(
    Query(query): Query<ApprovalsQuery>,
    network: EvmNet,
    Path(path): Path<AccountPath>,
    client: Client,
) -> Result<Response, ApiError> {
    let owner = evm_address("address", &path.address)?;
    let kinds = kinds(query.kind.as_deref())?;
    let key = sort_key(query.sort.as_deref())?;
    let direction = if descending("dir", query.dir.as_deref(), true)? {
        SortDirection::Descending
    } else {
        SortDirection::Ascending
    };
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let question: ApprovalsQuestion = (
        (owner, kinds, fiat),
        key,
        direction,
        query.include_revoked.unwrap_or(false),
        query.search.unwrap_or_default(),
    );
    // Gathering an owner's approvals can take many upstream reads: one of the
    // expensive operations a client may run only a few of at once.
    let _slot = client.expensive()?;
    let (rows, index) = network
        .approvals_answer(question, &client, |rows, facts| {
            let mut checksums = view::Checksums::default();
            let shown: Vec<ApprovalView> = rows
                .iter()
                .map(|row| {
                    let mut view = view::approval_view(
                        row,
                        facts.spender_is_contract(row.common().spender_address),
                        &mut checksums,
                    );
                    if let ApprovalView::Erc20(erc20) = &mut view {
                        erc20.token_logo =
                            erc20.token_logo.as_deref().map(|l| network.media_link(l));
                    }
                    view
                })
                .collect();
            let rows = ApprovalRows {
                total: shown.len() as u64,
                approvals: shown,
            };
            serde_json::to_vec(&rows)
                .map(Bytes::from)
                .map_err(|_| ApiError::internal())
        })
        .await?;
    let (coverage, index_lag) = index_fields(index.as_ref(), true);
    let head = ApprovalListHead {
        address: owner.to_checksum(None),
        source: network.lists_kind().into(),
        coverage,
        index_lag,
    };
    let body = approval_list_body(&head, &rows).ok_or_else(ApiError::internal)?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// The [`ApprovalList`] body: `head`'s fields and the rendered rows' (`total` and
/// `approvals`) in one object, joined as text, since the rows may be hundreds of
/// kilobytes that are already JSON. `None` if either is not a JSON object.
fn approval_list_body(head: &ApprovalListHead, rows: &[u8]) -> Option<Vec<u8>> {
    let head = serde_json::to_vec(head).ok()?;
    let head_fields = head.strip_prefix(b"{")?.strip_suffix(b"}")?;
    let row_fields = rows.strip_prefix(b"{")?.strip_suffix(b"}")?;
    let mut body = Vec::with_capacity(head.len() + rows.len() + 1);
    body.push(b'{');
    body.extend_from_slice(head_fields);
    if !head_fields.is_empty() && !row_fields.is_empty() {
        body.push(b',');
    }
    body.extend_from_slice(row_fields);
    body.push(b'}');
    Some(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_joins_the_head_and_the_rendered_rows() {
        let head = ApprovalListHead {
            address: "0x00000000000000000000000000000000000000aa".into(),
            source: SourceKindView::OwnIndex,
            coverage: None,
            index_lag: None,
        };
        let rows = serde_json::to_vec(&ApprovalRows {
            total: 1,
            approvals: [serde_json::json!({"type": "erc20"})],
        })
        .expect("rows");
        let body = approval_list_body(&head, &rows).expect("joined");
        let json: serde_json::Value = serde_json::from_slice(&body).expect("one JSON object");
        assert_eq!(json["address"], head.address);
        assert_eq!(json["total"], 1);
        assert_eq!(json["approvals"][0]["type"], "erc20");
        assert!(json["coverage"].is_null());
        assert_eq!(
            approval_list_body(&head, b"[1]"),
            None,
            "rows must be an object"
        );
    }

    #[test]
    fn query_values_are_checked() {
        assert_eq!(kinds(None).map(|k| k.len()).ok(), Some(3));
        assert_eq!(
            kinds(Some("erc721")).ok(),
            Some(vec![TokenStandard::Erc721])
        );
        assert_eq!(
            kinds(Some("erc777")).expect_err("unknown").code(),
            "validation.invalid_parameter"
        );
        assert_eq!(sort_key(None).ok(), Some(AllowanceSortKey::ValueAtRisk));
        assert_eq!(
            sort_key(Some("spender")).ok(),
            Some(AllowanceSortKey::Spender)
        );
        assert_eq!(
            sort_key(Some("price")).expect_err("unknown").code(),
            "validation.invalid_parameter"
        );
    }
}
