use alloy_primitives::{Address, U256};

use super::*;

const SPENDER: Address = Address::repeat_byte(0x5e);

fn common(updated: u64, name: Option<&str>) -> AllowanceCommon {
    AllowanceCommon {
        last_updated_ms: updated,
        spender_address: SPENDER,
        spender_name: name.map(str::to_owned),
    }
}

fn units(whole: u64) -> U256 {
    U256::from(whole) * U256::from(1_000_000u64)
}

fn erc20(
    name: &str,
    allowance: U256,
    balance: U256,
    price: Option<&str>,
    updated: u64,
) -> AllowanceRow {
    AllowanceRow::Erc20(Erc20Allowance {
        common: common(updated, Some("Router")),
        token_name: name.into(),
        token_address: Address::repeat_byte(0x20),
        allowance,
        balance,
        token_decimals: 6,
        token_max_supply: units(1_000_000),
        token_symbol: name.to_uppercase(),
        token_price: price.map(|p| MarketPrice::from_decimal_str(p, 0).unwrap()),
        token_logo: None,
    })
}

fn erc721_single(id: u64, allowed: bool, updated: u64) -> AllowanceRow {
    AllowanceRow::Erc721(Erc721Allowance {
        common: common(updated, None),
        allowed,
        collection_address: Address::repeat_byte(0x72),
        collection_name: Some("Pairs".into()),
        scope: Erc721Scope::Single {
            token_id: U256::from(id),
            token_name: Some(format!("Pair #{id}")),
        },
    })
}

fn erc721_collection(balance: u64) -> AllowanceRow {
    AllowanceRow::Erc721(Erc721Allowance {
        common: common(5, Some("Market")),
        allowed: true,
        collection_address: Address::repeat_byte(0x73),
        collection_name: None,
        scope: Erc721Scope::Collection {
            balance: U256::from(balance),
        },
    })
}

fn erc1155(balance: u64, allowed: bool) -> AllowanceRow {
    AllowanceRow::Erc1155(Erc1155Allowance {
        common: common(7, Some("Bazaar")),
        allowed,
        collection_address: Address::repeat_byte(0x11),
        collection_name: Some("Items".into()),
        balance: U256::from(balance),
    })
}

fn rows() -> Vec<AllowanceRow> {
    vec![
        erc20("usdc", units(100), units(40), Some("1"), 3), // at risk 40
        erc20("wtlos", MAX_ALLOWANCE, units(10), Some("0.5"), 1), // at risk 5
        erc20("nopr", units(7), units(7), None, 9),
        erc20("gone", U256::ZERO, units(7), Some("1"), 2),
        erc721_single(42, true, 4),
        erc721_collection(3),
        erc1155(12, true),
        erc1155(1, false),
    ]
}

fn labels(rows: &[AllowanceRow]) -> Vec<String> {
    rows.iter()
        .map(|r| match r {
            AllowanceRow::Erc20(e) => e.token_name.clone(),
            AllowanceRow::Erc721(e) => match &e.scope {
                Erc721Scope::Single { token_id, .. } => format!("721#{token_id}"),
                Erc721Scope::Collection { balance } => format!("721*{balance}"),
            },
            AllowanceRow::Erc1155(e) => format!("1155x{}", e.balance),
        })
        .collect()
}

#[test]
fn sorting_table() {
    use AllowanceSortKey::{Amount as ByAmount, Date, Spender, Token, Type, ValueAtRisk};
    use SortDirection::{Ascending, Descending};
    let cases: &[(AllowanceSortKey, SortDirection, &[&str])] = &[
        (
            ValueAtRisk,
            Descending,
            &[
                "usdc", "wtlos", "gone", "nopr", "721#42", "721*3", "1155x12", "1155x1",
            ],
        ),
        (
            ByAmount,
            Descending,
            &[
                "wtlos", "usdc", "1155x12", "nopr", "721*3", "721#42", "1155x1", "gone",
            ],
        ),
        (
            Date,
            Ascending,
            &[
                "wtlos", "gone", "usdc", "721#42", "721*3", "1155x12", "1155x1", "nopr",
            ],
        ),
        (
            Type,
            Descending,
            &[
                "1155x12", "1155x1", "721#42", "721*3", "usdc", "wtlos", "nopr", "gone",
            ],
        ),
        (
            Token,
            Ascending,
            &[
                "721*3", "gone", "1155x12", "1155x1", "nopr", "721#42", "usdc", "wtlos",
            ],
        ),
        (
            Spender,
            Ascending,
            &[
                "721#42", "1155x12", "1155x1", "721*3", "usdc", "wtlos", "nopr", "gone",
            ],
        ),
    ];
    for (key, direction, expected) in cases {
        let mut sorted = rows();
        sort_allowances(&mut sorted, *key, *direction);
        assert_eq!(labels(&sorted), *expected, "{key:?} {direction:?}");
    }
}

