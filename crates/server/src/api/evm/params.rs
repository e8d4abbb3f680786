//! Input checks shared by the EVM routes: each bad value is a 400 with a stable code
//! and the offending value in `details`, before any upstream is asked.

use alloy_primitives::Address;
use axum::http::StatusCode;
use serde::Deserialize;
use tandem_domain::validate::validate_evm_address;

use crate::api::error::ApiError;

/// The common prefix of every EVM route.
pub const BASE: &str = "/api/v1/evm/{network}";

/// Default fiat currency (spec §3 "Currency preference").
pub const DEFAULT_FIAT: &str = "USD";
/// Default locale (spec §3 "Currency preference").
pub const DEFAULT_LOCALE: &str = "en-US";
/// Longest locale tag accepted.
const MAX_LOCALE_LENGTH: usize = 35;

/// An EVM address from a path or query (the domain's rules: `0x` + 40 hex digits, a
/// mixed-case address must carry a valid EIP-55 checksum). Codes: the domain's keys
/// (`antelope.evm.error_invalid_address`, `validation.invalid_checksum_address`, …).
///
/// # Errors
/// 400 with the domain's key and `details.<field>`.
pub fn evm_address(field: &str, text: &str) -> Result<Address, ApiError> {
    validate_evm_address(text)
        .map(|checked| checked.address)
        .map_err(|error| {
            ApiError::from_domain(StatusCode::BAD_REQUEST, &error)
                .with_details(serde_json::json!({ field: text }))
        })
}

/// An ISO 4217 currency code (three letters, any case), returned upper-case.
///
/// # Errors
/// 400 `validation.invalid_fiat_currency`.
pub fn fiat_currency(text: Option<&str>) -> Result<String, ApiError> {
    let Some(text) = text else {
        return Ok(DEFAULT_FIAT.to_owned());
    };
    if text.len() == 3 && text.chars().all(|c| c.is_ascii_alphabetic()) {
        return Ok(text.to_ascii_uppercase());
    }
    Err(ApiError::new(
        StatusCode::BAD_REQUEST,
        "validation.invalid_fiat_currency",
        "fiat must be a three-letter currency code such as USD",
    )
    .with_details(serde_json::json!({ "fiat": text })))
}

/// A BCP 47 language tag such as `en-US` or `pt-BR` (letters, digits and dashes; a 2-3
/// letter language first).
///
/// # Errors
/// 400 `validation.invalid_locale`.
pub fn locale(text: Option<&str>) -> Result<String, ApiError> {
    let Some(text) = text else {
        return Ok(DEFAULT_LOCALE.to_owned());
    };
    let mut parts = text.split('-');
    let language_ok = parts.next().is_some_and(|lang| {
        (2..=3).contains(&lang.len()) && lang.chars().all(|c| c.is_ascii_alphabetic())
    });
    let rest_ok = parts.all(|part| {
        (1..=8).contains(&part.len()) && part.chars().all(|c| c.is_ascii_alphanumeric())
    });
    if language_ok && rest_ok && text.len() <= MAX_LOCALE_LENGTH {
        return Ok(text.to_owned());
    }
    Err(ApiError::new(
        StatusCode::BAD_REQUEST,
        "validation.invalid_locale",
        "locale must be a language tag such as en-US",
    )
    .with_details(serde_json::json!({ "locale": text })))
}

/// `?fiat=&locale=` of the routes that show fiat values.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FiatQuery {
    /// ISO 4217 currency code; default USD.
    pub fiat: Option<String>,
    /// BCP 47 locale for the formatted amounts; default en-US.
    pub locale: Option<String>,
}

impl FiatQuery {
    /// The checked currency (upper case) and locale.
    ///
    /// # Errors
    /// 400 for a malformed currency or locale.
    pub fn checked(&self) -> Result<(String, String), ApiError> {
        Ok((
            fiat_currency(self.fiat.as_deref())?,
            locale(self.locale.as_deref())?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fiat_codes_are_three_letters() {
        assert_eq!(fiat_currency(None).ok().as_deref(), Some("USD"));
        assert_eq!(fiat_currency(Some("eur")).ok().as_deref(), Some("EUR"));
        for bad in ["", "US", "USDT", "U$D", "€"] {
            let error = fiat_currency(Some(bad)).expect_err(bad);
            assert_eq!(error.code(), "validation.invalid_fiat_currency");
        }
    }

    #[test]
    fn locales_are_language_tags() {
        for good in ["en-US", "pt-BR", "de", "zh-Hant-TW", "es-419"] {
            assert_eq!(locale(Some(good)).ok().as_deref(), Some(good));
        }
        for bad in [
            "",
            "e",
            "english-US",
            "en_US",
            "en--US",
            "en-US-",
            "<script>",
        ] {
            let error = locale(Some(bad)).expect_err(bad);
            assert_eq!(error.code(), "validation.invalid_locale");
        }
    }

    #[test]
    fn addresses_use_the_domain_codes() {
        let good = "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E";
        assert!(evm_address("address", good).is_ok());
        let bad = evm_address("address", "0x123").expect_err("short");
        assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
        assert_eq!(bad.code(), "antelope.evm.error_invalid_address");
    }
}
