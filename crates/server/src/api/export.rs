//! What the two history exports share: the date range and currency of the query, and
//! the streamed CSV answer (`text/csv`, a download named after the account and range).

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_util::stream::BoxStream;
use serde::Deserialize;

use super::error::ApiError;
use crate::error::ServiceError;
use crate::export::{ExportRange, parse_range};

/// The header with the number of rows the source knows of (transactions or
/// transfers), for the client's progress; absent when it does not know.
pub const TOTAL_HEADER: &str = "x-tandem-export-total";

/// Query of the export routes.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// First day, `YYYY-MM-DD` (UTC, included); default: the start of history.
    pub from: Option<String>,
    /// Last day, `YYYY-MM-DD` (UTC, included); default: today.
    pub to: Option<String>,
    /// Fiat currency of the values at today's price (default USD).
    pub fiat: Option<String>,
}

impl ExportQuery {
    /// The checked range.
    pub fn range(&self) -> Result<ExportRange, ApiError> {
        parse_range(
            self.from.as_deref(),
            self.to.as_deref(),
            tandem_domain::time::now_ms(),
        )
        .map_err(|error| {
            ApiError::new(StatusCode::BAD_REQUEST, error.code(), error.message())
                .with_details(serde_json::json!({ "parameter": error.parameter() }))
        })
    }
}

/// The streamed CSV download `name`.csv, with the source's `total` for progress.
pub fn csv_download(
    name: &str,
    total: Option<u64>,
    body: BoxStream<'static, Result<Bytes, ServiceError>>,
) -> Response {
    let mut response = (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Body::from_stream(body),
    )
        .into_response();
    let disposition = format!("attachment; filename=\"{name}.csv\"");
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    if let Some(total) = total {
        response
            .headers_mut()
            .insert(TOTAL_HEADER, HeaderValue::from(total));
    }
    response
}

/// The file's name: `tandem-<network>-<account>-<from>-<to>` (days as asked; `start`
/// and `today` when open).
#[must_use]
pub fn file_name(network: &str, account: &str, query: &ExportQuery) -> String {
    format!(
        "tandem-{network}-{account}-{}-{}",
        query.from.as_deref().unwrap_or("start"),
        query.to.as_deref().unwrap_or("today")
    )
}
