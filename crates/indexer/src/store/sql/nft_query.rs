//! NFT and holder queries: ERC-721 ownership and ERC-1155 balances as NFT records
//! (with the fetched metadata), and token holder lists.

use alloy_primitives::{Address, U256};
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params, params_from_iter};
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{HolderQuery, HolderRecord, NftRecord, PageRequest, TokenStandard};

use super::codec::{address_from, int, u256_blob, uint};
use super::query::{address_at, collection_standard, supply_of, u64_at, u256_at};
use crate::IndexerError;

fn metadata_of(
    conn: &Connection,
    contract: Address,
    token_id: U256,
) -> Result<(Option<String>, Option<String>), IndexerError> {
    Ok(conn
        .prepare_cached(
            "SELECT token_uri, metadata FROM nft_metadata WHERE contract = ?1 AND token_id = ?2",
        )?
        .query_row(params![contract.as_slice(), u256_blob(&token_id)], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()?
        .unwrap_or((None, None)))
}

struct NftRow {
    contract: Address,
    token_id: U256,
    amount: U256,
    owner: Option<Address>,
    minter: Option<Address>,
    block_minted: Option<u64>,
    updated_ms: u64,
}

fn nft_records(
    conn: &Connection,
    standard: NftStandard,
    rows: Vec<NftRow>,
) -> Result<Vec<NftRecord>, IndexerError> {
    rows.into_iter()
        .map(|row| {
            let (token_uri, metadata) = metadata_of(conn, row.contract, row.token_id)?;
            let supply = match standard {
                NftStandard::Erc1155 => supply_of(conn, row.contract, Some(row.token_id))?,
                NftStandard::Erc721 => None,
            };
            Ok(NftRecord {
                standard,
                contract: row.contract,
                token_id: row.token_id,
                amount: row.amount,
                owner: row.owner,
                supply,
                token_uri,
                metadata,
                minter: row.minter,
                block_minted: row.block_minted,
                updated_ms: Some(row.updated_ms),
            })
        })
        .collect()
}

fn erc721_rows(
    conn: &Connection,
    condition: &str,
    args: &[Value],
    page: PageRequest,
) -> Result<Vec<NftRow>, IndexerError> {
    let sql = format!(
        "SELECT contract, token_id, owner, minter, block_minted, time_ms FROM nft_owners WHERE {condition}
         ORDER BY contract, token_id LIMIT {} OFFSET {}",
        int(page.limit),
        int(page.offset)
    );
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement.query_map(params_from_iter(args.iter()), |row| {
        Ok(NftRow {
            contract: address_at(row, 0)?,
            token_id: u256_at(row, 1)?,
            amount: U256::from(1u8),
            owner: Some(address_at(row, 2)?),
            minter: row.get::<_, Option<Vec<u8>>>(3)?.map(|b| address_from(&b)),
            block_minted: row.get::<_, Option<i64>>(4)?.map(uint),
            updated_ms: u64_at(row, 5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn erc1155_rows(
    conn: &Connection,
    condition: &str,
    args: &[Value],
    page: PageRequest,
) -> Result<Vec<NftRow>, IndexerError> {
    let sql = format!(
        "SELECT contract, token_id, holder, amount, time_ms FROM multi_balances WHERE {condition}
         ORDER BY contract, token_id, holder LIMIT {} OFFSET {}",
        int(page.limit),
        int(page.offset)
    );
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement.query_map(params_from_iter(args.iter()), |row| {
        Ok(NftRow {
            contract: address_at(row, 0)?,
            token_id: u256_at(row, 1)?,
            owner: Some(address_at(row, 2)?),
            amount: u256_at(row, 3)?,
            minter: None,
            block_minted: None,
            updated_ms: u64_at(row, 4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// NFTs `owner` holds of one standard.
pub fn nfts_owned(
    conn: &Connection,
    owner: Address,
    standard: NftStandard,
    page: PageRequest,
) -> Result<Vec<NftRecord>, IndexerError> {
    let args = [Value::Blob(owner.to_vec())];
    let rows = match standard {
        NftStandard::Erc721 => erc721_rows(conn, "owner = ?1", &args, page)?,
        NftStandard::Erc1155 => erc1155_rows(conn, "holder = ?1", &args, page)?,
    };
    nft_records(conn, standard, rows)
}

/// Tokens of a collection (ERC-1155: one row per holder and id).
pub fn collection_nfts(
    conn: &Connection,
    contract: Address,
    token_id: Option<U256>,
    page: PageRequest,
) -> Result<Vec<NftRecord>, IndexerError> {
    let mut args = vec![Value::Blob(contract.to_vec())];
    let mut condition = String::from("contract = ?1");
    if let Some(id) = token_id {
        args.push(Value::Blob(u256_blob(&id).to_vec()));
        condition.push_str(" AND token_id = ?2");
    }
    if collection_standard(conn, contract)? == Some(TokenStandard::Erc1155) {
        let rows = erc1155_rows(conn, &condition, &args, page)?;
        return nft_records(conn, NftStandard::Erc1155, rows);
    }
    let rows = erc721_rows(conn, &condition, &args, page)?;
    nft_records(conn, NftStandard::Erc721, rows)
}

/// Holders of a token contract.
pub fn token_holders(
    conn: &Connection,
    contract: Address,
    query: &HolderQuery,
) -> Result<Vec<HolderRecord>, IndexerError> {
    let page = |limit: u64| PageRequest { offset: 0, limit };
    let to_holder = |record: NftRecord| HolderRecord {
        address: record.owner.unwrap_or_default(),
        token_id: Some(record.token_id),
        balance: record.amount,
        updated_ms: record.updated_ms,
    };
    match collection_standard(conn, contract)? {
        Some(TokenStandard::Erc721 | TokenStandard::Erc1155) => {
            let records = match query {
                HolderQuery::All { limit } => collection_nfts(conn, contract, None, page(*limit))?,
                HolderQuery::TokenId { token_id, limit } => {
                    collection_nfts(conn, contract, Some(*token_id), page(*limit))?
                }
                HolderQuery::Account(account) => {
                    let mut owned = nfts_owned(conn, *account, NftStandard::Erc721, page(10_000))?;
                    owned.extend(nfts_owned(
                        conn,
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
            Ok(records.into_iter().map(to_holder).collect())
        }
        _ => {
            let (condition, args, limit) = match query {
                HolderQuery::Account(account) => (
                    "token = ?1 AND holder = ?2",
                    vec![
                        Value::Blob(contract.to_vec()),
                        Value::Blob(account.to_vec()),
                    ],
                    1,
                ),
                HolderQuery::All { limit } | HolderQuery::TokenId { limit, .. } => {
                    ("token = ?1", vec![Value::Blob(contract.to_vec())], *limit)
                }
            };
            let sql = format!(
                "SELECT holder, amount, time_ms FROM token_balances WHERE {condition} ORDER BY amount DESC, holder LIMIT {}",
                int(limit)
            );
            let mut statement = conn.prepare_cached(&sql)?;
            let rows = statement.query_map(params_from_iter(args.iter()), |row| {
                Ok(HolderRecord {
                    address: address_at(row, 0)?,
                    token_id: None,
                    balance: u256_at(row, 1)?,
                    updated_ms: Some(u64_at(row, 2)?),
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        }
    }
}
