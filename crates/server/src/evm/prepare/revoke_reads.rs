//! The chain reads a revoke is decided on: the current allowance, token approval (and
//! holder) or operator flag of every item, in one batch of calls; [`super::revoke_rules`]
//! decides from what they say.

use alloy::primitives::Address;
use tandem_domain::validate::AllowanceBatchId;
use tandem_evm::reads::abi::{IErc20, IErc721};
use tandem_evm::reads::{call_read, decode_read};
use tandem_evm::rpc::BatchRead;

use super::revoke_rules::{
    Current, FactRead, PlanItem, RevokeCall, SkipReason, TokenKind, decide, read_for,
};
use crate::error::ServiceError;
use crate::evm::EvmNetwork;

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
pub async fn decide_all(
    network: &EvmNetwork,
    owner: Address,
    items: &[PlanItem],
    kinds: &[Option<TokenKind>],
) -> Result<Vec<Result<RevokeCall, SkipReason>>, ServiceError> {
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
