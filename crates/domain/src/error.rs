//! The one error type of the domain crate. Every variant carries a stable key
//! (`code()`), reusing the product spec's keys where it has one, so the API and the
//! web app can match on it.
//!
//! Key families: the spec's own keys keep their `antelope.<area>.<key>` form (it shows
//! that prefix for `antelope.chain.error_invalid_network`, so the other §8 keys follow
//! it); form rules of spec §5 use `validation.*`; Antelope encodings use
//! `antelope.name.*`, `antelope.asset.*` and `antelope.abi.*`; the fee-sponsor check uses
//! `sponsor.*`; NFT media uses `nft.*`.

/// Everything a domain rule can reject.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    /// A network name that is not one of the networks Tandem knows.
    #[error("unknown network '{0}'")]
    InvalidNetwork(String),

    // ---- amounts and numbers (spec §5) ----
    /// An amount field was left empty.
    #[error("Amount required")]
    AmountRequired,
    /// A number contains something other than digits and the locale's separators.
    #[error("Invalid number format")]
    InvalidNumberFormat,
    /// Amounts are never negative.
    #[error("amount cannot be negative")]
    NegativeAmount,
    /// More fraction digits than the token has.
    #[error("you can only enter {max} decimal places")]
    TooManyDecimals {
        /// The token's decimals.
        max: u8,
    },
    /// The value does not fit the 256-bit amount.
    #[error("value too large")]
    ValueTooLarge,
    /// A conversion rate (price) that is not a positive number.
    #[error("conversion rate must be a positive number")]
    InvalidConversionRate,
    /// Decimals beyond what a 256-bit fixed-point amount can scale (77).
    #[error("{0} decimals are not supported")]
    UnsupportedDecimals(u8),
    /// The amount exceeds the available balance.
    #[error("balance too low")]
    BalanceTooLow,
    /// A required form field was left empty.
    #[error("required field")]
    RequiredField,
    /// The value is not a natural number (>= 0).
    #[error("value must be a natural number (>= 0)")]
    NotNaturalNumber,
    /// The value is not a positive integer (> 0).
    #[error("value must be a positive integer (> 0)")]
    NotPositiveInteger,
    /// The value is below the lower bound.
    #[error("value must be greater or equal to {min}")]
    BelowMinimum {
        /// The bound, as text.
        min: String,
    },
    /// The value is above the upper bound.
    #[error("value must be less or equal to {max}")]
    AboveMaximum {
        /// The bound, as text.
        max: String,
    },

    // ---- tokens, dates (spec §5) ----
    /// A token symbol outside 2 to 6 characters.
    #[error("token symbol must have 2 to 6 characters")]
    TokenSymbolLength,
    /// Token decimals outside 2 to 9.
    #[error("token decimals must be between 2 and 9")]
    TokenDecimalsOutOfRange,
    /// A token id that is not `symbol-address-network`.
    #[error("invalid token id '{0}'")]
    InvalidTokenId(String),
    /// A date that is not after now.
    #[error("date must be in the future")]
    DateNotInFuture,
    /// An allowance batch id that is not `spender-token[-tokenId]`.
    #[error("invalid allowance batch id '{0}'")]
    InvalidAllowanceBatchId(String),

    // ---- Antelope account names (spec §5) ----
    /// An account field was left empty.
    #[error("Account required")]
    AccountRequired,
    /// A character other than a-z, 1-5 and '.'.
    #[error("account name may only contain lowercase letters, digits 1 to 5 or a dot")]
    AccountNameInvalidCharacters,
    /// A basic account name must be exactly 12 of a-z and 1-5.
    #[error("a basic account name must be exactly 12 lowercase letters and digits 1-5")]
    AccountNameNotBasic,
    /// More than 12 characters.
    #[error("account name can have at most 12 characters")]
    AccountNameTooLong,
    /// A name ending in '.' does not survive the chain's encoding.
    #[error("account name cannot end with a dot")]
    AccountNameTrailingDot,

    // ---- EVM addresses and hashes (spec §5) ----
    /// An address field was left empty.
    #[error("address required")]
    AddressRequired,
    /// Not 0x followed by 40 hex characters.
    #[error("invalid address")]
    InvalidAddress,
    /// Mixed case that is not the EIP-55 checksum.
    #[error("invalid checksum address")]
    InvalidChecksumAddress,
    /// Not 0x followed by hex.
    #[error("invalid hash")]
    InvalidHash,
    /// A contract without an address.
    #[error("contract data required")]
    ContractDataRequired,
    /// An NFT contract that is neither ERC-721 nor ERC-1155.
    #[error("an NFT contract must be ERC-721 or ERC-1155")]
    InvalidNftContractType,

    // ---- Antelope encodings ----
    /// A name longer than 13 characters.
    #[error("name '{0}' is longer than 13 characters")]
    NameTooLong(String),
    /// A name character outside a-z, 1-5 and '.'.
    #[error("name '{0}' has a character outside a-z, 1-5 and '.'")]
    NameInvalidCharacter(String),
    /// The 13th character of a name may only be a-j, 1-5 or '.'.
    #[error("the 13th character of name '{0}' must be one of a-j, 1-5 or '.'")]
    NameInvalidLastCharacter(String),
    /// A name with trailing dots (it would read back differently).
    #[error("name '{0}' is not normalized (trailing dot)")]
    NameNotNormalized(String),
    /// An asset that is not `<amount> <SYMBOL>`.
    /// A RAM purchase or sale too small for the market to book anything.
    #[error("too small to trade on the RAM market")]
    RamTradeTooSmall,
    /// A time the chain wrote that is not `YYYY-MM-DDTHH:MM:SS`.
    #[error("invalid chain time '{0}'")]
    InvalidChainTime(String),
    #[error("invalid asset '{0}'")]
    AssetInvalidFormat(String),
    /// An asset amount beyond ±(2^62 - 1).
    #[error("asset amount out of range")]
    AssetAmountOutOfRange,
    /// A symbol code that is not 1 to 7 of A-Z.
    #[error("invalid symbol code '{0}'")]
    SymbolInvalidCode(String),
    /// A symbol precision above 18 or not a number.
    #[error("invalid symbol precision '{0}'")]
    SymbolInvalidPrecision(String),
    /// Two assets that should share a symbol do not.
    #[error("asset symbols do not match")]
    AssetSymbolMismatch,
    /// Binary action data that does not decode as the expected action.
    #[error("action data of {0} does not decode")]
    ActionDataInvalid(String),

    /// A transfer event log whose topics or data do not match its signature.
    #[error("could not parse the log event of {0}")]
    LogDataInvalid(String),

    // ---- fee sponsor (spec §4, §5, §8) ----
    /// The first action is not the sponsor's no-op.
    #[error("invalid no-op: the first action must be the sponsor's no-op")]
    SponsorNoopMissing,
    /// The no-op is not authorised by exactly the sponsor's co-sign permission.
    #[error("invalid no-op: it must be authorised by the sponsor's co-sign permission only")]
    SponsorNoopAuthorization,
    /// The no-op carries data.
    #[error("invalid no-op: it must carry no data")]
    SponsorNoopData,
    /// An original action is missing, changed or out of order.
    #[error("non-matching action: original action {index} is missing, changed or out of order")]
    SponsorOriginalActionMismatch {
        /// Index of the original action that was not found.
        index: usize,
    },
    /// An added action that is neither the fee transfer nor the RAM purchase.
    #[error("additional action at index {index} is not allowed")]
    SponsorAdditionalAction {
        /// Index in the returned transaction.
        index: usize,
    },
    /// The fee transfer does not go to the sponsor's fee account.
    #[error("fee action invalid: recipient is not the sponsor's fee account")]
    SponsorFeeRecipient,
    /// The fee transfer is not paid by the signing user.
    #[error("fee action invalid: it must be paid by the signer")]
    SponsorFeePayer,
    /// The fee transfer is not authorised by exactly the signer.
    #[error("fee action invalid: it must be authorised by the signer only")]
    SponsorFeeAuthorization,
    /// The fee is not paid in the system token.
    #[error("fee action invalid: the fee must be paid in the system token")]
    SponsorFeeToken,
    /// The fee is above the cap (0.05 of the system token by default).
    #[error("fee exceeds maximum")]
    SponsorFeeExceedsMaximum,
    /// More than one fee transfer was added.
    #[error("fee action invalid: more than one fee transfer")]
    SponsorDuplicateFee,
    /// The RAM purchase is not paid by the sponsor.
    #[error("RAM action invalid: it must be paid by the sponsor")]
    SponsorRamPayer,
    /// The RAM purchase is not for the signing user.
    #[error("RAM action invalid: it must buy RAM for the signer")]
    SponsorRamReceiver,
    /// The RAM purchase is not authorised by exactly the sponsor's co-sign permission.
    #[error("RAM action invalid: it must be authorised by the sponsor's co-sign permission only")]
    SponsorRamAuthorization,
    /// More than one RAM purchase was added.
    #[error("RAM action invalid: more than one RAM purchase")]
    SponsorDuplicateRam,

    // ---- NFTs ----
    /// An IPFS gateway that is not an http(s) URL.
    #[error("IPFS gateway must be an http(s) URL: '{0}'")]
    InvalidIpfsGateway(String),
}

