//! From a request to a [`Draft`]: every field checked with the domain's rules, amounts
//! parsed with the token's own decimals, and the sender's balance read, so "balance too
//! low" is said before any gas is estimated.

use alloy::primitives::{Address, U256};
use tandem_domain::DomainError;
use tandem_domain::amount::{Amount, ensure_within_balance};
use tandem_domain::time::describe_duration;

use super::calls::{IStlosWrite, Intent};
use super::facts::{erc20, token_facts};
use super::fee::Draft;
use super::request::{
    Fields, PrepareRequest, allowance, field_error, positive_amount, quantity, token_id,
};
use super::revoke::{decide_one, revoke_summary};
use super::revoke_plan::TokenKind;
use super::summary;
use crate::error::ServiceError;
use crate::evm::EvmNetwork;

/// Wei precision of TLOS, WTLOS and STLOS.
const WEI_DECIMALS: u8 = 18;

/// A balance the amount exceeds, naming the field and what is available.
fn check_balance(
    field: &'static str,
    amount: &Amount,
    available: U256,
) -> Result<(), ServiceError> {
    let available = Amount::new(available, amount.decimals()).map_err(|e| field_error(field, e))?;
    ensure_within_balance(amount, &available).map_err(|source| ServiceError::Field {
        field,
        source,
        available: Some(available.to_plain_string()),
    })
}

/// Checks `request` and turns it into the call to make.
///
/// # Errors
/// An invalid field or a balance too low; the network lacks the contract; the chain
/// cannot be read.
pub async fn draft(
    network: &EvmNetwork,
    from: Address,
    request: &PrepareRequest,
    mut fields: Fields,
) -> Result<Draft, ServiceError> {
    let reader = network.reader();
    let system = network.settings().system_token.symbol.clone();
    let (intent, sentence) = match request {
        PrepareRequest::Send {
            token, to, amount, ..
        } => {
            let to = fields.address("to", to)?;
            let native = token.as_deref().map(str::trim).is_none_or(|token| {
                token.is_empty()
                    || token.eq_ignore_ascii_case(&system)
                    || token.eq_ignore_ascii_case("native")
            });
            if native {
                fields.recipient("to", to, None, false);
                let amount = positive_amount("amount", amount, WEI_DECIMALS)?;
                check_balance("amount", &amount, reader.native_balance(from).await?)?;
                let sentence = summary::send(&amount, &system, to);
                (
                    Intent::SendNative {
                        to,
                        amount: amount.raw(),
                    },
                    sentence,
                )
            } else {
                let token = fields.address("token", token.as_deref().unwrap_or_default())?;
                let (facts, decimals) = erc20(network, "token", token).await?;
                // A contract cannot sign, so tokens sent to one move only if it was
                // written to move them.
                let contract = !to.is_zero() && !reader.code(to).await?.is_empty();
                fields.recipient("to", to, Some(token), contract);
                let amount = positive_amount("amount", amount, decimals)?;
                check_balance("amount", &amount, reader.balance_of(token, from).await?)?;
                let sentence = summary::send(&amount, &facts.label(), to);
                (
                    Intent::SendToken {
                        token,
                        to,
                        amount: amount.raw(),
                    },
                    sentence,
                )
            }
        }
        PrepareRequest::NftTransfer {
            contract,
            token_id: id,
            to,
            quantity: count,
            ..
        } => {
            let contract = fields.address("contract", contract)?;
            let to = fields.address("to", to)?;
            // A contract that cannot take the NFT makes the safe transfer revert, which
            // the fee estimate reports; only the zero address and the collection remain.
            fields.recipient("to", to, Some(contract), false);
            let id = token_id("tokenId", id)?;
            let count = count
                .as_deref()
                .map(|text| quantity("quantity", text))
                .transpose()?;
            nft_transfer(network, from, contract, id, count, to).await?
        }
        PrepareRequest::Wrap { amount, .. } | PrepareRequest::Unwrap { amount, .. } => {
            let wtlos =
                network
                    .wrapped_token()
                    .ok_or_else(|| ServiceError::ContractNotConfigured {
                        network: network.name(),
                        contract: "wrapped token",
                    })?;
            let wrapped = network
                .settings()
                .wrapped_token
                .as_ref()
                .map_or("WTLOS", |t| t.symbol.as_str())
                .to_owned();
            let amount = positive_amount("amount", amount, WEI_DECIMALS)?;
            if matches!(request, PrepareRequest::Wrap { .. }) {
                check_balance("amount", &amount, reader.native_balance(from).await?)?;
                (
                    Intent::Wrap {
                        wtlos,
                        amount: amount.raw(),
                    },
                    summary::wrap(&amount, &system, &wrapped),
                )
            } else {
                check_balance("amount", &amount, reader.wtlos_balance(wtlos, from).await?)?;
                (
                    Intent::Unwrap {
                        wtlos,
                        amount: amount.raw(),
                    },
                    summary::unwrap(&amount, &system, &wrapped),
                )
            }
        }
        PrepareRequest::Stake { amount, .. } => {
            let (stlos, _) = network.staking_contracts()?;
            let amount = positive_amount("amount", amount, WEI_DECIMALS)?;
            check_balance("amount", &amount, reader.native_balance(from).await?)?;
            let shares = reader.preview_deposit(stlos, amount.raw()).await?;
            let shares = Amount::new(shares, WEI_DECIMALS).map_err(|e| field_error("amount", e))?;
            let staked = network
                .settings()
                .staked_token
                .as_ref()
                .map_or("STLOS", |t| t.symbol.as_str())
                .to_owned();
            (
                Intent::Stake {
                    stlos,
                    amount: amount.raw(),
                },
                summary::stake(&amount, &system, &shares, &staked),
            )
        }
        PrepareRequest::Unstake { amount, .. } => {
            let (stlos, escrow) = network.staking_contracts()?;
            let amount = positive_amount("amount", amount, WEI_DECIMALS)?;
            let max_withdraw = IStlosWrite::maxWithdrawCall { owner: from };
            let (most, lock) = tokio::try_join!(
                reader.call(stlos, &max_withdraw),
                reader.escrow_lock_duration(escrow),
            )?;
            check_balance("amount", &amount, most)?;
            let lock = describe_duration(lock).to_string();
            let intent = Intent::Unstake {
                stlos,
                owner: from,
                assets: amount.raw(),
            };
            (intent, summary::unstake(&amount, &system, &lock))
        }
        PrepareRequest::Withdraw { .. } => {
            let (_, escrow) = network.staking_contracts()?;
            let unlocked = reader.escrow_max_withdraw(escrow, from).await?;
            if unlocked.is_zero() {
                return Err(ServiceError::NothingToWithdraw);
            }
            let amount = Amount::new(unlocked, WEI_DECIMALS).map_err(|e| field_error("from", e))?;
            (
                Intent::Withdraw { escrow },
                summary::withdraw(&amount, &system),
            )
        }
        PrepareRequest::Approve {
            token,
            spender,
            amount,
            ..
        } => {
            let token = fields.address("token", token)?;
            let spender = fields.address("spender", spender)?;
            let (facts, decimals) = erc20(network, "token", token).await?;
            let amount = allowance("amount", amount, decimals)?;
            let sentence = summary::approve(&amount, &facts.label(), spender);
            (
                Intent::Approve {
                    token,
                    spender,
                    amount: amount.raw(),
                },
                sentence,
            )
        }
        PrepareRequest::Revoke {
            contract,
            spender,
            token_id: id,
            ..
        } => {
            let contract = fields.address("contract", contract)?;
            let spender = fields.address("spender", spender)?;
            let id = id
                .as_deref()
                .map(|text| token_id("tokenId", text))
                .transpose()?;
            let facts = token_facts(network, contract).await?;
            let intent = decide_one(network, from, spender, contract, id, facts.as_ref()).await?;
            let sentence = revoke_summary(&intent, facts.as_ref(), spender);
            (intent, sentence)
        }
    };
    Ok(Draft {
        kind: request.kind(),
        intent,
        summary: sentence,
        warnings: fields.into_warnings(),
    })
}

