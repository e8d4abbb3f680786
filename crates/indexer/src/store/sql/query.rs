//! Read queries behind [`IndexSource`](crate::IndexSource): the store's rows as the
//! records of `tandem_evm::source` (history in `history_query`, NFTs and holders in
//! `nft_query`). Each answer takes a fixed, small number of statements (what a record
//! needs is joined in, never fetched row by row), since on PostgreSQL every statement
//! is a round trip; every list has an explicit order.

use alloy_primitives::Address;
use tandem_evm::source::{
    ApprovalKind, ApprovalRecord, ContractInterface, ContractRecord, PageRequest, TokenBalance,
    TokenStandard,
};

use super::Sql;
use super::codec::{Cols, Row, Value, addr, int, standard_from, uint};
use crate::store::StoreError;

/// `LIMIT ?n OFFSET ?n+1` for a page, its parameters appended to `args`.
pub(super) fn page_clause(args: &mut Vec<Value>, page: PageRequest) -> String {
    args.push(int(page.limit));
    args.push(int(page.offset));
    format!("LIMIT ?{} OFFSET ?{}", args.len() - 1, args.len())
}

/// Native balance row of `owner`.
pub fn native_balance(sql: &dyn Sql, owner: Address) -> Result<Option<TokenBalance>, StoreError> {
    let rows = sql.query(
        "SELECT amount, time_ms FROM native_balances WHERE address = ?1",
        &[addr(&owner)],
    )?;
    rows.first()
        .map(|row| {
            let cols = Cols(row);
            Ok(TokenBalance {
                token: None,
                amount: cols.u256(0)?,
                contract: None,
                updated_ms: Some(cols.u64(1)?),
            })
        })
        .transpose()
}

/// The columns [`contract_from`] reads, from `contracts c` and its whole-contract supply
/// `s` (see [`contract_join`]).
pub(super) const CONTRACT_COLUMNS: &str = "c.address, c.seen_standard, c.probed, c.name, c.symbol, \
     c.decimals, c.interfaces, c.creator, c.creation_tx, c.creation_block, s.amount";

/// Joins the whole-contract supply row (`token_id` empty) of `contracts c` as `s`;
/// parameter `?{empty}` must be empty bytes.
pub(super) fn contract_join(empty: usize) -> String {
    format!("LEFT JOIN supplies s ON s.contract = c.address AND s.token_id = ?{empty}")
}

/// Interfaces of a contract: as probed, else (not probed, or probing found nothing)
/// the shape of its transfer logs.
fn declared_interfaces(
    seen_standard: Option<i64>,
    probed: bool,
    interfaces: Option<&str>,
) -> Vec<ContractInterface> {
    let declared: Vec<ContractInterface> = interfaces
        .unwrap_or_default()
        .split(',')
        .filter_map(|name| match name {
            "erc20" => Some(ContractInterface::Erc20),
            "erc721" => Some(ContractInterface::Erc721),
            "erc1155" => Some(ContractInterface::Erc1155),
            _ => None,
        })
        .collect();
    if !declared.is_empty() && probed {
        return declared;
    }
    seen_standard
        .map(standard_from)
        .map(|standard| match standard {
            TokenStandard::Erc20 => ContractInterface::Erc20,
            TokenStandard::Erc721 => ContractInterface::Erc721,
            TokenStandard::Erc1155 => ContractInterface::Erc1155,
        })
        .into_iter()
        .collect()
}

/// The token standard a contract's interfaces make it.
fn standard_of(interfaces: &[ContractInterface]) -> Option<TokenStandard> {
    if interfaces.contains(&ContractInterface::Erc1155) {
        Some(TokenStandard::Erc1155)
    } else if interfaces.contains(&ContractInterface::Erc721) {
        Some(TokenStandard::Erc721)
    } else if interfaces.contains(&ContractInterface::Erc20) {
        Some(TokenStandard::Erc20)
    } else {
        None
    }
}

