//! Why a transaction would fail: the node's answer to `eth_estimateGas` turned into a
//! stable code and a sentence a person can act on. Revert data is decoded as a
//! `Error(string)`, a `Panic(uint256)`, or one of the custom errors of the contracts
//! the wallet calls (OpenZeppelin 5 tokens and vaults, the Telos escrow).

#![allow(missing_docs, missing_debug_implementations)]

use alloy::primitives::hex;
use alloy::sol;
use alloy::sol_types::{GenericContractError, SolInterface};

sol! {
    /// Custom errors of the standard tokens (OpenZeppelin 5), the ERC-4626 vault
    /// (STLOS) and the unstake escrow.
    interface KnownErrors {
        error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
        error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
        error ERC20InvalidSender(address sender);
        error ERC20InvalidReceiver(address receiver);
        error ERC20InvalidApprover(address approver);
        error ERC20InvalidSpender(address spender);
        error ERC721NonexistentToken(uint256 tokenId);
        error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner);
        error ERC721InsufficientApproval(address operator, uint256 tokenId);
        error ERC721InvalidApprover(address approver);
        error ERC721InvalidOperator(address operator);
        error ERC721InvalidReceiver(address receiver);
        error ERC1155InsufficientBalance(address sender, uint256 balance, uint256 needed, uint256 tokenId);
        error ERC1155MissingApprovalForAll(address operator, address owner);
        error ERC1155InvalidReceiver(address receiver);
        error ERC1155InvalidOperator(address operator);
        error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max);
        error ERC4626ExceededMaxWithdraw(address owner, uint256 assets, uint256 max);
        error NothingToWithdraw(address beneficiary);
        error TooManyDeposits(address beneficiary);
        error NativeTransferFailed(address to, uint256 amount);
        error ZeroAmount();
    }
}

/// A failed estimate, classified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Stable key for the client.
    pub code: &'static str,
    /// What went wrong, in words.
    pub reason: String,
}

/// The key for "the amount exceeds what is held".
pub const BALANCE_TOO_LOW: &str = "validation.balance_too_low";
/// The key for a call the contract refuses.
pub const REVERTED: &str = "evm.transaction_reverted";
/// The key for a recipient contract that cannot take what is sent (issue 37): an NFT
/// sent safely to a contract that is not a receiver, TLOS to one without a way to be
/// paid.
pub const RECIPIENT_CANNOT_RECEIVE: &str = "evm.recipient_cannot_receive";
/// What to do about it, in words.
pub const RECIPIENT_CANNOT_RECEIVE_REASON: &str = "the recipient is a contract that cannot receive this asset, so the transfer would fail; send it to a wallet address, or to a contract made to receive it";
/// The key for "not enough TLOS for value plus fee" (spec §8 INSUFFICIENT_FUNDS).
pub const INSUFFICIENT_FUNDS: &str = "evm.insufficient_funds";

/// Classifies an error answer of `eth_estimateGas`: its message and, when the node
/// sent it, the revert data.
#[must_use]
pub fn classify(message: &str, revert_data: Option<&[u8]>) -> Failure {
    if let Some(data) = revert_data.filter(|data| !data.is_empty()) {
        return decode(data);
    }
    let lower = message.to_ascii_lowercase();
    if lower.contains("insufficient funds") || lower.contains("insufficient balance") {
        return Failure {
            code: INSUFFICIENT_FUNDS,
            reason: "You don't have enough funds to complete this transaction".to_owned(),
        };
    }
    Failure {
        code: REVERTED,
        reason: message.to_owned(),
    }
}

