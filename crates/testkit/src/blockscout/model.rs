//! The devnet's chain as the Blockscout fake knows it: every block's transactions with
//! their receipts and logs, the token transfers those logs announce (ERC-20, ERC-721,
//! ERC-1155 single and batch), the tokens (probed by ERC-165, read by `name()`,
//! `symbol()`, …), and what follows from replaying the transfers: who holds each NFT.
//! Amounts of fungible tokens are read from the chain when asked (`balanceOf`), as
//! Blockscout's own token-balance fetcher does.

use std::collections::{BTreeMap, BTreeSet};

use alloy_primitives::{Address, B256, U256};
use serde_json::Value;

use super::node::{
    DEPOSIT, Node, TRANSFER, TRANSFER_BATCH, TRANSFER_SINGLE, WITHDRAWAL, bytes, decode_uints,
    number,
};

/// A token standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Erc20,
    Erc721,
    Erc1155,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Self::Erc20 => "ERC-20",
            Self::Erc721 => "ERC-721",
            Self::Erc1155 => "ERC-1155",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Log {
    pub address: Address,
    pub topics: Vec<B256>,
    pub data: String,
    pub index: u64,
}

#[derive(Debug, Clone)]
pub struct Tx {
    pub hash: B256,
    pub block: u64,
    pub index: u64,
    pub time_ms: u64,
    pub from: Address,
    pub to: Option<Address>,
    pub created: Option<Address>,
    pub value: U256,
    pub input: String,
    pub ok: bool,
    pub gas_used: U256,
    pub gas_price: U256,
    pub nonce: u64,
    pub logs: Vec<Log>,
}

#[derive(Debug, Clone)]
pub struct Transfer {
    pub tx: B256,
    pub block: u64,
    pub time_ms: u64,
    pub log_index: u64,
    pub contract: Address,
    pub from: Address,
    pub to: Address,
    pub kind: Kind,
    /// (token id, amount): one for ERC-20 / ERC-721 / single, several for a batch.
    pub amounts: Vec<(Option<U256>, U256)>,
}

#[derive(Debug, Clone)]
pub struct Token {
    pub address: Address,
    pub kind: Kind,
    pub name: Option<String>,
    pub symbol: Option<String>,
    pub decimals: Option<u8>,
    pub total_supply: Option<U256>,
}

/// Everything read so far.
#[derive(Debug, Default)]
pub struct Model {
    /// The last block read (`None` before the first).
    pub through: Option<u64>,
    pub block_times: BTreeMap<u64, u64>,
    pub txs: Vec<Tx>,
    pub transfers: Vec<Transfer>,
    pub tokens: BTreeMap<Address, Token>,
    /// (wrapped token, account) of every Deposit / Withdrawal seen.
    pub wrappers: BTreeSet<(Address, Address)>,
}

fn b256(value: &Value) -> Option<B256> {
    value.as_str()?.parse().ok()
}

fn address(value: &Value) -> Option<Address> {
    value.as_str()?.parse().ok()
}

fn u256(value: &Value) -> U256 {
    value
        .as_str()
        .and_then(|t| U256::from_str_radix(t.trim_start_matches("0x"), 16).ok())
        .unwrap_or_default()
}

impl Model {
    /// Reads the blocks after the last one read, up to `target`.
    pub async fn read_to(&mut self, node: &Node, target: u64) {
        let first = self.through.map_or(0, |t| t + 1);
        for block in first..=target {
            if !self.read_block(node, block).await {
                return;
            }
            self.through = Some(block);
        }
    }

