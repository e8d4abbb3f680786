//! Moving TLOS between a Telos account's native half and its EVM half through the
//! `eosio.evm` contract (ADR 0035):
//!
//! - **Zero → EVM** is an `eosio.token::transfer` to `eosio.evm` whose memo is the
//!   destination EVM address ([`deposit_memo`]); the destination needs a row in the
//!   contract's `account` table first (`openwallet`, the depositor pays its RAM:
//!   [`OPENWALLET_RAM_BYTES`]).
//! - **EVM → Zero** goes through the native account's *linked* address: TLOS sent to it on
//!   the EVM, then `eosio.evm::withdraw(to, quantity)` signed by the native account pays
//!   it out of the contract on the native chain.
//! - On the EVM, a native account appears as its *reserved address*: twelve `0xbb` bytes
//!   and the account name's 64-bit value ([`reserved_address`], [`reserved_account`]).
//!
//! Amounts: TLOS has 4 decimals natively and 18 on the EVM, so one native unit is
//! 10^14 wei, and only whole native units can move ([`native_units_of_wei`]).

use alloy_primitives::{Address, U256};

use crate::antelope::{Asset, Name};

/// The Telos EVM contract, on every native Telos chain.
pub const EVM_CONTRACT: &str = "eosio.evm";

/// The memo of the inline transfer a `withdraw` pays out with, before the account name.
pub const WITHDRAW_MEMO_PREFIX: &str = "Withdraw balance for: ";

/// The first twelve bytes of every reserved address.
pub const RESERVED_PREFIX: [u8; 12] = [0xbb; 12];

/// RAM the `openwallet` row takes from the account that opens it: the 77-byte row with the
/// chain's per-row overhead and its two secondary index entries, as measured on the
/// devnet's Leap chain (the figure is the chain's accounting, not the contract's).
pub const OPENWALLET_RAM_BYTES: u32 = 477;

/// The decimals of the system token on the EVM.
pub const EVM_DECIMALS: u8 = 18;

fn scale(native_decimals: u8) -> Option<U256> {
    let shift = EVM_DECIMALS.checked_sub(native_decimals)?;
    Some(U256::from(10u8).pow(U256::from(shift)))
}

/// The wei a native amount of `units` (at `native_decimals`) is on the EVM.
#[must_use]
pub fn wei_of_native_units(units: u64, native_decimals: u8) -> Option<U256> {
    U256::from(units).checked_mul(scale(native_decimals)?)
}

/// The native units `wei` is, when it is a whole number of them.
#[must_use]
pub fn native_units_of_wei(wei: U256, native_decimals: u8) -> Option<u64> {
    let scale = scale(native_decimals)?;
    if wei % scale != U256::ZERO {
        return None;
    }
    u64::try_from(wei / scale).ok()
}

/// The memo of a deposit to `address`: `0x` and the address in lower case, as the
/// contract parses it.
#[must_use]
pub fn deposit_memo(address: &Address) -> String {
    format!("0x{}", alloy_primitives::hex::encode(address.as_slice()))
}

/// The destination a deposit memo names: exactly `0x` and 40 hex digits (either case).
#[must_use]
pub fn deposit_destination(memo: &str) -> Option<Address> {
    let hex = memo.strip_prefix("0x")?;
    if hex.len() != 40 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut bytes = [0u8; 20];
    alloy_primitives::hex::decode_to_slice(hex, &mut bytes).ok()?;
    Some(Address::from(bytes))
}

/// The reserved EVM address that stands for the native `account`.
#[must_use]
pub fn reserved_address(account: Name) -> Address {
    let mut bytes = [0u8; 20];
    bytes[..12].copy_from_slice(&RESERVED_PREFIX);
    bytes[12..].copy_from_slice(&account.as_u64().to_be_bytes());
    Address::from(bytes)
}

/// The native account a reserved address stands for, when `address` is one.
#[must_use]
pub fn reserved_account(address: &Address) -> Option<Name> {
    let bytes = address.as_slice();
    if bytes[..12] != RESERVED_PREFIX {
        return None;
    }
    let mut value = [0u8; 8];
    value.copy_from_slice(&bytes[12..]);
    Some(Name::from_u64(u64::from_be_bytes(value)))
}

/// The native account a `withdraw`'s inline transfer pays, read from its memo.
#[must_use]
pub fn withdraw_recipient(memo: &str) -> Option<Name> {
    memo.strip_prefix(WITHDRAW_MEMO_PREFIX)?.parse().ok()
}