#[test]
fn filtering_hides_revoked_and_searches() {
    let all = rows();
    let cases: &[(bool, &str, &[&str])] = &[
        (
            false,
            "",
            &["usdc", "wtlos", "nopr", "721#42", "721*3", "1155x12"],
        ),
        (
            true,
            "",
            &[
                "usdc", "wtlos", "nopr", "gone", "721#42", "721*3", "1155x12", "1155x1",
            ],
        ),
        (false, "  USDC ", &["usdc"]),
        (false, "pair #42", &["721#42"]),
        (false, "bazaar", &["1155x12"]),
        (true, "items", &["1155x12", "1155x1"]),
        (false, "0x7373", &["721*3"]),
        (false, "nothing matches", &[]),
    ];
    for (include_revoked, search, expected) in cases {
        let filter = AllowanceFilter {
            include_revoked: *include_revoked,
            search: (*search).into(),
        };
        let shown: Vec<AllowanceRow> = filter_allowances(&all, &filter)
            .into_iter()
            .cloned()
            .collect();
        assert_eq!(labels(&shown), *expected, "{search}");
    }
    assert!(!AllowanceFilter::default().include_revoked);
}

#[test]
fn risk_facts_table() {
    use RiskFact::{AboveBalance, CollectionWide, SpenderNotContract, Unlimited};
    let cases: Vec<(AllowanceRow, bool, Vec<RiskFact>)> = vec![
        (
            erc20("wtlos", MAX_ALLOWANCE, units(10), None, 0),
            true,
            vec![Unlimited, AboveBalance],
        ),
        (
            erc20("usdc", units(100), units(40), None, 0),
            false,
            vec![AboveBalance, SpenderNotContract],
        ),
        (erc20("nopr", units(7), units(7), None, 0), true, vec![]),
        (erc20("gone", U256::ZERO, units(7), None, 0), false, vec![]),
        (erc721_single(1, true, 0), true, vec![]),
        (
            erc721_collection(2),
            false,
            vec![CollectionWide, SpenderNotContract],
        ),
        (erc1155(2, true), true, vec![CollectionWide]),
        (erc1155(2, false), false, vec![]),
    ];
    for (row, spender_is_contract, expected) in cases {
        assert_eq!(
            row.risk_facts(spender_is_contract),
            expected,
            "{}",
            row.token_label()
        );
    }
}

#[test]
fn value_amount_and_batch_ids() {
    let usdc = &rows()[0];
    assert_eq!(usdc.value_at_risk().unwrap().to_plain_string(), "40");
    assert_eq!(usdc.amount().to_plain_string(), "100");
    assert!(erc721_single(1, true, 0).value_at_risk().is_none());
    let spender = SPENDER.to_checksum(None);
    let id = erc721_single(42, true, 0).batch_id();
    assert_eq!(
        id.to_string(),
        format!(
            "{spender}-{}-42",
            Address::repeat_byte(0x72).to_checksum(None)
        )
    );
    assert_eq!(AllowanceBatchId::parse(&id.to_string()).unwrap(), id);
    assert_eq!(erc1155(1, true).batch_id().token_id, None);
}

#[test]
fn permute_moves_each_row_to_its_place() {
    // Two cycles (0 → 3 → 1 → 0 and 2 ↔ 4) and a fixed point (5).
    let order = [3, 0, 4, 1, 2, 5];
    let mut rows = ['a', 'b', 'c', 'd', 'e', 'f'];
    permute(&mut rows, &order);
    assert_eq!(rows, ['d', 'a', 'e', 'b', 'c', 'f']);
    let mut empty: [char; 0] = [];
    permute(&mut empty, &[]);
}

#[test]
fn sorting_is_stable_for_equal_keys() {
    let mut rows = vec![
        erc20("B", units(1), units(1), Some("1"), 10),
        erc20("A", units(1), units(1), Some("1"), 20),
    ];
    sort_allowances(&mut rows, AllowanceSortKey::Type, SortDirection::Descending);
    let names: Vec<String> = rows.iter().map(AllowanceRow::token_label).collect();
    assert_eq!(names, ["B", "A"]);
}
