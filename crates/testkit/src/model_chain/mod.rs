//! [`ModelChain`]: a deterministic synthetic EVM chain of any length, shaped like Telos
//! EVM — a block every half second, almost all of them empty — and [`ModelNode`], which
//! serves it over JSON-RPC on loopback. anvil mines a few hundred blocks a second, so a
//! chain of a million blocks cannot be built on it in a benchmark's time; the model is
//! generated in memory in a moment and answers exactly the JSON-RPC an indexer uses
//! (see [`rpc`]).
//!
//! What it holds: a few ERC-20 tokens, each minted once to a treasury, then `transfers`
//! token transfers (one to `max_per_tx` per transaction, one token and one sender per
//! transaction, like a multi-send) between many holders, spread over at most
//! `busy_per_mille` of the blocks; optionally one account with a given number of
//! transfers spread evenly over the whole range (an on-demand fill's worst case), and
//! plain native transfers without logs in blocks of their own. Token balances are kept
//! exact ([`ModelChain::token_balances`]); native balances are constant per address
//! (gas is free and plain transfers are not booked): the model measures indexing work,
//! not native accounting.

mod json;
pub mod rpc;

use std::collections::HashMap;

use alloy_primitives::{Address, B256, U256, keccak256};

use crate::chaos::splitmix64;

/// `keccak256("Transfer(address,address,uint256)")`.
pub const TRANSFER_TOPIC: B256 = B256::new([
    0xdd, 0xf2, 0x52, 0xad, 0x1b, 0xe2, 0xc8, 0x9b, 0x69, 0xc2, 0xb0, 0x68, 0xfc, 0x37, 0x8d, 0xaa,
    0x95, 0x2b, 0xa7, 0xf1, 0x63, 0xc4, 0xa1, 0x16, 0x28, 0xf5, 0x5a, 0x4d, 0xf5, 0x23, 0xb3, 0xef,
]);

/// The shape of a model chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelSpec {
    /// Seed of every choice.
    pub seed: u64,
    /// Blocks `0..blocks`; the head is `blocks - 1`.
    pub blocks: u64,
    /// Blocks carrying token transfers, per thousand blocks, at most.
    pub busy_per_mille: u64,
    /// Token transfers in all.
    pub transfers: u64,
    /// ERC-20 tokens.
    pub tokens: u64,
    /// Holder accounts.
    pub holders: u64,
    /// Transfers per transaction: 1 to this many.
    pub max_per_tx: u64,
    /// One account with this many more transfers (alternately received and sent),
    /// spread evenly over the range.
    pub focus: Option<(Address, u64)>,
    /// Native transfers without logs, each alone in an otherwise empty block.
    pub plain_transfers: u64,
}

impl Default for ModelSpec {
    /// Mainnet-like: a million blocks, 2 % busy, 50,000 transfers of five tokens among
    /// 20,000 holders, one to three per transaction, 2,000 plain native transfers.
    fn default() -> Self {
        Self {
            seed: 40,
            blocks: 1_000_000,
            busy_per_mille: 20,
            transfers: 50_000,
            tokens: 5,
            holders: 20_000,
            max_per_tx: 3,
            focus: None,
            plain_transfers: 2_000,
        }
    }
}

/// One log of the model: always a `Transfer`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelLog {
    /// Token.
    pub token: Address,
    /// Sender.
    pub from: Address,
    /// Recipient.
    pub to: Address,
    /// Amount.
    pub amount: U256,
}

/// One transaction of the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelTx {
    /// Hash.
    pub hash: B256,
    /// Sender.
    pub from: Address,
    /// Called contract or native recipient.
    pub to: Address,
    /// Native value.
    pub value: U256,
    /// Its transfers, one log each.
    pub logs: Vec<ModelLog>,
}

/// The generated chain.
#[derive(Debug, Clone)]
pub struct ModelChain {
    spec: ModelSpec,
    /// Blocks with transactions, ascending, and where their transactions start in `txs`.
    busy: Vec<(u64, usize)>,
    txs: Vec<ModelTx>,
    by_hash: HashMap<B256, usize>,
    tokens: Vec<Address>,
    balances: HashMap<(Address, Address), U256>,
    supplies: HashMap<Address, U256>,
}

