//! The routes the fake answers, each from the model of the devnet's chain (and, for
//! amounts and NFT metadata, the chain itself).

use std::collections::BTreeMap;

use alloy_primitives::{Address, B256, U256};
use serde_json::{Value, json};

use super::model::{Kind, Model, Transfer};
use super::node::{word_of, word_of_u256};
use super::{Faults, Generation, Shared, lock, render};

fn wants(query: &BTreeMap<String, String>, kind: Kind) -> bool {
    query
        .get("type")
        .filter(|t| !t.is_empty())
        .is_none_or(|types| types.split(',').any(|t| t.trim() == kind.label()))
}

pub(super) async fn respond(
    shared: &Shared,
    model: &Model,
    faults: &Faults,
    route: &str,
    query: &BTreeMap<String, String>,
) -> Result<Value, u16> {
    let segments: Vec<&str> = route.split('/').filter(|s| !s.is_empty()).collect();
    let page_size = *lock(&shared.page_size);
    let page = |rows| render::page(rows, query, shared.generation, page_size);
    let v12 = shared.generation == Generation::V12;
    let through = model.through.ok_or(404u16)?;
    let parse = |text: &str| text.parse::<Address>().map_err(|_| 422u16);
    match segments.as_slice() {
        ["main-page", "indexing-status"] => Ok(json!({
            "finished_indexing": true, "finished_indexing_blocks": true,
            "indexed_blocks_ratio": "1.00", "indexed_internal_transactions_ratio": "1.00"
        })),
        ["main-page", "blocks"] => Ok(Value::Array(
            model
                .block_times
                .iter()
                .rev()
                .take(4)
                .map(|(height, ms)| json!({"height": height, "timestamp": render::iso(*ms), "type": "block"}))
                .collect(),
        )),
        ["stats"] => Ok(json!({"coin_price": null, "market_cap": "0", "total_blocks": (through + 1).to_string()})),
        ["addresses", account] => {
            let account = parse(account)?;
            if !model.knows(account) {
                return Err(404);
            }
            let mut body = render::address_ref(model, account);
            body["coin_balance"] = json!(shared.node.balance(account, through).await.map(|b| b.to_string()));
            body["token"] = model.tokens.get(&account).map_or(Value::Null, render::token);
            body["creator_address_hash"] = json!(
                model.txs.iter().find(|tx| tx.created == Some(account)).map(|tx| tx.from.to_string())
            );
            body["creation_transaction_hash"] = json!(
                model.txs.iter().find(|tx| tx.created == Some(account)).map(|tx| format!("{:#x}", tx.hash))
            );
            Ok(body)
        }
        ["addresses", account, "transactions"] => {
            let account = parse(account)?;
            let filter = query.get("filter").map(String::as_str);
            let rows = model
                .account_txs(account)
                .into_iter()
                .filter(|tx| match filter {
                    Some("from") => tx.from == account,
                    Some("to") => tx.to == Some(account),
                    _ => true,
                })
                .map(|tx| {
                    (
                        vec![("block_number", json!(tx.block)), ("index", json!(tx.index))],
                        render::transaction(model, tx),
                    )
                })
                .collect();
            Ok(page(rows))
        }
        ["addresses", account, "token-transfers"] => {
            if v12 && query.contains_key("limit") {
                return Err(422);
            }
            let account = parse(account)?;
            let token = query.get("token").and_then(|t| t.parse::<Address>().ok());
            let mut listed: Vec<Transfer> =
                model.account_transfers(account).into_iter().cloned().collect();
            for (liar_for, lie) in &faults.lies {
                if *liar_for == account {
                    let mut lie = lie.clone();
                    lie.time_ms = model.block_times.get(&lie.block).copied().unwrap_or(0);
                    listed.push(lie);
                }
            }
            listed.sort_by_key(|t| std::cmp::Reverse((t.block, t.log_index)));
            let rows = listed
                .iter()
                .filter(|t| wants(query, t.kind) && token.is_none_or(|c| c == t.contract))
                .map(|t| {
                    (
                        vec![("block_number", json!(t.block)), ("index", json!(t.log_index))],
                        render::transfer(model, t),
                    )
                })
                .collect();
            Ok(page(rows))
        }
        ["addresses", _, "internal-transactions"] => {
            if v12 && query.contains_key("limit") {
                return Err(422);
            }
            Ok(page(Vec::new()))
        }
        ["addresses", account, "tokens"] => {
            let account = parse(account)?;
            let mut rows = Vec::new();
            if wants(query, Kind::Erc20) {
                for token in model.fungibles_of(account) {
                    let Some(amount) = shared
                        .node
                        .uint_call(token, "0x70a08231", &[word_of(account)], through)
                        .await
                    else {
                        continue;
                    };
                    if amount.is_zero() {
                        continue;
                    }
                    let known = model.tokens.get(&token).map(render::token);
                    rows.push((amount, known, Value::Null));
                }
            }
            let mut counts: BTreeMap<Address, U256> = BTreeMap::new();
            for ((collection, id), holders) in model.nft_positions() {
                let Some(amount) = holders.get(&account) else { continue };
                let Some(token) = model.tokens.get(&collection) else { continue };
                match token.kind {
                    Kind::Erc721 if wants(query, Kind::Erc721) => {
                        *counts.entry(collection).or_default() += U256::from(1);
                    }
                    Kind::Erc1155 if wants(query, Kind::Erc1155) => {
                        rows.push((*amount, Some(render::token(token)), json!(id.to_string())));
                    }
                    _ => {}
                }
            }
            for (collection, count) in counts {
                rows.push((count, model.tokens.get(&collection).map(render::token), Value::Null));
            }
            let rows = rows
                .into_iter()
                .enumerate()
                .map(|(id, (value, token, token_id))| {
                    (
                        vec![("fiat_value", Value::Null), ("id", json!(id)), ("value", json!(value.to_string()))],
                        json!({"token": token, "token_id": token_id, "token_instance": null, "value": value.to_string()}),
                    )
                })
                .collect();
            Ok(page(rows))
        }
        ["addresses", account, "nft"] => {
            let account = parse(account)?;
            let mut rows = Vec::new();
            for ((collection, id), holders) in model.nft_positions() {
                let Some(amount) = holders.get(&account) else { continue };
                let Some(token) = model.tokens.get(&collection) else { continue };
                if !wants(query, token.kind) {
                    continue;
                }
                let owner = (token.kind == Kind::Erc721).then_some(account);
                let metadata = metadata(shared, token.kind, collection, id, through).await;
                rows.push((
                    vec![
                        ("token_contract_address_hash", json!(format!("{collection:#x}"))),
                        ("token_id", json!(id.to_string())),
                        ("token_type", json!(token.kind.label())),
                    ],
                    render::instance(model, token, id, owner, Some(*amount), metadata, true),
                ));
            }
            Ok(page(rows))
        }
        ["tokens", contract] => model.tokens.get(&parse(contract)?).map(render::token).ok_or(404),
        ["tokens", contract, "instances"] => {
            let token = model.tokens.get(&parse(contract)?).ok_or(404u16)?;
            let mut rows = Vec::new();
            for ((collection, id), holders) in model.nft_positions() {
                if collection != token.address {
                    continue;
                }
                let owner = (token.kind == Kind::Erc721).then(|| holders.keys().next().copied()).flatten();
                let supply = holders.values().fold(U256::ZERO, |sum, amount| sum + *amount);
                let metadata = metadata(shared, token.kind, collection, id, through).await;
                let value = (token.kind == Kind::Erc1155).then_some(supply);
                rows.push((
                    vec![("unique_token", json!(id.to_string()))],
                    render::instance(model, token, id, owner, value, metadata, !v12),
                ));
            }
            Ok(page(rows))
        }
        ["tokens", contract, "instances", id] => {
            let token = model.tokens.get(&parse(contract)?).ok_or(404u16)?;
            let id: U256 = id.parse().map_err(|_| 422u16)?;
            let positions = model.nft_positions();
            let holders = positions.get(&(token.address, id)).ok_or(404u16)?;
            let owner = (token.kind == Kind::Erc721).then(|| holders.keys().next().copied()).flatten();
            let metadata = metadata(shared, token.kind, token.address, id, through).await;
            Ok(render::instance(model, token, id, owner, None, metadata, true))
        }
        ["tokens", contract, "holders"] => {
            let token = model.tokens.get(&parse(contract)?).ok_or(404u16)?;
            let mut holders: Vec<(Address, U256)> = Vec::new();
            for holder in model.fungible_holders(token.address) {
                let amount = shared
                    .node
                    .uint_call(token.address, "0x70a08231", &[word_of(holder)], through)
                    .await
                    .unwrap_or_default();
                if !amount.is_zero() {
                    holders.push((holder, amount));
                }
            }
            holders.sort_by_key(|(who, amount)| std::cmp::Reverse((*amount, *who)));
            let rows = holders
                .into_iter()
                .map(|(who, amount)| {
                    (
                        vec![("address_hash", json!(format!("{who:#x}"))), ("value", json!(amount.to_string()))],
                        json!({"address": render::address_ref(model, who), "value": amount.to_string(), "token_id": null}),
                    )
                })
                .collect();
            Ok(page(rows))
        }
        ["tokens", contract, "instances", id, "holders"] => {
            let collection = parse(contract)?;
            let id: U256 = id.parse().map_err(|_| 422u16)?;
            let positions = model.nft_positions();
            let rows = positions
                .get(&(collection, id))
                .into_iter()
                .flatten()
                .map(|(who, amount)| {
                    (
                        vec![("address_hash", json!(format!("{who:#x}"))), ("value", json!(amount.to_string()))],
                        json!({"address": render::address_ref(model, *who), "value": amount.to_string(), "token_id": id.to_string()}),
                    )
                })
                .collect();
            Ok(page(rows))
        }
        ["transactions", hash] => {
            let hash: B256 = hash.parse().map_err(|_| 422u16)?;
            let tx = model.txs.iter().find(|tx| tx.hash == hash).ok_or(404u16)?;
            Ok(render::transaction(model, tx))
        }
        ["transactions", hash, "logs"] => {
            let hash: B256 = hash.parse().map_err(|_| 422u16)?;
            let tx = model.txs.iter().find(|tx| tx.hash == hash).ok_or(404u16)?;
            let rows = tx
                .logs
                .iter()
                .map(|log| (vec![("index", json!(log.index))], render::log(model, tx, log)))
                .collect();
            Ok(page(rows))
        }
        _ => Err(404),
    }
}

