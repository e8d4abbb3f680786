//! `GET /api/v1/native/{network}/accounts/{account}/history.csv?from&to`: the account's
//! token transfers over a date range as CSV, streamed (see [`crate::native::export`];
//! the columns are documented in `docs/user/history-export.md`).

use axum::response::Response;

use super::account::AccountPath;
use super::account_name;
use crate::api::error::ApiError;
use crate::api::evm::params::fiat_currency;
use crate::api::export::{ExportQuery, csv_download, file_name};
use crate::api::extract::{NativeNet, Path, Query};
use crate::api::limits::Client;
use crate::export::within_budget;

/// `GET …/accounts/{account}/history.csv`.
#[utoipa::path(
    get,
    path = "/api/v1/native/{network}/accounts/{account}/history.csv",
    operation_id = "native_history_export",
    tag = "native",
    params(
        ("network" = String, Path, description = "Native network name"),
        ("account" = String, Path, description = "Account name"),
        ExportQuery,
    ),
    responses(
        (status = 200, description = "The CSV, streamed; header x-tandem-export-total: the account's transfers", content_type = "text/csv", body = String),
        (status = 400, description = "Unknown network, malformed account name, bad date or a range in the future", body = crate::api::error::ErrorBody),
        (status = 429, description = "This client already runs as many expensive requests as allowed", body = crate::api::error::ErrorBody),
        (status = 502, description = "The history service did not answer", body = crate::api::error::ErrorBody),
        (status = 503, description = "The server runs as many expensive requests as it allows", body = crate::api::error::ErrorBody),
    )
)]
pub async fn export(
    native: NativeNet,
    Path(path): Path<AccountPath>,
    Query(query): Query<ExportQuery>,
    client: Client,
) -> Result<Response, ApiError> {
    let account = account_name(path.account())?;
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let range = query.range()?;
    // Expensive work of this client, held while the body streams, within a time budget.
    let permit = client.expensive()?;
    let export = native.0.export_history(account, range, &fiat).await?;
    let name = file_name(native.settings.name.as_str(), &account.to_string(), &query);
    let body = within_budget(export.body, client.export_budget(), permit);
    Ok(csv_download(&name, export.transfers_total, body))
}
