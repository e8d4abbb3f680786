//! What a history row did, as a person would name it, and with whom.
//!
//! - A call of a contract the chain settings name reads by what it does: the wrapped
//!   token's `deposit()` (or a plain coin transfer to it) is a wrap and `withdraw(uint256)`
//!   an unwrap; the staking vault's `depositTLOS()` / `deposit(uint256,address)` a stake
//!   and `withdraw` / `redeem(uint256,address,address)` an unstake; the unstake escrow's
//!   `withdraw()` a withdrawal of unlocked stake.
//! - A call that grants or clears an approval (the domain's one table of approval calls,
//!   [`crate::approval_call`]) reads as the approval it makes: which spender, for how much
//!   (an amount of the token, unlimited, one NFT, every NFT of the collection), or that it
//!   was revoked (an allowance set to zero, an NFT approval cleared, an operator removed).
//! - Otherwise the movements say it: a self-transfer, a send, a receive or a swap; else the
//!   function called (its decoded name, a known selector's name, or the selector).
//!
//! The counterparty is the person or contract the value went to or came from: the
//! recipient of a token or NFT sent, the sender of one received (never the token's own
//! contract), the spender of an approval, the contract called for everything else.

use alloy_primitives::{Address, U256};
use serde::Serialize;

use super::payouts::NativePayers;
use super::shape::{ContractInfo, RawTransaction, ShapedTransaction};
use crate::amount::Amount;
use crate::approval_call::{ApprovalCall, decode_approval_call, is_practically_unlimited};
use crate::token::DEFAULT_TOKEN_DECIMALS;

/// `deposit()` of a WETH9-style wrapped token.
pub const WRAP_SELECTOR: [u8; 4] = [0xd0, 0xe3, 0x0d, 0xb0];
/// `withdraw(uint256)` of a WETH9-style wrapped token.
pub const UNWRAP_SELECTOR: [u8; 4] = [0x2e, 0x1a, 0x7d, 0x4d];
/// `depositTLOS()` of the staking vault.
pub const STAKE_NATIVE_SELECTOR: [u8; 4] = [0xa5, 0x47, 0x1c, 0x20];
/// ERC-4626 `deposit(uint256,address)`.
pub const STAKE_SELECTOR: [u8; 4] = [0x6e, 0x55, 0x3f, 0x65];
/// ERC-4626 `withdraw(uint256,address,address)`.
pub const UNSTAKE_SELECTOR: [u8; 4] = [0xb4, 0x60, 0xaf, 0x94];
/// ERC-4626 `redeem(uint256,address,address)`.
pub const REDEEM_SELECTOR: [u8; 4] = [0xba, 0x08, 0x76, 0x52];
/// `withdraw()` of the unstake escrow.
pub const ESCROW_WITHDRAW_SELECTOR: [u8; 4] = [0x3c, 0xcf, 0xd6, 0x0b];

/// The contracts of the chain settings whose calls a row names by what they do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KnownContracts {
    /// The wrapped system token (WTLOS).
    pub wrapped: Option<Address>,
    /// The staking vault (STLOS).
    pub staked: Option<Address>,
    /// The unstake escrow.
    pub escrow: Option<Address>,
}

impl KnownContracts {
    /// Those whose native payouts (by internal call) a row shows.
    #[must_use]
    pub fn payers(&self) -> NativePayers {
        NativePayers {
            wrapped: self.wrapped,
            escrow: self.escrow,
        }
    }
}

/// What an approval allows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "scope", rename_all = "camelCase")]
pub enum Grant {
    /// An allowance of `amount` of the token.
    Amount {
        /// Exact amount, in the token's decimals.
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        amount: Amount,
        /// The token's symbol, when known.
        symbol: Option<String>,
    },
    /// An allowance raised by `amount`.
    Increase {
        /// Exact amount added.
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        amount: Amount,
        /// The token's symbol, when known.
        symbol: Option<String>,
    },
    /// An allowance practically without limit.
    Unlimited {
        /// The token's symbol, when known.
        symbol: Option<String>,
    },
    /// One NFT of the collection.
    Token {
        /// Its id, decimal text.
        #[serde(rename = "tokenId")]
        token_id: String,
    },
    /// Every NFT the owner holds in the collection, now and later.
    AllNfts,
}

/// What the row did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RowAction {
    /// Only sent value or NFTs.
    Send,
    /// Only received.
    Receive,
    /// Sent and received.
    Swap,
    /// Moved value from the account to itself.
    SelfTransfer,
    /// Created a contract.
    ContractCreation,
    /// The system token wrapped.
    Wrap,
    /// The wrapped token unwrapped.
    Unwrap,
    /// The system token staked in the vault.
    Stake,
    /// Stake taken out of the vault into the escrow.
    Unstake,
    /// Unlocked stake withdrawn from the escrow.
    Withdraw,
    /// An approval granted to `spender`.
    Approve {
        /// Who may spend or move (checksummed).
        spender: String,
        /// What it may.
        grant: Grant,
    },
    /// An approval cleared.
    Revoke {
        /// Whose (checksummed); `None` for an NFT approval cleared without naming it.
        spender: Option<String>,
    },
    /// Any other call.
    Call {
        /// The function's name, a known selector's name, or the selector in hex.
        function: String,
    },
}

