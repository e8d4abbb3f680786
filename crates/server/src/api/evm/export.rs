//! `GET /api/v1/evm/{network}/accounts/{address}/history.csv?from&to&fiat`: the
//! account's history over a date range as CSV, streamed (see [`crate::evm::export`];
//! the columns are documented in `docs/user/history-export.md`).

use axum::Router;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use super::account_params::AccountPath;
use super::params::{evm_address, fiat_currency};
use crate::api::error::ApiError;
use crate::api::export::{ExportQuery, csv_download, file_name};
use crate::api::extract::{EvmNet, Path, Query};
use crate::api::limits::Client;
use crate::evm::coverage::FillSlots;
use crate::export::within_budget;
use crate::state::AppState;

/// The route.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        &format!(
            "{}/accounts/{{address}}/history.csv",
            crate::api::evm::params::BASE
        ),
        get(export),
    )
}

/// `GET …/accounts/{address}/history.csv`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/history.csv",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name"),
        ("address" = String, Path, description = "Account address"),
        ExportQuery,
    ),
    responses(
        (status = 200, description = "The CSV, streamed; header x-tandem-export-total: the account's transactions", content_type = "text/csv", body = String),
        (status = 400, description = "Unknown network, malformed address, bad date or a range in the future", body = crate::api::error::ErrorBody),
        (status = 409, description = "The own index is still reading the account's earlier history (details.progress)", body = crate::api::error::ErrorBody),
        (status = 429, description = "This client already runs as many expensive requests as allowed", body = crate::api::error::ErrorBody),
        (status = 502, description = "The data source did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn export(
    network: EvmNet,
    Path(path): Path<AccountPath>,
    Query(query): Query<ExportQuery>,
    client: Client,
) -> Result<Response, ApiError> {
    let account = evm_address("address", &path.address)?;
    let fiat = fiat_currency(query.fiat.as_deref())?;
    let range = query.range()?;
    let permit = client.take()?;
    let export = network
        .0
        .export_history(account, range, &fiat, &client, permit)
        .await?;
    if let Some(progress) = export.incomplete {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "export.history_incomplete",
            "the server is still reading this account's earlier history; export it once that is done",
        )
        .with_details(serde_json::json!({ "progress": progress })));
    }
    let name = file_name(network.name().as_str(), &account.to_checksum(None), &query);
    let body = within_budget(export.body, client.export_budget(), None);
    Ok(csv_download(&name, export.transactions_total, body))
}
