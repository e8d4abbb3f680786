//! Revoking approvals: one (`kind: "revoke"` of the prepare route) or a batch
//! (`POST …/approvals/revoke-plan`). Both read the current approval on chain first, so
//! an approval that is already gone gets no transaction; the batch reports why each
//! skipped item was skipped, and keeps the selection's order for the rest.
//!
//! [`super::revoke_rules`] is the pure decision (what each item needs, or why none),
//! [`super::revoke_reads`] the chain reads it is made on; this module puts them together
//! into transactions.

use alloy::primitives::{Address, U256};
use serde::Serialize;
use tandem_domain::validate::AllowanceBatchId;

use super::effect::{AssetRef, Effect, checksummed, decimal};
use super::facts::{TokenFacts, token_facts};
use super::fee::{Draft, PreparedTransaction, finish};
use super::revoke_reads::decide_all;
use super::revoke_rules::{PlanItem, mark_duplicates};
pub use super::revoke_rules::{RevokeCall, SkipReason, TokenKind};
use crate::error::ServiceError;
use crate::evm::EvmNetwork;

/// One revoke transaction of the plan.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlannedRevoke {
    /// The item as sent.
    pub item: String,
    /// The transaction to sign.
    pub transaction: PreparedTransaction,
}

/// An item that gets no transaction.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkippedItem {
    /// The item as sent.
    pub item: String,
    /// Why, as a stable key.
    pub reason: SkipReason,
    /// For `would_fail`: the node's own words for its refusal.
    pub detail: Option<String>,
}

/// The answer: transactions in the selection's order, then what was skipped.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevokePlan {
    /// The owner, checksummed.
    pub owner: String,
    /// Transactions to sign one at a time, waiting for each confirmation.
    pub transactions: Vec<PlannedRevoke>,
    /// Items needing no transaction, with the reason.
    pub skipped: Vec<SkippedItem>,
}

/// The single revoke of the prepare route: the call it needs, or why there is none.
///
/// # Errors
/// When the chain cannot be read.
pub async fn decide_one(
    network: &EvmNetwork,
    owner: Address,
    spender: Address,
    contract: Address,
    token_id: Option<U256>,
    facts: Option<&TokenFacts>,
) -> Result<Result<RevokeCall, SkipReason>, ServiceError> {
    let id = AllowanceBatchId {
        spender,
        token: contract,
        token_id,
    };
    let item = PlanItem {
        text: id.to_string(),
        id,
        duplicate: false,
    };
    let kinds = [facts.map(|f| f.kind)];
    let decision = decide_all(network, owner, std::slice::from_ref(&item), &kinds)
        .await?
        .pop()
        .unwrap_or(Err(SkipReason::ReadFailed));
    Ok(decision)
}

/// What a revoke call does, for the review to word.
#[must_use]
pub fn revoke_effect(call: RevokeCall, facts: Option<&TokenFacts>) -> Effect {
    match call {
        RevokeCall::Allowance { token, spender } => Effect::RevokeAllowance {
            token: AssetRef::contract(token, facts),
            spender: checksummed(spender),
        },
        RevokeCall::TokenApproval {
            contract,
            token_id,
            spender,
        } => Effect::RevokeNft {
            collection: AssetRef::contract(contract, facts),
            token_id: decimal(token_id),
            spender: checksummed(spender),
        },
        RevokeCall::Operator { contract, operator } => Effect::RevokeOperator {
            collection: AssetRef::contract(contract, facts),
            operator: checksummed(operator),
        },
    }
}

/// The revoke transactions for the `items` (as sent, each with its parsed id) that
/// `owner` selected, in the selection's order, and why the others need none.
///
/// # Errors
/// When the chain cannot be read; a transaction the node refuses is a skipped item.
pub async fn revoke_plan(
    network: &EvmNetwork,
    owner: Address,
    items: Vec<(String, AllowanceBatchId)>,
    fiat: &str,
) -> Result<RevokePlan, ServiceError> {
    let items = mark_duplicates(items);
    let mut kinds = Vec::with_capacity(items.len());
    let mut facts = Vec::with_capacity(items.len());
    for item in &items {
        let found = token_facts(network, item.id.token).await?;
        kinds.push(found.as_ref().map(|f| f.kind));
        facts.push(found);
    }
    let decisions = decide_all(network, owner, &items, &kinds).await?;
    let mut plan = RevokePlan {
        owner: owner.to_checksum(None),
        transactions: Vec::new(),
        skipped: Vec::new(),
    };
    for ((item, decision), facts) in items.into_iter().zip(decisions).zip(&facts) {
        let call = match decision {
            Ok(call) => call,
            Err(reason) => {
                plan.skipped.push(SkippedItem {
                    item: item.text,
                    reason,
                    detail: None,
                });
                continue;
            }
        };
        let draft = Draft {
            kind: "revoke",
            effect: revoke_effect(call, facts.as_ref()),
            intent: call.into(),
            warnings: Vec::new(),
        };
        match finish(network, owner, draft, fiat).await {
            Ok(transaction) => plan.transactions.push(PlannedRevoke {
                item: item.text,
                transaction,
            }),
            Err(
                refused @ (ServiceError::WouldFail { .. } | ServiceError::InsufficientFunds { .. }),
            ) => plan.skipped.push(SkippedItem {
                item: item.text,
                reason: SkipReason::WouldFail,
                detail: Some(refused.to_string()),
            }),
            Err(error) => return Err(error),
        }
    }
    Ok(plan)
}
