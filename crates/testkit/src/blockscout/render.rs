//! The Blockscout v2 shapes of the fake's answers (field lists from Blockscout's OpenAPI
//! documents, as the client's fixtures): items, and lists paged by keyset cursors the
//! way each API generation pages them.

use std::collections::BTreeMap;

use alloy_primitives::{Address, B256, U256};
use serde_json::{Value, json};

use super::Generation;
use super::model::{Kind, Log, Model, Token, Transfer, Tx};

/// ISO-8601 UTC text of a time in milliseconds since the epoch.
pub fn iso(ms: u64) -> String {
    let seconds = ms / 1000;
    let days = i64::try_from(seconds / 86_400).unwrap_or(0);
    let rest = seconds % 86_400;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}000Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60,
        ms % 1000
    )
}

pub fn address_ref(model: &Model, address: Address) -> Value {
    let is_contract = model.tokens.contains_key(&address)
        || model.txs.iter().any(|tx| tx.created == Some(address));
    json!({
        "hash": address.to_string(), "implementations": [], "is_contract": is_contract,
        "is_verified": false, "name": model.tokens.get(&address).and_then(|t| t.name.clone()),
        "ens_domain_name": null, "metadata": null, "private_tags": [], "public_tags": [],
        "watchlist_names": [], "proxy_type": null, "reputation": "ok", "is_scam": false
    })
}

pub fn token(token: &Token) -> Value {
    json!({
        "address_hash": token.address.to_string(), "name": token.name, "symbol": token.symbol,
        "decimals": token.decimals.map(|d| d.to_string()), "type": token.kind.label(),
        "total_supply": token.total_supply.map(|s| s.to_string()), "holders_count": "0",
        "exchange_rate": null, "volume_24h": null, "circulating_market_cap": null,
        "icon_url": null, "reputation": "ok"
    })
}

pub fn transaction(model: &Model, tx: &Tx) -> Value {
    json!({
        "hash": format!("{:#x}", tx.hash), "block_number": tx.block, "timestamp": iso(tx.time_ms),
        "from": address_ref(model, tx.from), "to": tx.to.map(|to| address_ref(model, to)),
        "created_contract": tx.created.map(|c| address_ref(model, c)),
        "value": tx.value.to_string(), "gas_used": tx.gas_used.to_string(),
        "gas_price": tx.gas_price.to_string(), "gas_limit": tx.gas_used.to_string(),
        "fee": {"type": "actual", "value": (tx.gas_used * tx.gas_price).to_string()},
        "status": if tx.ok { "ok" } else { "error" }, "result": if tx.ok { "success" } else { "Reverted" },
        "raw_input": tx.input, "decoded_input": null, "method": null, "position": tx.index,
        "nonce": tx.nonce, "type": 0, "confirmations": model.through.unwrap_or(0).saturating_sub(tx.block) + 1,
        "confirmation_duration": [0, 0], "token_transfers": null, "token_transfers_overflow": null,
        "transaction_types": [], "revert_reason": null, "exchange_rate": null,
        "historic_exchange_rate": null, "has_error_in_internal_transactions": false,
        "transaction_tag": null, "max_fee_per_gas": null, "max_priority_fee_per_gas": null,
        "base_fee_per_gas": null, "priority_fee": null, "transaction_burnt_fee": null,
        "authorization_list": [], "is_pending_update": false, "fhe_operations_count": 0
    })
}