/// The action of a row whose movements are shaped into `row` (none on a failed row).
#[must_use]
pub fn row_action(
    tx: &RawTransaction,
    row: &ShapedTransaction,
    known: &KnownContracts,
    contract: Option<&ContractInfo>,
    self_transfer: bool,
) -> RowAction {
    if tx.to.is_none() && tx.contract_address.is_some() {
        return RowAction::ContractCreation;
    }
    if let Some(action) = known_call(tx, known) {
        return action;
    }
    if let Some(call) = decode_approval_call(&tx.input) {
        return approval(call, contract);
    }
    if self_transfer {
        return RowAction::SelfTransfer;
    }
    let outgoing = !row.values_out.is_empty() || !row.nfts_out.is_empty();
    let incoming = !row.values_in.is_empty() || !row.nfts_in.is_empty();
    match (outgoing, incoming) {
        (true, false) => RowAction::Send,
        (false, true) => RowAction::Receive,
        (true, true) => RowAction::Swap,
        (false, false) => RowAction::Call {
            function: row.action_name.clone(),
        },
    }
}

/// A call of a contract the settings name, by its selector.
fn known_call(tx: &RawTransaction, known: &KnownContracts) -> Option<RowAction> {
    let to = tx.to?;
    let selector = tx.input.get(..4);
    let is = |address: Option<Address>| address == Some(to);
    if is(known.wrapped) {
        return match selector {
            None if tx.input.is_empty() && !tx.value.is_zero() => Some(RowAction::Wrap),
            Some(s) if s == WRAP_SELECTOR => Some(RowAction::Wrap),
            Some(s) if s == UNWRAP_SELECTOR => Some(RowAction::Unwrap),
            _ => None,
        };
    }
    if is(known.staked) {
        return match selector {
            Some(s) if s == STAKE_NATIVE_SELECTOR || s == STAKE_SELECTOR => Some(RowAction::Stake),
            Some(s) if s == UNSTAKE_SELECTOR || s == REDEEM_SELECTOR => Some(RowAction::Unstake),
            _ => None,
        };
    }
    if is(known.escrow) && selector == Some(&ESCROW_WITHDRAW_SELECTOR[..]) {
        return Some(RowAction::Withdraw);
    }
    None
}

/// The approval a call grants or clears, on a token or collection described by `contract`.
fn approval(call: ApprovalCall, contract: Option<&ContractInfo>) -> RowAction {
    let symbol = contract.and_then(|c| c.symbol.clone());
    let nft = contract.is_some_and(|c| c.nft);
    let named = |address: Address| address.to_checksum(None);
    match call {
        ApprovalCall::Approve { spender, value } if nft => {
            if spender.is_zero() {
                RowAction::Revoke { spender: None }
            } else {
                RowAction::Approve {
                    spender: named(spender),
                    grant: Grant::Token {
                        token_id: value.to_string(),
                    },
                }
            }
        }
        ApprovalCall::Approve { spender, value } if value.is_zero() => RowAction::Revoke {
            spender: Some(named(spender)),
        },
        ApprovalCall::Approve { spender, value } => RowAction::Approve {
            spender: named(spender),
            grant: if is_practically_unlimited(value) {
                Grant::Unlimited { symbol }
            } else {
                Grant::Amount {
                    amount: token_amount(value, contract),
                    symbol,
                }
            },
        },
        ApprovalCall::IncreaseAllowance { spender, added } => RowAction::Approve {
            spender: named(spender),
            grant: Grant::Increase {
                amount: token_amount(added, contract),
                symbol,
            },
        },
        ApprovalCall::SetApprovalForAll { operator, approved } => {
            if approved {
                RowAction::Approve {
                    spender: named(operator),
                    grant: Grant::AllNfts,
                }
            } else {
                RowAction::Revoke {
                    spender: Some(named(operator)),
                }
            }
        }
    }
}

/// `raw` in the token's decimals (18 when unknown; the smallest units past what fits).
fn token_amount(raw: U256, contract: Option<&ContractInfo>) -> Amount {
    let decimals = contract
        .and_then(|c| c.decimals)
        .unwrap_or(DEFAULT_TOKEN_DECIMALS);
    Amount::new(raw, decimals)
        .or_else(|_| Amount::new(raw, 0))
        .unwrap_or(Amount::zero(0))
}

/// The other side of the row for `account`, as [the module](self) says.
#[must_use]
pub fn counterparty(
    tx: &RawTransaction,
    row: &ShapedTransaction,
    action: &RowAction,
    account: Address,
) -> Option<String> {
    let first_out = || {
        row.values_out
            .first()
            .map(|m| m.counterparty.clone())
            .or_else(|| row.nfts_out.first().map(|m| m.counterparty.clone()))
    };
    let first_in = || {
        row.values_in
            .first()
            .map(|m| m.counterparty.clone())
            .or_else(|| row.nfts_in.first().map(|m| m.counterparty.clone()))
    };
    let called = || tx.to.map(|to| to.to_checksum(None));
    match action {
        RowAction::Send => first_out().or_else(called),
        RowAction::Receive => first_in().or_else(|| Some(tx.from.to_checksum(None))),
        RowAction::SelfTransfer => Some(account.to_checksum(None)),
        RowAction::ContractCreation => tx.contract_address.map(|a| a.to_checksum(None)),
        RowAction::Approve { spender, .. } => Some(spender.clone()),
        RowAction::Revoke { spender } => spender.clone().or_else(called),
        RowAction::Call { .. } if tx.from != account => Some(tx.from.to_checksum(None)),
        RowAction::Swap
        | RowAction::Wrap
        | RowAction::Unwrap
        | RowAction::Stake
        | RowAction::Unstake
        | RowAction::Withdraw
        | RowAction::Call { .. } => called(),
    }
}

#[cfg(test)]
#[path = "action_tests.rs"]
mod tests;
