//! Revoking approvals: one (`kind: "revoke"` of the prepare route) or a batch
//! (`POST …/approvals/revoke-plan`). Both read the current approval on chain first, so
//! an approval that is already gone gets no transaction; the batch reports why each
//! skipped item was skipped, and keeps the selection's order for the rest.

use alloy::primitives::{Address, U256};
use serde::Serialize;
use tandem_domain::validate::AllowanceBatchId;
use tandem_evm::reads::abi::{IErc20, IErc721};
use tandem_evm::reads::{call_read, decode_read};
use tandem_evm::rpc::BatchRead;

use super::calls::Intent;
use super::facts::{TokenFacts, token_facts};
use super::fee::{Draft, PreparedTransaction, finish};
use super::revoke_plan::{
    Current, FactRead, PlanItem, SkipReason, TokenKind, decide, mark_duplicates, read_for,
};
use super::summary;
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
    /// Why, in words.
    pub message: String,
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

fn read_calls(owner: Address, id: &AllowanceBatchId, read: FactRead) -> Vec<BatchRead> {
    match (read, id.token_id) {
        (FactRead::Allowance, _) => vec![call_read(
            id.token,
            &IErc20::allowanceCall {
                owner,
                spender: id.spender,
            },
        )],
        (FactRead::TokenApproval, Some(token_id)) => vec![
            call_read(id.token, &IErc721::getApprovedCall { tokenId: token_id }),
            call_read(id.token, &IErc721::ownerOfCall { tokenId: token_id }),
        ],
        (FactRead::TokenApproval, None) | (FactRead::Operator, _) => vec![call_read(
            id.token,
            &IErc721::isApprovedForAllCall {
                owner,
                operator: id.spender,
            },
        )],
    }
}

fn decode_current(read: FactRead, results: &[tandem_evm::rpc::ReadResult]) -> Option<Current> {
    match (read, results) {
        (FactRead::Allowance, [allowance]) => decode_read::<IErc20::allowanceCall>(allowance)
            .ok()
            .map(Current::Allowance),
        (FactRead::TokenApproval, [approved, owner]) => Some(Current::TokenApproval {
            approved: decode_read::<IErc721::getApprovedCall>(approved).ok()?,
            owner: decode_read::<IErc721::ownerOfCall>(owner).ok()?,
        }),
        (FactRead::Operator, [allowed]) => decode_read::<IErc721::isApprovedForAllCall>(allowed)
            .ok()
            .map(Current::Operator),
        _ => None,
    }
}

/// Decides every item: the revoke call it needs, or why none. One batch of reads for
/// all items.
async fn decide_all(
    network: &EvmNetwork,
    owner: Address,
    items: &[PlanItem],
    kinds: &[Option<TokenKind>],
) -> Result<Vec<Result<Intent, SkipReason>>, ServiceError> {
    let wanted: Vec<Result<FactRead, SkipReason>> = items
        .iter()
        .zip(kinds)
        .map(|(item, kind)| read_for(item, *kind))
        .collect();
    let calls: Vec<Vec<BatchRead>> = items
        .iter()
        .zip(&wanted)
        .map(|(item, read)| {
            read.map_or_else(|_| Vec::new(), |read| read_calls(owner, &item.id, read))
        })
        .collect();
    let flat: Vec<BatchRead> = calls.iter().flatten().cloned().collect();
    let results = if flat.is_empty() {
        Vec::new()
    } else {
        network.reader().read_many(&flat).await?
    };
    let mut offset = 0;
    let mut decisions = Vec::with_capacity(items.len());
    for ((item, read), calls) in items.iter().zip(wanted).zip(&calls) {
        let answers = results
            .get(offset..offset + calls.len())
            .unwrap_or_default();
        offset += calls.len();
        decisions.push(read.and_then(|read| {
            let current = decode_current(read, answers).ok_or(SkipReason::ReadFailed)?;
            decide(owner, &item.id, current)
        }));
    }
    Ok(decisions)
}

/// The single revoke of the prepare route.
///
/// # Errors
/// [`ServiceError::NothingToRevoke`] saying why there is nothing to do; the chain
/// cannot be read.
pub async fn decide_one(
    network: &EvmNetwork,
    owner: Address,
    spender: Address,
    contract: Address,
    token_id: Option<U256>,
    facts: Option<&TokenFacts>,
) -> Result<Intent, ServiceError> {
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
    decision.map_err(ServiceError::NothingToRevoke)
}

/// The sentence of a revoke call.
pub fn revoke_summary(intent: &Intent, facts: Option<&TokenFacts>, spender: Address) -> String {
    let name = facts.and_then(|f| f.name.as_deref());
    match *intent {
        Intent::ClearNftApproval { contract, token_id } => {
            summary::revoke_nft(name, contract, token_id, spender)
        }
        Intent::RevokeOperator { contract, operator } => {
            summary::revoke_operator(name, contract, operator)
        }
        Intent::Approve { token, .. } => {
            summary::revoke_allowance(facts.map(TokenFacts::label).as_deref(), token, spender)
        }
        _ => String::new(),
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
        let skip = |reason: SkipReason, message: String| SkippedItem {
            item: item.text.clone(),
            reason,
            message,
        };
        let intent = match decision {
            Ok(intent) => intent,
            Err(reason) => {
                plan.skipped.push(skip(reason, reason.message().to_owned()));
                continue;
            }
        };
        let draft = Draft {
            kind: "revoke",
            summary: revoke_summary(&intent, facts.as_ref(), item.id.spender),
            intent,
            warnings: Vec::new(),
        };
        match finish(network, owner, draft, fiat).await {
            Ok(transaction) => plan.transactions.push(PlannedRevoke {
                item: item.text.clone(),
                transaction,
            }),
            Err(
                refused @ (ServiceError::WouldFail { .. } | ServiceError::InsufficientFunds { .. }),
            ) => {
                let message = format!("{}: {refused}", SkipReason::WouldFail.message());
                plan.skipped.push(skip(SkipReason::WouldFail, message));
            }
            Err(error) => return Err(error),
        }
    }
    Ok(plan)
}