impl DomainError {
    /// The stable key of this error, as the HTTP API reports it in `code`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::InvalidNetwork(_) => "antelope.chain.error_invalid_network",
            Self::AmountRequired => "validation.amount_required",
            Self::InvalidNumberFormat => "validation.invalid_number_format",
            Self::NegativeAmount => "validation.negative_amount",
            Self::TooManyDecimals { .. } => "validation.too_many_decimals",
            Self::ValueTooLarge => "validation.value_too_large",
            Self::InvalidConversionRate => "validation.invalid_conversion_rate",
            Self::UnsupportedDecimals(_) => "validation.unsupported_decimals",
            Self::BalanceTooLow => "validation.balance_too_low",
            Self::RequiredField => "validation.required",
            Self::NotNaturalNumber => "validation.natural_number",
            Self::NotPositiveInteger => "validation.positive_integer",
            Self::BelowMinimum { .. } => "validation.greater_or_equal",
            Self::AboveMaximum { .. } => "validation.less_or_equal",
            Self::TokenSymbolLength => "validation.token_symbol_length",
            Self::TokenDecimalsOutOfRange => "validation.token_decimals_range",
            Self::InvalidTokenId(_) => "validation.invalid_token_id",
            Self::DateNotInFuture => "validation.date_future",
            Self::InvalidAllowanceBatchId(_) => "validation.allowance_batch_id",
            Self::AccountRequired => "validation.account_required",
            Self::AccountNameInvalidCharacters => "validation.account_name_characters",
            Self::AccountNameNotBasic => "validation.account_name_basic",
            Self::AccountNameTooLong => "validation.account_name_length",
            Self::AccountNameTrailingDot => "validation.account_name_trailing_dot",
            Self::AddressRequired => "antelope.contracts.error_address_required",
            Self::InvalidAddress => "antelope.evm.error_invalid_address",
            Self::InvalidChecksumAddress => "validation.invalid_checksum_address",
            Self::InvalidHash => "validation.invalid_hash",
            Self::ContractDataRequired => "antelope.contracts.contract_data_required",
            Self::InvalidNftContractType => "antelope.contracts.error_invalid_nft_contract_type",
            Self::NameTooLong(_) => "antelope.name.too_long",
            Self::NameInvalidCharacter(_) => "antelope.name.invalid_character",
            Self::NameInvalidLastCharacter(_) => "antelope.name.invalid_last_character",
            Self::NameNotNormalized(_) => "antelope.name.not_normalized",
            Self::AssetInvalidFormat(_) => "antelope.asset.invalid_format",
            Self::InvalidChainTime(_) => "antelope.chain.invalid_time",
            Self::RamTradeTooSmall => "antelope.ram.trade_too_small",
            Self::AssetAmountOutOfRange => "antelope.asset.amount_out_of_range",
            Self::SymbolInvalidCode(_) => "antelope.asset.invalid_symbol_code",
            Self::SymbolInvalidPrecision(_) => "antelope.asset.invalid_precision",
            Self::AssetSymbolMismatch => "antelope.asset.symbol_mismatch",
            Self::ActionDataInvalid(_) => "antelope.abi.invalid_action_data",
            Self::LogDataInvalid(_) => "antelope.utils.error_parsing_log_event",
            Self::SponsorNoopMissing => "sponsor.invalid_noop",
            Self::SponsorNoopAuthorization => "sponsor.invalid_noop_authorization",
            Self::SponsorNoopData => "sponsor.invalid_noop_data",
            Self::SponsorOriginalActionMismatch { .. } => "sponsor.non_matching_action",
            Self::SponsorAdditionalAction { .. } => "sponsor.additional_actions",
            Self::SponsorFeeRecipient => "sponsor.fee_action_invalid_recipient",
            Self::SponsorFeePayer => "sponsor.fee_action_invalid_payer",
            Self::SponsorFeeAuthorization => "sponsor.fee_action_invalid_authorization",
            Self::SponsorFeeToken => "sponsor.fee_action_invalid_token",
            Self::SponsorFeeExceedsMaximum => "sponsor.fee_exceeds_maximum",
            Self::SponsorDuplicateFee => "sponsor.fee_action_duplicate",
            Self::SponsorRamPayer => "sponsor.ram_action_invalid_payer",
            Self::SponsorRamReceiver => "sponsor.ram_action_invalid_receiver",
            Self::SponsorRamAuthorization => "sponsor.ram_action_invalid_authorization",
            Self::SponsorDuplicateRam => "sponsor.ram_action_duplicate",
            Self::InvalidIpfsGateway(_) => "nft.invalid_ipfs_gateway",
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::DomainError as E;

