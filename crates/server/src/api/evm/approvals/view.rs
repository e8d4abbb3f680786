//! The approvals table's rows as sent (spec §3 allowance rows), with the domain's risk
//! facts, value at risk and revoke-batch id. Amounts are exact decimal text.

use std::collections::HashMap;

use alloy_primitives::{Address, U256};
use serde::Serialize;
use tandem_domain::allowance::{AllowanceRow, Erc721Scope, RiskFact};
use tandem_domain::amount::{Amount, MAX_ALLOWANCE};
use utoipa::ToSchema;

/// Why an approval is risky.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RiskFactView {
    /// The ERC-20 allowance is the maximum (unlimited).
    Unlimited,
    /// The approval covers a whole NFT collection.
    CollectionWide,
    /// The spender is an account, not a contract.
    SpenderNotContract,
    /// The ERC-20 allowance is above the owner's balance.
    AboveBalance,
}

impl From<RiskFact> for RiskFactView {
    fn from(fact: RiskFact) -> Self {
        match fact {
            RiskFact::Unlimited => Self::Unlimited,
            RiskFact::CollectionWide => Self::CollectionWide,
            RiskFact::SpenderNotContract => Self::SpenderNotContract,
            RiskFact::AboveBalance => Self::AboveBalance,
        }
    }
}

/// Fields every approval row has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalCommon {
    /// Revoke-batch id, `spender-token[-tokenId]`.
    pub id: String,
    /// Last change, ms since the epoch.
    pub last_updated: u64,
    /// The approved spender or operator (EIP-55).
    pub spender_address: String,
    /// The spender's contract name, if known.
    pub spender_name: Option<String>,
    /// False when the spender is known to be an account rather than a contract.
    pub spender_is_contract: bool,
    /// True when nothing is approved any more.
    pub revoked: bool,
    /// Risk facts of a live approval.
    pub risk_facts: Vec<RiskFactView>,
    /// Fiat value the spender could take now (ERC-20 with a price), 18 decimals.
    pub value_at_risk: Option<String>,
}

/// An ERC-20 approval.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Erc20ApprovalView {
    /// Common fields.
    #[serde(flatten)]
    pub common: ApprovalCommon,
    /// Token name (symbol or address when unnamed).
    pub token_name: String,
    /// Token contract (EIP-55).
    pub token_address: String,
    /// Token symbol.
    pub token_symbol: String,
    /// Token decimals.
    pub token_decimals: u8,
    /// Approved amount, in whole tokens (exact).
    pub allowance: String,
    /// Approved amount in the smallest unit.
    pub allowance_raw: String,
    /// True for the maximum allowance (2^256 - 1).
    pub unlimited: bool,
    /// The owner's balance, in whole tokens.
    pub balance: String,
    /// Total supply in whole tokens (0 when unknown).
    pub token_max_supply: String,
    /// Fiat price per whole token (18 decimals), when known.
    pub token_price: Option<String>,
    /// Logo URL.
    pub token_logo: Option<String>,
}

/// An ERC-721 approval: one token or the whole collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Erc721ApprovalView {
    /// Common fields.
    #[serde(flatten)]
    pub common: ApprovalCommon,
    /// Still approved.
    pub allowed: bool,
    /// Collection contract (EIP-55).
    pub collection_address: String,
    /// Collection name.
    pub collection_name: Option<String>,
    /// True for `setApprovalForAll` (every token the owner holds).
    pub collection_wide: bool,
    /// The token id (single-token approvals).
    pub token_id: Option<String>,
    /// The token's name (single-token approvals), when known.
    pub token_name: Option<String>,
    /// Tokens held of the collection (collection-wide approvals).
    pub balance: Option<String>,
}

/// An ERC-1155 approval (always collection-wide).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Erc1155ApprovalView {
    /// Common fields.
    #[serde(flatten)]
    pub common: ApprovalCommon,
    /// Still approved.
    pub allowed: bool,
    /// Collection contract (EIP-55).
    pub collection_address: String,
    /// Collection name.
    pub collection_name: Option<String>,
    /// Tokens held of the collection.
    pub balance: String,
}

/// One approvals row, tagged by `type`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ApprovalView {
    /// ERC-20.
    Erc20(Erc20ApprovalView),
    /// ERC-721.
    Erc721(Erc721ApprovalView),
    /// ERC-1155.
    Erc1155(Erc1155ApprovalView),
}

/// EIP-55 text of addresses, each worked out once per answer: a checksum is a Keccak
/// hash, and an owner's thousand approvals name the same few tokens and spenders again
/// and again.
#[derive(Debug, Default)]
pub struct Checksums(HashMap<Address, String>);

impl Checksums {
    /// The checksummed text of `address`.
    pub fn of(&mut self, address: Address) -> String {
        self.0
            .entry(address)
            .or_insert_with(|| address.to_checksum(None))
            .clone()
    }
}

fn amount_text(raw: U256, decimals: u8) -> String {
    Amount::new(raw, decimals).map_or_else(|_| raw.to_string(), |a| a.to_plain_string())
}