async fn nft_transfer(
    network: &EvmNetwork,
    from: Address,
    contract: Address,
    id: U256,
    count: Option<U256>,
    to: Address,
) -> Result<(Intent, String), ServiceError> {
    let reader = network.reader();
    let facts = token_facts(network, contract).await?;
    let name = facts.as_ref().and_then(|f| f.name.clone());
    match facts.map(|f| f.kind) {
        Some(TokenKind::Erc721) => {
            if count.is_some_and(|count| count != U256::from(1u8)) {
                let error = DomainError::AboveMaximum {
                    max: "1".to_owned(),
                };
                return Err(field_error("quantity", error));
            }
            let owner = reader.owner_of(contract, id).await.ok();
            if owner != Some(from) {
                return Err(ServiceError::NftNotOwned { token_id: id });
            }
            let sentence = summary::nft_transfer(name.as_deref(), contract, id, None, to);
            Ok((
                Intent::TransferErc721 {
                    contract,
                    from,
                    to,
                    token_id: id,
                },
                sentence,
            ))
        }
        Some(TokenKind::Erc1155) => {
            let count = count.unwrap_or(U256::from(1u8));
            let held = reader.erc1155_balance_of(contract, from, id).await?;
            if count > held {
                return Err(ServiceError::Field {
                    field: "quantity",
                    source: DomainError::BalanceTooLow,
                    available: Some(held.to_string()),
                });
            }
            let sentence = summary::nft_transfer(name.as_deref(), contract, id, Some(count), to);
            let intent = Intent::TransferErc1155 {
                contract,
                from,
                to,
                token_id: id,
                quantity: count,
            };
            Ok((intent, sentence))
        }
        _ => Err(field_error("contract", DomainError::InvalidNftContractType)),
    }
}