    async fn read_block(&mut self, node: &Node, number_: u64) -> bool {
        let Some(block) = node.block(number_).await else {
            return false;
        };
        let time_ms = number(&block["timestamp"]).unwrap_or(0) * 1000;
        self.block_times.insert(number_, time_ms);
        for tx in block["transactions"].as_array().into_iter().flatten() {
            let Some(hash) = tx["hash"].as_str() else {
                continue;
            };
            let Some(receipt) = node.receipt(hash).await else {
                return false;
            };
            let logs: Vec<Log> = receipt["logs"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|log| {
                    Some(Log {
                        address: address(&log["address"])?,
                        topics: log["topics"].as_array()?.iter().filter_map(b256).collect(),
                        data: log["data"].as_str().unwrap_or("0x").to_owned(),
                        index: number(&log["logIndex"]).unwrap_or(0),
                    })
                })
                .collect();
            let Some(parsed) = (|| {
                Some(Tx {
                    hash: b256(&tx["hash"])?,
                    block: number_,
                    index: number(&tx["transactionIndex"]).unwrap_or(0),
                    time_ms,
                    from: address(&tx["from"])?,
                    to: address(&tx["to"]),
                    created: address(&receipt["contractAddress"]),
                    value: u256(&tx["value"]),
                    input: tx["input"].as_str().unwrap_or("0x").to_owned(),
                    ok: number(&receipt["status"]) == Some(1),
                    gas_used: u256(&receipt["gasUsed"]),
                    gas_price: u256(&receipt["effectiveGasPrice"]),
                    nonce: number(&tx["nonce"]).unwrap_or(0),
                    logs: logs.clone(),
                })
            })() else {
                continue;
            };
            for log in &logs {
                self.take_log(node, &parsed, log).await;
            }
            self.txs.push(parsed);
        }
        true
    }

    async fn take_log(&mut self, node: &Node, tx: &Tx, log: &Log) {
        let Some(topic) = log.topics.first().map(|t| format!("{t:#x}")) else {
            return;
        };
        let party = |i: usize| log.topics.get(i).map(|t| Address::from_word(*t));
        let data = bytes(&log.data).unwrap_or_default();
        let word = |i: usize| data.get(i * 32..(i + 1) * 32).map(U256::from_be_slice);
        if topic == DEPOSIT || topic == WITHDRAWAL {
            if let Some(account) = party(1) {
                self.wrappers.insert((log.address, account));
            }
            return;
        }
        let (kind, from, to, amounts) = match (topic.as_str(), log.topics.len()) {
            (TRANSFER, 3) => (
                Kind::Erc20,
                party(1),
                party(2),
                vec![(None, word(0).unwrap_or_default())],
            ),
            (TRANSFER, 4) => (
                Kind::Erc721,
                party(1),
                party(2),
                vec![(Some(U256::from_be_bytes(log.topics[3].0)), U256::from(1))],
            ),
            (TRANSFER_SINGLE, 4) => (
                Kind::Erc1155,
                party(2),
                party(3),
                vec![(word(0), word(1).unwrap_or_default())],
            ),
            (TRANSFER_BATCH, 4) => {
                let offset = |i| word(i).and_then(|w| usize::try_from(w).ok());
                let ids = offset(0)
                    .and_then(|o| decode_uints(&data, o))
                    .unwrap_or_default();
                let values = offset(1)
                    .and_then(|o| decode_uints(&data, o))
                    .unwrap_or_default();
                let amounts = ids
                    .into_iter()
                    .zip(values)
                    .map(|(id, v)| (Some(id), v))
                    .collect();
                (Kind::Erc1155, party(2), party(3), amounts)
            }
            _ => return,
        };
        let (Some(from), Some(to)) = (from, to) else {
            return;
        };
        self.learn_token(node, log.address, kind, tx.block).await;
        self.transfers.push(Transfer {
            tx: tx.hash,
            block: tx.block,
            time_ms: tx.time_ms,
            log_index: log.index,
            contract: log.address,
            from,
            to,
            kind,
            amounts,
        });
    }

    async fn learn_token(&mut self, node: &Node, contract: Address, seen_as: Kind, block: u64) {
        if self.tokens.contains_key(&contract) {
            return;
        }
        let kind = if seen_as == Kind::Erc1155 || node.supports(contract, "0xd9b67a26", block).await
        {
            Kind::Erc1155
        } else if seen_as == Kind::Erc721 || node.supports(contract, "0x80ac58cd", block).await {
            Kind::Erc721
        } else {
            Kind::Erc20
        };
        let token = Token {
            address: contract,
            kind,
            name: node.text_call(contract, "0x06fdde03", &[], block).await,
            symbol: node.text_call(contract, "0x95d89b41", &[], block).await,
            decimals: if kind == Kind::Erc20 {
                node.uint_call(contract, "0x313ce567", &[], block)
                    .await
                    .and_then(|d| u8::try_from(d).ok())
            } else {
                None
            },
            total_supply: node.uint_call(contract, "0x18160ddd", &[], block).await,
        };
        self.tokens.insert(contract, token);
    }

