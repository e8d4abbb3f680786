//! The form and input rules of spec §5, each rejection with its own stable key.
//!
//! - [`account`]: Antelope account names.
//! - [`address`]: EVM addresses (EIP-55) and hashes.
//! - [`number`]: required fields, natural and positive numbers, bounds.
//! - [`form`]: token symbol and decimals, future dates, allowance batch ids.
//!
//! Amount parsing ('Invalid number format', decimal places) is
//! [`crate::amount::parse_amount`]; "balance too low" is
//! [`crate::amount::ensure_within_balance`].

pub mod account;
pub mod address;
pub mod form;
pub mod number;

pub use account::{AccountNameRule, validate_account_name};
pub use address::{
    AddressWarning, CheckedAddress, validate_evm_address, validate_hash, validate_transaction_hash,
};
pub use form::{AllowanceBatchId, ensure_future, validate_token_decimals, validate_token_symbol};
pub use number::{ensure_in_range, parse_natural, parse_positive, require_field};