/// The metadata document of one NFT, fetched from its `tokenURI` / `uri` once.
async fn metadata(
    shared: &Shared,
    kind: Kind,
    collection: Address,
    id: U256,
    block: u64,
) -> Option<Value> {
    if let Some(known) = lock(&shared.metadata).get(&(collection, id)) {
        return known.clone();
    }
    let selector = if kind == Kind::Erc1155 {
        "0x0e89341c"
    } else {
        "0xc87b56dd"
    };
    let uri = shared
        .node
        .text_call(collection, selector, &[word_of_u256(id)], block)
        .await;
    let uri = uri.map(|u| u.replace("{id}", &format!("{:064x}", id)));
    let document = match uri {
        Some(uri) if uri.starts_with("http") => match shared.http.get(&uri).send().await {
            Ok(response) => response.json::<Value>().await.ok(),
            Err(_) => None,
        },
        // Blockscout reads on-chain documents too: `data:application/json[;base64],…`.
        Some(uri) if uri.starts_with("data:") => {
            use base64::Engine as _;
            let (head, payload) = uri.split_once(',').unwrap_or((&uri, ""));
            let text = if head.ends_with(";base64") {
                base64::engine::general_purpose::STANDARD
                    .decode(payload)
                    .ok()
                    .and_then(|bytes| String::from_utf8(bytes).ok())
            } else {
                Some(payload.to_owned())
            };
            text.and_then(|text| serde_json::from_str(&text).ok())
        }
        _ => None,
    };
    lock(&shared.metadata).insert((collection, id), document.clone());
    document
}
