//! What to prepare (the body of `POST …/transactions/prepare`) and the field checks
//! every kind shares: EIP-55 addresses, amounts with the token's decimals, token ids
//! and quantities. Each rejection names the field and the domain rule it breaks.

use alloy::primitives::{Address, U256};
use serde::{Deserialize, Serialize};
use tandem_domain::DomainError;
use tandem_domain::amount::{Amount, MAX_ALLOWANCE, NumberFormat, parse_amount};
use tandem_domain::validate::{parse_natural, parse_positive, validate_evm_address};

use crate::error::ServiceError;

/// What to prepare; `kind` picks the variant. Amounts are decimal text in whole
/// tokens ("1.5"), token ids decimal text. (Fields of more than one word are renamed one
/// by one: the OpenAPI derive does not read `rename_all_fields`.)
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase", deny_unknown_fields)]
pub enum PrepareRequest {
    /// TLOS (no `token`, or the system token's symbol) or an ERC-20 token.
    Send {
        from: String,
        token: Option<String>,
        to: String,
        amount: String,
    },
    /// An ERC-721 or ERC-1155 `safeTransferFrom`; `quantity` (default 1) for ERC-1155.
    NftTransfer {
        from: String,
        contract: String,
        #[serde(rename = "tokenId")]
        token_id: String,
        to: String,
        quantity: Option<String>,
    },
    /// TLOS into WTLOS.
    Wrap { from: String, amount: String },
    /// WTLOS into TLOS.
    Unwrap { from: String, amount: String },
    /// TLOS into the STLOS vault.
    Stake { from: String, amount: String },
    /// `amount` TLOS out of the vault into the escrow.
    Unstake { from: String, amount: String },
    /// Every unlocked escrow deposit.
    Withdraw { from: String },
    /// An ERC-20 allowance: an amount or `"unlimited"`.
    Approve {
        from: String,
        token: String,
        spender: String,
        amount: String,
    },
    /// Revoke an ERC-20 allowance, an ERC-721 token approval (`tokenId`), or an
    /// operator approval (ERC-721 / ERC-1155 without `tokenId`).
    Revoke {
        from: String,
        contract: String,
        spender: String,
        #[serde(rename = "tokenId")]
        token_id: Option<String>,
    },
}

impl PrepareRequest {
    /// The sender, as typed.
    #[must_use]
    pub fn from(&self) -> &str {
        match self {
            Self::Send { from, .. }
            | Self::NftTransfer { from, .. }
            | Self::Wrap { from, .. }
            | Self::Unwrap { from, .. }
            | Self::Stake { from, .. }
            | Self::Unstake { from, .. }
            | Self::Withdraw { from }
            | Self::Approve { from, .. }
            | Self::Revoke { from, .. } => from,
        }
    }

    /// The `kind` tag.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Send { .. } => "send",
            Self::NftTransfer { .. } => "nftTransfer",
            Self::Wrap { .. } => "wrap",
            Self::Unwrap { .. } => "unwrap",
            Self::Stake { .. } => "stake",
            Self::Unstake { .. } => "unstake",
            Self::Withdraw { .. } => "withdraw",
            Self::Approve { .. } => "approve",
            Self::Revoke { .. } => "revoke",
        }
    }
}

/// A valid input the user should still look at (an address without checksum).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FieldWarning {
    /// The body field.
    pub field: &'static str,
    /// The warning's key (`validation.address_lowercase`).
    pub code: &'static str,
}

/// Checks fields one by one and keeps their warnings.
#[derive(Debug, Default)]
pub struct Fields {
    warnings: Vec<FieldWarning>,
}

/// `field` breaks the domain rule `error`.
#[must_use]
pub fn field_error(field: &'static str, error: DomainError) -> ServiceError {
    ServiceError::field(field, error)
}

impl Fields {
    /// The warnings collected so far.
    #[must_use]
    pub fn into_warnings(self) -> Vec<FieldWarning> {
        self.warnings
    }

    /// An EVM address (spec §5): mixed case must be the checksum; one case passes
    /// with a warning.
    ///
    /// # Errors
    /// 400 with the address rule's key.
    pub fn address(&mut self, field: &'static str, text: &str) -> Result<Address, ServiceError> {
        let checked = validate_evm_address(text).map_err(|e| field_error(field, e))?;
        if let Some(warning) = checked.warning {
            self.warnings.push(FieldWarning {
                field,
                code: warning.code(),
            });
        }
        Ok(checked.address)
    }

    /// Remarks on where a transfer goes, shown in the review before the wallet opens:
    /// the zero address keeps whatever it receives forever; `asset`, the contract of
    /// the token or collection sent, rarely gives back what is sent to it, and neither
    /// does another token's contract (most often an address copied by mistake); a
    /// `contract` recipient of ERC-20 tokens must be built to use or return them.
    pub fn recipient(
        &mut self,
        field: &'static str,
        to: Address,
        asset: Option<Address>,
        kind: RecipientKind,
    ) {
        let mut warn = |code| self.warnings.push(FieldWarning { field, code });
        if to.is_zero() {
            warn("validation.recipient_zero_address");
        } else if Some(to) == asset {
            warn("validation.recipient_token_contract");
        } else if kind.token {
            warn("validation.recipient_other_token_contract");
        } else if kind.contract {
            warn("validation.recipient_contract");
        }
    }
}

/// What the chain says of a recipient, for [`Fields::recipient`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecipientKind {
    /// It holds code, and what is sent matters to that code (ERC-20 tokens).
    pub contract: bool,
    /// It is a token or collection contract (ERC-20, ERC-721, ERC-1155).
    pub token: bool,
}

