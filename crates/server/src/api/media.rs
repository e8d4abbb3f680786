//! `GET /api/v1/media?src&sig`: the media proxy (ADR 0033). Serves a link the server
//! itself put into an answer (signed: [`crate::media::MediaLinks`]), fetched from a public
//! host, checked to be an image, a video or audio by its bytes, and cached. Outside the
//! request rate (a page of NFTs asks for dozens at once) but each request is expensive
//! work of its client while it runs. What it serves runs nothing: an SVG opened on its
//! own gets a policy without scripts and a sandbox.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::error::ApiError;
use super::extract::Query;
use super::limits::Client;
use crate::media::{MediaError, MediaProxy};

/// The policy of a served file: it may show itself and inline styles, nothing else.
const MEDIA_POLICY: &str = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/// Query of `/api/v1/media`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct MediaQuery {
    /// The media's own URL, as the server signed it.
    src: String,
    /// The server's signature of `src`.
    sig: String,
}

/// One media file through the proxy.
#[utoipa::path(
    get,
    path = "/api/v1/media",
    tag = "server",
    params(MediaQuery),
    responses(
        (status = 200, description = "The file, its type read from its bytes (image, video or audio)", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 404, description = "Not a link this server handed out, or the proxy is off", body = crate::api::error::ErrorBody),
        (status = 415, description = "The file is not an image, a video or audio, or is too large", body = crate::api::error::ErrorBody),
        (status = 429, description = "This client already runs as many expensive requests as allowed", body = crate::api::error::ErrorBody),
        (status = 502, description = "Its host did not answer, or is not a public one", body = crate::api::error::ErrorBody),
    )
)]
pub async fn media(
    State(proxy): State<Arc<MediaProxy>>,
    Query(query): Query<MediaQuery>,
    client: Client,
) -> Result<Response, ApiError> {
    let _slot = client.expensive()?;
    let media = proxy.fetch(&query.src, &query.sig).await.map_err(|error| {
        let (status, code) = match &error {
            MediaError::NotOurs => (StatusCode::NOT_FOUND, "media.not_found"),
            MediaError::NotMedia(_) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "media.unsupported"),
            MediaError::Unavailable(_) => (StatusCode::BAD_GATEWAY, "media.unavailable"),
        };
        tracing::debug!(src = query.src, %error, "media not served");
        ApiError::new(status, code, public_reason(&error))
    })?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static(media.content_type),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=86400"),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(MEDIA_POLICY),
            ),
        ],
        media.bytes,
    )
        .into_response())
}

/// What a stranger is told: never whether an inside host answered.
fn public_reason(error: &MediaError) -> &'static str {
    match error {
        MediaError::NotOurs => "no media at this link",
        MediaError::NotMedia(_) => "the file is not an image, a video or audio this server serves",
        MediaError::Unavailable(_) => "the media's host did not answer",
    }
}
