//! What a prepared transaction does, as data: the asset, the amount, the recipient, the
//! spender, the NFT ids. The review words it in the user's language (the app's i18n
//! keys), so no sentence for a screen is built here.

use alloy::primitives::{Address, U256};
use serde::Serialize;
use tandem_domain::amount::Amount;
use tandem_domain::approval_call::decode_approval_call;
use tandem_domain::time::{DurationUnit, describe_duration};

use super::facts::TokenFacts;

/// A token or collection as the review names it: its symbol, else its name, else its
/// address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssetRef {
    /// The contract (EIP-55); `null` for the system token itself.
    pub address: Option<String>,
    /// `symbol()` or the system token's symbol, when known.
    pub symbol: Option<String>,
    /// `name()` or a listed name, when known.
    pub name: Option<String>,
}

impl AssetRef {
    /// The system token (TLOS), which has no contract.
    #[must_use]
    pub fn system(symbol: &str) -> Self {
        Self {
            address: None,
            symbol: Some(symbol.to_owned()),
            name: None,
        }
    }

    /// The contract at `address`, with what is known of it.
    #[must_use]
    pub fn contract(address: Address, facts: Option<&TokenFacts>) -> Self {
        let known = |value: Option<&String>| {
            value
                .map(|text| text.trim())
                .filter(|text| !text.is_empty())
                .map(str::to_owned)
        };
        Self {
            address: Some(address.to_checksum(None)),
            symbol: known(facts.and_then(|f| f.symbol.as_ref())),
            name: known(facts.and_then(|f| f.name.as_ref())),
        }
    }
}

/// A span of time in the largest whole unit that fits (spec §9 duration wording).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodView {
    /// The span in seconds.
    pub seconds: u64,
    /// Whole units of `unit` (rounded down).
    pub value: u64,
    /// The unit.
    #[schema(value_type = String)]
    pub unit: DurationUnit,
}

impl PeriodView {
    /// `seconds` described by the domain's rule.
    #[must_use]
    pub fn of(seconds: u64) -> Self {
        let described = describe_duration(seconds);
        Self {
            seconds,
            value: described.value,
            unit: described.unit,
        }
    }
}

/// What the transaction does; `action` picks the variant. Amounts are exact decimal
/// text in whole tokens, addresses EIP-55, token ids decimal text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
// Fields of more than one word are renamed one by one: the OpenAPI derive does not read
// `rename_all_fields`.
#[serde(tag = "action", rename_all = "camelCase")]
pub enum Effect {
    /// The system token or an ERC-20 token sent to `to`.
    Send {
        asset: AssetRef,
        #[schema(value_type = String)]
        amount: Amount,
        to: String,
    },
    /// An ERC-721 token, or `quantity` of an ERC-1155 token, sent to `to`.
    NftTransfer {
        collection: AssetRef,
        #[serde(rename = "tokenId")]
        token_id: String,
        /// ERC-1155 only.
        quantity: Option<String>,
        to: String,
    },
    /// The system token wrapped into its wrapped token.
    Wrap {
        #[schema(value_type = String)]
        amount: Amount,
        symbol: String,
        #[serde(rename = "wrappedSymbol")]
        wrapped_symbol: String,
    },
    /// The wrapped token unwrapped into the system token.
    Unwrap {
        #[schema(value_type = String)]
        amount: Amount,
        symbol: String,
        #[serde(rename = "wrappedSymbol")]
        wrapped_symbol: String,
    },
    /// The system token staked for about `shares` of the staked token.
    Stake {
        #[schema(value_type = String)]
        amount: Amount,
        symbol: String,
        #[schema(value_type = String)]
        shares: Amount,
        #[serde(rename = "stakedSymbol")]
        staked_symbol: String,
    },
    /// The system token unstaked into the escrow, locked for `lock`.
    Unstake {
        #[schema(value_type = String)]
        amount: Amount,
        symbol: String,
        lock: PeriodView,
    },
    /// Every unlocked escrow deposit withdrawn.
    Withdraw {
        #[schema(value_type = String)]
        amount: Amount,
        symbol: String,
    },
    /// An ERC-20 allowance set to `amount` (zero clears it).
    Approve {
        token: AssetRef,
        spender: String,
        #[schema(value_type = String)]
        amount: Amount,
        /// Practically unlimited.
        unlimited: bool,
    },
    /// An ERC-20 allowance set back to zero.
    RevokeAllowance { token: AssetRef, spender: String },
    /// The approval of one ERC-721 token cleared.
    RevokeNft {
        collection: AssetRef,
        #[serde(rename = "tokenId")]
        token_id: String,
        spender: String,
    },
    /// An operator's approval for a whole collection removed.
    RevokeOperator {
        collection: AssetRef,
        operator: String,
    },
}

