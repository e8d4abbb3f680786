//! Building the domain's approval rows (spec §3 allowance rows) from what the source
//! lists and what the lookups found: names, decimals, logos, supplies, balances, prices.

use std::collections::HashMap;

use alloy_primitives::{Address, U256};
use tandem_domain::allowance::{
    AllowanceCommon, AllowanceRow, Erc20Allowance, Erc721Allowance, Erc721Scope, Erc1155Allowance,
};
use tandem_domain::price::MarketPrice;
use tandem_domain::token::DEFAULT_TOKEN_DECIMALS;
use tandem_evm::source::{ApprovalRecord, ContractInterface, ContractRecord, TokenStandard};

/// What is known of a spender.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SpenderFacts {
    /// Its contract name, if any.
    pub name: Option<String>,
    /// False only when it is known to hold no code (an account, not a contract).
    pub is_contract: bool,
}

/// Everything besides the approval records that the rows show.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApprovalFacts {
    /// Token and collection contracts.
    pub contracts: HashMap<Address, ContractRecord>,
    /// Spenders and operators.
    pub spenders: HashMap<Address, SpenderFacts>,
    /// The owner's ERC-20 balances, smallest units (missing means zero).
    pub token_balances: HashMap<Address, U256>,
    /// How many NFTs of each collection the owner holds (missing means zero).
    pub nft_balances: HashMap<Address, U256>,
    /// Token prices.
    pub prices: HashMap<Address, MarketPrice>,
    /// NFT names from their metadata.
    pub token_names: HashMap<(Address, U256), String>,
}

crate::cache::weigh_by_debug!(ApprovalFacts);

impl ApprovalFacts {
    fn contract_name(&self, address: Address) -> Option<String> {
        self.contracts.get(&address).and_then(|c| c.name.clone())
    }

    fn common(&self, spender: Address, updated_ms: u64) -> AllowanceCommon {
        AllowanceCommon {
            last_updated_ms: updated_ms,
            spender_address: spender,
            spender_name: self.spenders.get(&spender).and_then(|s| s.name.clone()),
        }
    }

    /// Whether `spender` is a contract (an unknown one counts as one: the risk fact
    /// "spender is not a contract" is only claimed when known).
    #[must_use]
    pub fn spender_is_contract(&self, spender: Address) -> bool {
        self.spenders.get(&spender).is_none_or(|s| s.is_contract)
    }
}

/// The contracts whose facts the rows of `records` need (tokens and collections), each
/// with the kind its approval shows.
#[must_use]
pub fn contracts_of(records: &[ApprovalRecord]) -> Vec<(Address, ContractInterface)> {
    let mut found: Vec<(Address, ContractInterface)> = Vec::new();
    for record in records {
        let (contract, kind) = match record {
            ApprovalRecord::Erc20 { contract, .. } => (*contract, ContractInterface::Erc20),
            ApprovalRecord::Erc721Single { contract, .. } => (*contract, ContractInterface::Erc721),
            ApprovalRecord::Operator {
                contract, standard, ..
            } => (
                *contract,
                if *standard == TokenStandard::Erc1155 {
                    ContractInterface::Erc1155
                } else {
                    ContractInterface::Erc721
                },
            ),
        };
        if !found.iter().any(|(known, _)| *known == contract) {
            found.push((contract, kind));
        }
    }
    found
}

/// The spenders and operators of `records` (the zero address of a revoked single
/// approval left out).
#[must_use]
pub fn spenders_of(records: &[ApprovalRecord]) -> Vec<Address> {
    unique(
        records
            .iter()
            .map(|record| match record {
                ApprovalRecord::Erc20 { spender, .. } => *spender,
                ApprovalRecord::Erc721Single { approved, .. } => *approved,
                ApprovalRecord::Operator { operator, .. } => *operator,
            })
            .filter(|address| !address.is_zero()),
    )
}

/// The ERC-20 tokens of `records`.
#[must_use]
pub fn tokens_of(records: &[ApprovalRecord]) -> Vec<Address> {
    unique(records.iter().filter_map(|record| match record {
        ApprovalRecord::Erc20 { contract, .. } => Some(*contract),
        _ => None,
    }))
}

/// The collections of the collection-wide approvals (whose standard the index may still
/// learn from the collection's transfers).
#[must_use]
pub fn operator_contracts_of(records: &[ApprovalRecord]) -> Vec<Address> {
    unique(records.iter().filter_map(|record| match record {
        ApprovalRecord::Operator { contract, .. } => Some(*contract),
        _ => None,
    }))
}

/// The single-token ERC-721 approvals' `(collection, token id)` pairs.
#[must_use]
pub fn single_tokens_of(records: &[ApprovalRecord]) -> Vec<(Address, U256)> {
    unique(records.iter().filter_map(|record| match record {
        ApprovalRecord::Erc721Single {
            contract, token_id, ..
        } => Some((*contract, *token_id)),
        _ => None,
    }))
}

