//! Verification of a fee sponsor's answer (spec §4, §5, §9) before the user signs it.
//!
//! The sponsor returns the user's transaction with its own actions added. The rules, none
//! of them by position (the public sponsor appends its RAM purchase at the end, older
//! clients that checked fixed indexes were wrong):
//!
//! 1. The first action is the sponsor's no-op (contract and action configurable),
//!    authorised by exactly its co-sign permission, with empty data.
//! 2. Every original action appears unchanged (account, name, authorisations, data bytes)
//!    and in the original order.
//! 3. The only other actions allowed are at most one system-token transfer from the
//!    signer to the sponsor's fee account, authorised by the signer only, of at most the
//!    fee cap (0.05 of the system token by default), and at most one RAM purchase
//!    (`buyrambytes`) paid by the sponsor for the signer, authorised by the co-sign
//!    permission only.
//!
//! Each rejection is its own [`crate::DomainError`] variant. Action data is binary, as
//! the chain packs it; [`decode`] reads the two payloads the check needs.

pub mod decode;
mod verify;

#[cfg(test)]
mod tests;

pub use decode::{BuyRamBytesData, TransferData};
pub use verify::{SponsorCharges, verify_sponsored_transaction};

use crate::antelope::{Asset, Name, Symbol};

/// An `actor@permission` pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PermissionLevel {
    /// The account.
    pub actor: Name,
    /// The permission.
    pub permission: Name,
}

/// One action of a transaction, its data still packed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Action {
    /// The contract.
    pub account: Name,
    /// The action name.
    pub name: Name,
    /// Who authorises it.
    pub authorization: Vec<PermissionLevel>,
    /// The packed action data.
    pub data: Vec<u8>,
}

/// Who the sponsor is and what it may charge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SponsorConfig {
    /// Contract of the no-op action (`greymassnoop`).
    pub noop_contract: Name,
    /// The no-op action (`noop`).
    pub noop_action: Name,
    /// The sponsor's co-sign permission (`greymassfuel@cosign`).
    pub cosign: PermissionLevel,
    /// Where fees go (`fuel.gm`).
    pub fee_account: Name,
    /// The system token contract (`eosio.token`).
    pub token_contract: Name,
    /// The system contract selling RAM (`eosio`).
    pub system_contract: Name,
    /// The largest fee accepted, in the system token.
    pub max_fee: Asset,
}

/// The constant names of the public sponsor; these are valid literals.
fn name(text: &str) -> Name {
    text.parse().unwrap_or_default()
}

impl SponsorConfig {
    /// The public (Greymass-style) sponsor with a fee cap of 0.05 of `system_token`
    /// (spec §9: 0.05 TLOS on Telos).
    #[must_use]
    pub fn public_sponsor(system_token: Symbol) -> Self {
        Self {
            noop_contract: name("greymassnoop"),
            noop_action: name("noop"),
            cosign: PermissionLevel {
                actor: name("greymassfuel"),
                permission: name("cosign"),
            },
            fee_account: name("fuel.gm"),
            token_contract: name("eosio.token"),
            system_contract: name("eosio"),
            max_fee: five_hundredths(system_token),
        }
    }
}

/// 0.05 of a token with this symbol (zero if its precision cannot express it).
#[must_use]
pub fn five_hundredths(symbol: Symbol) -> Asset {
    let units = symbol
        .precision
        .checked_sub(2)
        .and_then(|p| 10i64.checked_pow(u32::from(p)))
        .and_then(|scale| scale.checked_mul(5))
        .unwrap_or(0);
    Asset::new(units, symbol).unwrap_or(Asset { amount: 0, symbol })
}