/// A contract record from [`CONTRACT_COLUMNS`] starting at column `at`; `None` when
/// the left join found no contract.
fn contract_from(cols: Cols<'_>, at: usize) -> Result<Option<ContractRecord>, StoreError> {
    let Some(address) = cols.opt_address(at)? else {
        return Ok(None);
    };
    let interfaces = cols.opt_text(at + 6)?;
    let probed = cols.flag(at + 2)?;
    let declared = declared_interfaces(cols.opt_int(at + 1)?, probed, interfaces.as_deref());
    let supply = if declared.contains(&ContractInterface::Erc1155) {
        None
    } else {
        cols.opt_u256(at + 10)?
    };
    Ok(Some(ContractRecord {
        address,
        name: cols.opt_text(at + 3)?,
        symbol: cols.opt_text(at + 4)?,
        decimals: cols.opt_int(at + 5)?.and_then(|d| u8::try_from(d).ok()),
        interfaces: declared,
        creator: cols.opt_address(at + 7)?,
        creation_transaction: cols.opt_hash(at + 8)?,
        creation_block: cols.opt_int(at + 9)?.map(uint),
        verified: false,
        logo_uri: None,
        supply,
        unprobed: !probed,
    }))
}

/// Non-zero ERC-20 balances of `owner`, with what is known of each token.
pub fn token_balances(sql: &dyn Sql, owner: Address) -> Result<Vec<TokenBalance>, StoreError> {
    let statement = format!(
        "SELECT b.token, b.amount, b.time_ms, {CONTRACT_COLUMNS} FROM token_balances b
         LEFT JOIN contracts c ON c.address = b.token {}
         WHERE b.holder = ?1 ORDER BY b.token",
        contract_join(2)
    );
    let rows = sql.query(&statement, &[addr(&owner), Value::Bytes(Vec::new())])?;
    let mut balances = Vec::with_capacity(rows.len());
    for row in &rows {
        let cols = Cols(row);
        let amount = cols.u256(1)?;
        if amount.is_zero() {
            continue;
        }
        balances.push(TokenBalance {
            token: Some(cols.address(0)?),
            amount,
            contract: contract_from(cols, 3)?,
            updated_ms: Some(cols.u64(2)?),
        });
    }
    Ok(balances)
}

/// The NFT standard of a collection: probed interfaces first, else what its logs looked like.
pub(super) fn collection_standard(
    sql: &dyn Sql,
    contract: Address,
) -> Result<Option<TokenStandard>, StoreError> {
    let rows = sql.query(
        "SELECT seen_standard, probed, interfaces FROM contracts WHERE address = ?1",
        &[addr(&contract)],
    )?;
    rows.first()
        .map_or(Ok(None), |row| standard_at(Cols(row), 0))
}

/// [`standard_of`] a contract from `seen_standard, probed, interfaces` at column `at`.
fn standard_at(cols: Cols<'_>, at: usize) -> Result<Option<TokenStandard>, StoreError> {
    let interfaces = cols.opt_text(at + 2)?;
    Ok(standard_of(&declared_interfaces(
        cols.opt_int(at)?,
        cols.opt_int(at + 1)?.is_some_and(|probed| probed != 0),
        interfaces.as_deref(),
    )))
}

