//! Calls that grant an approval, read from a transaction's call data: ERC-20
//! `approve(spender, amount)` (the same selector is ERC-721 `approve(to, tokenId)`: the
//! called contract's kind tells which), OpenZeppelin's `increaseAllowance(spender,
//! added)`, and `setApprovalForAll(operator, approved)` of ERC-721 and ERC-1155.
//!
//! Used where the risk is made (the review of a transaction before the wallet opens)
//! and in history (a row that granted an approval still in force can revoke it).
//! Anything else, or call data that does not fit the signature's shape, is `None`.

use alloy_primitives::{Address, U256};

/// `approve(address,uint256)`.
pub const APPROVE_SELECTOR: [u8; 4] = [0x09, 0x5e, 0xa7, 0xb3];
/// `increaseAllowance(address,uint256)`.
pub const INCREASE_ALLOWANCE_SELECTOR: [u8; 4] = [0x39, 0x50, 0x93, 0x51];
/// `setApprovalForAll(address,bool)`.
pub const SET_APPROVAL_FOR_ALL_SELECTOR: [u8; 4] = [0xa2, 0x2c, 0xb4, 0x65];

/// Amounts at or above this are "unlimited" in practice: no token has a supply near
/// 2^255, and dapps write 2^256 - 1, 2^255 or similar for "forever".
pub const PRACTICALLY_UNLIMITED: U256 = U256::from_limbs([0, 0, 0, 1 << 63]);

/// An approval-granting call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApprovalCall {
    /// `approve(spender, value)`: an ERC-20 allowance set to `value`, or, on an
    /// ERC-721 collection, token `value` approved to `spender` (zero address: cleared).
    Approve {
        /// Who may spend or move.
        spender: Address,
        /// Amount (ERC-20) or token id (ERC-721).
        value: U256,
    },
    /// `increaseAllowance(spender, added)`: the ERC-20 allowance raised by `added`.
    IncreaseAllowance {
        /// Who may spend.
        spender: Address,
        /// How much is added.
        added: U256,
    },
    /// `setApprovalForAll(operator, approved)`.
    SetApprovalForAll {
        /// Who may move every token of the owner in the collection.
        operator: Address,
        /// True grants, false revokes.
        approved: bool,
    },
}

impl ApprovalCall {
    /// The spender or operator the call names.
    #[must_use]
    pub fn spender(&self) -> Address {
        match *self {
            Self::Approve { spender, .. } | Self::IncreaseAllowance { spender, .. } => spender,
            Self::SetApprovalForAll { operator, .. } => operator,
        }
    }

    /// Whether the call grants something (rather than clearing an approval).
    #[must_use]
    pub fn grants(&self) -> bool {
        match *self {
            Self::Approve { spender, value } => !spender.is_zero() && !value.is_zero(),
            Self::IncreaseAllowance { spender, added } => !spender.is_zero() && !added.is_zero(),
            Self::SetApprovalForAll { operator, approved } => approved && !operator.is_zero(),
        }
    }
}

/// An ABI word holding an address: 12 zero bytes, then the address.
fn address_word(word: &[u8]) -> Option<Address> {
    let (padding, address) = word.split_at(12);
    padding
        .iter()
        .all(|&b| b == 0)
        .then(|| Address::from_slice(address))
}

/// The approval `input` grants or clears, when it is one of the three calls with
/// well-formed arguments (trailing bytes beyond the two words are refused: a real
/// encoder never writes them, a disguise might).
#[must_use]
pub fn decode_approval_call(input: &[u8]) -> Option<ApprovalCall> {
    let (selector, args) = input.split_at_checked(4)?;
    if args.len() != 64 {
        return None;
    }
    let (first, second) = args.split_at(32);
    let target = address_word(first)?;
    let value = U256::from_be_slice(second);
    match <[u8; 4]>::try_from(selector).ok()? {
        APPROVE_SELECTOR => Some(ApprovalCall::Approve {
            spender: target,
            value,
        }),
        INCREASE_ALLOWANCE_SELECTOR => Some(ApprovalCall::IncreaseAllowance {
            spender: target,
            added: value,
        }),
        SET_APPROVAL_FOR_ALL_SELECTOR if value <= U256::from(1) => {
            Some(ApprovalCall::SetApprovalForAll {
                operator: target,
                approved: value == U256::from(1),
            })
        }
        _ => None,
    }
}