    /// The account's transactions (sent, received, creating), newest first.
    pub fn account_txs(&self, account: Address) -> Vec<&Tx> {
        let mut txs: Vec<&Tx> = self
            .txs
            .iter()
            .filter(|tx| {
                tx.from == account || tx.to == Some(account) || tx.created == Some(account)
            })
            .collect();
        txs.sort_by_key(|tx| std::cmp::Reverse((tx.block, tx.index)));
        txs
    }

    /// The account's token transfers, newest first.
    pub fn account_transfers(&self, account: Address) -> Vec<&Transfer> {
        let mut transfers: Vec<&Transfer> = self
            .transfers
            .iter()
            .filter(|t| t.from == account || t.to == account)
            .collect();
        transfers.sort_by_key(|t| std::cmp::Reverse((t.block, t.log_index)));
        transfers
    }

    /// Whether the address takes part in anything read.
    pub fn knows(&self, account: Address) -> bool {
        self.tokens.contains_key(&account)
            || self.txs.iter().any(|tx| {
                tx.from == account || tx.to == Some(account) || tx.created == Some(account)
            })
            || self
                .transfers
                .iter()
                .any(|t| t.from == account || t.to == account)
    }

    /// The ERC-20 tokens the account ever moved, received or wrapped.
    pub fn fungibles_of(&self, account: Address) -> BTreeSet<Address> {
        let mut tokens: BTreeSet<Address> = self
            .transfers
            .iter()
            .filter(|t| t.kind == Kind::Erc20 && (t.from == account || t.to == account))
            .map(|t| t.contract)
            .collect();
        tokens.extend(
            self.wrappers
                .iter()
                .filter(|(_, who)| *who == account)
                .map(|(token, _)| *token),
        );
        tokens.retain(|t| {
            self.tokens
                .get(t)
                .is_none_or(|token| token.kind == Kind::Erc20)
        });
        tokens
    }

    /// Everyone who ever held `token` (an ERC-20).
    pub fn fungible_holders(&self, token: Address) -> BTreeSet<Address> {
        let mut holders: BTreeSet<Address> = self
            .transfers
            .iter()
            .filter(|t| t.contract == token)
            .flat_map(|t| [t.from, t.to])
            .collect();
        holders.extend(
            self.wrappers
                .iter()
                .filter(|(t, _)| *t == token)
                .map(|(_, who)| *who),
        );
        holders.remove(&Address::ZERO);
        holders
    }

    /// Every NFT position now: (collection, id) → holder → amount (ERC-721: 1).
    pub fn nft_positions(&self) -> BTreeMap<(Address, U256), BTreeMap<Address, U256>> {
        let mut positions: BTreeMap<(Address, U256), BTreeMap<Address, U256>> = BTreeMap::new();
        for transfer in self.transfers.iter().filter(|t| t.kind != Kind::Erc20) {
            for (id, amount) in &transfer.amounts {
                let Some(id) = id else { continue };
                let holders = positions.entry((transfer.contract, *id)).or_default();
                if transfer.kind == Kind::Erc721 {
                    holders.clear();
                    holders.insert(transfer.to, U256::from(1));
                    continue;
                }
                if transfer.from != Address::ZERO {
                    let left = holders.entry(transfer.from).or_default();
                    *left = left.saturating_sub(*amount);
                }
                let to = holders.entry(transfer.to).or_default();
                *to = to.saturating_add(*amount);
            }
        }
        for holders in positions.values_mut() {
            holders.retain(|who, amount| *who != Address::ZERO && !amount.is_zero());
        }
        positions
    }
}
