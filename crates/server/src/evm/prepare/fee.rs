//! The last step of every preparation: estimate the gas from the sender (a refusal
//! carries the node's reason), read the gas price, check that value plus fee is
//! covered, and price the fee in TLOS and fiat.

use alloy::network::TransactionBuilder;
use alloy::primitives::{Address, U256};
use alloy::rpc::types::TransactionRequest;
use serde::Serialize;
use tandem_domain::amount::Amount;
use tandem_evm::EvmError;

use super::calls::Intent;
use super::effect::{Effect, grants_approval};
use super::request::FieldWarning;
use super::revert;
use crate::error::ServiceError;
use crate::evm::{EvmNetwork, PricedToken};

/// Wei precision of the system token.
const WEI_DECIMALS: u8 = 18;

/// The fee of a prepared transaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Fee {
    /// Gas × gas price, in wei (decimal text).
    pub wei: String,
    /// The same in the system token, exact decimal text.
    #[schema(value_type = String)]
    pub amount: Amount,
    /// The system token's symbol.
    pub symbol: String,
    /// The fee in `fiatCurrency`, exact decimal text; `null` without a current price.
    #[schema(value_type = Option<String>)]
    pub fiat: Option<Amount>,
    /// The currency of `fiat`.
    pub fiat_currency: String,
}

/// A transaction ready for the client's wallet to sign. The server never signs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreparedTransaction {
    /// The `kind` asked for.
    pub kind: String,
    /// The EVM chain id to sign for.
    pub chain_id: u64,
    /// The sender, checksummed.
    pub from: String,
    /// The contract or recipient, checksummed.
    pub to: String,
    /// Call data, 0x hex (`0x` for a plain TLOS send).
    pub data: String,
    /// TLOS sent along, in wei (decimal text).
    pub value: String,
    /// `eth_estimateGas` from the sender (decimal text).
    pub gas: String,
    /// Suggested gas limit: the estimate plus 20 % for state changing before it is mined.
    pub gas_limit: String,
    /// The node's gas price (`eth_gasPrice`, refreshed at most every 10 s), in wei.
    pub gas_price: String,
    /// Estimated fee (gas × gas price).
    pub fee: Fee,
    /// What the transaction does, as data the review words.
    pub effect: Effect,
    /// Whether the call grants an approval (`approve`, `increaseAllowance` or
    /// `setApprovalForAll` that allows something), read from the call data by the
    /// domain's one table of approval calls: the review then weighs the grant
    /// (`POST …/approvals/check`) before the wallet opens.
    pub grants_approval: bool,
    /// Warnings about valid inputs (an address without checksum).
    pub warnings: Vec<FieldWarning>,
}

/// Everything known before the chain is asked about fees.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The `kind` tag.
    pub kind: &'static str,
    /// The call.
    pub intent: Intent,
    /// What it does.
    pub effect: Effect,
    /// Input warnings.
    pub warnings: Vec<FieldWarning>,
}

/// Estimates, prices and checks `draft` sent by `from`.
///
/// # Errors
/// [`ServiceError::WouldFail`] with `evm.transaction_reverted` (and the revert reason)
/// or `validation.balance_too_low`, [`ServiceError::InsufficientFunds`]; an upstream
/// failure when the node does not answer.
pub async fn finish(
    network: &EvmNetwork,
    from: Address,
    draft: Draft,
    fiat: &str,
) -> Result<PreparedTransaction, ServiceError> {
    let call = draft.intent.call();
    let request = TransactionRequest::default()
        .with_from(from)
        .with_to(call.to)
        .with_input(call.data.clone())
        .with_value(call.value);
    let reader = network.reader();
    let (gas, gas_price, balance) = tokio::try_join!(
        async {
            reader.estimate_gas(request).await.map_err(|error| {
                let refused = refusal(error);
                // Plain TLOS to an account never reverts: a revert means the recipient is a
                // contract with no way to be paid.
                match refused {
                    ServiceError::WouldFail {
                        code: revert::REVERTED,
                        revert_data,
                        ..
                    } if matches!(draft.intent, Intent::SendNative { .. }) => {
                        ServiceError::WouldFail {
                            code: revert::RECIPIENT_CANNOT_RECEIVE,
                            message: revert::RECIPIENT_CANNOT_RECEIVE_REASON.to_owned(),
                            reason: revert::RECIPIENT_CANNOT_RECEIVE_REASON.to_owned(),
                            revert_data,
                        }
                    }
                    other => other,
                }
            })
        },
        async { network.chain_data().await.map(|chain| chain.gas_price) },
        async { Ok(reader.native_balance(from).await?) },
    )?;
    let fee_wei = U256::from(gas).saturating_mul(U256::from(gas_price));
    if call.value.saturating_add(fee_wei) > balance {
        return Err(ServiceError::InsufficientFunds {
            value: call.value,
            fee: fee_wei,
            balance,
        });
    }
    let fee = price_fee(network, fee_wei, fiat).await;
    Ok(PreparedTransaction {
        kind: draft.kind.to_owned(),
        chain_id: network.chain_id(),
        from: from.to_checksum(None),
        to: call.to.to_checksum(None),
        data: alloy::primitives::hex::encode_prefixed(&call.data),
        value: call.value.to_string(),
        gas: gas.to_string(),
        gas_limit: gas.saturating_add(gas / 5).to_string(),
        gas_price: gas_price.to_string(),
        fee,
        effect: draft.effect,
        grants_approval: grants_approval(&call.data),
        warnings: draft.warnings,
    })
}

async fn price_fee(network: &EvmNetwork, fee_wei: U256, fiat: &str) -> Fee {
    let symbol = network.settings().system_token.symbol.clone();
    let amount = Amount::new(fee_wei, WEI_DECIMALS).unwrap_or(Amount::zero(WEI_DECIMALS));
    let token = PricedToken {
        symbol: symbol.clone(),
        address: None,
    };
    let quotes = network.prices().quotes(&[token], fiat).await;
    let fiat_value = quotes
        .first()
        .and_then(|quote| quote.price)
        .and_then(|price| price.to_fiat(&amount).ok());
    Fee {
        wei: fee_wei.to_string(),
        amount,
        symbol,
        fiat: fiat_value,
        fiat_currency: fiat.to_owned(),
    }
}

/// A refused estimate is the caller's problem (the node's reason, classified); no
/// answer at all is the node's.
fn refusal(error: EvmError) -> ServiceError {
    let EvmError::NodeError { message, data, .. } = &error else {
        return error.into();
    };
    let failure = revert::classify(message, data.as_ref().map(|data| &data[..]));
    let message = if failure.code == revert::REVERTED {
        format!("the transaction would fail: {}", failure.reason)
    } else {
        failure.reason.clone()
    };
    ServiceError::WouldFail {
        code: failure.code,
        message,
        reason: failure.reason,
        revert_data: data.clone(),
    }
}