/// The address numbered `n` in a family (`family` in the first byte), for readable dumps.
fn address(family: u8, n: u64) -> Address {
    let mut bytes = [0u8; 20];
    bytes[0] = family;
    bytes[12..].copy_from_slice(&n.to_be_bytes());
    Address::from(bytes)
}

/// A deterministic stream of numbers.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, below: u64) -> u64 {
        self.0 = splitmix64(self.0);
        self.0 % below.max(1)
    }
}

impl ModelChain {
    /// Generates the chain `spec` describes.
    #[must_use]
    pub fn generate(spec: ModelSpec) -> Self {
        let tokens: Vec<Address> = (0..spec.tokens.max(1)).map(|k| address(0xc0, k)).collect();
        let mut chain = Self {
            spec: spec.clone(),
            busy: Vec::new(),
            txs: Vec::new(),
            by_hash: HashMap::new(),
            tokens,
            balances: HashMap::new(),
            supplies: HashMap::new(),
        };
        let mut blocks = chain.transfer_blocks();
        chain.add_plain_transfers(&mut blocks);
        blocks.sort_by_key(|(number, _)| *number);
        for (number, txs) in blocks {
            chain.busy.push((number, chain.txs.len()));
            for (index, mut tx) in (0u64..).zip(txs) {
                tx.hash = keccak256(
                    [
                        &spec.seed.to_be_bytes()[..],
                        &number.to_be_bytes(),
                        &index.to_be_bytes(),
                    ]
                    .concat(),
                );
                chain.by_hash.insert(tx.hash, chain.txs.len());
                chain.txs.push(tx);
            }
        }
        chain
    }

