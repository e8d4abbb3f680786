//! NFT and holder queries: ERC-721 ownership and ERC-1155 balances as NFT records
//! (with what is shown of the fetched metadata and, for ERC-1155, the id's supply joined
//! in), and token holder lists. Records carry the metadata's preview (its shown keys,
//! `tandem_domain::nft::metadata_preview`), never the whole document: a list of
//! thousands reads a few hundred bytes per NFT.

use alloy_primitives::{Address, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{HolderQuery, HolderRecord, NftRecord, PageRequest, TokenStandard};

use super::Sql;
use super::codec::{Cols, Value, addr, int, uint, word};
use super::query::{collection_standard, page_clause};
use crate::store::StoreError;

/// The page of `select … WHERE condition ORDER BY order`, as NFT records.
fn nft_page(
    sql: &dyn Sql,
    select: &str,
    (condition, order): (&str, &str),
    mut args: Vec<Value>,
    page: PageRequest,
    record: impl Fn(Cols<'_>) -> Result<NftRecord, StoreError>,
) -> Result<Vec<NftRecord>, StoreError> {
    let paging = page_clause(&mut args, page);
    let statement = format!("{select} WHERE {condition} ORDER BY {order} {paging}");
    sql.query(&statement, &args)?
        .iter()
        .map(|row| record(Cols(row)))
        .collect()
}

/// ERC-721 tokens matching `condition` (over `nft_owners n`), with their metadata.
fn erc721_records(
    sql: &dyn Sql,
    condition: &str,
    args: Vec<Value>,
    page: PageRequest,
) -> Result<Vec<NftRecord>, StoreError> {
    let select = "SELECT n.contract, n.token_id, n.owner, n.minter, n.block_minted, n.time_ms,
         m.token_uri, COALESCE(m.preview, m.metadata) FROM nft_owners n
         LEFT JOIN nft_metadata m ON m.contract = n.contract AND m.token_id = n.token_id";
    let order = "n.contract, n.token_id";
    nft_page(sql, select, (condition, order), args, page, |cols| {
        Ok(NftRecord {
            standard: NftStandard::Erc721,
            contract: cols.address(0)?,
            token_id: cols.u256(1)?,
            amount: U256::from(1u8),
            owner: Some(cols.address(2)?),
            supply: None,
            token_uri: cols.opt_text(6)?,
            metadata: cols.opt_text(7)?,
            minter: cols.opt_address(3)?,
            block_minted: cols.opt_int(4)?.map(uint),
            updated_ms: Some(cols.u64(5)?),
        })
    })
}

/// ERC-1155 balances matching `condition` (over `multi_balances b`), with their
/// metadata and the id's supply.
fn erc1155_records(
    sql: &dyn Sql,
    condition: &str,
    args: Vec<Value>,
    page: PageRequest,
) -> Result<Vec<NftRecord>, StoreError> {
    let select = "SELECT b.contract, b.token_id, b.holder, b.amount, b.time_ms, m.token_uri,
         COALESCE(m.preview, m.metadata), s.amount FROM multi_balances b
         LEFT JOIN nft_metadata m ON m.contract = b.contract AND m.token_id = b.token_id
         LEFT JOIN supplies s ON s.contract = b.contract AND s.token_id = b.token_id";
    let order = "b.contract, b.token_id, b.holder";
    nft_page(sql, select, (condition, order), args, page, |cols| {
        Ok(NftRecord {
            standard: NftStandard::Erc1155,
            contract: cols.address(0)?,
            token_id: cols.u256(1)?,
            amount: cols.u256(3)?,
            owner: Some(cols.address(2)?),
            supply: cols.opt_u256(7)?,
            token_uri: cols.opt_text(5)?,
            metadata: cols.opt_text(6)?,
            minter: None,
            block_minted: None,
            updated_ms: Some(cols.u64(4)?),
        })
    })
}

/// NFTs `owner` holds of one standard.
pub fn nfts_owned(
    sql: &dyn Sql,
    owner: Address,
    standard: NftStandard,
    page: PageRequest,
) -> Result<Vec<NftRecord>, StoreError> {
    let args = vec![addr(&owner)];
    match standard {
        NftStandard::Erc721 => erc721_records(sql, "n.owner = ?1", args, page),
        NftStandard::Erc1155 => erc1155_records(sql, "b.holder = ?1", args, page),
    }
}

/// Tokens of a collection (ERC-1155: one row per holder and id).
pub fn collection_nfts(
    sql: &dyn Sql,
    contract: Address,
    token_id: Option<U256>,
    page: PageRequest,
) -> Result<Vec<NftRecord>, StoreError> {
    let mut args = vec![addr(&contract)];
    args.extend(token_id.as_ref().map(word));
    let condition = |table: &str| match token_id {
        Some(_) => format!("{table}.contract = ?1 AND {table}.token_id = ?2"),
        None => format!("{table}.contract = ?1"),
    };
    if collection_standard(sql, contract)? == Some(TokenStandard::Erc1155) {
        return erc1155_records(sql, &condition("b"), args, page);
    }
    erc721_records(sql, &condition("n"), args, page)
}

/// Holders of a token contract.
pub fn token_holders(
    sql: &dyn Sql,
    contract: Address,
    query: &HolderQuery,
) -> Result<Vec<HolderRecord>, StoreError> {
    let page = |limit: u64| PageRequest { offset: 0, limit };
    let to_holder = |record: NftRecord| HolderRecord {
        address: record.owner.unwrap_or_default(),
        token_id: Some(record.token_id),
        balance: record.amount,
        updated_ms: record.updated_ms,
    };
    if let Some(TokenStandard::Erc721 | TokenStandard::Erc1155) =
        collection_standard(sql, contract)?
    {
        let records = match query {
            HolderQuery::All { limit } => collection_nfts(sql, contract, None, page(*limit))?,
            HolderQuery::TokenId { token_id, limit } => {
                collection_nfts(sql, contract, Some(*token_id), page(*limit))?
            }
            HolderQuery::Account(account) => {
                let mut owned = nfts_owned(sql, *account, NftStandard::Erc721, page(10_000))?;
                owned.extend(nfts_owned(
                    sql,
                    *account,
                    NftStandard::Erc1155,
                    page(10_000),
                )?);
                owned
                    .into_iter()
                    .filter(|record| record.contract == contract)
                    .collect()
            }
        };
        return Ok(records.into_iter().map(to_holder).collect());
    }
    let (condition, mut args, limit) = match query {
        HolderQuery::Account(account) => (
            "token = ?1 AND holder = ?2",
            vec![addr(&contract), addr(account)],
            1,
        ),
        HolderQuery::All { limit } | HolderQuery::TokenId { limit, .. } => {
            ("token = ?1", vec![addr(&contract)], *limit)
        }
    };
    args.push(int(limit));
    let rows = sql.query(
        &format!(
            "SELECT holder, amount, time_ms FROM token_balances WHERE {condition}
             ORDER BY amount DESC, holder LIMIT ?{}",
            args.len()
        ),
        &args,
    )?;
    rows.iter()
        .map(|row| {
            let cols = Cols(row);
            Ok(HolderRecord {
                address: cols.address(0)?,
                token_id: None,
                balance: cols.u256(1)?,
                updated_ms: Some(cols.u64(2)?),
            })
        })
        .collect()
}