/// The row as sent; `spender_is_contract` feeds the risk facts.
#[must_use]
pub fn approval_view(
    row: &AllowanceRow,
    spender_is_contract: bool,
    checksums: &mut Checksums,
) -> ApprovalView {
    let common = row.common();
    let common = ApprovalCommon {
        id: row.batch_id().text_with(|address| checksums.of(address)),
        last_updated: common.last_updated_ms,
        spender_address: checksums.of(common.spender_address),
        spender_name: common.spender_name.clone(),
        spender_is_contract,
        revoked: row.is_revoked(),
        risk_facts: row
            .risk_facts(spender_is_contract)
            .into_iter()
            .map(RiskFactView::from)
            .collect(),
        value_at_risk: row.value_at_risk().map(|a| a.to_plain_string()),
    };
    match row {
        AllowanceRow::Erc20(r) => ApprovalView::Erc20(Erc20ApprovalView {
            common,
            token_name: r.token_name.clone(),
            token_address: checksums.of(r.token_address),
            token_symbol: r.token_symbol.clone(),
            token_decimals: r.token_decimals,
            allowance: amount_text(r.allowance, r.token_decimals),
            allowance_raw: r.allowance.to_string(),
            unlimited: r.allowance == MAX_ALLOWANCE,
            balance: amount_text(r.balance, r.token_decimals),
            token_max_supply: amount_text(r.token_max_supply, r.token_decimals),
            token_price: r.token_price.map(|p| p.price().to_plain_string()),
            token_logo: r.token_logo.clone(),
        }),
        AllowanceRow::Erc721(r) => {
            let (token_id, token_name, balance) = match &r.scope {
                Erc721Scope::Single {
                    token_id,
                    token_name,
                } => (Some(token_id.to_string()), token_name.clone(), None),
                Erc721Scope::Collection { balance } => (None, None, Some(balance.to_string())),
            };
            ApprovalView::Erc721(Erc721ApprovalView {
                common,
                allowed: r.allowed,
                collection_address: checksums.of(r.collection_address),
                collection_name: r.collection_name.clone(),
                collection_wide: balance.is_some(),
                token_id,
                token_name,
                balance,
            })
        }
        AllowanceRow::Erc1155(r) => ApprovalView::Erc1155(Erc1155ApprovalView {
            common,
            allowed: r.allowed,
            collection_address: checksums.of(r.collection_address),
            collection_name: r.collection_name.clone(),
            balance: r.balance.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::Address;
    use tandem_domain::allowance::{AllowanceCommon, Erc20Allowance, Erc721Allowance};
    use tandem_domain::price::MarketPrice;

    use super::*;

    fn common() -> AllowanceCommon {
        AllowanceCommon {
            last_updated_ms: 9,
            spender_address: Address::repeat_byte(0x5e),
            spender_name: Some("Router".into()),
        }
    }

    #[test]
    fn erc20_rows_carry_exact_amounts_and_risk() {
        let row = AllowanceRow::Erc20(Erc20Allowance {
            common: common(),
            token_name: "Tandem USD".into(),
            token_address: Address::repeat_byte(0x20),
            allowance: MAX_ALLOWANCE,
            balance: U256::from(1_500_000),
            token_decimals: 6,
            token_max_supply: U256::from(10_000_000),
            token_symbol: "TUSD".into(),
            token_price: MarketPrice::from_decimal_str("2", 0).ok(),
            token_logo: None,
        });
        let json = serde_json::to_value(approval_view(&row, true, &mut Checksums::default()))
            .expect("json");
        assert_eq!(json["type"], "erc20");
        assert_eq!(json["balance"], "1.5");
        assert_eq!(json["tokenMaxSupply"], "10");
        assert_eq!(json["unlimited"], true);
        assert_eq!(json["allowanceRaw"], MAX_ALLOWANCE.to_string());
        assert_eq!(
            json["riskFacts"],
            serde_json::json!(["unlimited", "aboveBalance"])
        );
        assert_eq!(json["valueAtRisk"], "3");
        assert_eq!(json["tokenPrice"], "2");
        assert_eq!(json["revoked"], false);
        assert_eq!(
            json["id"],
            format!(
                "{}-{}",
                Address::repeat_byte(0x5e).to_checksum(None),
                Address::repeat_byte(0x20).to_checksum(None)
            )
        );
    }

    #[test]
    fn nft_rows_say_their_scope() {
        let single = AllowanceRow::Erc721(Erc721Allowance {
            common: common(),
            allowed: true,
            collection_address: Address::repeat_byte(0x72),
            collection_name: Some("Tandem Art".into()),
            scope: Erc721Scope::Single {
                token_id: U256::from(2),
                token_name: Some("Waves".into()),
            },
        });
        let json = serde_json::to_value(approval_view(&single, false, &mut Checksums::default()))
            .expect("json");
        assert_eq!(json["type"], "erc721");
        assert_eq!(
            (json["tokenId"].as_str(), json["collectionWide"].as_bool()),
            (Some("2"), Some(false))
        );
        assert_eq!(json["riskFacts"], serde_json::json!(["spenderNotContract"]));
        assert!(json["id"].as_str().is_some_and(|id| id.ends_with("-2")));
        let wide = AllowanceRow::Erc721(Erc721Allowance {
            allowed: false,
            scope: Erc721Scope::Collection {
                balance: U256::from(3),
            },
            ..match single {
                AllowanceRow::Erc721(r) => r,
                _ => unreachable!("built above"),
            }
        });
        let json = serde_json::to_value(approval_view(&wide, true, &mut Checksums::default()))
            .expect("json");
        assert_eq!(
            (json["balance"].as_str(), json["collectionWide"].as_bool()),
            (Some("3"), Some(true))
        );
        assert_eq!(
            (
                json["revoked"].as_bool(),
                json["riskFacts"].as_array().map(Vec::len)
            ),
            (Some(true), Some(0))
        );
    }
}