/// Whether an ERC-20 allowance of `amount` is unlimited in practice.
#[must_use]
pub fn is_practically_unlimited(amount: U256) -> bool {
    amount >= PRACTICALLY_UNLIMITED
}

#[cfg(test)]
mod tests {
    use alloy_primitives::keccak256;

    use super::*;

    fn call(signature: &str, target: Address, value: U256) -> Vec<u8> {
        let mut data = keccak256(signature)[..4].to_vec();
        data.extend_from_slice(target.into_word().as_slice());
        data.extend_from_slice(&value.to_be_bytes::<32>());
        data
    }

    const SPENDER: Address = Address::repeat_byte(0x5a);

    #[test]
    fn the_selectors_are_the_signatures_hashes() {
        assert_eq!(keccak256("approve(address,uint256)")[..4], APPROVE_SELECTOR);
        assert_eq!(
            keccak256("increaseAllowance(address,uint256)")[..4],
            INCREASE_ALLOWANCE_SELECTOR
        );
        assert_eq!(
            keccak256("setApprovalForAll(address,bool)")[..4],
            SET_APPROVAL_FOR_ALL_SELECTOR
        );
    }

    #[test]
    fn each_call_is_read_with_its_arguments() {
        let unlimited = decode_approval_call(&call("approve(address,uint256)", SPENDER, U256::MAX));
        assert_eq!(
            unlimited,
            Some(ApprovalCall::Approve {
                spender: SPENDER,
                value: U256::MAX
            })
        );
        assert!(unlimited.is_some_and(|c| c.grants()));
        let raised = decode_approval_call(&call(
            "increaseAllowance(address,uint256)",
            SPENDER,
            U256::from(5),
        ));
        assert_eq!(
            raised,
            Some(ApprovalCall::IncreaseAllowance {
                spender: SPENDER,
                added: U256::from(5)
            })
        );
        let operator = decode_approval_call(&call(
            "setApprovalForAll(address,bool)",
            SPENDER,
            U256::from(1),
        ))
        .expect("operator");
        assert_eq!(operator.spender(), SPENDER);
        assert!(operator.grants());
        let revoke = decode_approval_call(&call(
            "setApprovalForAll(address,bool)",
            SPENDER,
            U256::ZERO,
        ))
        .expect("revoke");
        assert!(!revoke.grants());
        let cleared = decode_approval_call(&call("approve(address,uint256)", SPENDER, U256::ZERO))
            .expect("zero approve");
        assert!(!cleared.grants());
    }

    #[test]
    fn other_or_malformed_input_is_not_an_approval() {
        assert_eq!(decode_approval_call(&[]), None);
        assert_eq!(
            decode_approval_call(&call("transfer(address,uint256)", SPENDER, U256::from(1))),
            None
        );
        let mut long = call("approve(address,uint256)", SPENDER, U256::from(1));
        long.push(0);
        assert_eq!(decode_approval_call(&long), None, "trailing bytes");
        let mut dirty = call("approve(address,uint256)", SPENDER, U256::from(1));
        dirty[4] = 1;
        assert_eq!(decode_approval_call(&dirty), None, "not an address word");
        assert_eq!(
            decode_approval_call(&call(
                "setApprovalForAll(address,bool)",
                SPENDER,
                U256::from(2)
            )),
            None,
            "not a bool"
        );
    }

    #[test]
    fn unlimited_starts_at_two_to_the_255() {
        assert!(is_practically_unlimited(U256::MAX));
        assert!(is_practically_unlimited(U256::from(1) << 255));
        assert!(!is_practically_unlimited(
            (U256::from(1) << 255) - U256::from(1)
        ));
    }
}
