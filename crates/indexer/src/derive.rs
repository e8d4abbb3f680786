//! Derived state: balances, supplies, NFT ownership and current approvals, computed
//! by replaying events in chain order against a key-value view of the state.
//!
//! The rules live here, away from any store, so every store (SQLite now, PostgreSQL
//! later) derives the same state: a store only has to offer [`StateAccess`]. Values
//! are absolute (never deltas), which makes undo exact: a store records each key's
//! prior value and restores it on a reorg.

use alloy_primitives::{Address, U256};
use serde::{Deserialize, Serialize};
use tandem_domain::history::TransferEvent;
use tandem_domain::nft::NftStandard;

use crate::IndexerError;
use crate::decode::IndexEvent;

/// One piece of derived state.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StateKey {
    /// Native coin balance of an account.
    Native(Address),
    /// ERC-20 balance.
    TokenBalance {
        /// Token.
        token: Address,
        /// Holder.
        holder: Address,
    },
    /// ERC-20 total supply (`token_id: None`), ERC-721 token count (`None`), or ERC-1155
    /// supply of one id.
    Supply {
        /// Contract.
        contract: Address,
        /// ERC-1155 id.
        token_id: Option<U256>,
    },
    /// ERC-721 owner of a token.
    NftOwner {
        /// Collection.
        contract: Address,
        /// Token.
        token_id: U256,
    },
    /// ERC-1155 balance of one id.
    MultiBalance {
        /// Collection.
        contract: Address,
        /// Id.
        token_id: U256,
        /// Holder.
        holder: Address,
    },
    /// ERC-20 allowance.
    Allowance {
        /// Token.
        token: Address,
        /// Granter.
        owner: Address,
        /// Spender.
        spender: Address,
    },
    /// ERC-721 single-token approval.
    TokenApproval {
        /// Collection.
        contract: Address,
        /// Token.
        token_id: U256,
    },
    /// `setApprovalForAll` state.
    Operator {
        /// Collection.
        contract: Address,
        /// Granter.
        owner: Address,
        /// Operator.
        operator: Address,
    },
}

/// When a value last changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// Block of the change.
    pub block: u64,
    /// That block's time, milliseconds since the epoch.
    pub time_ms: u64,
}

/// The value under a [`StateKey`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum StateValue {
    /// Balances, supplies and allowances.
    Amount {
        /// Exact amount.
        amount: U256,
        /// Last change.
        stamp: Stamp,
    },
    /// ERC-721 ownership.
    Owner {
        /// Current owner.
        owner: Address,
        /// First owner (recipient of the mint), when the mint was indexed.
        minter: Option<Address>,
        /// Mint block, when indexed.
        block_minted: Option<u64>,
        /// Last change.
        stamp: Stamp,
    },
    /// ERC-721 single-token approval; `approved` zero means revoked.
    TokenApproval {
        /// Who granted it.
        owner: Address,
        /// Who may move the token.
        approved: Address,
        /// Last change.
        stamp: Stamp,
    },
    /// Operator approval, kept when revoked.
    Operator {
        /// Granted or revoked.
        approved: bool,
        /// Last change.
        stamp: Stamp,
    },
}

impl StateValue {
    /// The amount of an [`StateValue::Amount`], zero for anything else.
    #[must_use]
    pub fn amount(&self) -> U256 {
        match self {
            Self::Amount { amount, .. } => *amount,
            _ => U256::ZERO,
        }
    }
}

/// Read and write access to derived state, as a store offers it inside one write.
pub trait StateAccess {
    /// The current value, `None` when absent.
    ///
    /// # Errors
    /// When the store fails.
    fn get(&mut self, key: &StateKey) -> Result<Option<StateValue>, IndexerError>;
    /// Sets (`Some`) or removes (`None`) a value. Infallible: a store may defer the
    /// write (and reading the prior value for its undo log) to the end of the batch.
    fn put(&mut self, key: StateKey, value: Option<StateValue>);
}

fn amount_of(state: &mut dyn StateAccess, key: &StateKey) -> Result<U256, IndexerError> {
    Ok(state.get(key)?.map_or(U256::ZERO, |value| value.amount()))
}

/// Adds `plus` and subtracts `minus`. A balance that would go negative is a contract
/// that moved tokens without events (or lies in them); it is clamped at zero rather
/// than wrapping, and the next transfer moves on from there.
fn adjust(
    state: &mut dyn StateAccess,
    key: StateKey,
    plus: U256,
    minus: U256,
    stamp: Stamp,
    keep_zero: bool,
) -> Result<(), IndexerError> {
    let current = amount_of(state, &key)?;
    let amount = current.saturating_add(plus).saturating_sub(minus);
    let value = (keep_zero || !amount.is_zero()).then_some(StateValue::Amount { amount, stamp });
    state.put(key, value);
    Ok(())
}

