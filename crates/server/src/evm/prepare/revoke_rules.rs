//! The rules of a revoke (spec §4 "Allowance revoke batch"), pure: which of the selected
//! approvals still need a transaction, in the order they were selected, and why the
//! others are skipped. The chain facts they need ([`FactRead`]) are read by
//! [`super::revoke_reads`] and passed in.

use std::collections::HashSet;

use alloy::primitives::{Address, U256};
use serde::Serialize;
use tandem_domain::validate::AllowanceBatchId;

use crate::evm::prepare::calls::Intent;

/// What kind of contract an approval is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// Fungible: `approve(spender, 0)`.
    Erc20,
    /// NFT: `approve(0x0, id)` or `setApprovalForAll(operator, false)`.
    Erc721,
    /// Multi-token: `setApprovalForAll(operator, false)`.
    Erc1155,
}

/// The chain reads an item needs before it can be decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FactRead {
    /// ERC-20 `allowance(owner, spender)`.
    Allowance,
    /// ERC-721 `getApproved(id)` and `ownerOf(id)`.
    TokenApproval,
    /// `isApprovedForAll(owner, operator)`.
    Operator,
}

/// The current state of one approval, as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Current {
    /// The ERC-20 allowance left.
    Allowance(U256),
    /// The approved address of an ERC-721 token and its owner.
    TokenApproval { approved: Address, owner: Address },
    /// Whether the operator is approved for all.
    Operator(bool),
}

/// The one call a revoke makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RevokeCall {
    /// ERC-20 `approve(spender, 0)`.
    Allowance { token: Address, spender: Address },
    /// ERC-721 `approve(0x0, tokenId)`, clearing `spender`'s approval of the token.
    TokenApproval {
        contract: Address,
        token_id: U256,
        spender: Address,
    },
    /// `setApprovalForAll(operator, false)`.
    Operator {
        contract: Address,
        operator: Address,
    },
}

impl From<RevokeCall> for Intent {
    fn from(call: RevokeCall) -> Self {
        match call {
            RevokeCall::Allowance { token, spender } => Self::Approve {
                token,
                spender,
                amount: U256::ZERO,
            },
            RevokeCall::TokenApproval {
                contract, token_id, ..
            } => Self::ClearNftApproval { contract, token_id },
            RevokeCall::Operator { contract, operator } => {
                Self::RevokeOperator { contract, operator }
            }
        }
    }
}

/// Why an item gets no transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    /// Listed earlier in the same batch.
    Duplicate,
    /// The allowance is zero or the approval no longer allowed.
    AlreadyRevoked,
    /// The owner no longer holds the ERC-721 token (its approval was cleared on transfer,
    /// and only the holder may clear it).
    NotOwner,
    /// The address holds no ERC-20, ERC-721 or ERC-1155 contract.
    NotAToken,
    /// A token id on an ERC-20 or ERC-1155 approval, which have none.
    TokenIdNotApplicable,
    /// The chain could not be read for this item.
    ReadFailed,
    /// The node says the revoke transaction would fail (see the item's detail).
    WouldFail,
}

impl SkipReason {
    /// The reason in words.
    #[must_use]
    pub fn message(self) -> &'static str {
        match self {
            Self::Duplicate => "listed more than once; revoked once",
            Self::AlreadyRevoked => "already revoked: nothing is allowed any more",
            Self::NotOwner => "the owner no longer holds this token",
            Self::NotAToken => "the address holds no ERC-20, ERC-721 or ERC-1155 contract",
            Self::TokenIdNotApplicable => "this kind of approval has no token id",
            Self::ReadFailed => "the current approval could not be read; try again",
            Self::WouldFail => "the revoke transaction would fail",
        }
    }
}

/// One selected item after parsing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanItem {
    /// As the client sent it.
    pub text: String,
    /// Parsed.
    pub id: AllowanceBatchId,
    /// True when an equal id came earlier in the batch.
    pub duplicate: bool,
}

/// Marks repeated ids (same spender, token and token id) as duplicates, keeping order.
#[must_use]
pub fn mark_duplicates(items: Vec<(String, AllowanceBatchId)>) -> Vec<PlanItem> {
    let mut seen = HashSet::new();
    items
        .into_iter()
        .map(|(text, id)| {
            let duplicate = !seen.insert((id.spender, id.token, id.token_id));
            PlanItem {
                text,
                id,
                duplicate,
            }
        })
        .collect()
}

/// What to read for an item on a contract of `kind`, or why it is skipped at once.
///
/// # Errors
/// The skip reason when no read can help.
pub fn read_for(item: &PlanItem, kind: Option<TokenKind>) -> Result<FactRead, SkipReason> {
    if item.duplicate {
        return Err(SkipReason::Duplicate);
    }
    match (kind, item.id.token_id) {
        (None, _) => Err(SkipReason::NotAToken),
        (Some(TokenKind::Erc20), None) => Ok(FactRead::Allowance),
        (Some(TokenKind::Erc721), Some(_)) => Ok(FactRead::TokenApproval),
        (Some(TokenKind::Erc721 | TokenKind::Erc1155), None) => Ok(FactRead::Operator),
        (Some(TokenKind::Erc20 | TokenKind::Erc1155), Some(_)) => {
            Err(SkipReason::TokenIdNotApplicable)
        }
    }
}