/// Why a move cannot be signed as asked; each with what the user can do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRefusal {
    /// The chain has no Telos EVM.
    NoEvm {
        network: String,
    },
    AmountNotPositive,
    /// Only the system token moves.
    NotTheSystemToken,
    /// The native account holds less than the move.
    OverBalance {
        account: Name,
        quantity: Asset,
        available: Asset,
    },
    ReservedDestination {
        address: Address,
        account: Name,
    },
    ZeroDestination,
    RecipientNotFound {
        account: Name,
    },
    NoLinkedAddress {
        account: Name,
    },
    NoEvmSender,
}

impl MoveRefusal {
    /// What the user reads: what is wrong and what to do.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            Self::NoEvm { network } => {
                format!("{network} has no Telos EVM to move TLOS to or from")
            }
            Self::AmountNotPositive => "Enter an amount greater than zero".to_owned(),
            Self::NotTheSystemToken => {
                "Only TLOS moves between Telos Zero and Telos EVM".to_owned()
            }
            Self::OverBalance {
                account,
                quantity,
                available,
            } => {
                format!("{account} has {available}, less than {quantity}")
            }
            Self::ReservedDestination { address, account } => format!(
                "{} stands for the native account {account}: send it to {account} on Telos Zero instead",
                address.to_checksum(None)
            ),
            Self::ZeroDestination => "TLOS cannot be moved to the zero address".to_owned(),
            Self::RecipientNotFound { account } => {
                format!("There is no account {account} on this network")
            }
            Self::NoLinkedAddress { account } => format!(
                "{account} has no linked EVM address yet: create it first (eosio.evm create), then move the TLOS"
            ),
            Self::NoEvmSender => {
                "Moving from Telos EVM needs the EVM address the TLOS leaves from".to_owned()
            }
        }
    }

    /// The stable code of the refusal.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::NoEvm { .. } => "move.no_evm",
            Self::AmountNotPositive => "move.amount_not_positive",
            Self::NotTheSystemToken => "move.not_tlos",
            Self::OverBalance { .. } => "move.over_balance",
            Self::ReservedDestination { .. } => "move.reserved_destination",
            Self::ZeroDestination => "move.zero_destination",
            Self::RecipientNotFound { .. } => "move.recipient_not_found",
            Self::NoLinkedAddress { .. } => "move.no_linked_address",
            Self::NoEvmSender => "move.no_evm_sender",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(text: &str) -> Name {
        text.parse().unwrap_or_else(|_| Name::from_u64(0))
    }

    #[test]
    fn reserved_addresses_round_trip_and_only_reserved_ones_name_an_account() {
        let alice = name("alice");
        let address = reserved_address(alice);
        assert_eq!(
            format!("{address:?}").to_lowercase(),
            format!("0x{}{:016x}", "bb".repeat(12), alice.as_u64())
        );
        assert_eq!(reserved_account(&address), Some(alice));
        assert_eq!(reserved_account(&Address::ZERO), None);
        let mut almost = [0xbbu8; 20];
        almost[11] = 0xba;
        assert_eq!(reserved_account(&Address::from(almost)), None);
    }

    #[test]
    fn one_native_unit_is_ten_to_the_fourteen_wei_and_only_whole_units_move() {
        assert_eq!(
            wei_of_native_units(125_000, 4),
            Some(U256::from(12_500_000_000_000_000_000u128))
        );
        assert_eq!(
            native_units_of_wei(U256::from(12_500_000_000_000_000_000u128), 4),
            Some(125_000)
        );
        assert_eq!(native_units_of_wei(U256::from(1u8), 4), None);
        assert_eq!(native_units_of_wei(U256::MAX, 4), None);
        assert_eq!(wei_of_native_units(1, 19), None);
    }

    #[test]
    fn deposit_memos_are_the_lower_case_address_and_read_back_strictly() {
        let address: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
            .parse()
            .unwrap_or(Address::ZERO);
        let memo = deposit_memo(&address);
        assert_eq!(memo, "0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
        assert_eq!(deposit_destination(&memo), Some(address));
        assert_eq!(
            deposit_destination("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
            Some(address)
        );
        for bad in [
            "",
            "0x",
            "70997970c51812dc3a010c7d01b50e0d17dc79c8",
            "0x7099",
            "0xzz997970c51812dc3a010c7d01b50e0d17dc79c8",
            " 0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
        ] {
            assert_eq!(deposit_destination(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn withdraw_memos_name_their_recipient() {
        assert_eq!(
            withdraw_recipient("Withdraw balance for: alice"),
            Some(name("alice"))
        );
        assert_eq!(withdraw_recipient("alice"), None);
        assert_eq!(withdraw_recipient("Withdraw balance for: Not A Name"), None);
    }
}
