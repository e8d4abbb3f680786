//! Antelope account names as a user types them (spec §5).
//!
//! Checked in this order, first failure wins: empty (account required), characters
//! outside a-z, 1-5 and '.', more than 12 characters, a trailing dot (the chain's
//! encoding drops it, so the name would not be the one typed), and, for a basic account
//! (one a user creates), exactly 12 characters with no dot.

use crate::DomainError;

/// Longest account name.
pub const MAX_ACCOUNT_NAME_LENGTH: usize = 12;

/// Which names are acceptable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AccountNameRule {
    /// Any existing account name: up to 12 of a-z, 1-5 and '.'.
    #[default]
    Any,
    /// A basic (newly created) account: exactly 12 of a-z and 1-5.
    Basic,
}

/// Checks an account name.
///
/// # Errors
/// [`DomainError::AccountRequired`], [`DomainError::AccountNameInvalidCharacters`],
/// [`DomainError::AccountNameTooLong`], [`DomainError::AccountNameTrailingDot`] or
/// [`DomainError::AccountNameNotBasic`].
pub fn validate_account_name(name: &str, rule: AccountNameRule) -> Result<(), DomainError> {
    if name.is_empty() {
        return Err(DomainError::AccountRequired);
    }
    let allowed = |c: char| c.is_ascii_lowercase() || ('1'..='5').contains(&c) || c == '.';
    if !name.chars().all(allowed) {
        return Err(DomainError::AccountNameInvalidCharacters);
    }
    if name.len() > MAX_ACCOUNT_NAME_LENGTH {
        return Err(DomainError::AccountNameTooLong);
    }
    if name.ends_with('.') {
        return Err(DomainError::AccountNameTrailingDot);
    }
    if rule == AccountNameRule::Basic
        && (name.len() != MAX_ACCOUNT_NAME_LENGTH || name.contains('.'))
    {
        return Err(DomainError::AccountNameNotBasic);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        use AccountNameRule::{Any, Basic};
        let cases: &[(&str, AccountNameRule, Result<(), DomainError>)] = &[
            ("eosio", Any, Ok(())),
            ("eosio.token", Any, Ok(())),
            ("abcdefghij12", Any, Ok(())),
            ("abcdefghij12", Basic, Ok(())),
            ("a", Any, Ok(())),
            ("", Any, Err(DomainError::AccountRequired)),
            ("Eosio", Any, Err(DomainError::AccountNameInvalidCharacters)),
            (
                "eosio6",
                Any,
                Err(DomainError::AccountNameInvalidCharacters),
            ),
            (
                "eos io",
                Any,
                Err(DomainError::AccountNameInvalidCharacters),
            ),
            ("abcdefghij123", Any, Err(DomainError::AccountNameTooLong)),
            ("eosio.", Any, Err(DomainError::AccountNameTrailingDot)),
            ("abcdefghij1", Basic, Err(DomainError::AccountNameNotBasic)),
            ("abcdef.hij12", Basic, Err(DomainError::AccountNameNotBasic)),
        ];
        for (name, rule, expected) in cases {
            assert_eq!(
                &validate_account_name(name, *rule),
                expected,
                "{name} {rule:?}"
            );
        }
    }
}