/// The revoke transaction an item needs given its current state, or why none.
///
/// # Errors
/// The skip reason.
pub fn decide(
    owner: Address,
    id: &AllowanceBatchId,
    current: Current,
) -> Result<RevokeCall, SkipReason> {
    match (current, id.token_id) {
        (Current::Allowance(left), _) if left.is_zero() => Err(SkipReason::AlreadyRevoked),
        (Current::Allowance(_), _) => Ok(RevokeCall::Allowance {
            token: id.token,
            spender: id.spender,
        }),
        (Current::TokenApproval { approved, .. }, _) if approved != id.spender => {
            Err(SkipReason::AlreadyRevoked)
        }
        (Current::TokenApproval { owner: holder, .. }, _) if holder != owner => {
            Err(SkipReason::NotOwner)
        }
        (Current::TokenApproval { .. }, Some(token_id)) => Ok(RevokeCall::TokenApproval {
            contract: id.token,
            token_id,
            spender: id.spender,
        }),
        (Current::TokenApproval { .. }, None) => Err(SkipReason::TokenIdNotApplicable),
        (Current::Operator(false), _) => Err(SkipReason::AlreadyRevoked),
        (Current::Operator(true), _) => Ok(RevokeCall::Operator {
            contract: id.token,
            operator: id.spender,
        }),
    }
}

#[cfg(test)]
mod tests {
    use alloy::primitives::address;

    use super::*;

    const OWNER: Address = address!("0x00000000000000000000000000000000000000cc");
    const SPENDER: Address = address!("0x00000000000000000000000000000000000000bb");
    const TOKEN: Address = address!("0x00000000000000000000000000000000000000aa");

    fn id(token_id: Option<u8>) -> AllowanceBatchId {
        AllowanceBatchId {
            spender: SPENDER,
            token: TOKEN,
            token_id: token_id.map(U256::from),
        }
    }

    fn item(token_id: Option<u8>) -> PlanItem {
        PlanItem {
            text: id(token_id).to_string(),
            id: id(token_id),
            duplicate: false,
        }
    }

    #[test]
    fn duplicates_are_marked_after_the_first() {
        let ids = vec![
            ("a".to_owned(), id(None)),
            ("b".to_owned(), id(Some(1))),
            ("c".to_owned(), id(None)),
        ];
        let marked: Vec<bool> = mark_duplicates(ids).iter().map(|i| i.duplicate).collect();
        assert_eq!(marked, [false, false, true]);
    }

    #[test]
    fn reads_follow_the_kind_and_token_id() {
        use TokenKind::{Erc20, Erc721, Erc1155};
        let cases = [
            (None, Some(Erc20), Ok(FactRead::Allowance)),
            (Some(1), Some(Erc721), Ok(FactRead::TokenApproval)),
            (None, Some(Erc721), Ok(FactRead::Operator)),
            (None, Some(Erc1155), Ok(FactRead::Operator)),
            (
                Some(1),
                Some(Erc1155),
                Err(SkipReason::TokenIdNotApplicable),
            ),
            (Some(1), Some(Erc20), Err(SkipReason::TokenIdNotApplicable)),
            (None, None, Err(SkipReason::NotAToken)),
        ];
        for (token_id, kind, expected) in cases {
            assert_eq!(
                read_for(&item(token_id), kind),
                expected,
                "{token_id:?} {kind:?}"
            );
        }
        let mut twice = item(None);
        twice.duplicate = true;
        assert_eq!(read_for(&twice, Some(Erc20)), Err(SkipReason::Duplicate));
    }

    #[test]
    fn revoked_rows_are_skipped_and_live_ones_revoked() {
        assert_eq!(
            decide(OWNER, &id(None), Current::Allowance(U256::ZERO)),
            Err(SkipReason::AlreadyRevoked)
        );
        assert_eq!(
            decide(OWNER, &id(None), Current::Allowance(U256::from(5u8))),
            Ok(RevokeCall::Allowance {
                token: TOKEN,
                spender: SPENDER,
            })
        );
        let approval = |approved, owner| Current::TokenApproval { approved, owner };
        assert_eq!(
            decide(OWNER, &id(Some(7)), approval(Address::ZERO, OWNER)),
            Err(SkipReason::AlreadyRevoked)
        );
        assert_eq!(
            decide(OWNER, &id(Some(7)), approval(SPENDER, SPENDER)),
            Err(SkipReason::NotOwner)
        );
        assert_eq!(
            decide(OWNER, &id(Some(7)), approval(SPENDER, OWNER)),
            Ok(RevokeCall::TokenApproval {
                contract: TOKEN,
                token_id: U256::from(7u8),
                spender: SPENDER,
            })
        );
        assert_eq!(
            decide(OWNER, &id(None), Current::Operator(false)),
            Err(SkipReason::AlreadyRevoked)
        );
        assert_eq!(
            decide(OWNER, &id(None), Current::Operator(true)),
            Ok(RevokeCall::Operator {
                contract: TOKEN,
                operator: SPENDER
            })
        );
        assert!(!SkipReason::NotOwner.message().is_empty());
    }
}