/// An address as the answer writes it.
#[must_use]
pub fn checksummed(address: Address) -> String {
    address.to_checksum(None)
}

/// Whether `call_data` grants an approval (`approve`, `increaseAllowance` or
/// `setApprovalForAll` that allows something), by the domain's one table of approval
/// calls: what makes the review weigh the grant before the wallet opens.
#[must_use]
pub fn grants_approval(call_data: &[u8]) -> bool {
    decode_approval_call(call_data).is_some_and(|call| call.grants())
}

/// A token id or quantity as decimal text.
#[must_use]
pub fn decimal(value: U256) -> String {
    value.to_string()
}

#[cfg(test)]
mod tests {
    use alloy::primitives::address;

    use super::*;
    use crate::evm::prepare::revoke::TokenKind;

    const TOKEN: Address = address!("0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E");

    #[test]
    fn an_effect_is_tagged_by_its_action_with_exact_amounts() {
        let effect = Effect::Send {
            asset: AssetRef::system("TLOS"),
            amount: Amount::new(U256::from(1_500_000u32), 6).unwrap(),
            to: checksummed(TOKEN),
        };
        assert_eq!(
            serde_json::to_value(&effect).unwrap(),
            serde_json::json!({
                "action": "send",
                "asset": { "address": null, "symbol": "TLOS", "name": null },
                "amount": "1.5",
                "to": "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E"
            })
        );
        let unstake = Effect::Unstake {
            amount: Amount::new(U256::from(5u8), 0).unwrap(),
            symbol: "TLOS".to_owned(),
            lock: PeriodView::of(7_200),
        };
        assert_eq!(
            serde_json::to_value(&unstake).unwrap()["lock"],
            serde_json::json!({ "seconds": 7200, "value": 2, "unit": "hour" })
        );
    }

    #[test]
    fn only_calls_that_allow_something_grant_an_approval() {
        let call = |signature: &str, target: Address, value: U256| {
            let mut data = alloy::primitives::keccak256(signature)[..4].to_vec();
            data.extend_from_slice(target.into_word().as_slice());
            data.extend_from_slice(&value.to_be_bytes::<32>());
            data
        };
        let one = U256::from(1u8);
        assert!(grants_approval(&call(
            "approve(address,uint256)",
            TOKEN,
            U256::MAX
        )));
        assert!(grants_approval(&call(
            "increaseAllowance(address,uint256)",
            TOKEN,
            one
        )));
        assert!(grants_approval(&call(
            "setApprovalForAll(address,bool)",
            TOKEN,
            one
        )));
        assert!(!grants_approval(&call(
            "approve(address,uint256)",
            TOKEN,
            U256::ZERO
        )));
        assert!(!grants_approval(&call(
            "approve(address,uint256)",
            Address::ZERO,
            one
        )));
        assert!(!grants_approval(&call(
            "setApprovalForAll(address,bool)",
            TOKEN,
            U256::ZERO
        )));
        assert!(!grants_approval(&call(
            "transfer(address,uint256)",
            TOKEN,
            one
        )));
        assert!(!grants_approval(&[]));
    }

    #[test]
    fn a_contract_is_named_by_what_is_known_of_it() {
        let facts = TokenFacts {
            address: TOKEN,
            kind: TokenKind::Erc20,
            name: Some("Tandem USD".to_owned()),
            symbol: Some(" ".to_owned()),
            decimals: Some(6),
        };
        let asset = AssetRef::contract(TOKEN, Some(&facts));
        assert_eq!(asset.symbol, None, "a blank symbol is no symbol");
        assert_eq!(asset.name.as_deref(), Some("Tandem USD"));
        assert_eq!(AssetRef::contract(TOKEN, None).name, None);
    }
}