/// Decodes revert data into a failure.
#[must_use]
pub fn decode(data: &[u8]) -> Failure {
    use KnownErrors::KnownErrorsErrors as Known;
    let reverted = |reason: String| Failure {
        code: REVERTED,
        reason,
    };
    let too_low = |reason: String| Failure {
        code: BALANCE_TOO_LOW,
        reason,
    };
    if let Ok(known) = Known::abi_decode(data) {
        return match known {
            Known::ERC20InsufficientBalance(e) => too_low(format!(
                "balance too low: {} held, {} needed (base units)",
                e.balance, e.needed
            )),
            Known::ERC1155InsufficientBalance(e) => too_low(format!(
                "balance too low: {} of token {} held, {} needed",
                e.balance, e.tokenId, e.needed
            )),
            Known::ERC4626ExceededMaxWithdraw(e) => too_low(format!(
                "balance too low: at most {} can be unstaked, {} asked (wei)",
                e.max, e.assets
            )),
            Known::ERC4626ExceededMaxDeposit(e) => reverted(format!(
                "the vault accepts at most {} now, {} offered (wei)",
                e.max, e.assets
            )),
            Known::ERC20InsufficientAllowance(e) => reverted(format!(
                "allowance too low: {} allowed, {} needed",
                e.allowance, e.needed
            )),
            Known::ERC721NonexistentToken(e) => {
                reverted(format!("token {} does not exist", e.tokenId))
            }
            Known::ERC721IncorrectOwner(e) => reverted(format!(
                "{} does not own token {}",
                e.sender.to_checksum(None),
                e.tokenId
            )),
            Known::ERC721InsufficientApproval(e) => reverted(format!(
                "{} may not move token {}",
                e.operator.to_checksum(None),
                e.tokenId
            )),
            Known::ERC1155MissingApprovalForAll(e) => reverted(format!(
                "{} is not an approved operator of {}",
                e.operator.to_checksum(None),
                e.owner.to_checksum(None)
            )),
            Known::NothingToWithdraw(_) => reverted("nothing is unlocked yet".to_owned()),
            Known::TooManyDeposits(_) => {
                reverted("too many locked deposits; withdraw unlocked ones first".to_owned())
            }
            Known::ZeroAmount(_) => reverted("the amount must be greater than zero".to_owned()),
            Known::ERC20InvalidReceiver(_)
            | Known::ERC721InvalidReceiver(_)
            | Known::ERC1155InvalidReceiver(_) => Failure {
                code: RECIPIENT_CANNOT_RECEIVE,
                reason: RECIPIENT_CANNOT_RECEIVE_REASON.to_owned(),
            },
            other => reverted(error_name(&other).to_owned()),
        };
    }
    if let Ok(generic) = GenericContractError::abi_decode(data) {
        return reverted(generic.to_string());
    }
    let selector = hex::encode_prefixed(&data[..data.len().min(4)]);
    reverted(format!("reverted with custom error {selector}"))
}

/// The Solidity name of a known error, for those without a sentence of their own.
fn error_name(error: &KnownErrors::KnownErrorsErrors) -> &'static str {
    use KnownErrors::KnownErrorsErrors as Known;
    match error {
        Known::ERC20InvalidSender(_) => "invalid sender (ERC20InvalidSender)",
        Known::ERC20InvalidReceiver(_) | Known::ERC721InvalidReceiver(_) => {
            "the recipient cannot receive this token"
        }
        Known::ERC1155InvalidReceiver(_) => "the recipient cannot receive this token",
        Known::ERC20InvalidApprover(_) | Known::ERC721InvalidApprover(_) => "invalid approver",
        Known::ERC20InvalidSpender(_) => "invalid spender",
        Known::ERC721InvalidOperator(_) | Known::ERC1155InvalidOperator(_) => "invalid operator",
        Known::NativeTransferFailed(_) => "the TLOS payout failed",
        _ => "the contract refused the call",
    }
}

#[cfg(test)]
mod tests {
    use alloy::primitives::{Address, U256};
    use alloy::sol_types::{Panic, Revert, SolError};

    use super::*;

    #[test]
    fn balance_errors_become_balance_too_low() {
        let data = KnownErrors::ERC20InsufficientBalance {
            sender: Address::ZERO,
            balance: U256::from(1u8),
            needed: U256::from(2u8),
        }
        .abi_encode();
        let failure = classify("execution reverted", Some(&data));
        assert_eq!(failure.code, BALANCE_TOO_LOW);
        assert!(failure.reason.contains("1 held, 2 needed"), "{failure:?}");

        let vault = KnownErrors::ERC4626ExceededMaxWithdraw {
            owner: Address::ZERO,
            assets: U256::from(9u8),
            max: U256::from(3u8),
        }
        .abi_encode();
        assert_eq!(decode(&vault).code, BALANCE_TOO_LOW);
    }

    #[test]
    fn revert_strings_panics_and_custom_errors_are_named() {
        let text = Revert::from("Ownable: caller is not the owner").abi_encode();
        let failure = decode(&text);
        assert_eq!(failure.code, REVERTED);
        assert!(
            failure.reason.contains("caller is not the owner"),
            "{failure:?}"
        );

        let panic = Panic::from(0x11u64).abi_encode();
        assert!(
            decode(&panic).reason.contains("overflow"),
            "{:?}",
            decode(&panic)
        );

        let nothing = KnownErrors::NothingToWithdraw {
            beneficiary: Address::ZERO,
        }
        .abi_encode();
        assert_eq!(decode(&nothing).reason, "nothing is unlocked yet");

        let unknown = [0xde, 0xad, 0xbe, 0xef, 1, 2];
        assert_eq!(
            decode(&unknown).reason,
            "reverted with custom error 0xdeadbeef"
        );
        assert_eq!(decode(&[0x01]).reason, "reverted with custom error 0x01");
    }

    #[test]
    fn messages_without_data_are_classified_by_their_words() {
        let funds = classify("insufficient funds for gas * price + value", None);
        assert_eq!(funds.code, INSUFFICIENT_FUNDS);
        let other = classify("execution reverted", Some(&[]));
        assert_eq!(
            other,
            Failure {
                code: REVERTED,
                reason: "execution reverted".to_owned()
            }
        );
    }
}
