//! The JSON of the model node's answers, written as a real node writes them: blocks
//! (hashes or full transactions), transactions, receipts and logs, with the fields and
//! sizes a node sends (blooms, roots and signatures included).

use std::fmt::Write as _;

use alloy_primitives::{Address, B256};

use super::rpc::{CHAIN_ID, GENESIS_TIME};
use super::{ModelChain, ModelTx, TRANSFER_TOPIC};

pub(super) fn quantity(value: u64) -> String {
    format!("\"{value:#x}\"")
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `"0x…"` of `bytes`.
pub(super) fn push_hex(out: &mut String, bytes: &[u8]) {
    out.push_str("\"0x");
    for byte in bytes {
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0xf)]));
    }
    out.push('"');
}

fn push_quantity(out: &mut String, value: u64) {
    let _ = write!(out, "\"{value:#x}\"");
}

fn push_field_hex(out: &mut String, name: &str, bytes: &[u8]) {
    let _ = write!(out, "\"{name}\":");
    push_hex(out, bytes);
    out.push(',');
}

fn push_field_quantity(out: &mut String, name: &str, value: u64) {
    let _ = write!(out, "\"{name}\":");
    push_quantity(out, value);
    out.push(',');
}

const EMPTY_BLOOM: [u8; 256] = [0; 256];

pub(super) fn block_json(chain: &ModelChain, number: u64, full: bool) -> String {
    let txs = chain.transactions(number);
    let hash = chain.block_hash(number);
    let mut out = String::with_capacity(1_500 + txs.len() * 600);
    out.push('{');
    push_field_quantity(&mut out, "number", number);
    push_field_hex(&mut out, "hash", hash.as_slice());
    let parent = if number == 0 {
        B256::ZERO
    } else {
        chain.block_hash(number - 1)
    };
    push_field_hex(&mut out, "parentHash", parent.as_slice());
    push_field_quantity(&mut out, "timestamp", GENESIS_TIME + number / 2);
    push_field_hex(&mut out, "miner", Address::ZERO.as_slice());
    push_field_quantity(&mut out, "gasLimit", 0x7fff_ffff);
    push_field_quantity(&mut out, "gasUsed", txs.iter().map(gas_used).sum());
    push_field_quantity(&mut out, "baseFeePerGas", 0);
    push_field_quantity(&mut out, "difficulty", 0);
    push_field_quantity(&mut out, "size", 600 + txs.len() as u64 * 200);
    push_field_hex(&mut out, "extraData", &[]);
    push_field_hex(&mut out, "logsBloom", &EMPTY_BLOOM);
    push_field_hex(&mut out, "nonce", &[0; 8]);
    for root in [
        "sha3Uncles",
        "stateRoot",
        "transactionsRoot",
        "receiptsRoot",
        "mixHash",
    ] {
        push_field_hex(&mut out, root, B256::ZERO.as_slice());
    }
    out.push_str("\"uncles\":[],\"transactions\":[");
    for (index, tx) in txs.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        if full {
            transaction_json(&mut out, tx, number, &hash, index);
        } else {
            push_hex(&mut out, tx.hash.as_slice());
        }
    }
    out.push_str("]}");
    out
}

fn gas_used(tx: &ModelTx) -> u64 {
    21_000 + 30_000 * tx.logs.len() as u64
}

/// ERC-20 `transfer(to, amount)` of the transaction's first transfer, or nothing.
fn input(tx: &ModelTx) -> Vec<u8> {
    tx.logs.first().map_or_else(Vec::new, |log| {
        let mut data = vec![0xa9, 0x05, 0x9c, 0xbb];
        data.extend_from_slice(&[0; 12]);
        data.extend_from_slice(log.to.as_slice());
        data.extend_from_slice(&log.amount.to_be_bytes::<32>());
        data
    })
}

