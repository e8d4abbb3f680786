//! From a request to a [`Draft`]: every field checked with the domain's rules, amounts
//! parsed with the token's own decimals, and the sender's balance read, so "balance too
//! low" is said before any gas is estimated.

use alloy::primitives::{Address, U256};
use tandem_domain::DomainError;
use tandem_domain::amount::{Amount, ensure_within_balance};

use super::Outcome;
use super::calls::{IStlosWrite, Intent};
use super::effect::{AssetRef, Effect, PeriodView, checksummed, decimal};
use super::facts::{erc20, token_facts};
use super::fee::Draft;
use super::request::{
    Fields, PrepareRequest, RecipientKind, allowance, field_error, positive_amount, quantity,
    token_id,
};
use super::revoke::{TokenKind, decide_one, revoke_effect};
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

/// Checks `request` and turns it into the call to make, or says why a revoke needs none.
///
/// # Errors
/// An invalid field or a balance too low; the network lacks the contract; the chain
/// cannot be read.
pub async fn draft(
    network: &EvmNetwork,
    from: Address,
    request: &PrepareRequest,
    mut fields: Fields,
) -> Result<Outcome<Draft>, ServiceError> {
    let reader = network.reader();
    let system = network.settings().system_token.symbol.clone();
    let (intent, effect) = match request {
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
                // A contract that cannot be paid makes the estimate revert (reported then).
                let kind = RecipientKind {
                    contract: false,
                    token: is_token_contract(network, to).await?,
                };
                fields.recipient("to", to, None, kind);
                let amount = positive_amount("amount", amount, WEI_DECIMALS)?;
                check_balance("amount", &amount, reader.native_balance(from).await?)?;
                let intent = Intent::SendNative {
                    to,
                    amount: amount.raw(),
                };
                let effect = Effect::Send {
                    asset: AssetRef::system(&system),
                    amount,
                    to: checksummed(to),
                };
                (intent, effect)
            } else {
                let token = fields.address("token", token.as_deref().unwrap_or_default())?;
                let (facts, decimals) = erc20(network, "token", token).await?;
                // A contract cannot sign, so tokens sent to one move only if it was
                // written to move them.
                let contract = !to.is_zero() && !reader.code(to).await?.is_empty();
                let kind = RecipientKind {
                    contract,
                    token: contract && is_token_contract(network, to).await?,
                };
                fields.recipient("to", to, Some(token), kind);
                let amount = positive_amount("amount", amount, decimals)?;
                check_balance("amount", &amount, reader.balance_of(token, from).await?)?;
                let intent = Intent::SendToken {
                    token,
                    to,
                    amount: amount.raw(),
                };
                let effect = Effect::Send {
                    asset: AssetRef::contract(token, Some(&facts)),
                    amount,
                    to: checksummed(to),
                };
                (intent, effect)
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
            let kind = RecipientKind {
                contract: false,
                token: is_token_contract(network, to).await?,
            };
            fields.recipient("to", to, Some(contract), kind);
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
            let raw = amount.raw();
            if matches!(request, PrepareRequest::Wrap { .. }) {
                check_balance("amount", &amount, reader.native_balance(from).await?)?;
                let effect = Effect::Wrap {
                    amount,
                    symbol: system,
                    wrapped_symbol: wrapped,
                };
                (Intent::Wrap { wtlos, amount: raw }, effect)
            } else {
                check_balance("amount", &amount, reader.wtlos_balance(wtlos, from).await?)?;
                let effect = Effect::Unwrap {
                    amount,
                    symbol: system,
                    wrapped_symbol: wrapped,
                };
                (Intent::Unwrap { wtlos, amount: raw }, effect)
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
            let intent = Intent::Stake {
                stlos,
                amount: amount.raw(),
            };
            let effect = Effect::Stake {
                amount,
                symbol: system,
                shares,
                staked_symbol: staked,
            };
            (intent, effect)
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
            let intent = Intent::Unstake {
                stlos,
                owner: from,
                assets: amount.raw(),
            };
            let effect = Effect::Unstake {
                amount,
                symbol: system,
                lock: PeriodView::of(lock),
            };
            (intent, effect)
        }
        PrepareRequest::Withdraw { .. } => {
            let (_, escrow) = network.staking_contracts()?;
            let unlocked = reader.escrow_max_withdraw(escrow, from).await?;
            if unlocked.is_zero() {
                return Err(ServiceError::NothingToWithdraw);
            }
            let amount = Amount::new(unlocked, WEI_DECIMALS).map_err(|e| field_error("from", e))?;
            let effect = Effect::Withdraw {
                amount,
                symbol: system,
            };
            (Intent::Withdraw { escrow }, effect)
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
            let intent = Intent::Approve {
                token,
                spender,
                amount: amount.raw(),
            };
            let effect = Effect::Approve {
                token: AssetRef::contract(token, Some(&facts)),
                spender: checksummed(spender),
                unlimited: amount.is_unlimited(),
                amount,
            };
            (intent, effect)
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
            match decide_one(network, from, spender, contract, id, facts.as_ref()).await? {
                Ok(call) => (call.into(), revoke_effect(call, facts.as_ref())),
                Err(reason) => return Ok(Outcome::NothingToRevoke(reason)),
            }
        }
    };
    Ok(Outcome::Ready(Draft {
        kind: request.kind(),
        intent,
        effect,
        warnings: fields.into_warnings(),
    }))
}

async fn nft_transfer(
    network: &EvmNetwork,
    from: Address,
    contract: Address,
    id: U256,
    count: Option<U256>,
    to: Address,
) -> Result<(Intent, Effect), ServiceError> {
    let reader = network.reader();
    let facts = token_facts(network, contract).await?;
    let effect = |quantity: Option<U256>| Effect::NftTransfer {
        collection: AssetRef::contract(contract, facts.as_ref()),
        token_id: decimal(id),
        quantity: quantity.map(decimal),
        to: checksummed(to),
    };
    match facts.as_ref().map(|f| f.kind) {
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
            let intent = Intent::TransferErc721 {
                contract,
                from,
                to,
                token_id: id,
            };
            Ok((intent, effect(None)))
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
            let intent = Intent::TransferErc1155 {
                contract,
                from,
                to,
                token_id: id,
                quantity: count,
            };
            Ok((intent, effect(Some(count))))
        }
        _ => Err(field_error("contract", DomainError::InvalidNftContractType)),
    }
}

/// Whether `to` is a token or collection contract (a recipient copied by mistake); an
/// account without code is not, and is not looked up.
async fn is_token_contract(network: &EvmNetwork, to: Address) -> Result<bool, ServiceError> {
    if to.is_zero() || network.reader().code(to).await?.is_empty() {
        return Ok(false);
    }
    Ok(token_facts(network, to).await?.is_some())
}