/// A positive amount with at most `decimals` fraction digits ('.' separator).
///
/// # Errors
/// 400 `validation.amount_required`, `validation.invalid_number_format`,
/// `validation.too_many_decimals` ("you can only enter N decimal places"),
/// `validation.value_too_large`, or `validation.amount_positive` for zero.
pub fn positive_amount(
    field: &'static str,
    text: &str,
    decimals: u8,
) -> Result<Amount, ServiceError> {
    let amount = any_amount(field, text, decimals)?;
    if amount.is_zero() {
        return Err(ServiceError::AmountNotPositive { field });
    }
    Ok(amount)
}

/// A non-negative amount (an allowance may be zero).
///
/// # Errors
/// As [`positive_amount`], zero allowed.
pub fn any_amount(field: &'static str, text: &str, decimals: u8) -> Result<Amount, ServiceError> {
    parse_amount(text, decimals, &NumberFormat::PLAIN).map_err(|e| field_error(field, e))
}

/// An allowance: `"unlimited"` (2^256 - 1) or an amount.
///
/// # Errors
/// As [`any_amount`].
pub fn allowance(field: &'static str, text: &str, decimals: u8) -> Result<Amount, ServiceError> {
    if text.trim().eq_ignore_ascii_case("unlimited") {
        return Amount::new(MAX_ALLOWANCE, decimals).map_err(|e| field_error(field, e));
    }
    any_amount(field, text, decimals)
}

/// A token id: the domain's natural-number rule (decimal digits that fit 256 bits).
///
/// # Errors
/// 400 `validation.required`, `validation.natural_number` or `validation.value_too_large`.
pub fn token_id(field: &'static str, text: &str) -> Result<U256, ServiceError> {
    parse_natural(text).map_err(|error| field_error(field, error))
}

/// A quantity: the domain's positive-integer rule.
///
/// # Errors
/// 400 `validation.required`, `validation.positive_integer` or `validation.value_too_large`.
pub fn quantity(field: &'static str, text: &str) -> Result<U256, ServiceError> {
    parse_positive(text).map_err(|error| field_error(field, error))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stable key the API answers for `error`.
    fn code_of(error: ServiceError) -> &'static str {
        match error {
            ServiceError::Field { source, .. } => source.code(),
            ServiceError::AmountNotPositive { .. } => "validation.amount_positive",
            other => panic!("not a field error: {other:?}"),
        }
    }

    #[test]
    fn bodies_parse_by_kind_and_reject_unknown_fields() {
        let body = serde_json::json!({
            "kind": "nftTransfer", "from": "0x1", "contract": "0x2", "tokenId": "7", "to": "0x3"
        });
        let parsed: PrepareRequest = serde_json::from_value(body).unwrap();
        assert_eq!(parsed.kind(), "nftTransfer");
        assert_eq!(parsed.from(), "0x1");
        let typo = serde_json::json!({ "kind": "wrap", "from": "0x1", "amout": "1" });
        assert!(serde_json::from_value::<PrepareRequest>(typo).is_err());
        let unknown = serde_json::json!({ "kind": "burn", "from": "0x1" });
        assert!(serde_json::from_value::<PrepareRequest>(unknown).is_err());
        let withdraw = serde_json::json!({ "kind": "withdraw", "from": "0x1" });
        assert_eq!(
            serde_json::from_value::<PrepareRequest>(withdraw)
                .unwrap()
                .kind(),
            "withdraw"
        );
    }

    #[test]
    fn addresses_warn_when_not_checksummed() {
        let mut fields = Fields::default();
        let lower = "0xd102ce6a4db07d247fcc28f366a623df0938ca9e";
        assert!(fields.address("to", lower).is_ok());
        let bad = fields
            .address("from", "0xd102cE6A4dB07D247fcc28F366A623Df0938CA9E")
            .unwrap_err();
        assert_eq!(code_of(bad), "validation.invalid_checksum_address");
        assert_eq!(
            fields.into_warnings(),
            vec![FieldWarning {
                field: "to",
                code: "validation.address_lowercase"
            }]
        );
    }

    #[test]
    fn amounts_follow_the_token_decimals() {
        assert_eq!(
            positive_amount("amount", "1.5", 6).unwrap().raw(),
            U256::from(1_500_000u32)
        );
        let cases = [
            ("1.1234567", "validation.too_many_decimals"),
            ("0", "validation.amount_positive"),
            ("", "validation.amount_required"),
            ("1,5", "validation.invalid_number_format"),
            ("-1", "validation.negative_amount"),
        ];
        for (text, code) in cases {
            assert_eq!(
                code_of(positive_amount("amount", text, 6).unwrap_err()),
                code,
                "{text}"
            );
        }
        let error = positive_amount("amount", "1.1234567", 6).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("you can only enter 6 decimal places")
        );
        assert!(allowance("amount", "Unlimited", 6).unwrap().is_unlimited());
        assert!(allowance("amount", "0", 6).unwrap().is_zero());
    }

    #[test]
    fn token_ids_and_quantities() {
        assert_eq!(token_id("tokenId", "0").unwrap(), U256::ZERO);
        assert_eq!(
            code_of(token_id("tokenId", "x1").unwrap_err()),
            "validation.natural_number"
        );
        let huge = "9".repeat(80);
        assert_eq!(
            code_of(token_id("tokenId", &huge).unwrap_err()),
            "validation.value_too_large"
        );
        assert_eq!(
            code_of(quantity("quantity", "0").unwrap_err()),
            "validation.positive_integer"
        );
        assert_eq!(
            code_of(quantity("quantity", "-2").unwrap_err()),
            "validation.positive_integer"
        );
        assert_eq!(quantity("quantity", "3").unwrap(), U256::from(3u8));
        assert_eq!(
            code_of(token_id("tokenId", " ").unwrap_err()),
            "validation.required"
        );
    }
}