/// Applies one event. `stamp` is the event's block.
///
/// # Errors
/// When the store fails.
pub fn apply_event(
    state: &mut dyn StateAccess,
    event: &IndexEvent,
    stamp: Stamp,
) -> Result<(), IndexerError> {
    let zero = U256::ZERO;
    match event {
        IndexEvent::Transfer(TransferEvent::Fungible {
            contract,
            from,
            to,
            value,
        }) => {
            let token = *contract;
            move_fungible(state, token, *from, *to, *value, stamp)?;
        }
        IndexEvent::Wrap {
            contract,
            account,
            amount,
        } => {
            move_fungible(state, *contract, Address::ZERO, *account, *amount, stamp)?;
        }
        IndexEvent::Unwrap {
            contract,
            account,
            amount,
        } => {
            move_fungible(state, *contract, *account, Address::ZERO, *amount, stamp)?;
        }
        IndexEvent::Transfer(TransferEvent::Nft {
            contract,
            from,
            to,
            token_id,
            quantity,
            standard: NftStandard::Erc721,
        }) => {
            let _ = quantity;
            let owner_key = StateKey::NftOwner {
                contract: *contract,
                token_id: *token_id,
            };
            let previous = state.get(&owner_key)?;
            let supply_key = StateKey::Supply {
                contract: *contract,
                token_id: None,
            };
            if from.is_zero() {
                adjust(
                    state,
                    supply_key.clone(),
                    U256::from(1u8),
                    zero,
                    stamp,
                    true,
                )?;
            }
            if to.is_zero() {
                adjust(state, supply_key, zero, U256::from(1u8), stamp, true)?;
                state.put(owner_key, None);
            } else {
                let (minter, block_minted) = match previous {
                    _ if from.is_zero() => (Some(*to), Some(stamp.block)),
                    Some(StateValue::Owner {
                        minter,
                        block_minted,
                        ..
                    }) => (minter, block_minted),
                    _ => (None, None),
                };
                state.put(
                    owner_key,
                    Some(StateValue::Owner {
                        owner: *to,
                        minter,
                        block_minted,
                        stamp,
                    }),
                );
            }
            // A transfer clears the single-token approval without an Approval event
            // (ERC-721 requires it); keep the row, marked revoked.
            let approval_key = StateKey::TokenApproval {
                contract: *contract,
                token_id: *token_id,
            };
            if let Some(StateValue::TokenApproval {
                owner, approved, ..
            }) = state.get(&approval_key)?
                && !approved.is_zero()
            {
                state.put(
                    approval_key,
                    Some(StateValue::TokenApproval {
                        owner,
                        approved: Address::ZERO,
                        stamp,
                    }),
                );
            }
        }
        IndexEvent::Transfer(TransferEvent::Nft {
            contract,
            from,
            to,
            token_id,
            quantity,
            standard: NftStandard::Erc1155,
        }) => {
            let supply_key = StateKey::Supply {
                contract: *contract,
                token_id: Some(*token_id),
            };
            if from.is_zero() {
                adjust(state, supply_key.clone(), *quantity, zero, stamp, true)?;
            } else {
                let key = StateKey::MultiBalance {
                    contract: *contract,
                    token_id: *token_id,
                    holder: *from,
                };
                adjust(state, key, zero, *quantity, stamp, false)?;
            }
            if to.is_zero() {
                adjust(state, supply_key, zero, *quantity, stamp, true)?;
            } else {
                let key = StateKey::MultiBalance {
                    contract: *contract,
                    token_id: *token_id,
                    holder: *to,
                };
                adjust(state, key, *quantity, zero, stamp, false)?;
            }
        }
        IndexEvent::Allowance {
            contract,
            owner,
            spender,
            amount,
        } => {
            let key = StateKey::Allowance {
                token: *contract,
                owner: *owner,
                spender: *spender,
            };
            state.put(
                key,
                Some(StateValue::Amount {
                    amount: *amount,
                    stamp,
                }),
            );
        }
        IndexEvent::TokenApproval {
            contract,
            owner,
            approved,
            token_id,
        } => {
            let key = StateKey::TokenApproval {
                contract: *contract,
                token_id: *token_id,
            };
            state.put(
                key,
                Some(StateValue::TokenApproval {
                    owner: *owner,
                    approved: *approved,
                    stamp,
                }),
            );
        }
        IndexEvent::Operator {
            contract,
            owner,
            operator,
            approved,
        } => {
            let key = StateKey::Operator {
                contract: *contract,
                owner: *owner,
                operator: *operator,
            };
            state.put(
                key,
                Some(StateValue::Operator {
                    approved: *approved,
                    stamp,
                }),
            );
        }
    }
    Ok(())
}

fn move_fungible(
    state: &mut dyn StateAccess,
    token: Address,
    from: Address,
    to: Address,
    value: U256,
    stamp: Stamp,
) -> Result<(), IndexerError> {
    let zero = U256::ZERO;
    let supply = StateKey::Supply {
        contract: token,
        token_id: None,
    };
    if from.is_zero() {
        adjust(state, supply.clone(), value, zero, stamp, true)?;
    } else {
        adjust(
            state,
            StateKey::TokenBalance {
                token,
                holder: from,
            },
            zero,
            value,
            stamp,
            false,
        )?;
    }
    if to.is_zero() {
        adjust(state, supply, zero, value, stamp, true)?;
    } else {
        adjust(
            state,
            StateKey::TokenBalance { token, holder: to },
            value,
            zero,
            stamp,
            false,
        )?;
    }
    Ok(())
}

#[cfg(test)]
#[path = "derive_tests.rs"]
mod tests;