fn transaction_json(out: &mut String, tx: &ModelTx, number: u64, block_hash: &B256, index: usize) {
    out.push('{');
    push_field_hex(out, "hash", tx.hash.as_slice());
    push_field_quantity(out, "nonce", 0);
    push_field_hex(out, "blockHash", block_hash.as_slice());
    push_field_quantity(out, "blockNumber", number);
    push_field_quantity(out, "transactionIndex", index as u64);
    push_field_hex(out, "from", tx.from.as_slice());
    push_field_hex(out, "to", tx.to.as_slice());
    let _ = write!(out, "\"value\":\"{:#x}\",", tx.value);
    push_field_quantity(out, "gas", gas_used(tx) * 2);
    push_field_quantity(out, "gasPrice", 0);
    push_field_hex(out, "input", &input(tx));
    push_field_quantity(out, "type", 0);
    push_field_quantity(out, "chainId", CHAIN_ID);
    push_field_quantity(out, "v", 0x73);
    push_field_hex(out, "r", tx.hash.as_slice());
    let _ = write!(out, "\"s\":");
    push_hex(out, tx.hash.as_slice());
    out.push('}');
}

pub(super) fn receipts_json(chain: &ModelChain, number: u64) -> String {
    let count = chain.transactions(number).len();
    let mut out = String::with_capacity(count * 1_500 + 2);
    out.push('[');
    for index in 0..count {
        if index > 0 {
            out.push(',');
        }
        receipt_json(&mut out, chain, number, index);
    }
    out.push(']');
    out
}

/// The index in the block of the first log of transaction `index`.
fn first_log_index(chain: &ModelChain, number: u64, index: usize) -> u64 {
    chain.transactions(number)[..index]
        .iter()
        .map(|tx| tx.logs.len() as u64)
        .sum()
}

pub(super) fn receipt_json(out: &mut String, chain: &ModelChain, number: u64, index: usize) {
    let tx = &chain.transactions(number)[index];
    let block_hash = chain.block_hash(number);
    out.push('{');
    push_field_hex(out, "transactionHash", tx.hash.as_slice());
    push_field_quantity(out, "transactionIndex", index as u64);
    push_field_hex(out, "blockHash", block_hash.as_slice());
    push_field_quantity(out, "blockNumber", number);
    push_field_hex(out, "from", tx.from.as_slice());
    push_field_hex(out, "to", tx.to.as_slice());
    push_field_quantity(out, "cumulativeGasUsed", gas_used(tx));
    push_field_quantity(out, "gasUsed", gas_used(tx));
    push_field_quantity(out, "effectiveGasPrice", 0);
    out.push_str("\"contractAddress\":null,\"logs\":[");
    let first = first_log_index(chain, number, index);
    for (offset, log) in (0u64..).zip(&tx.logs) {
        if offset > 0 {
            out.push(',');
        }
        log_json(out, tx, log, number, &block_hash, index, first + offset);
    }
    out.push_str("],");
    push_field_hex(out, "logsBloom", &EMPTY_BLOOM);
    push_field_quantity(out, "type", 0);
    out.push_str("\"status\":\"0x1\"}");
}

pub(super) fn log_json(
    out: &mut String,
    tx: &ModelTx,
    log: &super::ModelLog,
    number: u64,
    block_hash: &B256,
    tx_index: usize,
    log_index: u64,
) {
    out.push('{');
    push_field_hex(out, "address", log.token.as_slice());
    out.push_str("\"topics\":[");
    for (i, topic) in log_topics(log).iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_hex(out, topic.as_slice());
    }
    out.push_str("],");
    push_field_hex(out, "data", &log.amount.to_be_bytes::<32>());
    push_field_quantity(out, "blockNumber", number);
    push_field_hex(out, "blockHash", block_hash.as_slice());
    push_field_hex(out, "transactionHash", tx.hash.as_slice());
    push_field_quantity(out, "transactionIndex", tx_index as u64);
    push_field_quantity(out, "logIndex", log_index);
    out.push_str("\"removed\":false}");
}

/// A model log's topics: `Transfer(from, to, amount)`.
pub(super) fn log_topics(log: &super::ModelLog) -> [B256; 3] {
    [
        TRANSFER_TOPIC,
        B256::left_padding_from(log.from.as_slice()),
        B256::left_padding_from(log.to.as_slice()),
    ]
}