/// Appends to `records` what `record` makes of each row `statement` finds for `owner`
/// (`?1`); `None` skips a row.
fn approval_rows(
    sql: &dyn Sql,
    statement: &str,
    owner: Address,
    records: &mut Vec<ApprovalRecord>,
    record: impl Fn(Cols<'_>) -> Result<Option<ApprovalRecord>, StoreError>,
) -> Result<(), StoreError> {
    for row in &sql.query(statement, &[addr(&owner)])? {
        records.extend(record(Cols(row))?);
    }
    Ok(())
}

const ALLOWANCES: &str = "SELECT token, spender, amount, time_ms FROM allowances
     WHERE owner = ?1 ORDER BY token, spender";
const SINGLE_APPROVALS: &str = "SELECT contract, token_id, approved, time_ms FROM token_approvals
     WHERE owner = ?1 ORDER BY contract, token_id";
const OPERATORS: &str = "SELECT o.contract, o.operator, o.approved, o.time_ms, c.seen_standard,
     c.probed, c.interfaces FROM operators o LEFT JOIN contracts c ON c.address = o.contract
     WHERE o.owner = ?1 ORDER BY o.contract, o.operator";

/// Approvals `owner` granted of each kind in `kinds`, revoked ones included: kind by kind
/// in the order of `kinds`, newest first within a kind. Each table is read once, however
/// many kinds need it (operators serve both ERC-721 and ERC-1155).
pub fn approvals(
    sql: &dyn Sql,
    owner: Address,
    kinds: &[ApprovalKind],
) -> Result<Vec<ApprovalRecord>, StoreError> {
    let mut operators = Vec::new();
    if kinds.iter().any(|kind| *kind != TokenStandard::Erc20) {
        approval_rows(sql, OPERATORS, owner, &mut operators, |cols| {
            // A collection whose standard is unknown is listed as ERC-721, the common case.
            Ok(Some(ApprovalRecord::Operator {
                standard: standard_at(cols, 4)?.unwrap_or(TokenStandard::Erc721),
                owner,
                contract: cols.address(0)?,
                operator: cols.address(1)?,
                approved: cols.flag(2)?,
                updated_ms: cols.u64(3)?,
            }))
        })?;
    }
    let mut all = Vec::new();
    for &kind in kinds {
        let mut records = Vec::new();
        if kind == TokenStandard::Erc20 {
            approval_rows(sql, ALLOWANCES, owner, &mut records, |cols| {
                Ok(Some(ApprovalRecord::Erc20 {
                    owner,
                    contract: cols.address(0)?,
                    spender: cols.address(1)?,
                    amount: cols.u256(2)?,
                    updated_ms: cols.u64(3)?,
                }))
            })?;
        } else {
            if kind == TokenStandard::Erc721 {
                approval_rows(sql, SINGLE_APPROVALS, owner, &mut records, |cols| {
                    Ok(Some(ApprovalRecord::Erc721Single {
                        owner,
                        contract: cols.address(0)?,
                        token_id: cols.u256(1)?,
                        approved: cols.address(2)?,
                        updated_ms: cols.u64(3)?,
                    }))
                })?;
            }
            records.extend(operators.iter().filter(|record| {
                matches!(record, ApprovalRecord::Operator { standard, .. } if *standard == kind)
            }).cloned());
        }
        // Stable: equal times keep the query order.
        records.sort_by_key(|record| {
            std::cmp::Reverse(match record {
                ApprovalRecord::Erc20 { updated_ms, .. }
                | ApprovalRecord::Erc721Single { updated_ms, .. }
                | ApprovalRecord::Operator { updated_ms, .. } => *updated_ms,
            })
        });
        all.extend(records);
    }
    Ok(all)
}

/// What the index knows of a contract.
pub fn contract(sql: &dyn Sql, address: Address) -> Result<Option<ContractRecord>, StoreError> {
    let statement = format!(
        "SELECT {CONTRACT_COLUMNS} FROM contracts c {} WHERE c.address = ?1",
        contract_join(2)
    );
    let rows: Vec<Row> = sql.query(&statement, &[addr(&address), Value::Bytes(Vec::new())])?;
    rows.first()
        .map_or(Ok(None), |row| contract_from(Cols(row), 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unprobed_contract_goes_by_its_logs() {
        assert_eq!(
            declared_interfaces(Some(1), false, Some("erc20")),
            vec![ContractInterface::Erc721]
        );
        assert_eq!(
            declared_interfaces(Some(1), true, Some("erc1155,erc721")),
            vec![ContractInterface::Erc1155, ContractInterface::Erc721]
        );
        assert_eq!(declared_interfaces(None, true, Some("")), Vec::new());
        assert_eq!(
            standard_of(&[ContractInterface::Erc721, ContractInterface::Erc1155]),
            Some(TokenStandard::Erc1155)
        );
    }
}
