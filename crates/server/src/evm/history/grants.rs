//! Which history rows granted an approval that is still in force: a transaction the
//! account sent, that succeeded, calling `approve` / `increaseAllowance` /
//! `setApprovalForAll(true)`, whose approval the source still lists as live. Such a row
//! can revoke exactly that approval (its id is the approvals list's revoke-batch id).
//! The approvals are read only for a page that has such a row; when they cannot be
//! read, no row offers a revoke (it could not say what is live).

use alloy_primitives::Address;
use tandem_domain::approval_call::{ApprovalCall, decode_approval_call};
use tandem_domain::validate::AllowanceBatchId;
use tandem_evm::source::{ApprovalRecord, EvmSource, TokenStandard, TransactionRecord};

/// An approval a row granted that is still in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveGrant {
    /// The approvals list's id of it (`spender-token[-tokenId]`).
    pub id: AllowanceBatchId,
    /// Every token of the collection (an operator), rather than an allowance or one token.
    pub operator: bool,
}

fn granted_call(account: Address, row: &TransactionRecord) -> Option<(Address, ApprovalCall)> {
    let tx = &row.transaction;
    let succeeded = tx.status.trim_start_matches("0x") == "1";
    if tx.from != account || !succeeded {
        return None;
    }
    let contract = tx.to?;
    decode_approval_call(&tx.input)
        .filter(ApprovalCall::grants)
        .map(|call| (contract, call))
}

/// What of `call` on `contract` is still in force among `records`.
fn live_grant(
    contract: Address,
    call: ApprovalCall,
    records: &[ApprovalRecord],
) -> Option<LiveGrant> {
    let id = |spender, token_id| AllowanceBatchId {
        spender,
        token: contract,
        token_id,
    };
    records.iter().find_map(|record| match (record, call) {
        (
            ApprovalRecord::Erc20 {
                contract: c,
                spender,
                amount,
                ..
            },
            ApprovalCall::Approve { spender: s, .. }
            | ApprovalCall::IncreaseAllowance { spender: s, .. },
        ) if *c == contract && *spender == s && !amount.is_zero() => Some(LiveGrant {
            id: id(s, None),
            operator: false,
        }),
        (
            ApprovalRecord::Erc721Single {
                contract: c,
                token_id,
                approved,
                ..
            },
            ApprovalCall::Approve { spender, value },
        ) if *c == contract && *token_id == value && *approved == spender => Some(LiveGrant {
            id: id(spender, Some(*token_id)),
            operator: false,
        }),
        (
            ApprovalRecord::Operator {
                contract: c,
                operator,
                approved: true,
                ..
            },
            ApprovalCall::SetApprovalForAll { operator: o, .. },
        ) if *c == contract && *operator == o => Some(LiveGrant {
            id: id(o, None),
            operator: true,
        }),
        _ => None,
    })
}

/// For each row of `rows`, the approval it granted that is still in force.
pub async fn live_grants(
    source: &dyn EvmSource,
    account: Address,
    rows: &[TransactionRecord],
) -> Vec<Option<LiveGrant>> {
    let calls: Vec<Option<(Address, ApprovalCall)>> =
        rows.iter().map(|row| granted_call(account, row)).collect();
    if calls.iter().all(Option::is_none) {
        return vec![None; rows.len()];
    }
    let mut records = Vec::new();
    for kind in [
        TokenStandard::Erc20,
        TokenStandard::Erc721,
        TokenStandard::Erc1155,
    ] {
        match source.approvals(account, kind).await {
            Ok(found) => records.extend(found),
            Err(error) => {
                tracing::warn!(%account, %error, "approvals unreadable; history offers no revoke");
                return vec![None; rows.len()];
            }
        }
    }
    calls
        .into_iter()
        .map(|call| call.and_then(|(contract, call)| live_grant(contract, call, &records)))
        .collect()
}

#[cfg(test)]
mod tests {
    use alloy_primitives::U256;

    use super::*;

    const TOKEN: Address = Address::repeat_byte(0x20);
    const SPENDER: Address = Address::repeat_byte(0x5a);

    fn erc20(amount: u64) -> ApprovalRecord {
        ApprovalRecord::Erc20 {
            owner: Address::repeat_byte(1),
            contract: TOKEN,
            spender: SPENDER,
            amount: U256::from(amount),
            updated_ms: 0,
        }
    }

    #[test]
    fn an_allowance_still_above_zero_is_live_and_a_revoked_one_is_not() {
        let call = ApprovalCall::Approve {
            spender: SPENDER,
            value: U256::MAX,
        };
        let live = live_grant(TOKEN, call, &[erc20(5)]).expect("live");
        assert_eq!(
            live.id.to_string(),
            format!("{}-{}", SPENDER.to_checksum(None), TOKEN.to_checksum(None))
        );
        assert!(!live.operator);
        assert_eq!(live_grant(TOKEN, call, &[erc20(0)]), None);
        assert_eq!(live_grant(Address::repeat_byte(9), call, &[erc20(5)]), None);
    }

    #[test]
    fn an_operator_is_live_only_while_approved() {
        let record = |approved| ApprovalRecord::Operator {
            standard: TokenStandard::Erc721,
            owner: Address::repeat_byte(1),
            contract: TOKEN,
            operator: SPENDER,
            approved,
            updated_ms: 0,
        };
        let call = ApprovalCall::SetApprovalForAll {
            operator: SPENDER,
            approved: true,
        };
        assert!(live_grant(TOKEN, call, &[record(true)]).is_some_and(|g| g.operator));
        assert_eq!(live_grant(TOKEN, call, &[record(false)]), None);
    }
}
