//! Whether an account has sent to an address before, from its history on the chain: the
//! send form's "first time you send here" note (spec §9's address checks) is decided by
//! what the chain holds, not by what one browser remembers.
//!
//! Only transactions the account signed count, and only when they moved something: a
//! successful transaction from the account with coin value to the address, or a transfer
//! log of a non-zero amount (or an NFT) from the account to it in such a transaction.
//! Address poisoning plants zero-value `Transfer` events naming the victim as sender in
//! transactions the victim never signed; none of them makes a look-alike "known".

use alloy_primitives::Address;

use super::logs::TransferEvent;
use super::shape::{RawTransaction, succeeded};

/// Whether `transaction` is `account` sending something to `recipient`.
#[must_use]
pub fn sends_to(transaction: &RawTransaction, account: Address, recipient: Address) -> bool {
    recipients_of(transaction, account).contains(&recipient)
}

/// Everyone `account` paid in `transaction` (coin, a non-zero token amount or an NFT), by
/// the rules above; empty when it did not sign it or it failed.
#[must_use]
pub fn recipients_of(transaction: &RawTransaction, account: Address) -> Vec<Address> {
    if transaction.from != account || !succeeded(&transaction.status) {
        return Vec::new();
    }
    let coin = transaction
        .to
        .filter(|_| !transaction.value.is_zero())
        .into_iter();
    let tokens = transaction
        .transfer_events()
        .filter_map(|event| match event {
            TransferEvent::Fungible {
                from, to, value, ..
            } => (from == account && !value.is_zero()).then_some(to),
            TransferEvent::Nft {
                from, to, quantity, ..
            } => (from == account && !quantity.is_zero()).then_some(to),
        });
    let mut paid: Vec<Address> = coin.chain(tokens).collect();
    paid.dedup();
    paid
}

#[cfg(test)]
#[path = "sent_tests.rs"]
mod tests;
