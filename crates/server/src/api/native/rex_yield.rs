//! `GET …/rex/yield`: what REX returned over the last 7 and 30 days, measured from the
//! pool's value per REX now and as the history service recorded it (ADR 0039).

use axum::Json;

use crate::api::error::ApiError;
use crate::api::extract::NativeNet;
use crate::api::yield_view::{PriceUnits, StakingYieldView, yield_view};

/// The system contract's REX symbol is `4,REX`.
const REX_DECIMALS: u8 = 4;

/// The REX yield, each window measured or the reason it is not.
#[utoipa::path(
    get,
    operation_id = "native_rex_yield",
    path = "/api/v1/native/{network}/rex/yield",
    tag = "native",
    params(("network" = String, Path, description = "Native network, e.g. telos")),
    responses(
        (status = 200, description = "REX's measured yield over 7 and 30 days, each window measured or the reason it is not", body = StakingYieldView),
        (status = 400, description = "Unknown network", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not give the REX pool now, or it has no REX (`antelope.rex.error_contract_not_found`)", body = crate::api::error::ErrorBody),
    )
)]
pub async fn rex_yield(native: NativeNet) -> Result<Json<StakingYieldView>, ApiError> {
    let report = native.rex_yield().await?;
    let symbol = native.system_symbol;
    let code = symbol.code.to_string();
    let units = PriceUnits {
        asset_symbol: &code,
        asset_decimals: symbol.precision,
        share_symbol: "REX",
        share_decimals: REX_DECIMALS,
    };
    Ok(Json(yield_view(&report, units)))
}