pub fn transfer(model: &Model, t: &Transfer) -> Value {
    let total = |(id, value): &(Option<U256>, U256)| match t.kind {
        Kind::Erc20 => {
            json!({"decimals": model.tokens.get(&t.contract).and_then(|k| k.decimals).map(|d| d.to_string()), "value": value.to_string()})
        }
        Kind::Erc721 => json!({"token_id": id.map(|i| i.to_string()), "token_instance": null}),
        Kind::Erc1155 => {
            json!({"token_id": id.map(|i| i.to_string()), "value": value.to_string(), "decimals": null, "token_instance": null})
        }
    };
    let total = if t.amounts.len() == 1 {
        total(&t.amounts[0])
    } else {
        Value::Array(t.amounts.iter().map(total).collect())
    };
    let kind = if t.from == Address::ZERO {
        "token_minting"
    } else if t.to == Address::ZERO {
        "token_burning"
    } else {
        "token_transfer"
    };
    json!({
        "transaction_hash": format!("{:#x}", t.tx), "block_hash": format!("{:#x}", B256::with_last_byte(0)),
        "block_number": t.block, "log_index": t.log_index, "timestamp": iso(t.time_ms),
        "from": address_ref(model, t.from), "to": address_ref(model, t.to),
        "token": model.tokens.get(&t.contract).map(token), "token_type": t.kind.label(),
        "total": total, "type": kind, "method": null
    })
}

pub fn log(model: &Model, tx: &Tx, log: &Log) -> Value {
    let mut topics: Vec<Value> = log
        .topics
        .iter()
        .map(|t| json!(format!("{t:#x}")))
        .collect();
    // Blockscout pads the four topic slots with null.
    topics.resize(4, Value::Null);
    json!({
        "address": address_ref(model, log.address), "topics": topics, "data": log.data,
        "index": log.index, "block_number": tx.block, "transaction_hash": format!("{:#x}", tx.hash),
        "block_hash": format!("{:#x}", B256::with_last_byte(0)), "decoded": null, "smart_contract": null
    })
}

#[allow(clippy::too_many_arguments, reason = "one item's fields")]
pub fn instance(
    model: &Model,
    collection: &Token,
    id: U256,
    owner: Option<Address>,
    value: Option<U256>,
    metadata: Option<Value>,
    with_token: bool,
) -> Value {
    let mut item = json!({
        "id": id.to_string(), "metadata": metadata, "owner": owner.map(|o| address_ref(model, o)),
        "token_type": collection.kind.label(), "value": value.map(|v| v.to_string()),
        "image_url": null, "animation_url": null, "external_app_url": null,
        "is_unique": collection.kind == Kind::Erc721, "thumbnails": null, "media_type": null,
        "media_url": null
    });
    if with_token {
        item["token"] = token(collection);
    }
    item
}

/// One list answer: `items` of the page the query's cursor names, and the cursor of the
/// next (`null` on the last). Each row carries the values of its cursor keys.
pub fn page(
    rows: Vec<(Vec<(&'static str, Value)>, Value)>,
    query: &BTreeMap<String, String>,
    generation: Generation,
    page_size: usize,
) -> Value {
    let size = match (generation, query.get("items_count")) {
        // Since v12.0.0 `items_count` is the page size (clamped to 1..=100).
        (Generation::V12, Some(n)) => n.parse::<usize>().unwrap_or(page_size).clamp(1, 100),
        _ => page_size,
    };
    let start = match rows.first() {
        Some((keys, _)) if keys.iter().all(|(key, _)| query.contains_key(*key)) => rows
            .iter()
            .position(|(keys, _)| {
                keys.iter()
                    .all(|(key, value)| query.get(*key).is_some_and(|q| *q == text(value)))
            })
            .map_or(rows.len(), |at| at + 1),
        _ => 0,
    };
    let end = (start + size).min(rows.len());
    let next = (end < rows.len()).then(|| {
        let mut params = serde_json::Map::new();
        for (key, value) in &rows[end - 1].0 {
            params.insert((*key).to_owned(), value.clone());
        }
        if generation == Generation::V11 {
            // Before v12.0.0 the cursor echoed a running count of the rows served.
            let before: usize = query
                .get("items_count")
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            params.insert("items_count".into(), json!(before + (end - start)));
        }
        Value::Object(params)
    });
    json!({
        "items": rows[start.min(end)..end].iter().map(|(_, item)| item.clone()).collect::<Vec<_>>(),
        "next_page_params": next,
    })
}

/// A cursor value as a query parameter carries it.
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "null".to_owned(),
        other => other.to_string(),
    }
}