    /// The mints (block 1) and the transfers, spread over the busy blocks, booked.
    fn transfer_blocks(&mut self) -> Vec<(u64, Vec<ModelTx>)> {
        let spec = self.spec.clone();
        let mut dice = Dice(spec.seed);
        let tokens = self.tokens.clone();
        let treasuries: Vec<Address> = (0..tokens.len() as u64).map(|k| address(0x7e, k)).collect();
        let holder = |n: u64| address(0xa0, n);
        let unit = U256::from(10u64).pow(U256::from(15u8));

        let mints: Vec<ModelTx> = tokens
            .iter()
            .zip(&treasuries)
            .map(|(token, treasury)| ModelTx {
                hash: B256::ZERO,
                from: *treasury,
                to: *token,
                value: U256::ZERO,
                logs: vec![ModelLog {
                    token: *token,
                    from: Address::ZERO,
                    to: *treasury,
                    amount: U256::from(10u64).pow(U256::from(30u8)),
                }],
            })
            .collect();
        for log in mints.iter().flat_map(|tx| &tx.logs) {
            self.book(log);
        }
        let mut blocks: Vec<(u64, Vec<ModelTx>)> = vec![(1, mints)];

        // Transaction sizes first, so they can be spread evenly over the busy blocks.
        let mut sizes = Vec::new();
        let mut left = spec.transfers;
        while left > 0 {
            let size = (1 + dice.roll(spec.max_per_tx)).min(left);
            sizes.push(size);
            left -= size;
        }
        let last = spec.blocks.saturating_sub(1).max(2);
        // The mints' block counts among the busy ones.
        let busy_count = (spec.blocks * spec.busy_per_mille / 1000)
            .saturating_sub(1)
            .clamp(1, sizes.len().max(1) as u64);
        let stride = (last.saturating_sub(1) / busy_count).max(1);
        let (focus, focus_count) = spec.focus.unzip();
        let focus_count = focus_count.unwrap_or(0);
        let mut focus_done = 0u64;
        let mut placed = 0usize;
        for k in 0..busy_count {
            let number = (2 + k * stride + dice.roll(stride)).min(last);
            let until = usize::try_from((k + 1) * sizes.len() as u64 / busy_count)
                .unwrap_or(usize::MAX)
                .min(sizes.len());
            let mut txs = Vec::new();
            for size in &sizes[placed..until] {
                let token_index = usize::try_from(dice.roll(tokens.len() as u64)).unwrap_or(0);
                let token = tokens[token_index];
                let recipients: Vec<Address> = (0..*size)
                    .map(|_| holder(dice.roll(spec.holders)))
                    .collect();
                let amounts: Vec<U256> = recipients
                    .iter()
                    .map(|_| U256::from(1 + dice.roll(1_000)) * unit)
                    .collect();
                let total: U256 = amounts.iter().copied().sum();
                let candidate = holder(dice.roll(spec.holders));
                let sender = if self.balance(token, candidate) >= total && dice.roll(2) == 0 {
                    candidate
                } else {
                    // The treasury makes up the traffic holders cannot pay for.
                    treasuries[token_index]
                };
                let transfers = recipients
                    .into_iter()
                    .zip(amounts)
                    .map(|(to, amount)| ModelLog {
                        token,
                        from: sender,
                        to,
                        amount,
                    })
                    .collect();
                txs.push(self.booked_tx(sender, token, transfers));
            }
            placed = until;
            // The focus account's transfers, on top, spread evenly over the busy blocks:
            // alternately received from a treasury and sent back to a holder.
            while let Some(account) = focus
                .filter(|_| focus_done < focus_count && focus_done * busy_count / focus_count <= k)
            {
                let token_index = usize::try_from(focus_done % tokens.len() as u64).unwrap_or(0);
                let token = tokens[token_index];
                let amount = U256::from(1 + dice.roll(1_000)) * unit;
                let held = self.balance(token, account);
                let transfer = if focus_done % 2 == 1 && !held.is_zero() {
                    let to = holder(dice.roll(spec.holders));
                    ModelLog {
                        token,
                        from: account,
                        to,
                        amount: amount.min(held),
                    }
                } else {
                    ModelLog {
                        token,
                        from: treasuries[token_index],
                        to: account,
                        amount,
                    }
                };
                txs.push(self.booked_tx(transfer.from, token, vec![transfer]));
                focus_done += 1;
            }
            match blocks.last_mut() {
                // Blocks only move forward; a crowded end shares the last block.
                Some((previous, earlier)) if *previous >= number => earlier.extend(txs),
                _ if !txs.is_empty() => blocks.push((number, txs)),
                _ => {}
            }
        }
        blocks
    }

    /// Plain native transfers, each alone in a block without other transactions.
    fn add_plain_transfers(&self, blocks: &mut Vec<(u64, Vec<ModelTx>)>) {
        let spec = &self.spec;
        let mut dice = Dice(spec.seed ^ 0x9a1e);
        let taken: std::collections::HashSet<u64> = blocks.iter().map(|(n, _)| *n).collect();
        let stride = (spec.blocks / spec.plain_transfers.max(1)).max(1);
        for k in 0..spec.plain_transfers {
            let number = k * stride + stride / 2;
            if number < 2 || number >= spec.blocks || taken.contains(&number) {
                continue;
            }
            let tx = ModelTx {
                hash: B256::ZERO,
                from: address(0xa0, dice.roll(spec.holders)),
                to: address(0xa0, dice.roll(spec.holders)),
                value: U256::from(1 + dice.roll(1_000)),
                logs: Vec::new(),
            };
            blocks.push((number, vec![tx]));
        }
    }

    /// A transaction of `sender` on `token` making `transfers`, booked.
    fn booked_tx(&mut self, sender: Address, token: Address, transfers: Vec<ModelLog>) -> ModelTx {
        for transfer in &transfers {
            self.book(transfer);
        }
        ModelTx {
            hash: B256::ZERO,
            from: sender,
            to: token,
            value: U256::ZERO,
            logs: transfers,
        }
    }