    /// One value of every variant; the match makes adding a variant without listing it
    /// here a compile error.
    fn every_variant() -> Vec<E> {
        let s = String::new;
        let all = vec![
            E::InvalidNetwork(s()),
            E::AmountRequired,
            E::InvalidNumberFormat,
            E::NegativeAmount,
            E::TooManyDecimals { max: 4 },
            E::ValueTooLarge,
            E::InvalidConversionRate,
            E::UnsupportedDecimals(99),
            E::BalanceTooLow,
            E::RequiredField,
            E::NotNaturalNumber,
            E::NotPositiveInteger,
            E::BelowMinimum { min: s() },
            E::AboveMaximum { max: s() },
            E::TokenSymbolLength,
            E::TokenDecimalsOutOfRange,
            E::InvalidTokenId(s()),
            E::DateNotInFuture,
            E::InvalidAllowanceBatchId(s()),
            E::AccountRequired,
            E::AccountNameInvalidCharacters,
            E::AccountNameNotBasic,
            E::AccountNameTooLong,
            E::AccountNameTrailingDot,
            E::AddressRequired,
            E::InvalidAddress,
            E::InvalidChecksumAddress,
            E::InvalidHash,
            E::ContractDataRequired,
            E::InvalidNftContractType,
            E::NameTooLong(s()),
            E::NameInvalidCharacter(s()),
            E::NameInvalidLastCharacter(s()),
            E::NameNotNormalized(s()),
            E::AssetInvalidFormat(s()),
            E::AssetAmountOutOfRange,
            E::SymbolInvalidCode(s()),
            E::SymbolInvalidPrecision(s()),
            E::AssetSymbolMismatch,
            E::RamTradeTooSmall,
            E::InvalidChainTime(s()),
            E::ActionDataInvalid(s()),
            E::LogDataInvalid(s()),
            E::SponsorNoopMissing,
            E::SponsorNoopAuthorization,
            E::SponsorNoopData,
            E::SponsorOriginalActionMismatch { index: 0 },
            E::SponsorAdditionalAction { index: 0 },
            E::SponsorFeeRecipient,
            E::SponsorFeePayer,
            E::SponsorFeeAuthorization,
            E::SponsorFeeToken,
            E::SponsorFeeExceedsMaximum,
            E::SponsorDuplicateFee,
            E::SponsorRamPayer,
            E::SponsorRamReceiver,
            E::SponsorRamAuthorization,
            E::SponsorDuplicateRam,
            E::InvalidIpfsGateway(s()),
        ];
        for error in &all {
            // Exhaustiveness guard: a new variant must be added to the list above.
            match error {
                E::InvalidNetwork(_)
                | E::AmountRequired
                | E::InvalidNumberFormat
                | E::NegativeAmount
                | E::TooManyDecimals { .. }
                | E::ValueTooLarge
                | E::InvalidConversionRate
                | E::UnsupportedDecimals(_)
                | E::BalanceTooLow
                | E::RequiredField
                | E::NotNaturalNumber
                | E::NotPositiveInteger
                | E::BelowMinimum { .. }
                | E::AboveMaximum { .. }
                | E::TokenSymbolLength
                | E::TokenDecimalsOutOfRange
                | E::InvalidTokenId(_)
                | E::DateNotInFuture
                | E::InvalidAllowanceBatchId(_)
                | E::AccountRequired
                | E::AccountNameInvalidCharacters
                | E::AccountNameNotBasic
                | E::AccountNameTooLong
                | E::AccountNameTrailingDot
                | E::AddressRequired
                | E::InvalidAddress
                | E::InvalidChecksumAddress
                | E::InvalidHash
                | E::ContractDataRequired
                | E::InvalidNftContractType
                | E::NameTooLong(_)
                | E::NameInvalidCharacter(_)
                | E::NameInvalidLastCharacter(_)
                | E::NameNotNormalized(_)
                | E::AssetInvalidFormat(_)
                | E::AssetAmountOutOfRange
                | E::SymbolInvalidCode(_)
                | E::SymbolInvalidPrecision(_)
                | E::AssetSymbolMismatch
                | E::RamTradeTooSmall
                | E::InvalidChainTime(_)
                | E::ActionDataInvalid(_)
                | E::LogDataInvalid(_)
                | E::SponsorNoopMissing
                | E::SponsorNoopAuthorization
                | E::SponsorNoopData
                | E::SponsorOriginalActionMismatch { .. }
                | E::SponsorAdditionalAction { .. }
                | E::SponsorFeeRecipient
                | E::SponsorFeePayer
                | E::SponsorFeeAuthorization
                | E::SponsorFeeToken
                | E::SponsorFeeExceedsMaximum
                | E::SponsorDuplicateFee
                | E::SponsorRamPayer
                | E::SponsorRamReceiver
                | E::SponsorRamAuthorization
                | E::SponsorDuplicateRam
                | E::InvalidIpfsGateway(_) => {}
            }
        }
        all
    }

    #[test]
    fn every_rejection_has_its_own_stable_key() {
        let all = every_variant();
        let codes: HashSet<&str> = all.iter().map(E::code).collect();
        assert_eq!(codes.len(), all.len(), "two variants share a key");
        for code in codes {
            assert!(
                code.split('.').count() >= 2
                    && code.chars().all(|c| c.is_ascii_lowercase()
                        || c == '.'
                        || c == '_'
                        || c.is_ascii_digit()),
                "{code}"
            );
        }
        assert_eq!(
            E::InvalidNetwork("x".into()).code(),
            "antelope.chain.error_invalid_network"
        );
    }

    #[test]
    fn messages_carry_the_details() {
        assert_eq!(
            E::TooManyDecimals { max: 4 }.to_string(),
            "you can only enter 4 decimal places"
        );
        assert_eq!(E::InvalidNumberFormat.to_string(), "Invalid number format");
    }
}
