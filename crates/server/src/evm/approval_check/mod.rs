//! The alarm shown where an approval risk is made: a transaction about to be signed
//! (`from` calling `contract` with `data`) is read as an approval-granting call, and
//! what it grants is weighed — unlimited, above the owner's balance, every token of a
//! collection — with who the spender is: a contract or a plain account, verified or
//! not, first seen when, approved by how many other owners (per the data source's
//! history; [`approvers`]). For an ERC-20 grant, the limited alternative is the owner's
//! balance.
//!
//! Each fact that cannot be read is left unknown (`None`), never guessed: the alarm
//! still says what is granted.

pub mod approvers;

use alloy_primitives::{Address, U256};
use tandem_domain::amount::Amount;
use tandem_domain::approval_call::{ApprovalCall, decode_approval_call, is_practically_unlimited};
use tandem_evm::lookup::ContractLookup;
use tandem_evm::rpc::BatchRead;
use tandem_evm::source::{ContractInterface, PageRequest, SortOrder, TransactionQuery};

use self::approvers::{Approvers, count_approvers};
use super::EvmNetwork;
use super::account_reads::with_token_list;

/// What kind of grant the call makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrantKind {
    /// An ERC-20 allowance set to an amount.
    Allowance,
    /// An ERC-20 allowance raised by an amount.
    AllowanceIncrease,
    /// One ERC-721 token.
    SingleToken,
    /// Every token of the owner in an ERC-721 or ERC-1155 collection.
    Operator,
}

/// Why the grant deserves a warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrantRisk {
    /// The allowance has no practical limit.
    Unlimited,
    /// The allowance (after the call) exceeds what the owner holds.
    AboveBalance,
    /// The operator may move every token of the collection, now and later.
    WholeCollection,
}

/// Who the spender is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SpenderProfile {
    /// The spender.
    pub address: Address,
    /// Whether it holds code; `None` when the node could not say.
    pub is_contract: Option<bool>,
    /// Whether its source is verified (trusted bucket).
    pub verified: bool,
    /// Its name, when a lookup knows it.
    pub name: Option<String>,
    /// When it first appears in the source's history, ms since the epoch.
    pub first_seen_ms: Option<u64>,
    /// Other owners with a grant in force to it; `None` when the history could not be read.
    pub approvers: Option<Approvers>,
}

/// The grant a transaction makes, weighed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovalAlarm {
    /// What kind.
    pub kind: GrantKind,
    /// The token or collection contract.
    pub contract: Address,
    /// Its name and symbol, when known.
    pub name: Option<String>,
    /// Its symbol, when known.
    pub symbol: Option<String>,
    /// ERC-20 decimals used for the amounts (18 when unknown).
    pub decimals: u8,
    /// The amount granted or added (ERC-20), exact.
    pub amount: Option<Amount>,
    /// The allowance after the call (an increase adds to the current one), when known.
    pub resulting: Option<Amount>,
    /// Whether the resulting allowance is practically unlimited.
    pub unlimited: bool,
    /// The owner's balance of the token (ERC-20), when read.
    pub balance: Option<Amount>,
    /// The ERC-721 token id of a single-token approval.
    pub token_id: Option<U256>,
    /// The reasons to warn; empty for a limited grant within the balance.
    pub risks: Vec<GrantRisk>,
    /// The spender.
    pub spender: SpenderProfile,
    /// A limited ERC-20 amount to approve instead (the owner's balance), when the
    /// standard allows one and the grant is above it.
    pub limited_alternative: Option<Amount>,
}