    fn book(&mut self, log: &ModelLog) {
        if log.from.is_zero() {
            *self.supplies.entry(log.token).or_default() += log.amount;
        } else {
            let from = self.balances.entry((log.token, log.from)).or_default();
            *from -= log.amount;
        }
        *self.balances.entry((log.token, log.to)).or_default() += log.amount;
    }

    fn balance(&self, token: Address, holder: Address) -> U256 {
        self.balances
            .get(&(token, holder))
            .copied()
            .unwrap_or_default()
    }

    /// The spec it was generated from.
    #[must_use]
    pub fn spec(&self) -> &ModelSpec {
        &self.spec
    }

    /// The head block.
    #[must_use]
    pub fn head(&self) -> u64 {
        self.spec.blocks.saturating_sub(1)
    }

    /// The token contracts.
    #[must_use]
    pub fn tokens(&self) -> &[Address] {
        &self.tokens
    }

    /// Token transfers in the chain, the mints included.
    #[must_use]
    pub fn transfer_count(&self) -> u64 {
        self.txs.iter().map(|tx| tx.logs.len() as u64).sum()
    }

    /// Blocks with at least one transaction.
    #[must_use]
    pub fn busy_blocks(&self) -> u64 {
        self.busy.len() as u64
    }

    /// Blocks with at least one transfer.
    #[must_use]
    pub fn blocks_with_transfers(&self) -> u64 {
        self.busy
            .iter()
            .filter(|(number, _)| {
                self.transactions(*number)
                    .iter()
                    .any(|tx| !tx.logs.is_empty())
            })
            .count() as u64
    }

    /// Final non-zero balances of `token`, by holder.
    #[must_use]
    pub fn token_balances(&self, token: Address) -> Vec<(Address, U256)> {
        let mut balances: Vec<(Address, U256)> = self
            .balances
            .iter()
            .filter(|((t, _), amount)| *t == token && !amount.is_zero())
            .map(|((_, holder), amount)| (*holder, *amount))
            .collect();
        balances.sort();
        balances
    }

    /// The transactions of block `number`.
    #[must_use]
    pub fn transactions(&self, number: u64) -> &[ModelTx] {
        let Ok(at) = self.busy.binary_search_by_key(&number, |(n, _)| *n) else {
            return &[];
        };
        let start = self.busy[at].1;
        let end = self
            .busy
            .get(at + 1)
            .map_or(self.txs.len(), |(_, start)| *start);
        &self.txs[start..end]
    }

    /// Blocks with transactions in `first..=last`, ascending.
    fn busy_in(&self, first: u64, last: u64) -> impl Iterator<Item = u64> + '_ {
        let start = self.busy.partition_point(|(n, _)| *n < first);
        self.busy[start..]
            .iter()
            .map(|(n, _)| *n)
            .take_while(move |n| *n <= last)
    }

    /// Where the transaction with `hash` is: block and index.
    fn locate(&self, hash: &B256) -> Option<(u64, usize)> {
        let position = *self.by_hash.get(hash)?;
        let at = self.busy.partition_point(|(_, start)| *start <= position) - 1;
        Some((self.busy[at].0, position - self.busy[at].1))
    }

    /// Block `number`'s hash.
    #[must_use]
    pub fn block_hash(&self, number: u64) -> B256 {
        keccak256(
            [
                &self.spec.seed.to_be_bytes()[..],
                b"block",
                &number.to_be_bytes(),
            ]
            .concat(),
        )
    }

    /// The native balance of any address (constant).
    #[must_use]
    pub fn native_balance(&self, account: Address) -> U256 {
        let spread =
            u64::from_be_bytes(keccak256(account)[..8].try_into().unwrap_or_default()) % 1_000;
        U256::from(1 + spread) * U256::from(10u64).pow(U256::from(18u8))
    }

    /// The total supply of `token`.
    #[must_use]
    pub fn supply(&self, token: Address) -> U256 {
        self.supplies.get(&token).copied().unwrap_or_default()
    }
}

pub use rpc::{ModelLimits, ModelNode};

#[cfg(test)]
mod tests;
