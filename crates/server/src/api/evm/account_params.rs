//! Parameters shared by the account reads (history, NFTs, approvals): token ids from
//! the path, paging and sort direction from the query (addresses and fiat go through
//! [`super::params`]), and the mapping of upstream failures. Every bad value is
//! a 400 with a stable code and the parameter's name in `details`.

use alloy_primitives::U256;
use axum::http::StatusCode;
use serde::Deserialize;

use crate::api::error::ApiError;
pub use crate::evm::account_reads::{MAX_LIMIT, Paging};

/// `{address}` of the account routes: `…/{network}/accounts/{address}/…`.
#[derive(Debug, Deserialize)]
pub struct AccountPath {
    /// The account address as sent.
    pub address: String,
}

/// A 400 `validation.invalid_parameter` naming `parameter`.
pub fn bad_parameter(parameter: &str, message: impl Into<String>) -> ApiError {
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "validation.invalid_parameter",
        message,
    )
    .with_details(serde_json::json!({ "parameter": parameter }))
}

/// An NFT token id: a decimal integer below 2^256 (or 0x hex).
pub fn token_id(text: &str) -> Result<U256, ApiError> {
    let parsed = match text.strip_prefix("0x") {
        Some(hex) if !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
            U256::from_str_radix(hex, 16).ok()
        }
        Some(_) => None,
        None if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) => {
            U256::from_str_radix(text, 10).ok()
        }
        None => None,
    };
    parsed.ok_or_else(|| {
        bad_parameter(
            "tokenId",
            format!("'{text}' is not a token id (a decimal integer below 2^256)"),
        )
    })
}

/// Checked paging from the query's values, `default_limit` when no limit was sent:
/// `offset` at least 0, `limit` between 1 and [`MAX_LIMIT`].
pub fn paging(
    offset: Option<i64>,
    limit: Option<i64>,
    default_limit: u64,
) -> Result<Paging, ApiError> {
    let offset = match offset {
        None => 0,
        Some(n) => u64::try_from(n)
            .map_err(|_| bad_parameter("offset", format!("offset must be 0 or more, not {n}")))?,
    };
    let limit = match limit {
        None => default_limit,
        Some(n) => u64::try_from(n)
            .ok()
            .filter(|n| (1..=MAX_LIMIT).contains(n))
            .ok_or_else(|| {
                bad_parameter(
                    "limit",
                    format!("limit must be between 1 and {MAX_LIMIT}, not {n}"),
                )
            })?,
    };
    Ok(Paging { offset, limit })
}

/// `asc` or `desc` (default `default`), as `true` for descending.
pub fn descending(parameter: &str, text: Option<&str>, default: bool) -> Result<bool, ApiError> {
    match text {
        None => Ok(default),
        Some("desc") => Ok(true),
        Some("asc") => Ok(false),
        Some(other) => Err(bad_parameter(
            parameter,
            format!("{parameter} must be asc or desc, not '{other}'"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_ids_are_decimal_or_hex_u256() {
        assert_eq!(token_id("42").ok(), Some(U256::from(42)));
        assert_eq!(token_id("0x2a").ok(), Some(U256::from(42)));
        assert_eq!(token_id(&U256::MAX.to_string()).ok(), Some(U256::MAX));
        for bad in [
            "",
            "-1",
            "1.5",
            "0x",
            "0xzz",
            "abc",
            &format!("{}0", U256::MAX),
        ] {
            let error = token_id(bad).expect_err(bad);
            assert_eq!(error.code(), "validation.invalid_parameter", "{bad}");
        }
    }

    #[test]
    fn paging_is_bounded() {
        assert_eq!(
            paging(None, None, 25).ok(),
            Some(Paging {
                offset: 0,
                limit: 25
            })
        );
        assert_eq!(
            paging(Some(5), Some(10_000), 25).ok(),
            Some(Paging {
                offset: 5,
                limit: 10_000
            })
        );
        for (offset, limit) in [
            (Some(-1), None),
            (None, Some(0)),
            (None, Some(10_001)),
            (None, Some(-3)),
        ] {
            let error = paging(offset, limit, 25).expect_err("bad paging");
            assert_eq!(error.code(), "validation.invalid_parameter");
        }
    }

    #[test]
    fn sort_directions() {
        assert_eq!(descending("dir", None, true).ok(), Some(true));
        assert_eq!(descending("dir", Some("asc"), true).ok(), Some(false));
        assert_eq!(descending("dir", Some("desc"), false).ok(), Some(true));
        assert_eq!(
            descending("dir", Some("up"), true).expect_err("bad").code(),
            "validation.invalid_parameter"
        );
    }
}