impl EvmNetwork {
    /// The alarm for `from` sending `data` to `contract`; `None` when the call grants
    /// nothing (not an approval call, or one that clears an approval).
    pub async fn approval_alarm(
        &self,
        from: Address,
        contract: Address,
        data: &[u8],
    ) -> Option<ApprovalAlarm> {
        let call = decode_approval_call(data).filter(ApprovalCall::grants)?;
        let record = match self.resolver().resolve(contract, None).await {
            ContractLookup::Found(found) => Some(with_token_list(self, found.record.clone())),
            ContractLookup::NotAContract => None,
        };
        let is_nft = record.as_ref().is_some_and(|r| {
            r.interfaces.contains(&ContractInterface::Erc721)
                || r.interfaces.contains(&ContractInterface::Erc1155)
        });
        let decimals = record.as_ref().and_then(|r| r.decimals).unwrap_or(18);
        let amount = |raw: U256| Amount::new(raw, decimals).ok();
        let reader = self.reader();
        let mut alarm = ApprovalAlarm {
            kind: GrantKind::Allowance,
            contract,
            name: record.as_ref().and_then(|r| r.name.clone()),
            symbol: record.as_ref().and_then(|r| r.symbol.clone()),
            decimals,
            amount: None,
            resulting: None,
            unlimited: false,
            balance: None,
            token_id: None,
            risks: Vec::new(),
            spender: self.spender_profile(call.spender(), from).await,
            limited_alternative: None,
        };
        match call {
            ApprovalCall::SetApprovalForAll { .. } => {
                alarm.kind = GrantKind::Operator;
                alarm.risks.push(GrantRisk::WholeCollection);
            }
            ApprovalCall::Approve { value, .. } if is_nft => {
                alarm.kind = GrantKind::SingleToken;
                alarm.token_id = Some(value);
            }
            ApprovalCall::Approve { value, .. }
            | ApprovalCall::IncreaseAllowance { added: value, .. } => {
                let increase = matches!(call, ApprovalCall::IncreaseAllowance { .. });
                let current = if increase {
                    reader.allowance(contract, from, call.spender()).await.ok()
                } else {
                    Some(U256::ZERO)
                };
                let resulting = current.map(|c| c.saturating_add(value));
                let balance = reader.balance_of(contract, from).await.ok();
                alarm.kind = if increase {
                    GrantKind::AllowanceIncrease
                } else {
                    GrantKind::Allowance
                };
                alarm.amount = amount(value);
                alarm.resulting = resulting.and_then(amount);
                alarm.balance = balance.and_then(amount);
                // An increase whose current allowance is unknown is judged by what it adds.
                let judged = resulting.unwrap_or(value);
                alarm.unlimited = is_practically_unlimited(judged);
                if alarm.unlimited {
                    alarm.risks.push(GrantRisk::Unlimited);
                }
                if let Some(balance) = balance
                    && judged > balance
                {
                    if !alarm.unlimited {
                        alarm.risks.push(GrantRisk::AboveBalance);
                    }
                    // Approving what is held: an increase's alternative is a plain approve.
                    alarm.limited_alternative =
                        (!balance.is_zero()).then(|| amount(balance)).flatten();
                }
            }
        }
        Some(alarm)
    }

    /// Who `spender` is, for `owner` weighing a grant to it.
    async fn spender_profile(&self, spender: Address, owner: Address) -> SpenderProfile {
        let source = self.source();
        let lookup = self.resolver().resolve(spender, None).await;
        let code = self
            .reader()
            .read_many(&[BatchRead::Code(spender)])
            .await
            .ok()
            .and_then(|mut answers| answers.pop())
            .and_then(|answer| answer.ok())
            .and_then(|output| output.data().map(|code| !code.is_empty()));
        let first = TransactionQuery {
            page: PageRequest {
                offset: 0,
                limit: 1,
            },
            sort: SortOrder::Ascending,
            log_topic: None,
            resume_after: None,
        };
        let first_seen_ms = match source.transactions(spender, &first).await {
            Ok(page) => page.rows.first().map(|row| row.transaction.timestamp_ms),
            Err(error) => {
                tracing::warn!(%spender, %error, "spender's first activity unknown");
                None
            }
        };
        let approvers = count_approvers(source.as_ref(), spender, owner)
            .await
            .inspect_err(|error| tracing::warn!(%spender, %error, "spender's approvers unknown"))
            .ok();
        let record = match lookup {
            ContractLookup::Found(found) => Some(found.record.clone()),
            ContractLookup::NotAContract => None,
        };
        SpenderProfile {
            address: spender,
            is_contract: code,
            verified: record.as_ref().is_some_and(|r| r.verified),
            name: record.and_then(|r| r.name),
            first_seen_ms,
            approvers,
        }
    }
}