fn unique<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut seen = Vec::new();
    for item in items {
        if !seen.contains(&item) {
            seen.push(item);
        }
    }
    seen
}

/// One row per record, in the records' order.
#[must_use]
pub fn build_rows(records: &[ApprovalRecord], facts: &ApprovalFacts) -> Vec<AllowanceRow> {
    records
        .iter()
        .map(|record| match *record {
            ApprovalRecord::Erc20 {
                contract,
                spender,
                amount,
                updated_ms,
                ..
            } => {
                let known = facts.contracts.get(&contract);
                let symbol = known.and_then(|c| c.symbol.clone()).unwrap_or_default();
                AllowanceRow::Erc20(Erc20Allowance {
                    common: facts.common(spender, updated_ms),
                    token_name: known
                        .and_then(|c| c.name.clone())
                        .or_else(|| (!symbol.is_empty()).then(|| symbol.clone()))
                        .unwrap_or_else(|| contract.to_checksum(None)),
                    token_address: contract,
                    allowance: amount,
                    balance: facts
                        .token_balances
                        .get(&contract)
                        .copied()
                        .unwrap_or_default(),
                    token_decimals: known
                        .and_then(|c| c.decimals)
                        .unwrap_or(DEFAULT_TOKEN_DECIMALS),
                    token_max_supply: known.and_then(|c| c.supply).unwrap_or_default(),
                    token_symbol: symbol,
                    token_price: facts.prices.get(&contract).copied(),
                    token_logo: known.and_then(|c| c.logo_uri.clone()),
                })
            }
            ApprovalRecord::Erc721Single {
                contract,
                token_id,
                approved,
                updated_ms,
                ..
            } => AllowanceRow::Erc721(Erc721Allowance {
                common: facts.common(approved, updated_ms),
                allowed: !approved.is_zero(),
                collection_address: contract,
                collection_name: facts.contract_name(contract),
                scope: Erc721Scope::Single {
                    token_id,
                    token_name: facts.token_names.get(&(contract, token_id)).cloned(),
                },
            }),
            ApprovalRecord::Operator {
                standard,
                contract,
                operator,
                approved,
                updated_ms,
                ..
            } => {
                let balance = facts
                    .nft_balances
                    .get(&contract)
                    .copied()
                    .unwrap_or_default();
                let common = facts.common(operator, updated_ms);
                let collection_name = facts.contract_name(contract);
                if standard == TokenStandard::Erc1155 {
                    AllowanceRow::Erc1155(Erc1155Allowance {
                        common,
                        allowed: approved,
                        collection_address: contract,
                        collection_name,
                        balance,
                    })
                } else {
                    AllowanceRow::Erc721(Erc721Allowance {
                        common,
                        allowed: approved,
                        collection_address: contract,
                        collection_name,
                        scope: Erc721Scope::Collection { balance },
                    })
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use tandem_domain::allowance::RiskFact;
    use tandem_domain::amount::MAX_ALLOWANCE;

    use super::*;

    const OWNER: Address = Address::repeat_byte(0x01);
    const TOKEN: Address = Address::repeat_byte(0x20);
    const UNLISTED: Address = Address::repeat_byte(0x21);
    const ART: Address = Address::repeat_byte(0x72);
    const ITEMS: Address = Address::repeat_byte(0x11);
    const ROUTER: Address = Address::repeat_byte(0x5e);
    const BOB: Address = Address::repeat_byte(0xb0);

    fn records() -> Vec<ApprovalRecord> {
        vec![
            ApprovalRecord::Erc20 {
                owner: OWNER,
                contract: TOKEN,
                spender: ROUTER,
                amount: MAX_ALLOWANCE,
                updated_ms: 3,
            },
            ApprovalRecord::Erc20 {
                owner: OWNER,
                contract: UNLISTED,
                spender: BOB,
                amount: U256::from(5),
                updated_ms: 4,
            },
            ApprovalRecord::Erc721Single {
                owner: OWNER,
                contract: ART,
                token_id: U256::from(2),
                approved: BOB,
                updated_ms: 5,
            },
            ApprovalRecord::Erc721Single {
                owner: OWNER,
                contract: ART,
                token_id: U256::from(4),
                approved: Address::ZERO,
                updated_ms: 6,
            },
            ApprovalRecord::Operator {
                standard: TokenStandard::Erc721,
                owner: OWNER,
                contract: ART,
                operator: ROUTER,
                approved: true,
                updated_ms: 7,
            },
            ApprovalRecord::Operator {
                standard: TokenStandard::Erc1155,
                owner: OWNER,
                contract: ITEMS,
                operator: BOB,
                approved: false,
                updated_ms: 8,
            },
        ]
    }

    fn facts() -> ApprovalFacts {
        let contract = |address, name: &str, symbol: &str, decimals| ContractRecord {
            address,
            name: Some(name.into()),
            symbol: Some(symbol.into()),
            decimals,
            supply: Some(U256::from(1_000_000)),
            logo_uri: Some(format!("https://logos/{symbol}.svg")),
            ..ContractRecord::default()
        };
        ApprovalFacts {
            contracts: HashMap::from([
                (TOKEN, contract(TOKEN, "Tandem USD", "TUSD", Some(6))),
                (ART, contract(ART, "Tandem Art", "ART", None)),
            ]),
            spenders: HashMap::from([
                (
                    ROUTER,
                    SpenderFacts {
                        name: Some("Router".into()),
                        is_contract: true,
                    },
                ),
                (
                    BOB,
                    SpenderFacts {
                        name: None,
                        is_contract: false,
                    },
                ),
            ]),
            token_balances: HashMap::from([(TOKEN, U256::from(40))]),
            nft_balances: HashMap::from([(ART, U256::from(3)), (ITEMS, U256::from(9))]),
            prices: HashMap::from([(
                TOKEN,
                MarketPrice::new(U256::from(10).pow(U256::from(18)), 0),
            )]),
            token_names: HashMap::from([((ART, U256::from(2)), "Waves".to_owned())]),
        }
    }

    #[test]
    fn every_record_becomes_a_row_with_its_facts() {
        let records = records();
        let facts = facts();
        let rows = build_rows(&records, &facts);
        assert_eq!(rows.len(), records.len());
        let AllowanceRow::Erc20(tusd) = &rows[0] else {
            panic!("erc20 first: {rows:?}");
        };
        assert_eq!(
            (
                tusd.token_name.as_str(),
                tusd.token_symbol.as_str(),
                tusd.token_decimals
            ),
            ("Tandem USD", "TUSD", 6)
        );
        assert_eq!(tusd.balance, U256::from(40));
        assert_eq!(tusd.common.spender_name.as_deref(), Some("Router"));
        assert!(tusd.token_price.is_some());
        assert_eq!(tusd.token_logo.as_deref(), Some("https://logos/TUSD.svg"));
        assert_eq!(
            rows[0].risk_facts(facts.spender_is_contract(ROUTER)),
            [RiskFact::Unlimited, RiskFact::AboveBalance]
        );
        // A token nobody knows still gets a row, named by its address, 18 decimals.
        let AllowanceRow::Erc20(unlisted) = &rows[1] else {
            panic!("erc20 second");
        };
        assert_eq!(unlisted.token_name, UNLISTED.to_checksum(None));
        assert_eq!(
            (unlisted.token_decimals, unlisted.balance),
            (18, U256::ZERO)
        );
        assert_eq!(
            rows[1].risk_facts(facts.spender_is_contract(BOB)),
            [RiskFact::AboveBalance, RiskFact::SpenderNotContract]
        );
        let AllowanceRow::Erc721(single) = &rows[2] else {
            panic!("erc721 single");
        };
        assert!(single.allowed);
        assert_eq!(
            single.scope,
            Erc721Scope::Single {
                token_id: U256::from(2),
                token_name: Some("Waves".into())
            }
        );
        assert!(rows[3].is_revoked(), "approved zero address is revoked");
        let AllowanceRow::Erc721(collection) = &rows[4] else {
            panic!("erc721 collection");
        };
        assert_eq!(
            collection.scope,
            Erc721Scope::Collection {
                balance: U256::from(3)
            }
        );
        assert_eq!(collection.collection_name.as_deref(), Some("Tandem Art"));
        let AllowanceRow::Erc1155(items) = &rows[5] else {
            panic!("erc1155");
        };
        assert!(!items.allowed && items.balance == U256::from(9));
        assert_eq!(items.collection_name, None);
    }

    #[test]
    fn lookups_list_each_address_once() {
        let records = records();
        assert_eq!(
            contracts_of(&records),
            [
                (TOKEN, ContractInterface::Erc20),
                (UNLISTED, ContractInterface::Erc20),
                (ART, ContractInterface::Erc721),
                (ITEMS, ContractInterface::Erc1155),
            ]
        );
        assert_eq!(spenders_of(&records), [ROUTER, BOB]);
        assert_eq!(tokens_of(&records), [TOKEN, UNLISTED]);
        assert_eq!(
            single_tokens_of(&records),
            [(ART, U256::from(2)), (ART, U256::from(4))]
        );
        assert!(
            facts().spender_is_contract(Address::repeat_byte(0x99)),
            "unknown spender"
        );
    }
}
