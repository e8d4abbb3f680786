//! Network-wide native reads: what RAM costs, the REX APY, the block producers.

use axum::Json;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::views::AssetView;
use crate::api::error::ApiError;
use crate::api::extract::{NativeNet, Query};
use crate::native::producer_info::PublishedInfo;

/// `?bytes=` of `…/ram-cost`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RamCostQuery {
    /// RAM to buy, in bytes (1 to 1 048 576).
    bytes: u32,
}

/// `GET …/ram-cost`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RamCostView {
    /// The bytes priced.
    bytes: u32,
    /// What `buyrambytes` takes for them now, fee included.
    cost: AssetView,
}

/// Largest RAM purchase priced.
const MAX_RAM_BYTES: u32 = 1_048_576;

/// What RAM costs now (the system contract's Bancor price plus its 0.5 % fee).
#[utoipa::path(
    get,
    operation_id = "native_ram_cost",
    path = "/api/v1/native/{network}/ram-cost",
    tag = "native",
    params(("network" = String, Path, description = "Native network, e.g. telos"), RamCostQuery),
    responses(
        (status = 200, description = "The price of the bytes", body = RamCostView),
        (status = 400, description = "Unknown network or bytes out of range", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn ram_cost(
    native: NativeNet,
    Query(query): Query<RamCostQuery>,
) -> Result<Json<RamCostView>, ApiError> {
    if !(1..=MAX_RAM_BYTES).contains(&query.bytes) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "validation.invalid_parameter",
            format!("bytes must be between 1 and {MAX_RAM_BYTES}"),
        )
        .with_details(serde_json::json!({ "parameter": "bytes" })));
    }
    let cost = native.ram_cost(query.bytes).await?;
    Ok(Json(RamCostView {
        bytes: query.bytes,
        cost: AssetView::from(&cost),
    }))
}

/// `GET …/rex/apy`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RexApyView {
    /// Percent per year, exact decimal text; null unless `status` is `available`.
    apy: Option<String>,
    /// Why there is or is not a figure.
    status: crate::apy::ApyStatus,
}

/// The REX APY from the product API (spec §7 `apy/native`).
#[utoipa::path(
    get,
    operation_id = "native_rex_apy",
    path = "/api/v1/native/{network}/rex/apy",
    tag = "native",
    params(("network" = String, Path, description = "Native network, e.g. telos")),
    responses(
        (status = 200, description = "The APY, or why there is none", body = RexApyView),
        (status = 400, description = "Unknown network", body = crate::api::error::ErrorBody),
    )
)]
pub async fn rex_apy(native: NativeNet) -> Json<RexApyView> {
    let apy = native.rex_apy().await;
    Json(RexApyView {
        apy: apy.percent,
        status: apy.status,
    })
}

/// One registered block producer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProducerView {
    owner: String,
    /// Vote weight, decimal text as the chain gives it.
    total_votes: String,
    url: String,
    is_active: bool,
    /// Produces in the active schedule.
    scheduled: bool,
}

/// `GET …/producers`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProducersView {
    /// In vote order.
    producers: Vec<ProducerView>,
    schedule_version: u32,
    /// The active schedule, in order.
    schedule: Vec<String>,
}

/// The block producers in vote order and the active schedule (spec §7).
#[utoipa::path(
    get,
    operation_id = "native_producers",
    path = "/api/v1/native/{network}/producers",
    tag = "native",
    params(("network" = String, Path, description = "Native network, e.g. telos")),
    responses(
        (status = 200, description = "Producers and the schedule", body = ProducersView),
        (status = 400, description = "Unknown network", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn producers(native: NativeNet) -> Result<Json<ProducersView>, ApiError> {
    let list = native.producers().await?;
    Ok(Json(ProducersView {
        producers: list
            .producers
            .iter()
            .map(|p| ProducerView {
                owner: p.owner.clone(),
                total_votes: p.total_votes.clone(),
                url: p.url.clone(),
                is_active: p.is_active,
                scheduled: p.scheduled,
            })
            .collect(),
        schedule_version: list.schedule_version,
        schedule: list.schedule.clone(),
    }))
}

/// What one producer published (`bp.json`), as far as it could be read.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProducerInfoView {
    owner: String,
    /// `published`, `unpublished` (no `bp.json` beside its URL) or `unreadable` (not now).
    status: String,
    name: Option<String>,
    website: Option<String>,
    city: Option<String>,
    /// ISO 3166 alpha-2.
    country: Option<String>,
    /// The logo as the browser should load it (through the media proxy when it is on).
    logo: Option<String>,
}

/// `GET …/producers/info`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProducerInfosView {
    /// The producers described (the first 50 in vote order), by account name.
    producers: Vec<ProducerInfoView>,
}

/// What the first 50 producers publish about themselves (`bp.json` beside their URL), read
/// from public addresses only and kept an hour.
#[utoipa::path(
    get,
    operation_id = "native_producer_info",
    path = "/api/v1/native/{network}/producers/info",
    tag = "native",
    params(("network" = String, Path, description = "Native network, e.g. telos")),
    responses(
        (status = 200, description = "Each producer's published information, or why there is none", body = ProducerInfosView),
        (status = 400, description = "Unknown network", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn producer_info(native: NativeNet) -> Result<Json<ProducerInfosView>, ApiError> {
    let infos = native.producer_infos().await?;
    Ok(Json(ProducerInfosView {
        producers: infos
            .iter()
            .map(|(owner, info)| {
                let (status, found) = match info {
                    PublishedInfo::Published(found) => ("published", Some(found)),
                    PublishedInfo::NotPublished => ("unpublished", None),
                    PublishedInfo::Unreadable => ("unreadable", None),
                };
                ProducerInfoView {
                    owner: owner.clone(),
                    status: status.to_owned(),
                    name: found.and_then(|f| f.name.clone()),
                    website: found.and_then(|f| f.website.clone()),
                    city: found.and_then(|f| f.city.clone()),
                    country: found.and_then(|f| f.country.clone()),
                    logo: found.and_then(|f| f.logo.clone()),
                }
            })
            .collect(),
    }))
}
